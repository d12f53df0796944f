// SPDX-License-Identifier: LGPL-2.1-or-later
// Coding matrices built exactly as jerasure builds them for w=8, and the linear algebra to decode.
//
// A matrix is row-major in a std::vector<uint8_t>. A coding matrix has m rows and k columns: parity chunk
// i is sum over j of coding[i*k + j] * data chunk j. The full generator of the systematic code is the
// k x k identity on top of it; chunk ids 0..k-1 are data, k..k+m-1 parity.
// Builders return an empty vector for parameters they cannot serve (k < 1, m < 1, k + m > 256, ...).
// Nothing here runs per encode: matrices are built at init and on a decode-cache miss.
#ifndef EC_GF_MATRIX_H
#define EC_GF_MATRIX_H

#include <cstdint>
#include <vector>

namespace ec::gf {

using Matrix = std::vector<std::uint8_t>;

constexpr unsigned kMaxChunks = 256; // k + m for w = 8

Matrix reed_sol_van_matrix(unsigned k, unsigned m);  // jerasure reed_sol_vandermonde_coding_matrix
Matrix reed_sol_r6_op_matrix(unsigned k);            // m = 2: rows 1...1 and 1, 2, 4, ... 2^(k-1)
Matrix cauchy_orig_matrix(unsigned k, unsigned m);   // jerasure cauchy_original_coding_matrix
Matrix cauchy_good_matrix(unsigned k, unsigned m);   // jerasure cauchy_good_general_coding_matrix

// Whether row `row` of a matrix of `cols` columns is all ones (Reed-Solomon's XOR parity: a sum, no multiply).
bool row_is_all_ones(const Matrix &matrix, unsigned cols, unsigned row);
// Whether column `col` of a matrix of `rows` rows and `cols` columns is all ones (Reed-Solomon's Vandermonde
// encode matrices, jerasure's and ISA-L's: the first data chunk is added to every parity, no multiply).
bool column_is_all_ones(const Matrix &matrix, unsigned rows, unsigned cols, unsigned col);

// Inverse of the n x n matrix a; empty if a is singular.
Matrix invert(unsigned n, const Matrix &a);

// Rows that rebuild the chunks `wanted` (any ids in 0..k+m-1) from the k chunks `survivors` (distinct
// ids): result has wanted.size() rows and k columns, coefficient j applying to chunk survivors[j].
// Empty if survivors are not k distinct valid ids (or do not determine the data).
Matrix decode_rows(unsigned k, unsigned m, const Matrix &coding, const std::vector<unsigned> &survivors,
                   const std::vector<unsigned> &wanted);

// The w x w bit blocks jerasure_matrix_to_bitmatrix makes for w=8: element e at (i, j) becomes the 8x8
// block at rows 8i..8i+7, columns 8j..8j+7 whose column x holds the bits of e * 2^x (row l = bit l).
// Result: (rows*8) x (cols*8) entries of 0 or 1, row-major.
Matrix matrix_to_bitmatrix(unsigned rows, unsigned cols, const Matrix &matrix);

} // namespace ec::gf

#endif
