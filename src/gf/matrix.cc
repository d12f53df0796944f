// SPDX-License-Identifier: LGPL-2.1-or-later
#include "gf/matrix.h"

#include "gf/cauchy_best_rows.h"
#include "gf/gf8.h"

#include <bitset>
#include <utility>

namespace ec::gf {
namespace {

bool valid_km(unsigned k, unsigned m) { return k >= 1 && m >= 1 && k <= kMaxChunks && m <= kMaxChunks - k; }

void scale_column(Matrix &a, unsigned rows, unsigned cols, unsigned col, unsigned first_row, std::uint8_t c) {
  for (unsigned r = first_row; r < rows; r++)
    a[r * cols + col] = mul(a[r * cols + col], c);
}

void scale_row(Matrix &a, unsigned cols, unsigned row, std::uint8_t c) {
  for (unsigned j = 0; j < cols; j++)
    a[row * cols + j] = mul(a[row * cols + j], c);
}

// The (k+m) x k extended Vandermonde matrix jerasure starts from: row 0 is e0, row k+m-1 is e(k-1), and
// row i in between is 1, i, i^2, ..., i^(k-1). Any k of its rows are independent.
Matrix extended_vandermonde(unsigned rows, unsigned cols) {
  Matrix a(rows * cols, 0);
  a[0] = 1;
  if (rows == 1)
    return a;
  for (unsigned i = 1; i + 1 < rows; i++) {
    std::uint8_t x = 1;
    for (unsigned j = 0; j < cols; j++) {
      a[i * cols + j] = x;
      x = mul(x, static_cast<std::uint8_t>(i));
    }
  }
  a[rows * cols - 1] = 1;
  return a;
}

// Number of ones in the 8x8 bitmatrix of c: the cost of c in a cauchy XOR schedule.
unsigned bitmatrix_ones(std::uint8_t c) {
  unsigned n = 0;
  for (unsigned x = 0; x < 8; x++)
    n += std::bitset<8>(mul(c, exp(x))).count();
  return n;
}

// jerasure's cauchy_improve_coding_matrix: column scaling keeps the code MDS while making row 0 free to
// encode; each later row is then scaled (also MDS-preserving) to the variant with the fewest ones.
void improve_cauchy(unsigned k, unsigned m, Matrix &a) {
  for (unsigned j = 0; j < k; j++)
    if (a[j] != 1)
      scale_column(a, m, k, j, 0, inv(a[j]));
  for (unsigned i = 1; i < m; i++) {
    const std::uint8_t *row = &a[i * k];
    unsigned best = 0;
    for (unsigned j = 0; j < k; j++)
      best += bitmatrix_ones(row[j]);
    unsigned best_col = k;
    for (unsigned j = 0; j < k; j++) {
      if (row[j] == 1)
        continue;
      const std::uint8_t s = inv(row[j]);
      unsigned ones = 0;
      for (unsigned x = 0; x < k; x++)
        ones += bitmatrix_ones(mul(row[x], s));
      // Strictly fewer: ties keep the earlier choice, as jerasure does.
      if (ones < best) {
        best = ones;
        best_col = j;
      }
    }
    if (best_col != k)
      scale_row(a, k, i, inv(row[best_col]));
  }
}

} // namespace

Matrix reed_sol_van_matrix(unsigned k, unsigned m) {
  if (!valid_km(k, m))
    return {};
  const unsigned rows = k + m, cols = k;
  Matrix a = extended_vandermonde(rows, cols);

  // Column operations (which keep any k rows independent) turn the top k x k block into the identity.
  for (unsigned i = 1; i < cols; i++) {
    unsigned pivot = i;
    while (pivot < rows && a[pivot * cols + i] == 0)
      pivot++;
    if (pivot == rows)
      return {}; // cannot happen for a Vandermonde matrix; kept so a bug fails loudly rather than reads past
    if (pivot != i)
      for (unsigned j = 0; j < cols; j++)
        std::swap(a[pivot * cols + j], a[i * cols + j]);
    if (a[i * cols + i] != 1)
      scale_column(a, rows, cols, i, 0, inv(a[i * cols + i]));
    for (unsigned j = 0; j < cols; j++) {
      const std::uint8_t c = a[i * cols + j];
      if (j == i || c == 0)
        continue;
      for (unsigned r = 0; r < rows; r++)
        a[r * cols + j] ^= mul(c, a[r * cols + i]);
    }
  }

  // Scaling parity columns and rows keeps the code MDS; jerasure does it so parity 0 is a plain XOR.
  for (unsigned j = 0; j < cols; j++)
    if (a[cols * cols + j] != 1)
      scale_column(a, rows, cols, j, cols, inv(a[cols * cols + j]));
  for (unsigned i = cols + 1; i < rows; i++)
    if (a[i * cols] != 1)
      scale_row(a, cols, i, inv(a[i * cols]));

  return Matrix(a.begin() + cols * cols, a.end());
}

Matrix reed_sol_r6_op_matrix(unsigned k) {
  if (!valid_km(k, 2))
    return {};
  Matrix a(2 * k, 1);
  for (unsigned j = 0; j < k; j++)
    a[k + j] = exp(j);
  return a;
}

Matrix cauchy_orig_matrix(unsigned k, unsigned m) {
  if (!valid_km(k, m))
    return {};
  // x_i = i and y_j = m + j are k + m distinct field elements, so every entry's denominator is nonzero.
  Matrix a(m * k);
  for (unsigned i = 0; i < m; i++)
    for (unsigned j = 0; j < k; j++)
      a[i * k + j] = inv(static_cast<std::uint8_t>(i ^ (m + j)));
  return a;
}

Matrix cauchy_good_matrix(unsigned k, unsigned m) {
  if (!valid_km(k, m))
    return {};
  if (m == 2 && k <= kCauchyBestMaxK) {
    Matrix a(2 * k, 1);
    for (unsigned j = 0; j < k; j++)
      a[k + j] = kCauchyBestRow1[j];
    return a;
  }
  Matrix a = cauchy_orig_matrix(k, m);
  improve_cauchy(k, m, a);
  return a;
}

bool row_is_all_ones(const Matrix &matrix, unsigned cols, unsigned row) {
  for (unsigned j = 0; j < cols; j++)
    if (matrix[std::size_t{row} * cols + j] != 1)
      return false;
  return true;
}

bool column_is_all_ones(const Matrix &matrix, unsigned rows, unsigned cols, unsigned col) {
  for (unsigned r = 0; r < rows; r++)
    if (matrix[std::size_t{r} * cols + col] != 1)
      return false;
  return true;
}

Matrix invert(unsigned n, const Matrix &a) {
  if (n == 0 || a.size() != static_cast<std::size_t>(n) * n)
    return {};
  Matrix w = a;
  Matrix r(n * n, 0);
  for (unsigned i = 0; i < n; i++)
    r[i * n + i] = 1;

  for (unsigned c = 0; c < n; c++) {
    unsigned p = c;
    while (p < n && w[p * n + c] == 0)
      p++;
    if (p == n)
      return {};
    if (p != c)
      for (unsigned j = 0; j < n; j++) {
        std::swap(w[p * n + j], w[c * n + j]);
        std::swap(r[p * n + j], r[c * n + j]);
      }
    const std::uint8_t s = inv(w[c * n + c]);
    scale_row(w, n, c, s);
    scale_row(r, n, c, s);
    for (unsigned i = 0; i < n; i++) {
      const std::uint8_t f = w[i * n + c];
      if (i == c || f == 0)
        continue;
      for (unsigned j = 0; j < n; j++) {
        w[i * n + j] ^= mul(f, w[c * n + j]);
        r[i * n + j] ^= mul(f, r[c * n + j]);
      }
    }
  }
  return r;
}

Matrix decode_rows(unsigned k, unsigned m, const Matrix &coding, const std::vector<unsigned> &survivors,
                   const std::vector<unsigned> &wanted) {
  if (!valid_km(k, m) || coding.size() != static_cast<std::size_t>(m) * k || survivors.size() != k)
    return {};
  const unsigned n = k + m;
  std::vector<bool> seen(n, false);
  for (unsigned s : survivors) {
    if (s >= n || seen[s])
      return {};
    seen[s] = true;
  }
  for (unsigned w : wanted)
    if (w >= n)
      return {};

  // Generator row of chunk id: the identity row for data, the coding row for parity.
  auto generator_row = [&](unsigned id, unsigned j) -> std::uint8_t {
    return id < k ? (id == j ? 1 : 0) : coding[(id - k) * k + j];
  };

  Matrix sub(k * k);
  for (unsigned i = 0; i < k; i++)
    for (unsigned j = 0; j < k; j++)
      sub[i * k + j] = generator_row(survivors[i], j);
  // data = inverse * survivors, so chunk w = generator_row(w) * inverse * survivors.
  const Matrix inverse = invert(k, sub);
  if (inverse.empty())
    return {};

  Matrix out(wanted.size() * k, 0);
  for (std::size_t r = 0; r < wanted.size(); r++)
    for (unsigned x = 0; x < k; x++) {
      const std::uint8_t g = generator_row(wanted[r], x);
      if (g == 0)
        continue;
      for (unsigned j = 0; j < k; j++)
        out[r * k + j] ^= mul(g, inverse[x * k + j]);
    }
  return out;
}

Matrix matrix_to_bitmatrix(unsigned rows, unsigned cols, const Matrix &matrix) {
  if (matrix.size() != static_cast<std::size_t>(rows) * cols)
    return {};
  const unsigned bit_cols = cols * 8;
  Matrix bits(static_cast<std::size_t>(rows) * 8 * bit_cols, 0);
  for (unsigned i = 0; i < rows; i++)
    for (unsigned j = 0; j < cols; j++) {
      std::uint8_t e = matrix[i * cols + j];
      for (unsigned x = 0; x < 8; x++) {
        for (unsigned l = 0; l < 8; l++)
          bits[(i * 8 + l) * bit_cols + j * 8 + x] = (e >> l) & 1;
        e = mul(e, 2);
      }
    }
  return bits;
}

} // namespace ec::gf
