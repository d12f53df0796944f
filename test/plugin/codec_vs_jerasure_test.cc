// SPDX-License-Identifier: LGPL-2.1-or-later
// Chunks from the codec, on every variant this CPU runs, equal those of Debian's libjerasure (the library
// the stock jerasure plugin codes with) for every technique, for all k+m <= 12 and sampled larger shapes.
#include <gtest/gtest.h>

extern "C" {
#include <cauchy.h>
#include <jerasure.h>
#include <reed_sol.h>
}

#include <cstdlib>
#include <sstream>

#include "codec_fixture.h"

namespace ec::test {
namespace {

using power8::Technique;

struct Shape {
  Technique technique;
  unsigned k, m, packetsize;
};

std::string profile_text(const Shape &s) {
  std::ostringstream o;
  o << technique_name(s.technique) << " k=" << s.k << " m=" << s.m << " packetsize=" << s.packetsize;
  return o.str();
}

// Parity computed by libjerasure the way the stock plugin calls it.
std::vector<std::string> jerasure_parity(const Shape &s, std::vector<std::string> data, std::size_t chunk) {
  std::vector<std::string> coding(s.m, std::string(chunk, '\0'));
  std::vector<char *> dp, cp;
  for (auto &d : data)
    dp.push_back(d.data());
  for (auto &c : coding)
    cp.push_back(c.data());
  const int k = static_cast<int>(s.k), m = static_cast<int>(s.m), size = static_cast<int>(chunk);
  int *matrix = nullptr;
  switch (s.technique) {
  case Technique::reed_sol_van:
    matrix = reed_sol_vandermonde_coding_matrix(k, m, 8);
    jerasure_matrix_encode(k, m, 8, matrix, dp.data(), cp.data(), size);
    break;
  case Technique::reed_sol_r6_op:
    reed_sol_r6_encode(k, 8, dp.data(), cp.data(), size);
    break;
  case Technique::cauchy_orig:
  case Technique::cauchy_good: {
    matrix = s.technique == Technique::cauchy_orig ? cauchy_original_coding_matrix(k, m, 8)
                                                   : cauchy_good_general_coding_matrix(k, m, 8);
    int *bitmatrix = jerasure_matrix_to_bitmatrix(k, m, 8, matrix);
    int **schedule = jerasure_smart_bitmatrix_to_schedule(k, m, 8, bitmatrix);
    jerasure_schedule_encode(k, m, 8, schedule, dp.data(), cp.data(), size, static_cast<int>(s.packetsize));
    jerasure_free_schedule(schedule);
    std::free(bitmatrix);
    break;
  }
  }
  std::free(matrix);
  return coding;
}

void expect_same_as_jerasure(const Shape &s, std::size_t object_size, std::uint32_t seed) {
  ceph::ErasureCodeProfile profile{{"technique", technique_name(s.technique)},
                                   {"k", std::to_string(s.k)},
                                   {"m", std::to_string(s.m)}};
  if (s.packetsize)
    profile["packetsize"] = std::to_string(s.packetsize);
  std::mt19937 rng(seed);
  const ceph::bufferlist object = random_bufferlist(object_size, rng);
  const std::string object_bytes = to_string(object);
  std::vector<std::string> expected;
  for (const simd::Kernels *kernels : runnable_kernels()) {
    auto codec = make_codec(profile, kernels);
    ASSERT_TRUE(codec);
    const unsigned chunk = codec->get_chunk_size(static_cast<unsigned>(object_size));
    std::map<int, ceph::bufferlist> encoded;
    ASSERT_EQ(codec->encode(all_shards(s.k + s.m), object, &encoded), 0);
    if (expected.empty()) {
      std::vector<std::string> data;
      for (unsigned i = 0; i < s.k; i++) {
        std::string d = object_bytes.substr(std::min<std::size_t>(object_size, std::size_t{i} * chunk), chunk);
        d.resize(chunk, '\0');
        data.push_back(d);
      }
      expected = data;
      for (auto &p : jerasure_parity(s, data, chunk))
        expected.push_back(p);
    }
    for (unsigned i = 0; i < s.k + s.m; i++)
      ASSERT_EQ(to_string(encoded[static_cast<int>(i)]), expected[i])
          << profile_text(s) << " variant " << kernels->name << " chunk " << i;
  }
}

TEST(codec_vs_jerasure, all_small_shapes) {
  for (Technique t : {Technique::reed_sol_van, Technique::reed_sol_r6_op, Technique::cauchy_orig,
                      Technique::cauchy_good}) {
    const bool cauchy = power8::is_bitmatrix(t);
    for (unsigned k = 2; k <= 11; k++) {
      for (unsigned m = 1; k + m <= 12; m++) {
        if (t == Technique::reed_sol_r6_op && m != 2)
          continue;
        // Cauchy with small packets keeps chunks small; the object is not a multiple of anything.
        expect_same_as_jerasure({t, k, m, cauchy ? 8u : 0u}, 5000 + 17 * k + m, k * 100 + m);
      }
    }
  }
}

TEST(codec_vs_jerasure, default_packetsize_and_large_shapes) {
  expect_same_as_jerasure({Technique::cauchy_good, 4, 2, 2048}, 4 * 65536 + 5, 1);
  expect_same_as_jerasure({Technique::cauchy_orig, 6, 3, 2048}, 300000, 2);
  expect_same_as_jerasure({Technique::cauchy_good, 10, 4, 64}, 123457, 3);
  expect_same_as_jerasure({Technique::reed_sol_van, 32, 8, 0}, 1 << 20, 4);
  expect_same_as_jerasure({Technique::reed_sol_van, 100, 20, 0}, 100 * 4096 + 1, 5);
  expect_same_as_jerasure({Technique::reed_sol_van, 200, 56, 0}, 200 * 512, 6);
  expect_same_as_jerasure({Technique::reed_sol_r6_op, 254, 2, 0}, 254 * 256 + 9, 7);
  expect_same_as_jerasure({Technique::cauchy_good, 30, 10, 8}, 30 * 640, 8);
  expect_same_as_jerasure({Technique::cauchy_good, 254, 2, 8}, 254 * 64, 9);
}

} // namespace
} // namespace ec::test
