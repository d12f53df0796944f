// SPDX-License-Identifier: LGPL-2.1-or-later
// Expansion of one GF(2^8) coefficient into the forms region kernels multiply with. Each SIMD variant's
// expand() composes its own table from these; none of them allocates.
//
// A decode plan for a new erasure pattern expands k * rows coefficients while the OSD waits, so these are
// on the decode path, on every architecture: they use no field multiplication per entry. Multiplying by c
// is linear over GF(2), so c * x is the xor of c * 2^j over the set bits j of x, and the eight products
// c * 2^j come from doubling c seven times. (test/gf/expand_oracle.h builds the same tables the slow,
// obvious way; expand_test compares them for every coefficient.)
#ifndef EC_GF_EXPAND_H
#define EC_GF_EXPAND_H

#include <cstdint>

namespace ec::gf {

// c * 2^j for j < 8: the columns of the matrix of multiplication by c (the generic variant's table).
void doublings(std::uint8_t c, std::uint8_t out[8]);

// Split-nibble tables: c * x == lo[x & 15] ^ hi[x >> 4]. (pshufb, vperm, vpermxor.)
struct NibbleTables {
  std::uint8_t lo[16]; // lo[i] = c * i
  std::uint8_t hi[16]; // hi[i] = c * (i << 4)
};
NibbleTables nibble_tables(std::uint8_t c);
// The two tables as 32 bytes, lo then hi, in memory order: the expanded table of the variants whose byte
// lookup indexes a register in memory order (pshufb's lanes, s390x's vperm).
void write_nibble_tables_lo_hi(std::uint8_t c, std::uint8_t table[32]);

// The 8x8 bit matrix A, as the 64-bit operand of GF2P8AFFINEQB (x86 GFNI), with A * x == c * x in 0x11d.
// Byte 7 - i of the result holds row i (the bits that produce output bit i), per Intel's definition.
std::uint64_t affine_matrix(std::uint8_t c);

} // namespace ec::gf

#endif
