// Expanding a coefficient into the x86 table formats without a field multiplication per entry: multiplying
// by c is linear over GF(2), so c * x is the xor of c * 2^j over the set bits j of x, and the eight
// products c * 2^j come from doubling c seven times. A plan for a new erasure pattern expands k * rows
// coefficients while the OSD waits, so this is on the decode path (the generic gf:: functions multiply
// 64 or 32 times per coefficient). Same bytes as gf::affine_matrix and gf::nibble_tables (test/simd).
#ifndef EC_SIMD_X86_EXPAND_FAST_H
#define EC_SIMD_X86_EXPAND_FAST_H

#include <cstdint>

#include "gf/gf8.h"

namespace ec::simd {
namespace {

// c * 2^j for j < 8.
inline void doublings(std::uint8_t c, std::uint8_t out[8]) {
  unsigned v = c;
  for (unsigned j = 0; j < 8; j++) {
    out[j] = static_cast<std::uint8_t>(v);
    v = (v << 1) ^ ((v & 0x80) ? gf::kPolynomial : 0);
  }
}

// GF2P8AFFINEQB's operand for c: byte 7 - i holds bit i of every c * 2^j (bit j). The eight products are
// the rows of an 8x8 bit matrix; transposing it (three delta swaps) and reversing the bytes gives that.
inline std::uint64_t affine_matrix_fast(std::uint8_t c) {
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

// lo[i] = c * i, hi[i] = c * (i << 4), for i < 16.
inline void nibble_tables_fast(std::uint8_t c, std::uint8_t lo[16], std::uint8_t hi[16]) {
  std::uint8_t col[8];
  doublings(c, col);
  lo[0] = hi[0] = 0;
  for (unsigned i = 1; i < 16; i++) {
    const unsigned low = static_cast<unsigned>(__builtin_ctz(i));
    lo[i] = static_cast<std::uint8_t>(lo[i & (i - 1)] ^ col[low]);
    hi[i] = static_cast<std::uint8_t>(hi[i & (i - 1)] ^ col[low + 4]);
  }
}

} // namespace
} // namespace ec::simd

#endif
