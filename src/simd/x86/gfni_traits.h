// SPDX-License-Identifier: LGPL-2.1-or-later
// Skeleton traits for GFNI: multiplying by a constant is linear over GF(2), so one vgf2p8affineqb with
// the coefficient's 8x8 bit matrix multiplies a whole register, with no nibble split and no lookups.
// Ops gives the register width (Avx2Ops, Avx512Ops, built with -mgfni).
#ifndef EC_SIMD_X86_GFNI_TRAITS_H
#define EC_SIMD_X86_GFNI_TRAITS_H

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "gf/expand.h"
#include "simd/skeleton/tuning.h"
#include "simd/x86/register_budget.h"

namespace ec::simd {
namespace {

// The traits Final with GFNI's primitives and tuning at Ops' width: GfniTraits<Ops>, or a struct that adds
// to them (Avx512GfniTraits), whose tuning is then its own (skeleton/tuning.h).
template <class Ops, class Final> struct GfniTraitsOf : Ops, skeleton::Tuning<Final> {
  using Vec = typename Ops::Vec;
  using Table = Vec; // the matrix in every 64-bit lane
  using Src = Vec;

  // The 8-byte matrix twice: the contract's 16-byte granule, and a 16-byte broadcast would work too.
  static constexpr std::size_t kTableBytes = 16;
  // A pass holds its accumulators plus one matrix and one source, and at most 12 rows: every row count
  // is another copy of the dot product and of mad to compile, for codes that would save only a second
  // pass over sources in cache.
  static constexpr unsigned kMaxRows = Ops::kRegisters * 3 / 4 < 12 ? Ops::kRegisters * 3 / 4 : 12;
  // The matrix is one register (nibble tables take two per table and two per source), so a dot product's
  // pass unrolls as far as its accumulators (rows x U), U sources, a matrix and a product fit the file:
  // the nibble traits' smaller budget left avx2_gfni behind ISA-L's on 8+3.
  static constexpr unsigned unroll(unsigned rows) { return largest_unroll(Ops::kRegisters, rows + 1, 2); }
  // A dot product of one or two rows beyond twice L1 (unprefetched: L2's data) with 64-byte registers reads
  // one register of each source per step, as xor_many does there, and three rows do where the call fills
  // most of L2; cores differ there, so the library times both ways when it loads (skeleton/calibrate.h).
  static constexpr unsigned dot_unroll_beyond_l1(unsigned rows, bool fills_l2) {
    return Ops::kWidth == 64 && (rows <= 2 || (rows == 3 && fills_l2)) ? 1 : unroll(rows);
  }
  // mad and xor_mad, whose every output is loaded and stored in each block: one register per row, every
  // output loaded before the first store while outputs, the source and the matrices fit the file, as
  // ISA-L's kernels do (the faster order on x86; see the skeleton's mad_block).
  static constexpr unsigned mad_unroll(unsigned) { return 1; }
  static constexpr bool mad_loads_first(unsigned rows) { return 2 * rows + 2 <= Ops::kRegisters; }
  // xor_many beyond L1: one register per source and step (see the skeleton's xor_range).
  static constexpr unsigned xor_unroll_beyond_l1() { return 1; }
  // An xor into its own first source within L1 (a 2+1 code's update): the fastest of one, two and four
  // registers per step.
  static constexpr unsigned xor_unroll_in_place() { return Ops::kWidth == 64 ? 2 : 1; }
  // With 64-byte registers the loads limit a dot product of many sources (see the skeleton's dot_block),
  // which prefetching helps; with 32-byte ones the multiplies do, and prefetching only costs.
  static constexpr std::size_t kPrefetchBytes = Ops::kWidth == 64 ? 512 : 0;
  // One instruction multiplies: the sum's XOR pass saves less than it costs (Zen 4, isal_compare's decodes
  // of 2 to 4 chunks, 4+2 to 10+4, 4 to 256 KiB: 0.67-1.08x the speed without it).
  static constexpr bool kDecodesThroughSum = false;

  static Vec add(Vec a, Vec b) { return Ops::bxor(a, b); }
  static Table load_table(const std::uint8_t *p) { return Ops::broadcast8(p); }
  static Src prepare(Vec x) { return x; }
  static Vec mul(const Table &matrix, const Src &x) { return Ops::affine(x, matrix); }
  static void expand(std::uint8_t coef, std::uint8_t *table) {
    // Stored in host order: the low byte of the qword is Intel's byte 0 on little-endian x86.
    const std::uint64_t m = gf::affine_matrix(coef);
    std::memcpy(table, &m, 8);
    std::memcpy(table + 8, &m, 8);
  }
};

template <class Ops> struct GfniTraits : GfniTraitsOf<Ops, GfniTraits<Ops>> {};

} // namespace
} // namespace ec::simd

#endif
