// SPDX-License-Identifier: LGPL-2.1-or-later
// Writes kernels.vec from the reference kernels: make_vectors > test/vectors/kernels.vec
// Run it after a deliberate change of the case list below, never to make a failing variant pass.
#include <cstdio>

#include "simd/variants.h"
#include "vector_case.h"

using ec::test_vectors::VectorCase;

namespace {

std::uint64_t g_seed = 1;

// Coefficients of a case: a fixed walk over the field that includes 0 and 1 now and then.
std::vector<std::uint8_t> coefs(unsigned n) {
  std::vector<std::uint8_t> c(n);
  for (unsigned i = 0; i < n; i++)
    c[i] = static_cast<std::uint8_t>((g_seed * 131 + i * 29 + (i * i * 7)) % 256);
  return c;
}

void emit(VectorCase c) {
  c.seed = g_seed++;
  c.align = static_cast<unsigned>(c.seed * 7 % 64);
  c.digests = ec::test_vectors::run_case(ec::simd::kernels_reference, c);
  std::printf("%s\n", ec::test_vectors::format_case(c).c_str());
}

} // namespace

int main() {
  std::printf("# kernel test vectors, written by test/vectors/make_vectors.cc from the reference kernels\n");
  // Lengths around every unroll and tail boundary a 8..64-byte-wide variant may have, and big ones.
  const std::size_t lens[] = {0, 1, 7, 15, 16, 17, 31, 33, 63, 64, 65, 127, 129, 255, 256, 257, 511, 1000,
                              4096, 4109, 65536 + 5};
  for (unsigned c = 0; c < 256; c++) {
    VectorCase v{"mul"};
    v.len = 1000 + c % 16;
    v.coefs = {static_cast<std::uint8_t>(c)};
    emit(v);
  }
  const unsigned shapes[][2] = {{1, 1}, {2, 1}, {4, 2}, {3, 3}, {8, 3}, {10, 4}, {6, 6}, {12, 5}, {5, 7}, {2, 11}};
  for (auto &shape : shapes)
    for (std::size_t len : lens) {
      VectorCase v{"dot_prod"};
      v.k = shape[0];
      v.rows = shape[1];
      v.len = len;
      v.coefs = coefs(v.k * v.rows);
      emit(v);
    }
  for (unsigned rows : {1u, 2u, 3u, 4u, 6u, 7u, 9u})
    for (std::size_t len : lens) {
      VectorCase v{"mad"};
      v.rows = rows;
      v.len = len;
      v.coefs = coefs(rows);
      emit(v);
    }
  for (unsigned n : {1u, 2u, 3u, 5u, 16u})
    for (std::size_t len : lens) {
      VectorCase v{"xor_many"};
      v.k = n;
      v.len = len;
      emit(v);
    }
  return 0;
}
