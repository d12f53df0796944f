// SPDX-License-Identifier: LGPL-2.1-or-later
// matrix_to_bitmatrix against jerasure_matrix_to_bitmatrix, the layout cauchy XOR schedules are built from.
#include "gf/matrix.h"
#include "jerasure_oracle.h"

#include <gtest/gtest.h>

#include <random>

namespace ec::gf {
namespace {

TEST(GfBitmatrix, EveryElementMatchesJerasure) {
  Matrix all(256);
  for (unsigned e = 0; e < 256; e++)
    all[e] = std::uint8_t(e);
  EXPECT_EQ(matrix_to_bitmatrix(1, 256, all), oracle::bitmatrix(1, 256, all).value());
  EXPECT_EQ(matrix_to_bitmatrix(256, 1, all), oracle::bitmatrix(256, 1, all).value());
}

TEST(GfBitmatrix, CodingMatricesMatchJerasure) {
  for (unsigned k = 1; k <= 12; k++)
    for (unsigned m = 1; m <= 5; m++)
      for (const Matrix &c : {cauchy_orig_matrix(k, m), cauchy_good_matrix(k, m), reed_sol_van_matrix(k, m)})
        ASSERT_EQ(matrix_to_bitmatrix(m, k, c), oracle::bitmatrix(m, k, c).value()) << "k=" << k << " m=" << m;
}

TEST(GfBitmatrix, RandomRectanglesMatchJerasure) {
  std::mt19937 rng(7);
  for (int t = 0; t < 50; t++) {
    const unsigned rows = 1 + rng() % 20, cols = 1 + rng() % 20;
    Matrix a(rows * cols);
    for (auto &e : a)
      e = std::uint8_t(rng());
    ASSERT_EQ(matrix_to_bitmatrix(rows, cols, a), oracle::bitmatrix(rows, cols, a).value());
  }
}

TEST(GfBitmatrix, WrongSizeGivesEmpty) {
  EXPECT_TRUE(matrix_to_bitmatrix(2, 3, Matrix(5)).empty());
  EXPECT_TRUE(matrix_to_bitmatrix(2, 3, Matrix(7)).empty());
}

} // namespace
} // namespace ec::gf
