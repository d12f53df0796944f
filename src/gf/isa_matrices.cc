// SPDX-License-Identifier: LGPL-2.1-or-later
#include "gf/isa_matrices.h"

#include "gf/gf8.h"

namespace ec::gf {
namespace {

// Above 256 chunks the points of either construction no longer fit a byte.
bool valid_km(unsigned k, unsigned m) { return k >= 1 && m >= 1 && k <= kMaxChunks && m <= kMaxChunks - k; }

} // namespace

Matrix isa_reed_sol_van_matrix(unsigned k, unsigned m) {
  if (!valid_km(k, m))
    return {};
  Matrix a(std::size_t{m} * k);
  // (2^i)^j = 2^(i*j): exp reduces the exponent modulo the group order 255.
  for (unsigned i = 0; i < m; i++)
    for (unsigned j = 0; j < k; j++)
      a[std::size_t{i} * k + j] = exp(i * j);
  return a;
}

Matrix isa_cauchy_matrix(unsigned k, unsigned m) {
  if (!valid_km(k, m))
    return {};
  Matrix a(std::size_t{m} * k);
  for (unsigned i = 0; i < m; i++)
    for (unsigned j = 0; j < k; j++)
      a[std::size_t{i} * k + j] = inv(static_cast<std::uint8_t>((k + i) ^ j));
  return a;
}

} // namespace ec::gf
