// SPDX-License-Identifier: LGPL-2.1-or-later
// Skeleton traits for split-nibble multiplication with a byte shuffle (pshufb), at any register width
// given by Ops (SseOps, Avx2Ops, Avx512Ops): c * x == lo[x & 15] ^ hi[x >> 4], two 16-entry lookups.
#ifndef EC_SIMD_X86_NIBBLE_TRAITS_H
#define EC_SIMD_X86_NIBBLE_TRAITS_H

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "gf/expand.h"
#include "simd/skeleton/tuning.h"
#include "simd/x86/register_budget.h"

namespace ec::simd {
namespace {

template <class Ops> struct NibbleTraits : Ops, skeleton::Tuning<NibbleTraits<Ops>> {
  using Vec = typename Ops::Vec;
  struct Table {
    Vec lo, hi;
  };
  // The nibbles of a source register, split once and looked up by every row of the pass.
  struct Src {
    Vec lo, hi;
  };

  // Table: lo[16] then hi[16], each broadcast to every 128-bit lane when loaded.
  static constexpr std::size_t kTableBytes = 32;
  // A pass holds its accumulators plus one table pair, one split source and the nibble mask.
  static constexpr unsigned kMaxRows = Ops::kRegisters / 2;
  static constexpr unsigned unroll(unsigned rows) { return unroll_for_registers(Ops::kRegisters, rows); }
  // mad and xor_mad with 64-byte registers as with GFNI's (gfni_traits.h): one register per row, every
  // output loaded before the first store while outputs, the split source, the table pairs, the mask and a
  // product fit the file. With 32 and 16-byte registers the multiply is the limit and the unrolled loop
  // stays (one register per row made AVX2's update slower).
  static constexpr unsigned mad_unroll(unsigned rows) { return Ops::kWidth == 64 ? 1 : unroll(rows); }
  static constexpr bool mad_loads_first(unsigned rows) {
    return Ops::kWidth == 64 && 3 * rows + 6 <= Ops::kRegisters;
  }
  // xor_many beyond L1: one register per source and step (see the skeleton's xor_range).
  static constexpr unsigned xor_unroll_beyond_l1() { return 1; }
  // An xor into its own first source within L1: as with GFNI's registers (gfni_traits.h); 16-byte ones
  // keep four, which measured steadier than one.
  static constexpr unsigned xor_unroll_in_place() { return Ops::kWidth == 64 ? 2 : Ops::kWidth == 32 ? 1 : 4; }

  static Vec add(Vec a, Vec b) { return Ops::bxor(a, b); }
  static Table load_table(const std::uint8_t *p) { return {Ops::broadcast16(p), Ops::broadcast16(p + 16)}; }
  static Src prepare(Vec x) {
    const Vec low_nibbles = Ops::splat(0x0f);
    // There is no byte shift: shifting 16-bit lanes moves bits across bytes, which the mask discards.
    return {Ops::band(x, low_nibbles), Ops::band(Ops::shift_right_4(x), low_nibbles)};
  }
  static Vec mul(const Table &t, const Src &s) {
    return Ops::bxor(Ops::lookup16(t.lo, s.lo), Ops::lookup16(t.hi, s.hi));
  }
  static void expand(std::uint8_t coef, std::uint8_t *table) { gf::write_nibble_tables_lo_hi(coef, table); }
};

} // namespace
} // namespace ec::simd

#endif
