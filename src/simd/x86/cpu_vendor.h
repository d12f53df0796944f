// SPDX-License-Identifier: LGPL-2.1-or-later
// The x86 CPU's vendor, for the choices that follow it rather than a feature bit (MovesBeyondL1).
#ifndef EC_SIMD_X86_CPU_VENDOR_H
#define EC_SIMD_X86_CPU_VENDOR_H

#include <cpuid.h>

namespace ec::simd {

// CPUID leaf 0's vendor string is "GenuineIntel": ebx "Genu", edx "ineI", ecx "ntel".
inline bool cpu_vendor_is_intel() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  return __get_cpuid(0, &a, &b, &c, &d) && b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e;
}

} // namespace ec::simd

#endif
