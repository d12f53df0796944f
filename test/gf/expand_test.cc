// The coefficient expansions kernels multiply with, each checked against mul for every coefficient and
// every input byte (mul itself is checked against gf-complete in gf8_test).
#include "gf/expand.h"
#include "gf/gf8.h"

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

TEST(GfExpand, ProductTableMultiplies) {
  std::uint8_t table[256];
  for (unsigned c = 0; c < 256; c++) {
    product_table(std::uint8_t(c), table);
    for (unsigned x = 0; x < 256; x++)
      ASSERT_EQ(table[x], mul(std::uint8_t(c), std::uint8_t(x))) << c << " * " << x;
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
