// Expansion of one GF(2^8) coefficient into the forms region kernels multiply with.
// Each SIMD variant's expand() composes its own table from these; none of them allocates.
#ifndef EC_GF_EXPAND_H
#define EC_GF_EXPAND_H

#include <cstdint>

namespace ec::gf {

// Split-nibble tables: c * x == lo[x & 15] ^ hi[x >> 4]. (pshufb, vperm, vpermxor.)
struct NibbleTables {
  std::uint8_t lo[16]; // lo[i] = c * i
  std::uint8_t hi[16]; // hi[i] = c * (i << 4)
};
NibbleTables nibble_tables(std::uint8_t c);

// Full product table: out[x] = c * x.
void product_table(std::uint8_t c, std::uint8_t out[256]);

// The 8x8 bit matrix A, as the 64-bit operand of GF2P8AFFINEQB (x86 GFNI), with A * x == c * x in 0x11d.
// Byte 7 - i of the result holds row i (the bits that produce output bit i), per Intel's definition.
std::uint64_t affine_matrix(std::uint8_t c);

} // namespace ec::gf

#endif
