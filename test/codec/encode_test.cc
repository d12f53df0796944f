// SPDX-License-Identifier: LGPL-2.1-or-later
// Codec::encode over raw pointers, on every variant this CPU runs: null data chunks read as zeros, null
// parities are left out, lengths the technique refuses are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <sstream>

#include "../simd/variant_params.h"
#include "codec_helpers.h"
#include "simd/variants.h"

namespace ec::codec::test {
namespace {

class CodecEncode : public simd::test::VariantTest {};

TEST_P(CodecEncode, null_data_is_a_zero_chunk) {
  std::mt19937 rng(11);
  for (const Shape &s : all_shapes()) {
    auto codec = make_codec(s, kernels());
    ASSERT_TRUE(codec);
    const std::size_t len = chunk_length(*codec, 5);
    for (unsigned trial = 0; trial < 6; trial++) {
      std::vector<Bytes> data = random_chunks(s.k, len, rng);
      std::vector<const std::uint8_t *> with_nulls = inputs(data);
      // Trial 0 leaves every chunk out; the others a random subset (possibly none).
      for (unsigned j = 0; j < s.k; j++) {
        if (trial == 0 || rng() % 2) {
          with_nulls[j] = nullptr;
          std::fill(data[j].begin(), data[j].end(), 0);
        }
      }
      std::vector<Bytes> parity(s.m, Bytes(len, 0x5a));
      ASSERT_EQ(codec->encode(len, with_nulls.data(), outputs(parity).data()), 0) << describe(s);
      EXPECT_EQ(parity, full_parity(*codec, data)) << describe(s) << " trial " << trial;
      if (trial == 0) {
        EXPECT_EQ(parity, std::vector<Bytes>(s.m, Bytes(len, 0))) << describe(s);
      }
    }
  }
}

TEST_P(CodecEncode, null_parity_is_not_written) {
  std::mt19937 rng(12);
  for (const Shape &s : all_shapes()) {
    auto codec = make_codec(s, kernels());
    ASSERT_TRUE(codec);
    const std::size_t len = chunk_length(*codec, 3);
    const std::vector<Bytes> data = random_chunks(s.k, len, rng);
    const std::vector<Bytes> expected = full_parity(*codec, data);
    for (unsigned trial = 0; trial < 8; trial++) {
      std::vector<Bytes> parity(s.m, Bytes(len, 0x5a));
      std::vector<std::uint8_t *> wanted = outputs(parity);
      std::vector<bool> is_wanted(s.m);
      for (unsigned r = 0; r < s.m; r++) {
        is_wanted[r] = trial == 1 ? r == 0 : (trial == 2 ? r == s.m - 1 : rng() % 2 == 0);
        if (!is_wanted[r])
          wanted[r] = nullptr;
      }
      ASSERT_EQ(codec->encode(len, inputs(data).data(), wanted.data()), 0) << describe(s);
      for (unsigned r = 0; r < s.m; r++) {
        if (is_wanted[r]) {
          EXPECT_EQ(parity[r], expected[r]) << describe(s) << " parity " << r;
        } else {
          EXPECT_EQ(parity[r], Bytes(len, 0x5a)) << describe(s) << " parity " << r << " was written";
        }
      }
    }
  }
}

TEST_P(CodecEncode, refuses_lengths_that_are_not_whole_packet_groups) {
  for (const Shape &s : all_shapes()) {
    auto codec = make_codec(s, kernels());
    ASSERT_TRUE(codec);
    const std::size_t g = codec->minimum_granularity();
    EXPECT_EQ(g, is_bitmatrix(s.technique) ? std::size_t{kW} * s.packetsize : 1) << describe(s);
    std::vector<Bytes> data(s.k, Bytes(3 * g + 1)), parity(s.m, Bytes(3 * g + 1));
    const int expected = g == 1 ? 0 : -EINVAL;
    EXPECT_EQ(codec->accepts_length(3 * g + 1), g == 1) << describe(s);
    EXPECT_EQ(codec->encode(3 * g + 1, inputs(data).data(), outputs(parity).data()), expected) << describe(s);
  }
}

TEST_P(CodecEncode, chunk_size_and_parameters_follow_the_profile) {
  auto codec = make_codec({Technique::cauchy_good, 4, 2, 16}, kernels());
  ASSERT_TRUE(codec);
  EXPECT_EQ(codec->k(), 4u);
  EXPECT_EQ(codec->m(), 2u);
  EXPECT_EQ(codec->parameters().packetsize, 16u);
  // jerasure's alignment for cauchy k=4, w=8, packetsize=16: k*w*packetsize*sizeof(int) = 2048.
  EXPECT_EQ(codec->chunk_size(4096), 1024u);
  EXPECT_EQ(codec->chunk_size(4097), 1536u);
  EXPECT_EQ(&codec->kernels(), &kernels());
  EXPECT_NE(codec->decode_cache(), nullptr);
}

TEST(CodecInit, writes_defaults_back_and_names_bad_keys) {
  Codec codec(simd::kernels_reference, nullptr);
  Profile profile;
  std::ostringstream errors;
  ASSERT_EQ(codec.init(profile, kPacific, &errors), 0) << errors.str();
  EXPECT_EQ(profile.at("technique"), "reed_sol_van");
  EXPECT_EQ(profile.at("k"), "7");
  EXPECT_EQ(profile.at("m"), "3");
  EXPECT_EQ(profile.at("w"), "8");
  EXPECT_EQ(codec.decode_cache(), nullptr);
  Profile raid6{{"technique", "reed_sol_r6_op"}, {"k", "5"}};
  ASSERT_EQ(codec.init(raid6, kPacific, &errors), 0) << errors.str();
  EXPECT_EQ(raid6.at("m"), "2");
  Profile bad{{"k", "1"}};
  EXPECT_EQ(codec.init(bad, kPacific, &errors), -EINVAL);
  EXPECT_NE(errors.str().find("k=1 is not valid"), std::string::npos) << errors.str();
}

EC_INSTANTIATE_FOR_ALL_VARIANTS(CodecEncode);

} // namespace
} // namespace ec::codec::test
