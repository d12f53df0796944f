// SPDX-License-Identifier: LGPL-2.1-or-later
// One kernel test vector: which kernel, its shape, and the digest of every output. The inputs are not
// stored: they come from a counter-based generator that depends only on (seed, buffer, byte index), so
// every architecture rebuilds the same bytes. The file (kernels.vec) was written by make_vectors with the
// reference kernels; checking a variant against it on x86 and under qemu on ppc64le ties both builds to
// the same checked-in truth, not only to a reference compiled for each of them.
#ifndef EC_TEST_VECTORS_VECTOR_CASE_H
#define EC_TEST_VECTORS_VECTOR_CASE_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "simd/kernels.h"

namespace ec::test_vectors {

struct VectorCase {
  explicit VectorCase(std::string name = {}) : kernel(std::move(name)) {}
  std::string kernel;   // mul, mad, dot_prod or xor_many
  unsigned k = 1;       // sources (dot_prod, xor_many), else 1
  unsigned rows = 1;    // outputs (dot_prod, mad), else 1
  std::size_t len = 0;
  unsigned align = 0;   // every buffer starts this many bytes past a 64-byte boundary
  std::uint64_t seed = 0;
  std::vector<std::uint8_t> coefs;    // rows * k, row-major (none for xor_many)
  std::vector<std::uint64_t> digests; // FNV-1a 64 of each output, in order
};

// Runs the case's kernel from kernels on the generated inputs; returns the digest of each output.
std::vector<std::uint64_t> run_case(const simd::Kernels &kernels, const VectorCase &c);

// "dot_prod k=4 rows=2 len=4109 align=3 seed=17 coefs=0a1b... out=<hex>,<hex>"
std::string format_case(const VectorCase &c);
bool parse_case(const std::string &line, VectorCase *c);

} // namespace ec::test_vectors

#endif
