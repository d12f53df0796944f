// SPDX-License-Identifier: LGPL-2.1-or-later
// Codec::decode over pointer arrays, on every variant this CPU runs: every erasure pattern of the small
// shapes rebuilds the encoded chunks, with and without a decode cache; its errors.
#include <gtest/gtest.h>

#include <cerrno>

#include "../simd/variant_params.h"
#include "codec_helpers.h"

namespace ec::codec::test {
namespace {

class CodecDecode : public simd::test::VariantTest {};

// The k+m chunks of random data, by logical id.
std::vector<Bytes> encoded_chunks(const Codec &codec, std::size_t len, std::mt19937 &rng) {
  std::vector<Bytes> chunks = random_chunks(codec.k(), len, rng);
  for (Bytes &p : full_parity(codec, chunks))
    chunks.push_back(std::move(p));
  return chunks;
}

void expect_every_pattern_decodes(const Shape &s, const Codec &codec, std::mt19937 &rng) {
  const unsigned n = s.k + s.m;
  const std::size_t len = chunk_length(codec, 3);
  const std::vector<Bytes> chunks = encoded_chunks(codec, len, rng);
  for (unsigned erased = 1; erased < (1u << n); erased++) {
    const unsigned count = static_cast<unsigned>(__builtin_popcount(erased));
    std::vector<const std::uint8_t *> available(n);
    std::vector<Bytes> rebuilt(n, Bytes(len, 0x5a));
    std::vector<std::uint8_t *> rebuild(n, nullptr);
    for (unsigned id = 0; id < n; id++) {
      if (erased & (1u << id)) {
        rebuild[id] = rebuilt[id].data();
      } else {
        available[id] = chunks[id].data();
      }
    }
    const int r = codec.decode(len, available.data(), rebuild.data());
    if (count > s.m) {
      EXPECT_EQ(r, -EIO) << describe(s) << " erased mask " << erased;
      continue;
    }
    ASSERT_EQ(r, 0) << describe(s) << " erased mask " << erased;
    for (unsigned id = 0; id < n; id++) {
      if (erased & (1u << id)) {
        ASSERT_EQ(rebuilt[id], chunks[id]) << describe(s) << " erased mask " << erased << " chunk " << id;
      }
    }
  }
}

TEST_P(CodecDecode, every_erasure_pattern_of_small_codes) {
  std::mt19937 rng(21);
  for (const Shape &s : small_shapes()) {
    auto cached = make_codec(s, kernels());
    ASSERT_TRUE(cached);
    expect_every_pattern_decodes(s, *cached, rng);
    expect_every_pattern_decodes(s, *cached, rng); // now from the cache
    auto uncached = make_codec(s, kernels(), nullptr);
    ASSERT_TRUE(uncached);
    expect_every_pattern_decodes(s, *uncached, rng);
  }
}

TEST_P(CodecDecode, rebuilds_only_the_chunks_given_a_buffer) {
  std::mt19937 rng(22);
  for (const Shape &s : all_shapes()) {
    if (s.m < 2)
      continue; // two chunks are lost below
    auto codec = make_codec(s, kernels());
    ASSERT_TRUE(codec);
    const unsigned n = s.k + s.m;
    const std::size_t len = chunk_length(*codec, 2);
    const std::vector<Bytes> chunks = encoded_chunks(*codec, len, rng);
    // The first data chunk and the last parity are lost; only the parity is wanted.
    std::vector<const std::uint8_t *> available = inputs(chunks);
    available[0] = available[n - 1] = nullptr;
    Bytes parity(len, 0);
    std::vector<std::uint8_t *> rebuild(n, nullptr);
    rebuild[n - 1] = parity.data();
    ASSERT_EQ(codec->decode(len, available.data(), rebuild.data()), 0) << describe(s);
    EXPECT_EQ(parity, chunks[n - 1]) << describe(s);
  }
}

TEST_P(CodecDecode, errors) {
  std::mt19937 rng(23);
  for (const Shape &s : all_shapes()) {
    auto codec = make_codec(s, kernels());
    ASSERT_TRUE(codec);
    const unsigned n = s.k + s.m;
    const std::size_t len = chunk_length(*codec, 2);
    std::vector<Bytes> chunks = encoded_chunks(*codec, len, rng);
    std::vector<const std::uint8_t *> available = inputs(chunks);
    std::vector<std::uint8_t *> rebuild(n, nullptr);
    EXPECT_EQ(codec->decode(len, available.data(), rebuild.data()), 0) << describe(s) << ": nothing to rebuild";
    Bytes out(len);
    rebuild[1] = out.data();
    EXPECT_EQ(codec->decode(len, available.data(), rebuild.data()), -EINVAL) << describe(s) << ": id in both";
    available[1] = nullptr;
    if (codec->minimum_granularity() > 1) {
      EXPECT_EQ(codec->decode(len - 1, available.data(), rebuild.data()), -EINVAL) << describe(s) << ": length";
    }
    for (unsigned id = 0; id <= s.m; id++)
      available[(id + 1) % n] = nullptr; // m + 1 chunks lost
    EXPECT_EQ(codec->decode(len, available.data(), rebuild.data()), -EIO) << describe(s);
  }
}

EC_INSTANTIATE_FOR_ALL_VARIANTS(CodecDecode);

} // namespace
} // namespace ec::codec::test
