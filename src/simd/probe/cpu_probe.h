// SPDX-License-Identifier: LGPL-2.1-or-later
// Which kernel variants the CPU can run, best first.
//
// The choice is a pure function of feature bits (one per architecture, compiled on every architecture so
// every branch is unit-tested anywhere); reading the bits of the running CPU is a separate small function.
// Lists always end with "generic", which runs everywhere, and name only variants some build produces (the
// build of the architecture they are for; test/simd/cpu_probe_test checks it on each).
#ifndef EC_SIMD_PROBE_CPU_PROBE_H
#define EC_SIMD_PROBE_CPU_PROBE_H

#include <string>
#include <vector>

namespace ec::simd {

struct X86Features {
  bool ssse3 = false;
  bool avx2 = false;
  bool avx512f = false;
  bool avx512bw = false;
  bool avx512vl = false;
  bool gfni = false;
  bool os_saves_ymm = false; // XCR0: the OS saves SSE and AVX state (xgetbv)
  bool os_saves_zmm = false; // XCR0: ... and opmask and ZMM state
};

struct Ppc64Features {
  unsigned long hwcap2 = 0; // getauxval(AT_HWCAP2): every bit the choice needs is there
};

struct S390xFeatures {
  unsigned long hwcap = 0; // getauxval(AT_HWCAP)
};

struct Aarch64Features {
  unsigned long hwcap = 0;  // getauxval(AT_HWCAP)
  unsigned long midr = 0;   // MIDR_EL1 (implementer, part), where the kernel exposes it (HWCAP_CPUID); else 0
  unsigned sve_bytes = 0;   // SVE's vector length in bytes (prctl PR_SVE_GET_VL), where HWCAP_SVE; else 0
};

std::vector<std::string> x86_variants(const X86Features &cpu);
std::vector<std::string> ppc64le_variants(const Ppc64Features &cpu);
std::vector<std::string> s390x_variants(const S390xFeatures &cpu);
std::vector<std::string> aarch64_variants(const Aarch64Features &cpu);

// For the CPU this code runs on (the build's architecture): read its bits and pick.
std::vector<std::string> runnable_variants();

} // namespace ec::simd

#endif
