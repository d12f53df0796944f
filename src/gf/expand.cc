// SPDX-License-Identifier: LGPL-2.1-or-later
#include "gf/expand.h"

#include <cstring>

#include "gf/gf8.h"

namespace ec::gf {
void doublings(std::uint8_t c, std::uint8_t out[8]) {
  unsigned v = c;
  for (unsigned j = 0; j < 8; j++) {
    out[j] = static_cast<std::uint8_t>(v);
    v = (v << 1) ^ ((v & 0x80) ? kPolynomial : 0);
  }
}

NibbleTables nibble_tables(std::uint8_t c) {
  std::uint8_t col[8];
  doublings(c, col);
  NibbleTables t;
  t.lo[0] = t.hi[0] = 0;
  // Entry i is entry i without its lowest set bit, xor the product of that bit.
  for (unsigned i = 1; i < 16; i++) {
    const unsigned low = static_cast<unsigned>(__builtin_ctz(i));
    t.lo[i] = static_cast<std::uint8_t>(t.lo[i & (i - 1)] ^ col[low]);
    t.hi[i] = static_cast<std::uint8_t>(t.hi[i & (i - 1)] ^ col[low + 4]);
  }
  return t;
}

std::uint64_t affine_matrix(std::uint8_t c) {
  // GF2P8AFFINEQB computes output bit i as parity(A.byte[7 - i] & x): byte 7 - i collects bit i of every
  // c * 2^j (as bit j). The eight products are the rows of an 8x8 bit matrix; transposing it (three delta
  // swaps) and reversing the bytes gives that.
  std::uint8_t col[8];
  doublings(c, col);
  std::uint64_t x = 0;
  for (unsigned j = 0; j < 8; j++)
    x |= std::uint64_t{col[j]} << (8 * j);
  std::uint64_t t;
  t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  x ^= t ^ (t << 28);
  return __builtin_bswap64(x);
}

void write_nibble_tables_lo_hi(std::uint8_t c, std::uint8_t table[32]) {
  const NibbleTables t = nibble_tables(c);
  std::memcpy(table, t.lo, 16);
  std::memcpy(table + 16, t.hi, 16);
}

} // namespace ec::gf
