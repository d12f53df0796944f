// SPDX-License-Identifier: LGPL-2.1-or-later
// Chunks from the codec, on every variant this CPU runs, equal those of Debian's libjerasure (the library
// the stock jerasure plugin codes with) for every technique, for all k+m <= 12 and sampled larger shapes:
// an object of the given size cut into chunks of the codec's chunk_size() (the last ones zero-padded, as
// the adapters do), its parity by Codec::encode.
#include <gtest/gtest.h>

#include <algorithm>

#include "codec_helpers.h"
#include "jerasure_parity.h"
#include "simd/variants.h"

namespace ec::codec::test {
namespace {

void expect_same_as_jerasure(const Shape &s, std::size_t object_size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  const Bytes object = random_bytes(object_size, rng);
  std::vector<std::string> data, expected;
  std::size_t chunk = 0;
  for (const simd::Kernels *kernels : simd::runnable_built_variants()) {
    auto codec = make_codec(s, *kernels);
    ASSERT_TRUE(codec);
    if (expected.empty()) {
      chunk = codec->chunk_size(object_size);
      for (unsigned i = 0; i < s.k; i++) {
        const std::size_t begin = std::min(object_size, std::size_t{i} * chunk);
        std::string d(object.begin() + begin, object.begin() + std::min(object_size, begin + chunk));
        d.resize(chunk, '\0');
        data.push_back(d);
      }
      expected = ec::test::jerasure_parity(s.technique, s.k, s.m, s.packetsize, data, chunk);
    }
    ASSERT_EQ(codec->chunk_size(object_size), chunk) << describe(s) << " variant " << kernels->name;
    std::vector<const std::uint8_t *> in;
    for (const std::string &d : data)
      in.push_back(reinterpret_cast<const std::uint8_t *>(d.data()));
    std::vector<Bytes> parity(s.m, Bytes(chunk));
    ASSERT_EQ(codec->encode(chunk, in.data(), outputs(parity).data()), 0) << describe(s);
    for (unsigned r = 0; r < s.m; r++)
      ASSERT_EQ(std::string(parity[r].begin(), parity[r].end()), expected[r])
          << describe(s) << " variant " << kernels->name << " parity " << r;
  }
}

TEST(codec_vs_jerasure, all_small_shapes) {
  for (Technique t : {Technique::reed_sol_van, Technique::reed_sol_r6_op, Technique::cauchy_orig,
                      Technique::cauchy_good}) {
    const bool cauchy = is_bitmatrix(t);
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
} // namespace ec::codec::test
