// SPDX-License-Identifier: LGPL-2.1-or-later
// Debian's libjerasure / gf-complete as the oracle for src/gf: thin wrappers that turn its malloc'ed int
// arrays into ec::gf::Matrix and free them. Tests only; nothing in src/ links jerasure.
#ifndef EC_TEST_GF_JERASURE_ORACLE_H
#define EC_TEST_GF_JERASURE_ORACLE_H

#include "gf/matrix.h"

#include <cstdlib>
#include <optional>

extern "C" {
#include <cauchy.h>
#include <galois.h>
#include <jerasure.h>
#include <reed_sol.h>
}

namespace ec::gf::oracle {

// nullopt when jerasure returns NULL. Elements are checked to fit a byte, so a wider value cannot be
// silently truncated into a match.
inline std::optional<Matrix> take(int *p, std::size_t n) {
  if (p == nullptr)
    return std::nullopt;
  Matrix m(n);
  bool fits = true;
  for (std::size_t i = 0; i < n; i++) {
    fits = fits && p[i] >= 0 && p[i] < 256;
    m[i] = static_cast<std::uint8_t>(p[i]);
  }
  std::free(p);
  if (!fits)
    return std::nullopt;
  return m;
}

inline std::optional<Matrix> reed_sol_van(unsigned k, unsigned m) {
  return take(reed_sol_vandermonde_coding_matrix(int(k), int(m), 8), std::size_t(k) * m);
}
inline std::optional<Matrix> reed_sol_r6(unsigned k) { return take(reed_sol_r6_coding_matrix(int(k), 8), 2 * std::size_t(k)); }
inline std::optional<Matrix> cauchy_orig(unsigned k, unsigned m) {
  return take(cauchy_original_coding_matrix(int(k), int(m), 8), std::size_t(k) * m);
}
inline std::optional<Matrix> cauchy_good(unsigned k, unsigned m) {
  return take(cauchy_good_general_coding_matrix(int(k), int(m), 8), std::size_t(k) * m);
}

inline std::optional<Matrix> bitmatrix(unsigned rows, unsigned cols, const Matrix &matrix) {
  std::vector<int> in(matrix.begin(), matrix.end());
  // jerasure's (k, m) are (columns, rows) of the coding matrix.
  return take(jerasure_matrix_to_bitmatrix(int(cols), int(rows), 8, in.data()), std::size_t(rows) * cols * 64);
}

} // namespace ec::gf::oracle

#endif
