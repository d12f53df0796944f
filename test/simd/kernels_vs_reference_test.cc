// SPDX-License-Identifier: LGPL-2.1-or-later
// Every kernel of every variant the CPU runs, byte for byte against the reference: all short lengths, all
// misalignments, all small shapes, large regions, and xor_many in place.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "kernel_checks.h"
#include "simd/probe/cache_size.h"
#include "variant_params.h"

namespace ec::simd::test {
namespace {

class KernelsVsReference : public VariantTest {};

TEST_P(KernelsVsReference, EveryLengthUpTo300) {
  Rng rng(1);
  for (std::size_t len = 0; len <= 300; len++) {
    Shape s;
    s.len = len;
    s.k = 1 + rng.below(12);
    s.rows = 1 + rng.below(8);
    s.src_align = rng.below(64);
    s.dst_align = rng.below(64);
    ASSERT_TRUE(check_all(kernels(), s, rng));
  }
}

TEST_P(KernelsVsReference, EveryAlignment) {
  Rng rng(2);
  for (unsigned sa = 0; sa < 64; sa++)
    for (unsigned da = 0; da < 64; da++) {
      Shape s;
      s.len = 64 + rng.below(200); // a few whole registers and a tail, whatever the register width
      s.k = 1 + rng.below(4);
      s.rows = 1 + rng.below(3);
      s.src_align = sa;
      s.dst_align = da;
      ASSERT_TRUE(check_all(kernels(), s, rng));
    }
}

// Row counts past 8 make every variant split the rows into several passes.
TEST_P(KernelsVsReference, EveryShape) {
  Rng rng(3);
  for (unsigned k = 1; k <= 12; k++)
    for (unsigned rows = 1; rows <= 14; rows++)
      for (std::size_t len : {std::size_t{1}, std::size_t{64}, std::size_t{255}, std::size_t{300} + k}) {
        Shape s;
        s.len = len;
        s.k = k;
        s.rows = rows;
        s.src_align = rng.below(64);
        s.dst_align = rng.below(64);
        ASSERT_TRUE(check_dot_prod(kernels(), s, rng));
        ASSERT_TRUE(check_xor_dot_prod(kernels(), s, rng));
        ASSERT_TRUE(check_mad(kernels(), s, rng));
        ASSERT_TRUE(check_xor_mad(kernels(), s, rng));
      }
}

// More rows than any variant's pass holds (up to 16: AVX-512's nibble variant), on lengths that span several
// 4 KiB slices.
TEST_P(KernelsVsReference, RowsBeyondOnePass) {
  Rng rng(7);
  for (unsigned rows : {9u, 13u, 17u, 25u, 33u, 49u})
    for (unsigned k : {1u, 3u, 7u})
      for (std::size_t len : {std::size_t{100}, std::size_t{2 * 4096 + 77}}) {
        Shape s;
        s.len = len;
        s.k = k;
        s.rows = rows;
        s.src_align = rng.below(64);
        s.dst_align = rng.below(64);
        ASSERT_TRUE(check_dot_prod(kernels(), s, rng));
        ASSERT_TRUE(check_xor_dot_prod(kernels(), s, rng));
        ASSERT_TRUE(check_mad(kernels(), s, rng));
        ASSERT_TRUE(check_xor_mad(kernels(), s, rng));
      }
}

TEST_P(KernelsVsReference, LargeRegions) {
  Rng rng(4);
  Shape wide; // many sources and rows, long enough for several multi-pass slices
  wide.len = 64 * 1024 + 13;
  wide.k = 32;
  wide.rows = 8;
  wide.src_align = 5;
  wide.dst_align = 11;
  ASSERT_TRUE(check_dot_prod(kernels(), wide, rng));
  wide.rows = 14;
  wide.len = 20000 + 3;
  ASSERT_TRUE(check_dot_prod(kernels(), wide, rng));
  ASSERT_TRUE(check_xor_dot_prod(kernels(), wide, rng));

  Shape encode; // an 8+3 encode of 1 MiB, which prefetches its sources where a variant does
  encode.len = 128 * 1024 + 61;
  encode.k = 8;
  encode.rows = 3;
  encode.src_align = 0;
  encode.dst_align = 33;
  ASSERT_TRUE(check_dot_prod(kernels(), encode, rng));
  ASSERT_TRUE(check_xor_dot_prod(kernels(), encode, rng));

  Shape in_l2; // a 6+3 encode filling half the L2 (not prefetched), where x86 steps three rows less far
  in_l2.len = ec::simd::l2_cache_bytes() / 2 / 9 + 29;
  in_l2.k = 6;
  in_l2.rows = 3;
  in_l2.src_align = 3;
  in_l2.dst_align = 17;
  ASSERT_TRUE(check_dot_prod(kernels(), in_l2, rng));
  ASSERT_TRUE(check_xor_dot_prod(kernels(), in_l2, rng));

  Shape big;
  big.len = 1024 * 1024 + 7;
  big.k = 3;
  big.rows = 2;
  big.src_align = 1;
  big.dst_align = 62;
  ASSERT_TRUE(check_all(kernels(), big, rng));
}

// The variant's table with its choices made as asked (Kernels::settle), or its own where it has none.
Kernels settled(const Kernels &own, BeyondL1 beyond_l1, MovesBeyondL1 moves, SettleReport *report) {
  return own.settle ? own.settle(own, beyond_l1, moves, report) : own;
}

// The variant's own table is the one of narrow dot products and full-width moves, which settle gives for
// them; a settled table names its variant and keeps its table format.
TEST_P(KernelsVsReference, OwnTableIsTheNarrowFullOne) {
  const Kernels &own = kernels();
  if (!own.settle) {
    EXPECT_FALSE(own.chooses_beyond_l1 || own.chooses_moves_beyond_l1);
    return;
  }
  EXPECT_TRUE(own.chooses_beyond_l1 || own.chooses_moves_beyond_l1);
  SettleReport report;
  const Kernels k = own.settle(own, BeyondL1::narrow, MovesBeyondL1::full, &report);
  EXPECT_STREQ(k.name, own.name);
  EXPECT_EQ(k.table_bytes, own.table_bytes);
  EXPECT_EQ(k.expand, own.expand);
  EXPECT_EQ(k.mul, own.mul);
  EXPECT_EQ(k.mad, own.mad);
  EXPECT_EQ(k.xor_mad, own.xor_mad);
  EXPECT_EQ(k.dot_prod, own.dot_prod);
  EXPECT_EQ(k.xor_dot_prod, own.xor_dot_prod);
  EXPECT_EQ(k.xor_dot_prod_ones, own.xor_dot_prod_ones);
  EXPECT_EQ(k.xor_many, own.xor_many);
  EXPECT_EQ(k.settle, own.settle);
  EXPECT_EQ(*report.beyond_l1 != '\0', own.chooses_beyond_l1) << report.beyond_l1;
  EXPECT_EQ(*report.moves_beyond_l1 != '\0', own.chooses_moves_beyond_l1) << report.moves_beyond_l1;
}

// Sources read beyond twice L1D: every row count of a pass with and without the row of ones, and three rows
// filling half the L2; both ways (simd::BeyondL1) where a variant has two, then the measurement.
TEST_P(KernelsVsReference, BeyondL1BothWaysWhereTwo) {
  const Kernels &own = kernels();
  Rng rng(9);
  for (BeyondL1 mode : {BeyondL1::wide, BeyondL1::narrow}) {
    if (!own.chooses_beyond_l1 && mode == BeyondL1::wide)
      continue;
    SettleReport report = {"reads sources beyond L1D one way only", ""};
    const Kernels k = settled(own, mode, MovesBeyondL1::full, &report);
    if (own.chooses_beyond_l1) {
      EXPECT_EQ(k.dot_prod == own.dot_prod, mode == BeyondL1::narrow) << report.beyond_l1;
    }
    for (unsigned rows = 1; rows <= 5; rows++)
      for (std::size_t len : {ec::simd::l1_data_cache_bytes() * 3 / 4 + 64 * rows + 5,
                              ec::simd::l2_cache_bytes() / 2 / (4 + rows) + 29}) {
        Shape s;
        s.len = len;
        s.k = 4;
        s.rows = rows;
        s.src_align = rng.below(64);
        s.dst_align = rng.below(64);
        ASSERT_TRUE(check_dot_prod(k, s, rng)) << report.beyond_l1;
        ASSERT_TRUE(check_xor_dot_prod(k, s, rng)) << report.beyond_l1;
      }
  }
  if (!own.chooses_beyond_l1)
    return;
  SettleReport report;
  own.settle(own, BeyondL1::measure, MovesBeyondL1::full, &report);
  EXPECT_NE(std::string(report.beyond_l1).find("dot products beyond L1D: "), std::string::npos) << report.beyond_l1;
  EXPECT_NE(std::string(report.beyond_l1).find(", measured: narrow "), std::string::npos) << report.beyond_l1;
}

// The moves beyond twice L1D (mad, xor_mad, xor_many; simd::MovesBeyondL1) in both widths where a variant
// has two: every row count of a pass, xors of 1 to 4 sources separate and in place, just beyond the
// threshold and past L2 (where xor_many streams), then the vendor's choice and its report.
TEST_P(KernelsVsReference, MovesBeyondL1BothWidthsWhereTwo) {
  const Kernels &own = kernels();
  Rng rng(11);
  for (MovesBeyondL1 moves : {MovesBeyondL1::half, MovesBeyondL1::full}) {
    if (!own.chooses_moves_beyond_l1 && moves == MovesBeyondL1::half)
      continue;
    SettleReport report = {"", "moves data beyond L1D in one width only"};
    const Kernels k = settled(own, BeyondL1::narrow, moves, &report);
    if (own.chooses_moves_beyond_l1) {
      EXPECT_EQ(k.mad == own.mad, moves == MovesBeyondL1::full) << report.moves_beyond_l1;
    }
    for (unsigned rows = 1; rows <= 5; rows++)
      for (std::size_t len : {2 * ec::simd::l1_data_cache_bytes() / (rows + 1) + 64 * rows + 5,
                              ec::simd::l2_cache_bytes() / (rows + 1) + 29}) {
        Shape s;
        s.len = len;
        s.rows = rows;
        s.k = rows;
        s.src_align = rng.below(64);
        s.dst_align = rng.below(64);
        ASSERT_TRUE(check_mad(k, s, rng)) << report.moves_beyond_l1;
        ASSERT_TRUE(check_xor_mad(k, s, rng)) << report.moves_beyond_l1;
        if (rows <= 4) { // the narrower path's xors (up to two sources) and the others beside them
          ASSERT_TRUE(check_xor_many(k, s, rows, rng)) << report.moves_beyond_l1;
          ASSERT_TRUE(check_xor_many(k, s, 0, rng)) << report.moves_beyond_l1;
        }
      }
  }
  if (!own.chooses_moves_beyond_l1)
    return;
  SettleReport report;
  own.settle(own, BeyondL1::narrow, MovesBeyondL1::by_vendor, &report);
  const std::string line = report.moves_beyond_l1;
  EXPECT_NE(line.find("updates and xors beyond twice L1D: "), std::string::npos) << line;
  EXPECT_NE(line.find(", this CPU's vendor's"), std::string::npos) << line;
}

// The row of ones alone (xor_dot_prod and xor_mad of one row), long enough for every loop of an xor: they
// reach xor_many's code inlined, which the compiler schedules apart from xor_many's own (IBM Z's XC loop
// once ran past its last source there, and only there).
TEST_P(KernelsVsReference, RowOfOnesAloneLong) {
  Rng rng(9);
  for (unsigned k = 1; k <= 16; k++)
    for (std::size_t len : {std::size_t{1324} + k, std::size_t{4096} + 3 * k}) {
      Shape s;
      s.len = len;
      s.k = k;
      s.rows = 1;
      s.src_align = rng.below(64);
      s.dst_align = rng.below(64);
      ASSERT_TRUE(check_xor_dot_prod(kernels(), s, rng));
      ASSERT_TRUE(check_xor_mad(kernels(), s, rng));
    }
}

TEST_P(KernelsVsReference, XorManyEverySourceCountAndInPlace) {
  Rng rng(5);
  for (unsigned n = 1; n <= 16; n++)
    // 1324 + n: IBM Z's step of 1 KiB, a block of 256 bytes and a tail (s390x/storage_xor.h). The last
    // length puts every count beyond the L1D, where x86 unrolls xor_many less.
    for (std::size_t len : {std::size_t{0}, std::size_t{1}, std::size_t{31}, std::size_t{200} + n,
                            std::size_t{1324} + n, std::size_t{4096} + 2 * n, ec::simd::l1_data_cache_bytes() / 2 + n}) {
      Shape s;
      s.len = len;
      s.k = n;
      s.src_align = rng.below(64);
      s.dst_align = rng.below(64);
      ASSERT_TRUE(check_xor_many(kernels(), s, n, rng));
      for (unsigned i = 0; i < n; i++)
        ASSERT_TRUE(check_xor_many(kernels(), s, i, rng));
    }
}

// xor_many's streamed path (where a variant has one: x86 streams up to 3 sources once they and the output
// reach 1 MiB): every alignment of the output, a separate one (streamed) and in place of the first source
// (cached: an xor into its own source is not streamed), and the shapes of a long two-source decode and of
// many sources of just over 4 KiB (not streamed).
TEST_P(KernelsVsReference, XorManyStreamed) {
  Rng rng(8);
  for (unsigned align = 0; align < 64; align++) {
    Shape s;
    s.len = 256 * 1024 + 3 * align + 1; // (3 sources + 1 output) * len > 1 MiB
    s.k = 3;
    s.src_align = rng.below(64);
    s.dst_align = align;
    ASSERT_TRUE(check_xor_many(kernels(), s, s.k, rng));
    s.src_align = align; // in place: the output is the first source
    ASSERT_TRUE(check_xor_many(kernels(), s, 0, rng));
  }
  for (auto [n, len] : {std::pair{2u, std::size_t{512} * 1024 + 5}, std::pair{255u, std::size_t{4096} + 9}}) {
    Shape s;
    s.len = len;
    s.k = n;
    s.src_align = rng.below(64);
    s.dst_align = rng.below(64);
    ASSERT_TRUE(check_xor_many(kernels(), s, n, rng));
    ASSERT_TRUE(check_xor_many(kernels(), s, 0, rng));
    ASSERT_TRUE(check_xor_many(kernels(), s, n - 1, rng));
  }
}

EC_INSTANTIATE_FOR_ALL_VARIANTS(KernelsVsReference);

} // namespace
} // namespace ec::simd::test
