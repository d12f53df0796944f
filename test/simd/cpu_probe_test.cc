// SPDX-License-Identifier: LGPL-2.1-or-later
// The probe's selectors on made-up CPUs (every branch, on any machine), and on the running CPU against the
// compiler's own independent feature detection.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#if defined(__s390x__) || defined(__aarch64__)
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "simd/probe/beyond_l1_mode.h"
#include "simd/probe/cpu_probe.h"
#include "simd/variants.h"

namespace ec::simd {
namespace {

using Names = std::vector<std::string>;

X86Features avx512_machine(bool gfni) {
  X86Features f;
  f.ssse3 = f.avx2 = f.avx512f = f.avx512bw = f.avx512vl = true;
  f.os_saves_ymm = f.os_saves_zmm = true;
  f.gfni = gfni;
  return f;
}

TEST(X86Variants, BareCpuGetsGeneric) { EXPECT_EQ(x86_variants({}), Names({"generic"})); }

TEST(X86Variants, Ssse3) {
  X86Features f;
  f.ssse3 = true;
  EXPECT_EQ(x86_variants(f), Names({"ssse3", "generic"}));
}

TEST(X86Variants, Avx2NeedsOsYmmSupport) {
  X86Features f;
  f.ssse3 = f.avx2 = f.gfni = true;
  EXPECT_EQ(x86_variants(f), Names({"ssse3", "generic"}));
  f.os_saves_ymm = true;
  EXPECT_EQ(x86_variants(f), Names({"avx2_gfni", "avx2", "ssse3", "generic"}));
  f.gfni = false;
  EXPECT_EQ(x86_variants(f), Names({"avx2", "ssse3", "generic"}));
}

TEST(X86Variants, GfniAloneIsNotEnoughForAnyGfniVariant) {
  X86Features f;
  f.ssse3 = f.gfni = true;
  f.os_saves_ymm = f.os_saves_zmm = true;
  EXPECT_EQ(x86_variants(f), Names({"ssse3", "generic"}));
}

TEST(X86Variants, Avx512) {
  EXPECT_EQ(x86_variants(avx512_machine(false)), Names({"avx512", "avx2", "ssse3", "generic"}));
  EXPECT_EQ(x86_variants(avx512_machine(true)),
            Names({"avx512_gfni", "avx512", "avx2_gfni", "avx2", "ssse3", "generic"}));
}

TEST(X86Variants, Avx512NeedsBwVlAndOsZmmSupport) {
  const Names avx2_only = {"avx2_gfni", "avx2", "ssse3", "generic"};
  for (int missing = 0; missing < 4; missing++) {
    X86Features f = avx512_machine(true);
    bool *flag[] = {&f.avx512f, &f.avx512bw, &f.avx512vl, &f.os_saves_zmm};
    *flag[missing] = false;
    EXPECT_EQ(x86_variants(f), avx2_only) << "missing feature " << missing;
  }
}

TEST(X86Variants, Avx512WithoutOsYmmSupportFallsToSsse3) {
  X86Features f = avx512_machine(true);
  f.os_saves_ymm = false;
  EXPECT_EQ(x86_variants(f), Names({"ssse3", "generic"}));
}

// AT_HWCAP2 as qemu-ppc64le reports it for each -cpu model.
constexpr unsigned long kPower7Hwcap2 = 0x08000000;
constexpr unsigned long kPower8Hwcap2 = 0x8e000000;
constexpr unsigned long kPower9Hwcap2 = 0x8ee00000;
constexpr unsigned long kPower10Hwcap2 = 0x8ee60000;
constexpr unsigned long kArch_2_07 = 0x80000000, kVecCrypto = 0x02000000;

Names ppc(unsigned long hwcap2) {
  Ppc64Features f;
  f.hwcap2 = hwcap2;
  return ppc64le_variants(f);
}

TEST(Ppc64leVariants, EachProcessorGeneration) {
  EXPECT_EQ(ppc(kPower10Hwcap2), Names({"power10", "power9", "power8", "generic"}));
  EXPECT_EQ(ppc(kPower9Hwcap2), Names({"power9", "power8", "generic"}));
  EXPECT_EQ(ppc(kPower8Hwcap2), Names({"power8", "generic"}));
  EXPECT_EQ(ppc(kPower7Hwcap2), Names({"generic"}));
  EXPECT_EQ(ppc(0), Names({"generic"}));
}

TEST(Ppc64leVariants, Power8NeedsBothIsa207AndVectorCrypto) {
  EXPECT_EQ(ppc(kArch_2_07), Names({"generic"}));
  EXPECT_EQ(ppc(kVecCrypto), Names({"generic"}));
  EXPECT_EQ(ppc(kArch_2_07 | kVecCrypto), Names({"power8", "generic"}));
}

// AT_HWCAP as qemu-s390x 7.2 reports it for -cpu max and for max,vx=off (bit 11 cleared, bit 13 kept).
constexpr unsigned long kS390MaxHwcap = 0x3ffffful, kS390Vector = 1ul << 11;

Names s390x(unsigned long hwcap) {
  S390xFeatures f;
  f.hwcap = hwcap;
  return s390x_variants(f);
}

TEST(S390xVariants, OnlyTheVectorFacilityBitCounts) {
  EXPECT_EQ(s390x(kS390MaxHwcap), Names({"z13", "generic"}));
  EXPECT_EQ(s390x(kS390MaxHwcap & ~kS390Vector), Names({"generic"}));
  EXPECT_EQ(s390x(kS390Vector), Names({"z13", "generic"}));
  EXPECT_EQ(s390x(0), Names({"generic"}));
}

// AT_HWCAP of arm64: Advanced SIMD (bit 1), SHA3 (bit 17) and SVE (bit 22). qemu-aarch64 7.2 reports
// 0x119ffb for neoverse-n1 (no SHA3, no SVE) and 0xecfffffb for max (both); the other bits change
// nothing. MIDR_EL1: qemu's max 0xf0510, Arm Neoverse N1 0x414fd0c1 (part 0xd0c), N2 0x410fd490 (0xd49),
// V1 0x411fd400 (0xd40), V2 0x410fd4f0 (0xd4f).
constexpr unsigned long kArm64Asimd = 1ul << 1, kArm64Sha3 = 1ul << 17, kArm64Sve = 1ul << 22,
                        kArm64NeoverseN1Hwcap = 0x119ffbul, kArm64MaxHwcap = 0xecfffffbul;
constexpr unsigned long kQemuMaxMidr = 0xf0510ul, kNeoverseN2Midr = 0x410fd490ul, kNeoverseN2r1Midr = 0x411fd491ul,
                        kNeoverseV1Midr = 0x411fd400ul, kNeoverseV2Midr = 0x410fd4f0ul;

Names aarch64(unsigned long hwcap, unsigned long midr = 0, unsigned sve_bytes = 0) {
  Aarch64Features f;
  f.hwcap = hwcap;
  f.midr = midr;
  f.sve_bytes = sve_bytes;
  return aarch64_variants(f);
}

// An SVE variant only at its own vector length (it is built for that one), first there; at 16 bytes and
// at the lengths no variant is built for, the NEON order as without SVE.
TEST(Aarch64Variants, SveVariantOnlyAtItsVectorLength) {
  const Names neon_first{"neon", "neon_eor3", "generic"};
  EXPECT_EQ(aarch64(kArm64MaxHwcap, kNeoverseV1Midr, 32), Names({"sve256", "neon", "neon_eor3", "generic"}));
  EXPECT_EQ(aarch64(kArm64MaxHwcap, kQemuMaxMidr, 64), Names({"sve512", "neon", "neon_eor3", "generic"}));
  EXPECT_EQ(aarch64(kArm64Asimd | kArm64Sve, 0, 64), Names({"sve512", "neon", "generic"}));
  EXPECT_EQ(aarch64(kArm64MaxHwcap, kNeoverseN2Midr, 16), Names({"neon_eor3", "neon", "generic"}));
  EXPECT_EQ(aarch64(kArm64MaxHwcap, kNeoverseV2Midr, 16), neon_first);
  for (unsigned bytes : {0u, 16u, 48u, 128u, 256u})
    EXPECT_EQ(aarch64(kArm64MaxHwcap, kQemuMaxMidr, bytes), neon_first) << bytes << " bytes";
  // A length without AT_HWCAP's SVE bit (no kernel reports one so), or SVE without Advanced SIMD.
  EXPECT_EQ(aarch64(kArm64MaxHwcap & ~kArm64Sve, kQemuMaxMidr, 32), neon_first);
  EXPECT_EQ(aarch64(kArm64Sve, 0, 32), Names({"generic"}));
}

TEST(Aarch64Variants, Eor3FirstOnlyWhereItPays) {
  const Names eor3_first{"neon_eor3", "neon", "generic"}, neon_first{"neon", "neon_eor3", "generic"};
  EXPECT_EQ(aarch64(kArm64NeoverseN1Hwcap, 0x414fd0c1ul), Names({"neon", "generic"}));
  EXPECT_EQ(aarch64(kArm64MaxHwcap, kQemuMaxMidr), neon_first);
  EXPECT_EQ(aarch64(kArm64MaxHwcap), neon_first);
  EXPECT_EQ(aarch64(kArm64MaxHwcap, kNeoverseN2Midr), eor3_first);
  EXPECT_EQ(aarch64(kArm64MaxHwcap, kNeoverseN2r1Midr), eor3_first);
  EXPECT_EQ(aarch64(kArm64MaxHwcap, kNeoverseV1Midr), neon_first);
  EXPECT_EQ(aarch64(kArm64MaxHwcap, kNeoverseV2Midr), neon_first);
  // An N2's MIDR without SHA3 in AT_HWCAP (a kernel that hides it): EOR3 would be SIGILL.
  EXPECT_EQ(aarch64(kArm64NeoverseN1Hwcap, kNeoverseN2Midr), Names({"neon", "generic"}));
  EXPECT_EQ(aarch64(kArm64Asimd), Names({"neon", "generic"}));
  EXPECT_EQ(aarch64(kArm64Sha3, kNeoverseN2Midr), Names({"generic"}));
  EXPECT_EQ(aarch64(0), Names({"generic"}));
}

#if defined(__s390x__) || defined(__aarch64__)
// Whether INSN runs here, asked in a child so that its SIGILL kills only the child.
template <class Insn> bool instruction_runs(Insn insn) {
  const pid_t child = fork();
  if (child == 0) {
    insn();
    _exit(0);
  }
  int status = 0;
  return child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}
#endif

#if defined(__s390x__)
// Whether a vector instruction runs here, asked in a child so that its SIGILL (no vector facility, or
// qemu's vx=off) kills only the child. VZERO of v16, which no register of the baseline (z196) overlaps.
bool vector_instruction_runs() {
  return instruction_runs(
      [] { __asm__ volatile(".machine push\n\t.machine \"z13\"\n\tvzero %%v16\n\t.machine pop" ::: "memory"); });
}
#elif defined(__aarch64__)
// Whether EOR3 (FEAT_SHA3) runs here: the instruction's own answer, as libgcc 12 has no aarch64
// __builtin_cpu_supports. Encoded by hand: binutils takes the mnemonic only for an Armv8.2 target.
bool eor3_instruction_runs() {
  return instruction_runs([] { __asm__ volatile(".inst 0xce104210 // eor3 v16.16b, v16.16b, v16.16b, v16.16b" ::: "v16"); });
}
// SVE's vector length in bytes by the instruction's own answer (RDVL), 0 where SVE does not run: the
// child exits with it in units of 16 bytes (at most 16, for 256 bytes).
unsigned sve_bytes_by_instruction() {
  const pid_t child = fork();
  if (child == 0) {
    unsigned long bytes;
    __asm__ volatile(".inst 0x04bf5020 // rdvl x0, #1\n\tmov %0, x0" : "=r"(bytes) : : "x0");
    _exit(static_cast<int>(bytes / 16));
  }
  int status = 0;
  if (child <= 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status))
    return 0;
  return static_cast<unsigned>(WEXITSTATUS(status)) * 16;
}
#endif

// The running CPU, with the features read a second way: the compiler runtime's own CPU detection.
TEST(RunnableVariants, AgreeWithTheCompilersCpuDetection) {
  const Names runnable = runnable_variants();
  ASSERT_FALSE(runnable.empty());
  EXPECT_EQ(runnable.back(), "generic");
#if defined(__x86_64__)
  X86Features f;
  f.ssse3 = __builtin_cpu_supports("ssse3");
  f.avx2 = __builtin_cpu_supports("avx2");
  f.avx512f = __builtin_cpu_supports("avx512f");
  f.avx512bw = __builtin_cpu_supports("avx512bw");
  f.avx512vl = __builtin_cpu_supports("avx512vl");
  f.gfni = __builtin_cpu_supports("gfni");
  // libgcc reports AVX and AVX-512F only when XCR0 shows the OS saves their registers.
  f.os_saves_ymm = __builtin_cpu_supports("avx");
  f.os_saves_zmm = __builtin_cpu_supports("avx512f");
  EXPECT_EQ(runnable, x86_variants(f));
#elif defined(__powerpc64__)
  Ppc64Features f;
  if (__builtin_cpu_supports("arch_2_07"))
    f.hwcap2 |= kArch_2_07;
  if (__builtin_cpu_supports("vcrypto"))
    f.hwcap2 |= kVecCrypto;
  if (__builtin_cpu_supports("arch_3_00"))
    f.hwcap2 |= 0x00800000;
  if (__builtin_cpu_supports("arch_3_1"))
    f.hwcap2 |= 0x00040000;
  EXPECT_EQ(runnable, ppc64le_variants(f));
#elif defined(__s390x__)
  // libgcc has no s390x __builtin_cpu_supports: the vector facility's own answer, an instruction run.
  EXPECT_EQ(runnable.front() == "z13", vector_instruction_runs());
#elif defined(__aarch64__)
  // The SVE variant of this vector length where one is built (32, 64 bytes), else, without an N2's MIDR
  // (qemu's models have none), neon first; neon_eor3 is listed where EOR3 runs.
  const unsigned sve_bytes = sve_bytes_by_instruction();
  EXPECT_EQ(runnable.front(), sve_bytes == 32 ? "sve256" : sve_bytes == 64 ? "sve512" : "neon") << sve_bytes;
  EXPECT_EQ(std::find(runnable.begin(), runnable.end(), "neon_eor3") != runnable.end(), eor3_instruction_runs());
#endif
  std::cout << "[ probe    ] this CPU runs " << runnable.front() << " best\n";
}

// What the loader will pick: the first runnable variant this build has, never none; and the probe names
// only variants this architecture's build produces, for every combination of feature bits.
TEST(RunnableVariants, EveryNameTheProbeGivesIsBuilt) {
  const auto picked = runnable_built_variants();
  ASSERT_FALSE(picked.empty());
  EXPECT_EQ(picked.front()->name, runnable_variants().front());
  std::vector<Names> lists;
#if defined(__x86_64__)
  for (unsigned bits = 0; bits < 256; bits++) {
    X86Features f;
    bool *flags[] = {&f.ssse3, &f.avx2, &f.avx512f, &f.avx512bw, &f.avx512vl, &f.gfni, &f.os_saves_ymm, &f.os_saves_zmm};
    for (unsigned i = 0; i < 8; i++)
      *flags[i] = (bits >> i) & 1;
    lists.push_back(x86_variants(f));
  }
#elif defined(__powerpc64__)
  for (unsigned long hwcap2 : {0ul, kPower7Hwcap2, kPower8Hwcap2, kPower9Hwcap2, kPower10Hwcap2, ~0ul})
    lists.push_back(ppc(hwcap2));
#elif defined(__s390x__)
  for (unsigned long hwcap : {0ul, kS390MaxHwcap & ~kS390Vector, kS390MaxHwcap, ~0ul})
    lists.push_back(s390x(hwcap));
#elif defined(__aarch64__)
  for (unsigned long hwcap : {0ul, kArm64Asimd, kArm64NeoverseN1Hwcap, kArm64MaxHwcap, ~0ul})
    for (unsigned long midr : {0ul, kQemuMaxMidr, kNeoverseN2Midr, kNeoverseV1Midr, ~0ul})
      for (unsigned sve_bytes : {0u, 16u, 32u, 64u, 256u})
        lists.push_back(aarch64(hwcap, midr, sve_bytes));
#endif
  for (const Names &list : lists)
    for (const std::string &name : list)
      EXPECT_NE(find_built_variant(name), nullptr) << "the probe names " << name << ", which this build lacks";
}

// The build registers its variants worst first (cmake/SimdVariants.cmake) and writes that list reversed
// for qa/ (src/simd/variants.tsv): on a CPU with every feature the probe must give exactly that order.
TEST(RunnableVariants, TheBuildsListIsTheProbesOrder) {
  Names built_best_first;
  for (const Kernels *k : built_variants())
    built_best_first.insert(built_best_first.begin(), k->name);
#if defined(__x86_64__)
  X86Features every;
  every.ssse3 = every.avx2 = every.avx512f = every.avx512bw = every.avx512vl = every.gfni = true;
  every.os_saves_ymm = every.os_saves_zmm = true;
  EXPECT_EQ(x86_variants(every), built_best_first);
#elif defined(__powerpc64__)
  EXPECT_EQ(ppc(~0ul), built_best_first);
#elif defined(__s390x__)
  EXPECT_EQ(s390x(~0ul), built_best_first);
#elif defined(__aarch64__)
  // No CPU runs both SVE variants (one vector length each): at either length, the build's list without
  // the other one.
  const std::pair<const char *, unsigned> other_and_length[] = {{"sve256", 64}, {"sve512", 32}};
  for (const auto &[other, sve_bytes] : other_and_length) {
    Names expected = built_best_first;
    expected.erase(std::find(expected.begin(), expected.end(), other));
    EXPECT_EQ(aarch64(~0ul, kNeoverseN2Midr, sve_bytes), expected) << "without " << other;
  }
#else
  FAIL() << "no probe for this architecture";
#endif
}

// CEPH_EC_POWER8_BEYOND_L1: its three values; unset or empty measures; anything else measures with a
// complaint naming the variable, the value and what it accepts.
TEST(BeyondL1Mode, ValuesAndComplaints) {
  std::string complaint;
  EXPECT_EQ(beyond_l1_mode(nullptr, &complaint), BeyondL1::measure);
  EXPECT_EQ(beyond_l1_mode("", &complaint), BeyondL1::measure);
  EXPECT_EQ(beyond_l1_mode("measure", &complaint), BeyondL1::measure);
  EXPECT_EQ(beyond_l1_mode("narrow", &complaint), BeyondL1::narrow);
  EXPECT_EQ(beyond_l1_mode("wide", &complaint), BeyondL1::wide);
  EXPECT_EQ(complaint, "");
  for (const char *bad : {"Wide", "wide ", "1", "narrow,wide"}) {
    complaint.clear();
    EXPECT_EQ(beyond_l1_mode(bad, &complaint), BeyondL1::measure) << bad;
    EXPECT_EQ(complaint, std::string("CEPH_EC_POWER8_BEYOND_L1=") + bad +
                             " is not one of measure, narrow, wide; measuring");
  }
}

// CEPH_EC_POWER8_MOVES_BEYOND_L1: its three values; unset or empty follows the vendor; anything else too,
// with a complaint naming the variable, the value and what it accepts.
TEST(MovesBeyondL1Mode, ValuesAndComplaints) {
  std::string complaint;
  EXPECT_EQ(moves_beyond_l1_mode(nullptr, &complaint), MovesBeyondL1::by_vendor);
  EXPECT_EQ(moves_beyond_l1_mode("", &complaint), MovesBeyondL1::by_vendor);
  EXPECT_EQ(moves_beyond_l1_mode("vendor", &complaint), MovesBeyondL1::by_vendor);
  EXPECT_EQ(moves_beyond_l1_mode("full", &complaint), MovesBeyondL1::full);
  EXPECT_EQ(moves_beyond_l1_mode("half", &complaint), MovesBeyondL1::half);
  EXPECT_EQ(complaint, "");
  for (const char *bad : {"Half", "32", "full ", "narrow"}) {
    complaint.clear();
    EXPECT_EQ(moves_beyond_l1_mode(bad, &complaint), MovesBeyondL1::by_vendor) << bad;
    EXPECT_EQ(complaint, std::string("CEPH_EC_POWER8_MOVES_BEYOND_L1=") + bad +
                             " is not one of vendor, full, half; by vendor");
  }
}

} // namespace
} // namespace ec::simd
