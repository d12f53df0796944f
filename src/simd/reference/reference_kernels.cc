// SPDX-License-Identifier: LGPL-2.1-or-later
// The oracle: byte at a time through ec::gf::mul, written to be obviously correct rather than fast.
// Every other variant is tested against it; it is never shipped as a plugin variant.
#include "simd/variants.h"

#include "gf/gf8.h"

namespace ec::simd {
namespace {

// The table of a coefficient is the coefficient itself, padded to the 16-byte granule of the contract.
constexpr std::size_t kTableBytes = 16;

void expand(std::uint8_t coef, std::uint8_t *table) {
  table[0] = coef;
  for (std::size_t i = 1; i < kTableBytes; i++)
    table[i] = 0;
}

void mul(std::size_t len, const std::uint8_t *table, const std::uint8_t *src, std::uint8_t *dst) {
  for (std::size_t i = 0; i < len; i++)
    dst[i] = gf::mul(table[0], src[i]);
}

void mad(std::size_t len, unsigned rows, const std::uint8_t *tables, const std::uint8_t *src,
         std::uint8_t *const *dst) {
  for (unsigned r = 0; r < rows; r++)
    for (std::size_t i = 0; i < len; i++)
      dst[r][i] ^= gf::mul(tables[r * kTableBytes], src[i]);
}

void xor_mad(std::size_t len, unsigned rows, const std::uint8_t *tables, const std::uint8_t *src,
             std::uint8_t *const *dst) {
  for (std::size_t i = 0; i < len; i++)
    dst[0][i] ^= src[i];
  mad(len, rows - 1, tables, src, dst + 1);
}

void dot_prod(std::size_t len, unsigned k, unsigned rows, const std::uint8_t *tables,
              const std::uint8_t *const *src, std::uint8_t *const *dst) {
  for (unsigned r = 0; r < rows; r++)
    for (std::size_t i = 0; i < len; i++) {
      std::uint8_t sum = 0;
      for (unsigned j = 0; j < k; j++)
        sum ^= gf::mul(tables[(r * k + j) * kTableBytes], src[j][i]);
      dst[r][i] = sum;
    }
}

// Byte by byte, so dst == src[i] is safe: every source byte is read before that byte of dst is written.
void xor_many(std::size_t len, unsigned n, const std::uint8_t *const *src, std::uint8_t *dst) {
  for (std::size_t i = 0; i < len; i++) {
    std::uint8_t sum = 0;
    for (unsigned j = 0; j < n; j++)
      sum ^= src[j][i];
    dst[i] = sum;
  }
}

void xor_dot_prod(std::size_t len, unsigned k, unsigned rows, const std::uint8_t *tables,
                  const std::uint8_t *const *src, std::uint8_t *const *dst) {
  xor_many(len, k, src, dst[0]);
  dot_prod(len, k, rows - 1, tables, src, dst + 1);
}

} // namespace

// The oracle multiplies src[0] by its tables of 1 like any other source: xor_dot_prod_ones is xor_dot_prod.
const Kernels kernels_reference = {"reference", kTableBytes, expand, mul, mad, xor_mad, dot_prod, xor_dot_prod,
                                   xor_dot_prod, xor_many, true, false, false, nullptr};

} // namespace ec::simd
