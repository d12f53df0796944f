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
#include "simd/x86/register_budget.h"

namespace ec::simd {
namespace {

template <class Ops> struct GfniTraits : Ops {
  using Vec = typename Ops::Vec;
  using Table = Vec; // the matrix in every 64-bit lane
  using Src = Vec;

  // The 8-byte matrix twice: the contract's 16-byte granule, and a 16-byte broadcast would work too.
  static constexpr std::size_t kTableBytes = 16;
  // A pass holds its accumulators plus one matrix and one source, and at most 12 rows: AVX-512's 32
  // registers would hold 24, but every row count is another copy of the dot product and of mad to
  // compile, and with 24 the AVX-512 GFNI kernels took 255 s to build under ASan + UBSan (84 s with 12),
  // the longest step of CI's sanitizer stage, for codes of more than 12 parities, which read their
  // sources once more from cache in a second pass.
  static constexpr unsigned kMaxRows = Ops::kRegisters * 3 / 4 < 12 ? Ops::kRegisters * 3 / 4 : 12;
  // The matrix is one register (nibble tables take two per table and two per source), so a dot product's
  // pass unrolls as far as its accumulators (rows x U), U sources, a matrix and a product fit the file.
  // (Zen 4 against ISA-L's avx2_gfni kernels: 8+3 encode at 4 and 64 KiB from 0.79-0.97x with the nibble
  // traits' budget, one register per row from 3 rows on, to 1.0-1.1x; 4+2 from 0.99-1.23x to 1.15-1.4x.)
  static constexpr unsigned unroll(unsigned rows) { return largest_unroll(Ops::kRegisters, rows + 1, 2); }
  // A dot product of one or two rows beyond twice L1 (unprefetched: L2's data) with 64-byte registers reads
  // one register of each source per step, as xor_many does there: Zen 4 against ISA-L's, two lost chunks
  // of 16 and 64 KiB rebuilt from 6, 8 and 10: 0.79-1.03x with four, 1.06-1.14x with one. Three rows do
  // too where the call fills most of L2: 6+3 and 8+3 encodes of 48 and 64 KiB chunks (432-704 KiB of a
  // 1 MiB L2) took 1.13-1.20x of ISA-L's with one, 0.94-1.11x with four; of 32 and 96 KiB, 1.11-1.23x
  // with one, 0.98-1.28x (bimodal) with four. At 16 KiB four stay faster (1.14-1.21x against
  // 1.13-1.15x), and beyond L2 too (6+3 of 128 and 256 KiB: 1.21-1.32x against 1.04-1.15x). Four rows
  // and more, and 32-byte registers, keep four everywhere (10+4 encodes of 16 and 64 KiB: 1.39-1.52x
  // with four, 1.07-1.22x with one).
  static constexpr unsigned dot_unroll_beyond_l1(unsigned rows, bool fills_l2) {
    return Ops::kWidth == 64 && (rows <= 2 || (rows == 3 && fills_l2)) ? 1 : unroll(rows);
  }
  // mad and xor_mad, whose every output is loaded and stored in each block: one register per row, every
  // output loaded before the first store while outputs, the source and the matrices fit the file.
  // (Zen 4 against ISA-L's update with the same instruction set, 4 KiB, 8+3 and 12+4: AVX-512 GFNI from
  // 0.84-0.92x to 0.92-0.98x, AVX2 GFNI from 0.97-1.03x to 1.08-1.22x; see the skeleton's mad_block.)
  static constexpr unsigned mad_unroll(unsigned) { return 1; }
  static constexpr bool mad_loads_first(unsigned rows) { return 2 * rows + 2 <= Ops::kRegisters; }
  // xor_many beyond L1: one register per source and step (see the skeleton's xor_range).
  static constexpr unsigned kXorUnrollBeyondL1 = 1;
  // An xor into its own first source within L1 (a 2+1 code's update): 128 bytes per step with 64-byte
  // registers, one register with 32-byte ones (Zen 4, 2+1 of 4 KiB against ISA-L's update with the same
  // instruction set, medians of 8 processes: four registers 0.92/0.97/1.23/1.39x for AVX-512 GFNI, AVX2
  // GFNI and nibble_traits.h's AVX-512, AVX2; two 0.99/0.92/1.31/1.32x; one 0.87/1.10/1.11/1.54x).
  static constexpr unsigned kXorUnrollInPlace = Ops::kWidth == 64 ? 2 : 1;
  // With 64-byte registers the multiply is cheap enough for the loads to be the limit once there are
  // many sources (see the skeleton's dot_block). 512 bytes ahead took the avx512_gfni kernel's 8+3 encode
  // of 1 MiB from 0.7x to 0.85x of a plain GFNI loop and 10+4 from 0.95x to 1.25x (tools/gfni_baseline);
  // 256 to 2048 bytes measured alike, 4 KiB ahead slower than none (the lines land in the sets being
  // read). With 32-byte registers the multiplies are the limit: avx2_gfni lost 5 to 10% prefetching.
  static constexpr std::size_t kPrefetchBytes = Ops::kWidth == 64 ? 512 : 0;

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

} // namespace
} // namespace ec::simd

#endif
