// SPDX-License-Identifier: LGPL-2.1-or-later
// The coefficient expansions kernels multiply with, each checked against mul for every coefficient and
// every input byte (mul itself is checked against gf-complete in gf8_test), and against the slow oracle
// (expand_oracle.h) byte for byte.
#include "gf/expand.h"
#include "expand_oracle.h"
#include "gf/gf8.h"

#include <cstring>

#include <gtest/gtest.h>

namespace ec::gf {
namespace {

// GF2P8AFFINEQB with imm8 = 0, straight from Intel's pseudo-code: output bit i is the parity of
// (byte 7 - i of A) AND x.
std::uint8_t affine_byte(std::uint64_t a, std::uint8_t x) {
  std::uint8_t out = 0;
  for (unsigned i = 0; i < 8; i++) {
    const std::uint8_t row = std::uint8_t(a >> (8 * (7 - i)));
    unsigned parity = 0;
    for (unsigned b = 0; b < 8; b++)
      parity ^= ((row & x) >> b) & 1u;
    out = std::uint8_t(out | (parity << i));
  }
  return out;
}

TEST(GfExpand, NibbleTablesMultiply) {
  for (unsigned c = 0; c < 256; c++) {
    const NibbleTables t = nibble_tables(std::uint8_t(c));
    for (unsigned x = 0; x < 256; x++)
      ASSERT_EQ(t.lo[x & 15] ^ t.hi[x >> 4], mul(std::uint8_t(c), std::uint8_t(x))) << c << " * " << x;
  }
}

TEST(GfExpand, FastExpansionsEqualTheOracleForEveryCoefficient) {
  for (unsigned c = 0; c < 256; c++) {
    const NibbleTables fast = nibble_tables(std::uint8_t(c)), slow = oracle::nibble_tables(std::uint8_t(c));
    EXPECT_EQ(std::memcmp(fast.lo, slow.lo, 16), 0) << c;
    EXPECT_EQ(std::memcmp(fast.hi, slow.hi, 16), 0) << c;
    EXPECT_EQ(affine_matrix(std::uint8_t(c)), oracle::affine_matrix(std::uint8_t(c))) << c;
    std::uint8_t column[8];
    doublings(std::uint8_t(c), column);
    for (unsigned j = 0; j < 8; j++)
      EXPECT_EQ(column[j], mul(std::uint8_t(c), std::uint8_t(1u << j))) << c << " * 2^" << j;
  }
}

TEST(GfExpand, AffineMatrixMultipliesUnderGf2p8affineqb) {
  for (unsigned c = 0; c < 256; c++) {
    const std::uint64_t a = affine_matrix(std::uint8_t(c));
    for (unsigned x = 0; x < 256; x++)
      ASSERT_EQ(affine_byte(a, std::uint8_t(x)), mul(std::uint8_t(c), std::uint8_t(x))) << c << " * " << x;
  }
}

TEST(GfExpand, AffineMatrixOfOneIsIntelsIdentity) {
  // The identity as Intel documents it for GF2P8AFFINEQB: bit i of byte 7 - i.
  EXPECT_EQ(affine_matrix(1), 0x0102040810204080ull);
}

} // namespace
} // namespace ec::gf
