// SPDX-License-Identifier: LGPL-2.1-or-later
// Every coding-matrix builder against the libjerasure function it reproduces, byte for byte.
#include "gf/cauchy_best_rows.h"
#include "gf/matrix.h"
#include "jerasure_oracle.h"
#include "matrix_shapes.h"

#include <gtest/gtest.h>

#include <climits>
#include <utility>
#include <vector>

namespace ec::gf {
namespace {

template <class Ours, class Theirs>
void expect_same_for(const std::vector<std::pair<unsigned, unsigned>> &shapes, Ours ours, Theirs theirs) {
  for (auto [k, m] : shapes) {
    const std::optional<Matrix> expected = theirs(k, m);
    ASSERT_TRUE(expected.has_value()) << "jerasure refused k=" << k << " m=" << m;
    ASSERT_EQ(ours(k, m), *expected) << "k=" << k << " m=" << m;
  }
}

TEST(GfMatrix, ReedSolVanMatchesJerasure) {
  expect_same_for(small_matrix_shapes(), reed_sol_van_matrix, oracle::reed_sol_van);
}
TEST(GfMatrix, CauchyOrigMatchesJerasure) {
  expect_same_for(small_matrix_shapes(), cauchy_orig_matrix, oracle::cauchy_orig);
}
TEST(GfMatrix, CauchyGoodMatchesJerasure) {
  expect_same_for(small_matrix_shapes(), cauchy_good_matrix, oracle::cauchy_good);
}
TEST(GfMatrixLarge, ReedSolVanMatchesJerasure) {
  expect_same_for(large_matrix_shapes(), reed_sol_van_matrix, oracle::reed_sol_van);
}
TEST(GfMatrixLarge, CauchyOrigMatchesJerasure) {
  expect_same_for(large_matrix_shapes(), cauchy_orig_matrix, oracle::cauchy_orig);
}
TEST(GfMatrixLarge, CauchyGoodMatchesJerasure) {
  expect_same_for(large_matrix_shapes(), cauchy_good_matrix, oracle::cauchy_good);
}

TEST(GfMatrix, ReedSolR6MatchesJerasureForEveryK) {
  for (unsigned k = 1; k + 2 <= kMaxChunks; k++) {
    const std::optional<Matrix> expected = oracle::reed_sol_r6(k);
    ASSERT_TRUE(expected.has_value()) << k;
    ASSERT_EQ(reed_sol_r6_op_matrix(k), *expected) << "k=" << k;
  }
}

TEST(GfMatrix, CauchyGoodM2EveryKMatchesJerasure) {
  for (unsigned k = 1; k + 2 <= kMaxChunks; k++)
    ASSERT_EQ(cauchy_good_matrix(k, 2), oracle::cauchy_good(k, 2).value()) << "k=" << k;
}

TEST(GfMatrix, CauchyBestRowTableIsJerasures) {
  // jerasure serves m = 2 from its table exactly up to kCauchyBestMaxK: one more falls through to
  // cauchy_original, which refuses k + m > 256 (so it returns NULL).
  const std::optional<Matrix> full = oracle::cauchy_good(kCauchyBestMaxK, 2);
  ASSERT_TRUE(full.has_value());
  EXPECT_FALSE(oracle::cauchy_good(kCauchyBestMaxK + 1, 2).has_value());
  for (unsigned j = 0; j < kCauchyBestMaxK; j++) {
    EXPECT_EQ((*full)[j], 1) << j;
    EXPECT_EQ((*full)[kCauchyBestMaxK + j], kCauchyBestRow1[j]) << j;
  }
}

TEST(GfMatrix, KnownValuesFromTheNotes) {
  // Figures recorded in the project notes, independent of the oracle.
  EXPECT_EQ(cauchy_good_matrix(6, 2), (Matrix{1, 1, 1, 1, 1, 1, 1, 2, 142, 4, 71, 8}));
  EXPECT_EQ(cauchy_good_matrix(6, 3),
            (Matrix{1, 1, 1, 1, 1, 1, 200, 151, 172, 1, 225, 166, 202, 143, 114, 101, 200, 1}));
  EXPECT_EQ(reed_sol_r6_op_matrix(3), (Matrix{1, 1, 1, 1, 2, 4}));
  const Matrix van = reed_sol_van_matrix(7, 3);
  for (unsigned j = 0; j < 7; j++)
    EXPECT_EQ(van[j], 1) << j;
}

TEST(GfMatrix, InvalidParametersGiveEmpty) {
  for (auto [k, m] : {std::pair{0u, 1u}, {1u, 0u}, {0u, 0u}, {255u, 2u}, {128u, 129u}, {257u, 1u}, {1u, UINT_MAX},
                      {UINT_MAX, 1u}, {UINT_MAX, UINT_MAX}}) {
    EXPECT_TRUE(reed_sol_van_matrix(k, m).empty()) << k << " " << m;
    EXPECT_TRUE(cauchy_orig_matrix(k, m).empty()) << k << " " << m;
    EXPECT_TRUE(cauchy_good_matrix(k, m).empty()) << k << " " << m;
  }
  for (unsigned k : {0u, 255u, 256u, UINT_MAX, UINT_MAX - 1})
    EXPECT_TRUE(reed_sol_r6_op_matrix(k).empty()) << k;
}

TEST(GfMatrix, ShapesAreMByK) {
  EXPECT_EQ(reed_sol_van_matrix(5, 3).size(), 15u);
  EXPECT_EQ(cauchy_orig_matrix(5, 3).size(), 15u);
  EXPECT_EQ(cauchy_good_matrix(5, 3).size(), 15u);
  EXPECT_EQ(reed_sol_r6_op_matrix(5).size(), 10u);
}

} // namespace
} // namespace ec::gf
