// SPDX-License-Identifier: LGPL-2.1-or-later
// Chunks from the codec, on every variant this CPU runs, equal those of Debian's libjerasure (the library
// the stock jerasure plugin codes with) for every jerasure technique, and of Debian's libisal (the stock
// isa plugin's) for isa's, for all small shapes and sampled larger ones: an object of the given size cut
// into chunks of the codec's chunk_size() (the last ones zero-padded, as the adapters do), its parity by
// Codec::encode.
#include <gtest/gtest.h>

#include <algorithm>

#include "codec_helpers.h"
#include "isal_parity.h"
#include "simd/variants.h"

namespace ec::codec::test {
namespace {

void expect_same_as_stock_library(const Shape &s, std::size_t object_size, std::uint32_t seed) {
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
      expected = ec::test::stock_plugin_parity(s.technique, s.k, s.m, s.packetsize, data, chunk);
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
        expect_same_as_stock_library({t, k, m, cauchy ? 8u : 0u}, 5000 + 17 * k + m, k * 100 + m);
      }
    }
  }
}

TEST(codec_vs_jerasure, default_packetsize_and_large_shapes) {
  expect_same_as_stock_library({Technique::cauchy_good, 4, 2, 2048}, 4 * 65536 + 5, 1);
  expect_same_as_stock_library({Technique::cauchy_orig, 6, 3, 2048}, 300000, 2);
  expect_same_as_stock_library({Technique::cauchy_good, 10, 4, 64}, 123457, 3);
  expect_same_as_stock_library({Technique::reed_sol_van, 32, 8, 0}, 1 << 20, 4);
  expect_same_as_stock_library({Technique::reed_sol_van, 100, 20, 0}, 100 * 4096 + 1, 5);
  expect_same_as_stock_library({Technique::reed_sol_van, 200, 56, 0}, 200 * 512, 6);
  expect_same_as_stock_library({Technique::reed_sol_r6_op, 254, 2, 0}, 254 * 256 + 9, 7);
  expect_same_as_stock_library({Technique::cauchy_good, 30, 10, 8}, 30 * 640, 8);
  expect_same_as_stock_library({Technique::cauchy_good, 254, 2, 8}, 254 * 64, 9);
}

// isa's Vandermonde code for every shape isa accepts (m <= 4, k <= 32, k <= 21 with m = 4), m = 1 being
// isa's XOR; its Cauchy code for all k+m <= 12 and large shapes up to the field's 256 chunks.
TEST(codec_vs_isal, every_reed_sol_van_shape_isa_accepts) {
  for (unsigned m = 1; m <= 4; m++)
    for (unsigned k = 2; k <= (m == 4 ? 21u : 32u); k++)
      expect_same_as_stock_library({Technique::isa_reed_sol_van, k, m, 0}, 999 * k + 17 * m, 1000 + k * 10 + m);
}

TEST(codec_vs_isal, cauchy_small_and_large_shapes) {
  for (unsigned k = 2; k <= 11; k++)
    for (unsigned m = 1; k + m <= 12; m++)
      expect_same_as_stock_library({Technique::isa_cauchy, k, m, 0}, 5000 + 17 * k + m, 2000 + k * 100 + m);
  expect_same_as_stock_library({Technique::isa_cauchy, 120, 1, 0}, 120 * 4096, 11);
  expect_same_as_stock_library({Technique::isa_cauchy, 32, 32, 0}, 32 * 4096 + 1, 12);
  expect_same_as_stock_library({Technique::isa_cauchy, 100, 27, 0}, 100 * 512 + 3, 13);
  expect_same_as_stock_library({Technique::isa_cauchy, 200, 56, 0}, 200 * 256, 14);
  expect_same_as_stock_library({Technique::isa_cauchy, 4, 40, 0}, 1 << 20, 15);
  expect_same_as_stock_library({Technique::isa_reed_sol_van, 10, 4, 0}, (1 << 20) + 7, 16);
}

} // namespace
} // namespace ec::codec::test
