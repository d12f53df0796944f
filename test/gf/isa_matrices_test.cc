// SPDX-License-Identifier: LGPL-2.1-or-later
// isa's coding matrices against Debian's libisal: the rows ISA-L's gf_gen_rs_matrix and
// gf_gen_cauchy1_matrix put below the identity, byte for byte, on the shapes jerasure's builders are
// checked on (all up to 40 chunks, corners and a sample up to 256).
#include "gf/isa_matrices.h"
#include "matrix_shapes.h"

#include <gtest/gtest.h>

extern "C" {
#include <isa-l/erasure_code.h>
}

namespace ec::gf {
namespace {

// ISA-L's (k+m) x k generator: checks that its top is the identity, returns the m rows below.
using IsaGenerator = void (*)(unsigned char *a, int rows, int k);
Matrix isal_coding_rows(IsaGenerator generate, unsigned k, unsigned m) {
  Matrix full(std::size_t{k + m} * k, 0xee);
  generate(full.data(), static_cast<int>(k + m), static_cast<int>(k));
  for (unsigned i = 0; i < k; i++)
    for (unsigned j = 0; j < k; j++)
      EXPECT_EQ(full[std::size_t{i} * k + j], i == j ? 1 : 0) << "not systematic: k=" << k << " m=" << m;
  return Matrix(full.begin() + std::size_t{k} * k, full.end());
}

TEST(IsaMatrices, ReedSolVanIsGfGenRsMatrix) {
  for (auto [k, m] : matrix_shapes())
    ASSERT_EQ(isa_reed_sol_van_matrix(k, m), isal_coding_rows(gf_gen_rs_matrix, k, m)) << "k=" << k << " m=" << m;
}

TEST(IsaMatrices, CauchyIsGfGenCauchy1Matrix) {
  for (auto [k, m] : matrix_shapes())
    ASSERT_EQ(isa_cauchy_matrix(k, m), isal_coding_rows(gf_gen_cauchy1_matrix, k, m)) << "k=" << k << " m=" << m;
}

TEST(IsaMatrices, RefuseShapesBeyondTheField) {
  for (auto builder : {isa_reed_sol_van_matrix, isa_cauchy_matrix}) {
    EXPECT_TRUE(builder(0, 2).empty());
    EXPECT_TRUE(builder(2, 0).empty());
    EXPECT_TRUE(builder(200, 57).empty());
    EXPECT_FALSE(builder(200, 56).empty());
  }
}

} // namespace
} // namespace ec::gf
