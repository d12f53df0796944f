// SPDX-License-Identifier: LGPL-2.1-or-later
// GF(2^8) scalar arithmetic against gf-complete's w=8 field (the one jerasure encodes with).
#include "gf/gf8.h"
#include "jerasure_oracle.h"

#include <gtest/gtest.h>

namespace ec::gf {
namespace {

TEST(Gf8, MulMatchesGaloisForAllPairs) {
  for (unsigned a = 0; a < 256; a++)
    for (unsigned b = 0; b < 256; b++)
      ASSERT_EQ(mul(std::uint8_t(a), std::uint8_t(b)), galois_single_multiply(int(a), int(b), 8)) << a << " * " << b;
}

TEST(Gf8, DivMatchesGaloisForAllPairs) {
  for (unsigned a = 0; a < 256; a++)
    for (unsigned b = 1; b < 256; b++)
      ASSERT_EQ(div(std::uint8_t(a), std::uint8_t(b)), galois_single_divide(int(a), int(b), 8)) << a << " / " << b;
}

TEST(Gf8, InvMatchesGalois) {
  for (unsigned a = 1; a < 256; a++) {
    ASSERT_EQ(inv(std::uint8_t(a)), galois_inverse(int(a), 8)) << a;
    ASSERT_EQ(mul(std::uint8_t(a), inv(std::uint8_t(a))), 1) << a;
  }
}

TEST(Gf8, PowMatchesRepeatedGaloisMultiply) {
  for (unsigned a = 0; a < 256; a++) {
    int expected = 1;
    for (unsigned n = 0; n < 600; n++) {
      ASSERT_EQ(pow(std::uint8_t(a), n), expected) << a << " ^ " << n;
      expected = galois_single_multiply(expected, int(a), 8);
    }
  }
  EXPECT_EQ(pow(3, 0xffffffffu), galois_single_multiply(pow(3, 0xfffffffeu), 3, 8));
}

TEST(Gf8, ExpAndLogAreInverseWithGeneratorTwo) {
  int expected = 1;
  for (unsigned e = 0; e < 1024; e++) {
    ASSERT_EQ(exp(e), expected) << e;
    if (e < 255) {
      ASSERT_EQ(log(exp(e)), e);
    }
    expected = galois_single_multiply(expected, 2, 8);
  }
  EXPECT_EQ(exp(0xffffffffu), exp(0xffffffffu % 255));
}

} // namespace
} // namespace ec::gf
