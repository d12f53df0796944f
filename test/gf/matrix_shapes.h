// SPDX-License-Identifier: LGPL-2.1-or-later
// The (k, m) shapes the matrix builders are compared with their oracles on.
#ifndef EC_TEST_GF_MATRIX_SHAPES_H
#define EC_TEST_GF_MATRIX_SHAPES_H

#include <random>
#include <utility>
#include <vector>

namespace ec::gf {

// All k + m <= 40: every path of the builders (the emulated runs compare these alone).
inline std::vector<std::pair<unsigned, unsigned>> small_matrix_shapes() {
  std::vector<std::pair<unsigned, unsigned>> s;
  for (unsigned n = 2; n <= 40; n++)
    for (unsigned k = 1; k < n; k++)
      s.emplace_back(k, n - k);
  return s;
}

// The corners the brief names and a fixed pseudo-random sample up to k + m = 256: the field's limits.
inline std::vector<std::pair<unsigned, unsigned>> large_matrix_shapes() {
  std::vector<std::pair<unsigned, unsigned>> s;
  for (auto km : {std::pair{254u, 2u}, {200u, 56u}, {128u, 128u}, {2u, 254u}, {1u, 255u}, {255u, 1u}, {100u, 20u},
                  {64u, 64u}, {17u, 239u}, {150u, 3u}, {240u, 16u}, {41u, 2u}, {99u, 2u}, {199u, 2u}})
    s.push_back(km);
  std::mt19937 rng(20240611);
  for (int i = 0; i < 40; i++) {
    const unsigned n = 41 + rng() % 216;
    const unsigned k = 1 + rng() % (n - 1);
    s.emplace_back(k, n - k);
  }
  return s;
}

inline std::vector<std::pair<unsigned, unsigned>> matrix_shapes() {
  std::vector<std::pair<unsigned, unsigned>> s = small_matrix_shapes();
  const std::vector<std::pair<unsigned, unsigned>> large = large_matrix_shapes();
  s.insert(s.end(), large.begin(), large.end());
  return s;
}

} // namespace ec::gf

#endif
