// SPDX-License-Identifier: LGPL-2.1-or-later
// Feature bits -> variant names, best first. Pure functions: every branch is tested on any machine.
#include "simd/probe/cpu_probe.h"

namespace ec::simd {

std::vector<std::string> x86_variants(const X86Features &cpu) {
  // A feature bit means nothing unless the OS also saves the registers it uses across context switches.
  const bool avx2 = cpu.avx2 && cpu.os_saves_ymm;
  const bool avx512 = avx2 && cpu.avx512f && cpu.avx512bw && cpu.avx512vl && cpu.os_saves_zmm;
  std::vector<std::string> names;
  if (avx512 && cpu.gfni)
    names.push_back("avx512_gfni");
  if (avx512)
    names.push_back("avx512");
  if (avx2 && cpu.gfni)
    names.push_back("avx2_gfni");
  if (avx2)
    names.push_back("avx2");
  if (cpu.ssse3)
    names.push_back("ssse3");
  names.push_back("generic");
  return names;
}

namespace {
// AT_HWCAP2 bits from the Linux uapi <asm/cputable.h>, spelled out so this compiles on every architecture.
constexpr unsigned long kPpcArch_2_07 = 0x80000000ul;
constexpr unsigned long kPpcVecCrypto = 0x02000000ul; // vpermxor lives in the crypto facility
constexpr unsigned long kPpcArch_3_00 = 0x00800000ul;
constexpr unsigned long kPpcArch_3_1 = 0x00040000ul;
} // namespace

std::vector<std::string> ppc64le_variants(const Ppc64Features &cpu) {
  // Only variants some build produces (a test holds the probe to the build's list).
  const unsigned long h2 = cpu.hwcap2;
  if (h2 & kPpcArch_3_1)
    return {"power10", "power9", "power8", "generic"};
  if (h2 & kPpcArch_3_00)
    return {"power9", "power8", "generic"};
  if ((h2 & kPpcArch_2_07) && (h2 & kPpcVecCrypto))
    return {"power8", "generic"};
  return {"generic"};
}

namespace {
// AT_HWCAP's HWCAP_S390_VXRS (Linux uapi <asm/elf.h>): the vector facility, with the kernel saving its
// registers. (Bit 13, vector-enhancements 1, stays set under qemu's vx=off: only bit 11 says it.)
constexpr unsigned long kS390Vector = 1ul << 11;
} // namespace

std::vector<std::string> s390x_variants(const S390xFeatures &cpu) {
  if (cpu.hwcap & kS390Vector)
    return {"z13", "generic"};
  return {"generic"};
}

namespace {
// AT_HWCAP bits from the Linux uapi <asm/hwcap.h> of arm64.
constexpr unsigned long kArm64Asimd = 1ul << 1;
constexpr unsigned long kArm64Sha3 = 1ul << 17; // FEAT_SHA3: EOR3
constexpr unsigned long kArm64Sve = 1ul << 22;

// The cores where EOR3 pays, by MIDR_EL1's implementer and part number (bits 31-24, 15-4). EOR3 replaces
// two EORs with one instruction that llvm-mca-19's models issue on a single pipe: on Neoverse N2 the
// dot products' loops model 16-23% fewer cycles with it, on V1 and V2 (EOR on 4 pipes) 0-37% more
// (doc/performance.md, tools/research/aarch64/evidence). Elsewhere neon comes first, neon_eor3 after it.
bool eor3_pays(unsigned long midr) {
  const unsigned long implementer = (midr >> 24) & 0xff, part = (midr >> 4) & 0xfff;
  return implementer == 0x41 && part == 0xd49; // Arm Neoverse N2
}

// The SVE variant for a vector length, or "": each is built for one length (sve_traits.h) and runs only on
// a CPU of that length. None at 16 bytes, where SVE's TBL and EOR do per instruction what NEON's do; 32
// bytes is Neoverse V1's, 64 A64FX's.
std::string sve_variant(unsigned bytes) {
  return bytes == 32 ? "sve256" : bytes == 64 ? "sve512" : "";
}
} // namespace

std::vector<std::string> aarch64_variants(const Aarch64Features &cpu) {
  // Advanced SIMD is mandatory in AArch64 Linux; the bit is checked all the same, as the kernel reports it.
  if (!(cpu.hwcap & kArm64Asimd))
    return {"generic"};
  std::vector<std::string> v;
  if (cpu.hwcap & kArm64Sve) {
    const std::string sve = sve_variant(cpu.sve_bytes);
    if (!sve.empty())
      v.push_back(sve);
  }
  if (!(cpu.hwcap & kArm64Sha3))
    v.insert(v.end(), {"neon", "generic"});
  else if (eor3_pays(cpu.midr))
    v.insert(v.end(), {"neon_eor3", "neon", "generic"});
  else
    v.insert(v.end(), {"neon", "neon_eor3", "generic"});
  return v;
}

} // namespace ec::simd
