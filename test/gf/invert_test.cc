// SPDX-License-Identifier: LGPL-2.1-or-later
#include "gf/gf8.h"
#include "gf/matrix.h"

#include <gtest/gtest.h>

#include <random>

namespace ec::gf {
namespace {

Matrix multiply(unsigned n, const Matrix &a, const Matrix &b) {
  Matrix c(n * n, 0);
  for (unsigned i = 0; i < n; i++)
    for (unsigned x = 0; x < n; x++)
      for (unsigned j = 0; j < n; j++)
        c[i * n + j] ^= mul(a[i * n + x], b[x * n + j]);
  return c;
}

Matrix identity(unsigned n) {
  Matrix a(n * n, 0);
  for (unsigned i = 0; i < n; i++)
    a[i * n + i] = 1;
  return a;
}

TEST(GfInvert, RandomInvertibleMatricesBothSides) {
  std::mt19937 rng(1);
  int inverted = 0;
  for (int t = 0; t < 400; t++) {
    const unsigned n = 1 + rng() % 24;
    Matrix a(n * n);
    for (auto &e : a)
      e = std::uint8_t(rng() % 4 == 0 ? 0 : rng()); // zeros force row swaps
    const Matrix b = invert(n, a);
    if (b.empty())
      continue; // random singular matrices are checked below
    inverted++;
    ASSERT_EQ(multiply(n, a, b), identity(n)) << "n=" << n;
    ASSERT_EQ(multiply(n, b, a), identity(n)) << "n=" << n;
  }
  EXPECT_GT(inverted, 300);
}

TEST(GfInvert, PermutationNeedsPivoting) {
  const Matrix p{0, 1, 0, 0, 0, 1, 1, 0, 0};
  EXPECT_EQ(invert(3, p), (Matrix{0, 0, 1, 1, 0, 0, 0, 1, 0}));
}

TEST(GfInvert, SingularGivesEmpty) {
  EXPECT_TRUE(invert(1, Matrix{0}).empty());
  EXPECT_TRUE(invert(2, Matrix{1, 2, 2, 4}).empty());     // row 1 = 2 * row 0
  EXPECT_TRUE(invert(3, Matrix{1, 2, 3, 4, 5, 6, 5, 7, 5}).empty()); // row 2 = row 0 + row 1
  EXPECT_TRUE(invert(3, Matrix(9, 0)).empty());
  std::mt19937 rng(2);
  for (int t = 0; t < 100; t++) {
    const unsigned n = 2 + rng() % 16;
    Matrix a(n * n);
    for (auto &e : a)
      e = std::uint8_t(rng());
    // Replace a row by a combination of two others.
    const unsigned r = rng() % n, s = (r + 1) % n, u = (r + 2) % n;
    const std::uint8_t c = std::uint8_t(rng()), d = std::uint8_t(rng());
    for (unsigned j = 0; j < n; j++)
      a[r * n + j] = mul(c, a[s * n + j]) ^ (n > 2 ? mul(d, a[u * n + j]) : 0);
    ASSERT_TRUE(invert(n, a).empty()) << "n=" << n;
  }
}

TEST(GfInvert, BadShapeGivesEmpty) {
  EXPECT_TRUE(invert(0, Matrix{}).empty());
  EXPECT_TRUE(invert(2, Matrix{1, 0, 0}).empty());
  EXPECT_TRUE(invert(2, Matrix(9, 1)).empty());
}

} // namespace
} // namespace ec::gf
