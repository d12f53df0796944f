// SPDX-License-Identifier: LGPL-2.1-or-later
// Codec::apply_delta on every variant this CPU runs (the POWER ones under qemu in qa stage 30): random
// partial updates of random data chunks, at every offset and length the technique's granularity allows,
// leave the parity a full re-encode of the updated data gives, byte for byte -- and libjerasure's.
#include <gtest/gtest.h>

#include <cerrno>
#include <string>

#include "../simd/variant_params.h"
#include "codec_helpers.h"
#include "isal_parity.h"

namespace ec::codec::test {
namespace {

class CodecDelta : public simd::test::VariantTest {};

std::vector<std::string> as_strings(const std::vector<Bytes> &chunks) {
  std::vector<std::string> s;
  for (const Bytes &c : chunks)
    s.emplace_back(c.begin(), c.end());
  return s;
}

// One partial update of data[j] over [off, off + len): new bytes, their delta applied to the parity
// (half the parities in one call and the rest in another when `split`, or all in one), delta computed
// in place in a copy of the old bytes when `in_place`.
void update(const Codec &codec, std::vector<Bytes> &data, std::vector<Bytes> &parity, unsigned j, std::size_t off,
            std::size_t len, bool split, bool in_place, std::mt19937 &rng) {
  const Bytes fresh = random_bytes(len, rng);
  Bytes delta(data[j].begin() + off, data[j].begin() + off + len);
  if (in_place) {
    codec.encode_delta(len, delta.data(), fresh.data(), delta.data());
  } else {
    Bytes separate(len);
    codec.encode_delta(len, data[j].data() + off, fresh.data(), separate.data());
    delta = separate;
  }
  std::vector<std::uint8_t *> first(codec.m(), nullptr), rest(codec.m(), nullptr);
  for (unsigned r = 0; r < codec.m(); r++)
    (split && r % 2 ? rest : first)[r] = parity[r].data() + off;
  ASSERT_EQ(codec.apply_delta(len, j, delta.data(), first.data()), 0);
  if (split) {
    ASSERT_EQ(codec.apply_delta(len, j, delta.data(), rest.data()), 0);
  }
  std::copy(fresh.begin(), fresh.end(), data[j].begin() + off);
}

TEST_P(CodecDelta, random_partial_updates_equal_a_full_re_encode) {
  std::mt19937 rng(31);
  for (const Shape &s : all_shapes()) {
    auto codec = make_codec(s, kernels());
    ASSERT_TRUE(codec);
    const std::size_t g = codec->minimum_granularity();
    const std::size_t len = chunk_length(*codec, 7);
    const std::size_t units = len / g;
    std::vector<Bytes> data = random_chunks(s.k, len, rng);
    std::vector<Bytes> parity = full_parity(*codec, data);
    for (unsigned trial = 0; trial < 24; trial++) {
      const unsigned j = static_cast<unsigned>(rng() % s.k);
      std::size_t first = rng() % units, count = 1 + rng() % (units - first);
      if (trial == 0)
        first = 0, count = units; // the whole chunk
      else if (trial == 1)
        count = 1; // one granule
      else if (trial == 2)
        first = units - 1, count = 1; // the last granule
      update(*codec, data, parity, j, first * g, count * g, trial % 3 == 1, trial % 2 == 1, rng);
      ASSERT_EQ(parity, full_parity(*codec, data))
          << describe(s) << " trial " << trial << ": data " << j << " bytes " << first * g << "+" << count * g;
    }
    if (s.m <= 4) { // libjerasure's (libisal's) parity of the updated data too
      EXPECT_EQ(as_strings(parity), ec::test::stock_plugin_parity(s.technique, s.k, s.m, s.packetsize,
                                                                  as_strings(data), len))
          << describe(s);
    }
  }
}

TEST_P(CodecDelta, zero_length_and_no_parity_change_nothing) {
  std::mt19937 rng(32);
  for (const Shape &s : all_shapes()) {
    auto codec = make_codec(s, kernels());
    ASSERT_TRUE(codec);
    const std::size_t len = chunk_length(*codec, 2);
    std::vector<Bytes> data = random_chunks(s.k, len, rng);
    std::vector<Bytes> parity = full_parity(*codec, data);
    const std::vector<Bytes> before = parity;
    const Bytes delta = random_bytes(len, rng);
    EXPECT_EQ(codec->apply_delta(0, 0, delta.data(), outputs(parity).data()), 0) << describe(s);
    std::vector<std::uint8_t *> none(s.m, nullptr);
    EXPECT_EQ(codec->apply_delta(len, s.k - 1, delta.data(), none.data()), 0) << describe(s);
    EXPECT_EQ(parity, before) << describe(s);
  }
}

TEST_P(CodecDelta, errors) {
  for (const Shape &s : all_shapes()) {
    auto codec = make_codec(s, kernels());
    ASSERT_TRUE(codec);
    const std::size_t g = codec->minimum_granularity();
    std::vector<Bytes> parity(s.m, Bytes(4 * g));
    const Bytes delta(4 * g);
    EXPECT_EQ(codec->apply_delta(4 * g, s.k, delta.data(), outputs(parity).data()), -EINVAL) << describe(s);
    if (g > 1) {
      EXPECT_EQ(codec->apply_delta(4 * g - 1, 0, delta.data(), outputs(parity).data()), -EINVAL) << describe(s);
      EXPECT_EQ(codec->apply_delta(g / 2, 0, delta.data(), outputs(parity).data()), -EINVAL) << describe(s);
    } else {
      EXPECT_EQ(codec->apply_delta(3, 0, delta.data(), outputs(parity).data()), 0) << describe(s);
    }
  }
}

TEST_P(CodecDelta, encode_delta_is_the_xor_in_place_or_not) {
  std::mt19937 rng(33);
  auto codec = make_codec({Technique::reed_sol_van, 4, 2, 0}, kernels());
  ASSERT_TRUE(codec);
  for (std::size_t len : {std::size_t{0}, std::size_t{1}, std::size_t{63}, std::size_t{4099}}) {
    const Bytes a = random_bytes(len, rng), b = random_bytes(len, rng);
    Bytes expected(len);
    for (std::size_t i = 0; i < len; i++)
      expected[i] = a[i] ^ b[i];
    Bytes out(len, 0x5a);
    codec->encode_delta(len, a.data(), b.data(), out.data());
    EXPECT_EQ(out, expected) << len;
    Bytes old_in_place = a;
    codec->encode_delta(len, old_in_place.data(), b.data(), old_in_place.data());
    EXPECT_EQ(old_in_place, expected) << len;
    Bytes new_in_place = b;
    codec->encode_delta(len, a.data(), new_in_place.data(), new_in_place.data());
    EXPECT_EQ(new_in_place, expected) << len;
  }
}

EC_INSTANTIATE_FOR_ALL_VARIANTS(CodecDelta);

} // namespace
} // namespace ec::codec::test
