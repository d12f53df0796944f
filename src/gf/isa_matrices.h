// SPDX-License-Identifier: LGPL-2.1-or-later
// The coding matrices of Ceph's isa plugin, built from their definitions: the rows below the k x k
// identity of ISA-L's gf_gen_rs_matrix (technique reed_sol_van) and gf_gen_cauchy1_matrix (cauchy).
// Same layout as matrix.h: m rows of k coefficients, parity i = sum over j of a[i*k + j] * data j.
//
// These are the matrices alone. What isa codes with them (its m = 1 XOR rule) is the codec's business
// (codec/isa_family.cc).
#ifndef EC_GF_ISA_MATRICES_H
#define EC_GF_ISA_MATRICES_H

#include "gf/matrix.h"

namespace ec::gf {

// Parity row i is 1, g, g^2, ..., g^(k-1) with g = 2^i: a Vandermonde matrix in the powers of 2. It is not
// MDS for every k and m (isa bounds them: m <= 4, k <= 32, k <= 21 when m = 4).
Matrix isa_reed_sol_van_matrix(unsigned k, unsigned m);

// Parity row i, column j is 1 / ((k + i) + j) in GF(2^8) (addition is XOR): a Cauchy matrix on the k + m
// distinct points 0 .. k+m-1, so every square submatrix is invertible and the code is MDS (k + m <= 256).
Matrix isa_cauchy_matrix(unsigned k, unsigned m);

} // namespace ec::gf

#endif
