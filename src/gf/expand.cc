#include "gf/expand.h"

#include "gf/gf8.h"

namespace ec::gf {

NibbleTables nibble_tables(std::uint8_t c) {
  NibbleTables t;
  for (unsigned i = 0; i < 16; i++) {
    t.lo[i] = mul(c, static_cast<std::uint8_t>(i));
    t.hi[i] = mul(c, static_cast<std::uint8_t>(i << 4));
  }
  return t;
}

void product_table(std::uint8_t c, std::uint8_t out[256]) {
  for (unsigned x = 0; x < 256; x++)
    out[x] = mul(c, static_cast<std::uint8_t>(x));
}

std::uint64_t affine_matrix(std::uint8_t c) {
  // Multiplication by c is linear over GF(2): column j of its matrix is c * 2^j. GF2P8AFFINEQB computes
  // output bit i as parity(A.byte[7 - i] & x), so byte 7 - i collects bit i of every column.
  std::uint64_t a = 0;
  for (unsigned i = 0; i < 8; i++) {
    std::uint8_t row = 0;
    for (unsigned j = 0; j < 8; j++)
      if ((mul(c, static_cast<std::uint8_t>(1u << j)) >> i) & 1)
        row = static_cast<std::uint8_t>(row | (1u << j));
    a |= static_cast<std::uint64_t>(row) << (8 * (7 - i));
  }
  return a;
}

} // namespace ec::gf
