// SPDX-License-Identifier: LGPL-2.1-or-later
// One randomised run of a kernel of a variant against the reference, on misaligned buffers with
// sentinels: the result names the shape and the first wrong byte.
#ifndef EC_TEST_SIMD_KERNEL_CHECKS_H
#define EC_TEST_SIMD_KERNEL_CHECKS_H

#include <gtest/gtest.h>

#include <cstddef>

#include "simd/kernels.h"
#include "test_buffers.h"

namespace ec::simd::test {

struct Shape {
  std::size_t len = 0;
  unsigned k = 1;    // sources (dot_prod), or n (xor_many)
  unsigned rows = 1; // outputs (dot_prod, mad)
  unsigned src_align = 0, dst_align = 0; // of the first buffer; the others are spread from there
};

::testing::AssertionResult check_mul(const Kernels &kernels, const Shape &shape, Rng &rng);
::testing::AssertionResult check_mad(const Kernels &kernels, const Shape &shape, Rng &rng);
// xor_mad against the reference's mad with coefficient 1 for the first row.
::testing::AssertionResult check_xor_mad(const Kernels &kernels, const Shape &shape, Rng &rng);
::testing::AssertionResult check_dot_prod(const Kernels &kernels, const Shape &shape, Rng &rng);
// xor_dot_prod against the reference's dot_prod with coefficients 1 in the first row, and xor_dot_prod_ones
// with coefficients 1 in the first column too.
::testing::AssertionResult check_xor_dot_prod(const Kernels &kernels, const Shape &shape, Rng &rng);
// in_place < shape.k: dst is src[in_place]; otherwise a separate buffer.
::testing::AssertionResult check_xor_many(const Kernels &kernels, const Shape &shape, unsigned in_place,
                                          Rng &rng);
// All five with the same shape (k and rows as each kernel understands them).
::testing::AssertionResult check_all(const Kernels &kernels, const Shape &shape, Rng &rng);

} // namespace ec::simd::test

#endif
