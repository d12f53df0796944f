// SPDX-License-Identifier: LGPL-2.1-or-later
// AArch64 Advanced SIMD (NEON) primitives for the loop skeleton: split-nibble multiplication with TBL.
//
// TBL looks each byte of the index up in a 16-byte table and gives 0 for an index of 16 or more, so the
// low nibble is masked and the high one shifted down (USHR), once per source register for every row. A
// multiply is two TBLs and an EOR. Registers and tables are in memory order on little-endian AArch64, as
// pshufb's lanes are. NEON has no masked load: the skeleton bounces the tails through the stack.
#ifndef EC_SIMD_AARCH64_NEON_TRAITS_H
#define EC_SIMD_AARCH64_NEON_TRAITS_H

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "simd/skeleton/split_nibble_x32.h"
#include "simd/skeleton/tuning.h"

namespace ec::simd {
namespace {

struct NeonTraits : skeleton::SplitNibbleX32<uint8x16_t>, skeleton::Tuning<NeonTraits> {
  static constexpr bool kMaskedTail = false;
  static constexpr bool kRowTablePointers = true;
  static constexpr unsigned kHeldTableSources = kHeldTableSourcesX32;

  static Vec load(const std::uint8_t *p) { return vld1q_u8(p); }
  // LDR and LDP take an immediate offset: a block's registers load from one base register, in pairs
  // (skeleton source_base), instead of one index register each.
  static const std::uint8_t *source_base(const std::uint8_t *p) {
    __asm__("" : "+r"(p));
    return p;
  }
  static void store(std::uint8_t *p, Vec v) { vst1q_u8(p, v); }

  static Vec zero() { return vdupq_n_u8(0); }
  // Written as the plain operator: where the variant is built with FEAT_SHA3, gcc fuses an add of a
  // product (itself an add of two lookups) into one EOR3.
  static Vec add(Vec a, Vec b) { return a ^ b; }
  // Two LDRs (one LDP where the offset is an immediate): LD1 of the pair takes no offset, and the adds
  // for its addresses counted 1-2% more instructions in dot products of 2 to 4 rows.
  static Table load_table(const std::uint8_t *p) { return Table{load(p), load(p + 16)}; }
  // A row's tables read through its own pointer, which steps to the next source's: one LDP with
  // post-increment (gcc adds to the pointer apart), for dot products (kRowTablePointers).
  static Table load_table_step(const std::uint8_t *&p) {
    Vec lo, hi;
    __asm__("ldp %q0, %q1, [%2], #32" : "=w"(lo), "=w"(hi), "+r"(p) : "m"(*reinterpret_cast<const std::uint8_t(*)[32]>(p)));
    return Table{lo, hi};
  }
  static Src prepare(Vec x) { return Src{vandq_u8(x, vdupq_n_u8(0x0f)), vshrq_n_u8(x, 4)}; }
  static Vec mul(const Table &t, const Src &s) { return vqtbl1q_u8(t.lo, s.lo) ^ vqtbl1q_u8(t.hi, s.hi); }
};

} // namespace
} // namespace ec::simd

#endif
