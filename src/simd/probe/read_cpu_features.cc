// SPDX-License-Identifier: LGPL-2.1-or-later
// Reading the feature bits of the running CPU: the only part of the probe that cannot be unit-tested
// against made-up CPUs, so it does nothing but read.
#include "simd/probe/cpu_probe.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#elif defined(__powerpc64__) || defined(__s390x__) || defined(__aarch64__)
#include <sys/auxv.h>
#endif
#if defined(__aarch64__)
#include <sys/prctl.h>
#endif

namespace ec::simd {

#if defined(__x86_64__) || defined(__i386__)
namespace {

bool bit(unsigned reg, unsigned n) { return (reg >> n) & 1u; }

// XCR0 via the raw instruction: the _xgetbv intrinsic would need -mxsave on this baseline TU.
unsigned long long read_xcr0() {
  unsigned lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<unsigned long long>(hi) << 32) | lo;
}

X86Features read_x86_features() {
  X86Features f;
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d))
    return f;
  f.ssse3 = bit(c, 9);
  const bool osxsave = bit(c, 27), avx = bit(c, 28);
  if (osxsave) {
    const unsigned long long xcr0 = read_xcr0();
    f.os_saves_ymm = (xcr0 & 0x6) == 0x6;   // SSE and AVX state
    f.os_saves_zmm = (xcr0 & 0xe6) == 0xe6; // ... and opmask, ZMM_Hi256, Hi16_ZMM
  }
  if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
    f.avx2 = avx && bit(b, 5);
    f.avx512f = bit(b, 16);
    f.avx512bw = bit(b, 30);
    f.avx512vl = bit(b, 31);
    f.gfni = bit(c, 8);
  }
  return f;
}

} // namespace

std::vector<std::string> runnable_variants() { return x86_variants(read_x86_features()); }

#elif defined(__powerpc64__)

std::vector<std::string> runnable_variants() {
  Ppc64Features f;
  f.hwcap2 = getauxval(AT_HWCAP2);
  return ppc64le_variants(f);
}

#elif defined(__s390x__)

std::vector<std::string> runnable_variants() {
  S390xFeatures f;
  f.hwcap = getauxval(AT_HWCAP);
  return s390x_variants(f);
}

#elif defined(__aarch64__)

std::vector<std::string> runnable_variants() {
  Aarch64Features f;
  f.hwcap = getauxval(AT_HWCAP);
  // HWCAP_CPUID: the kernel emulates reads of the ID registers from user space (MIDR_EL1 included).
  if (f.hwcap & (1ul << 11))
    __asm__("mrs %0, MIDR_EL1" : "=r"(f.midr));
  // HWCAP_SVE: the thread's vector length, from the kernel rather than an SVE instruction (this unit is
  // built for the base architecture). PR_SVE_GET_VL is 51, its length the low 16 bits (PR_SVE_VL_LEN_MASK).
  if (f.hwcap & (1ul << 22)) {
    const int vl = prctl(51, 0, 0, 0, 0);
    if (vl > 0)
      f.sve_bytes = static_cast<unsigned>(vl) & 0xffff;
  }
  return aarch64_variants(f);
}

#else

std::vector<std::string> runnable_variants() { return {"generic"}; }

#endif

} // namespace ec::simd
