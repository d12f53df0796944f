// SPDX-License-Identifier: LGPL-2.1-or-later
#include "gf/isa_matrices.h"

#include "gf/gf8.h"

namespace ec::gf {
namespace {

// The m x k matrix of coefficient(i, j); empty above 256 chunks, where neither construction's points
// fit a byte any more.
template <class Coefficient> Matrix coding_rows(unsigned k, unsigned m, Coefficient coefficient) {
  if (k < 1 || m < 1 || k > kMaxChunks || m > kMaxChunks - k)
    return {};
  Matrix a(std::size_t{m} * k);
  for (unsigned i = 0; i < m; i++)
    for (unsigned j = 0; j < k; j++)
      a[std::size_t{i} * k + j] = coefficient(i, j);
  return a;
}

} // namespace

Matrix isa_reed_sol_van_matrix(unsigned k, unsigned m) {
  // (2^i)^j = 2^(i*j): exp reduces the exponent modulo the group order 255.
  return coding_rows(k, m, [](unsigned i, unsigned j) { return exp(i * j); });
}

Matrix isa_cauchy_matrix(unsigned k, unsigned m) {
  return coding_rows(k, m, [k](unsigned i, unsigned j) { return inv(static_cast<std::uint8_t>((k + i) ^ j)); });
}

} // namespace ec::gf
