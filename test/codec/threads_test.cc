// SPDX-License-Identifier: LGPL-2.1-or-later
// One Codec shared by several threads, as an OSD shares a pool's codec between its op threads: concurrent
// encodes (whole and with missing data), decodes of random erasure patterns through a decode cache small
// enough to evict plans while other threads use them, and deltas, each checked against single-threaded
// results. Meant to run under ThreadSanitizer too (qa/stages/50-reliability.sh).
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "codec_helpers.h"
#include "simd/variants.h"

namespace ec::codec::test {
namespace {

constexpr unsigned kThreads = 4;
constexpr unsigned kRounds = 60;

// Failures counted by the workers, reported by the test's thread.
struct Failures {
  std::atomic<unsigned> encode{0}, decode{0}, delta{0};
};

void work(const Codec &codec, const std::vector<Bytes> &chunks, unsigned seed, Failures &failures) {
  std::mt19937 rng(seed);
  const unsigned k = codec.k(), m = codec.m(), n = k + m;
  const std::size_t len = chunks[0].size();
  const std::vector<Bytes> data(chunks.begin(), chunks.begin() + k);
  const std::vector<Bytes> parity(chunks.begin() + k, chunks.end());
  for (unsigned round = 0; round < kRounds; round++) {
    // Encode, every other round with the zero chunks left out (data[j] zeroed, pointer null).
    std::vector<Bytes> out(m, Bytes(len));
    if (round % 2) {
      if (codec.encode(len, inputs(data).data(), outputs(out).data()) || out != parity)
        failures.encode++;
    } else {
      std::vector<const std::uint8_t *> in = inputs(data);
      in[round % k] = nullptr;
      std::vector<Bytes> zeroed = data;
      std::fill(zeroed[round % k].begin(), zeroed[round % k].end(), 0);
      std::vector<Bytes> expected(m, Bytes(len));
      if (codec.encode(len, in.data(), outputs(out).data()) ||
          codec.encode(len, inputs(zeroed).data(), outputs(expected).data()) || out != expected)
        failures.encode++;
    }
    // Decode a random pattern of 1..m erasures.
    std::vector<const std::uint8_t *> available = inputs(chunks);
    std::vector<Bytes> rebuilt(n, Bytes(len));
    std::vector<std::uint8_t *> rebuild(n, nullptr);
    const unsigned lost = 1 + rng() % m;
    for (unsigned e = 0; e < lost; e++) {
      const unsigned id = rng() % n;
      available[id] = nullptr;
      rebuild[id] = rebuilt[id].data();
    }
    if (codec.decode(len, available.data(), rebuild.data()))
      failures.decode++;
    for (unsigned id = 0; id < n; id++)
      if (rebuild[id] && rebuilt[id] != chunks[id])
        failures.decode++;
    // The same delta applied twice cancels out.
    std::vector<Bytes> updated = parity;
    const Bytes delta = random_bytes(len, rng);
    const unsigned j = rng() % k;
    if (codec.apply_delta(len, j, delta.data(), outputs(updated).data()) || updated == parity ||
        codec.apply_delta(len, j, delta.data(), outputs(updated).data()) || updated != parity)
      failures.delta++;
  }
}

TEST(CodecThreads, one_codec_shared_by_threads) {
  const simd::Kernels &kernels = *simd::runnable_built_variants().front();
  for (const Shape &s : {Shape{Technique::reed_sol_van, 6, 3, 0}, Shape{Technique::cauchy_good, 4, 2, 8}}) {
    // Room for a few plans only: threads evict plans others are about to use or are decoding with.
    auto codec = make_codec(s, kernels, std::make_shared<DecodeCache>(16 * 1024));
    ASSERT_TRUE(codec);
    std::mt19937 rng(41);
    const std::size_t len = chunk_length(*codec, 16);
    std::vector<Bytes> chunks = random_chunks(s.k, len, rng);
    for (Bytes &p : full_parity(*codec, chunks))
      chunks.push_back(std::move(p));
    Failures failures;
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < kThreads; t++)
      threads.emplace_back(work, std::cref(*codec), std::cref(chunks), 100 + t, std::ref(failures));
    for (auto &t : threads)
      t.join();
    EXPECT_EQ(failures.encode.load(), 0u) << describe(s);
    EXPECT_EQ(failures.decode.load(), 0u) << describe(s);
    EXPECT_EQ(failures.delta.load(), 0u) << describe(s);
  }
}

} // namespace
} // namespace ec::codec::test
