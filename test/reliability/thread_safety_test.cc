// SPDX-License-Identifier: LGPL-2.1-or-later
// One codec shared by 8 threads, as an OSD shares a pool's codec between its op threads: concurrent
// encodes and decodes with different erasure patterns, object sizes, buffer alignments and fragmented
// bufferlists must give exactly the single-threaded results. The k=12 m=4 profile has 2516 patterns of up
// to m erasures, more than the decode cache holds (2048), so plans are evicted while other threads look
// them up or decode with them. Meant to run under ThreadSanitizer too (qa/stages/50-reliability.sh).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <sstream>
#include <thread>

#include "../plugin/codec_fixture.h"

namespace ec::test {
namespace {

constexpr unsigned kThreads = 8;

// Every set of 1..m shard ids out of n.
std::vector<std::vector<int>> erasure_sets(unsigned n, unsigned m) {
  std::vector<std::vector<int>> all;
  std::vector<int> cur;
  auto rec = [&](auto &&self, unsigned from) -> void {
    if (!cur.empty())
      all.push_back(cur);
    if (cur.size() == m)
      return;
    for (unsigned i = from; i < n; i++) {
      cur.push_back(static_cast<int>(i));
      self(self, i + 1);
      cur.pop_back();
    }
  };
  rec(rec, 0);
  return all;
}

// len bytes of `bytes` starting `offset` bytes into a larger buffer; split into `pieces` buffers when
// pieces > 1 (a fragmented bufferlist, as the messenger hands them over).
ceph::bufferlist placed(const std::string &bytes, unsigned offset, unsigned pieces) {
  ceph::bufferlist bl;
  if (pieces <= 1 || bytes.size() < pieces) {
    ceph::bufferptr big(ceph::buffer::create(static_cast<unsigned>(bytes.size()) + offset + 1));
    std::copy(bytes.begin(), bytes.end(), big.c_str() + offset);
    bl.push_back(ceph::bufferptr(big, offset, static_cast<unsigned>(bytes.size())));
    return bl;
  }
  const std::size_t step = bytes.size() / pieces;
  for (unsigned p = 0; p < pieces; p++) {
    const std::size_t from = p * step, to = p + 1 == pieces ? bytes.size() : from + step;
    ceph::bufferptr big(ceph::buffer::create(static_cast<unsigned>(to - from) + offset + 1));
    std::copy(bytes.begin() + from, bytes.begin() + to, big.c_str() + offset);
    bl.push_back(ceph::bufferptr(big, offset, static_cast<unsigned>(to - from)));
  }
  return bl;
}

struct Workload {
  std::unique_ptr<power8::ErasureCodePower8> codec;
  // When not empty, thread t decodes with its own codecs[t], all sharing codec's decode cache (as the
  // codecs of an OSD's PGs share their plugin's).
  std::vector<std::unique_ptr<power8::ErasureCodePower8>> codecs;
  std::vector<std::string> objects;                 // different sizes
  std::vector<std::map<int, std::string>> encoded;  // single-threaded encoding of each object
  std::vector<std::vector<int>> patterns;           // erasure sets, all of up to m
};

Workload make_workload(const ceph::ErasureCodeProfile &profile, std::vector<std::size_t> sizes, std::uint32_t seed,
                       std::size_t decode_cache_bytes = codec::DecodeCache::kDefaultMaxBytes,
                       bool codec_per_thread = false) {
  Workload w;
  auto cache = std::make_shared<codec::DecodeCache>(decode_cache_bytes);
  w.codec = make_codec(profile, nullptr, cache);
  if (!w.codec)
    return w;
  if (codec_per_thread)
    for (unsigned t = 0; t < kThreads; t++)
      w.codecs.push_back(make_codec(profile, nullptr, cache));
  std::mt19937 rng(seed);
  const unsigned n = w.codec->get_chunk_count();
  for (std::size_t size : sizes) {
    const ceph::bufferlist object = random_bufferlist(size, rng);
    std::map<int, ceph::bufferlist> encoded;
    EXPECT_EQ(w.codec->encode(all_shards(n), object, &encoded), 0);
    std::map<int, std::string> bytes;
    for (const auto &c : encoded)
      bytes[c.first] = to_string(c.second);
    w.objects.push_back(to_string(object));
    w.encoded.push_back(bytes);
  }
  w.patterns = erasure_sets(n, w.codec->get_coding_chunk_count());
  return w;
}

// One thread's share: the patterns i with i % kThreads in {t, t+1} (so every pattern is decoded by two
// threads at about the same time: both build the plan, the cache keeps one), in a thread-specific order.
// Returns a description of each wrong result.
std::vector<std::string> run_thread(const Workload &w, unsigned t) {
  std::vector<std::string> errors;
  power8::ErasureCodePower8 &codec = w.codecs.empty() ? *w.codec : *w.codecs[t];
  const unsigned n = codec.get_chunk_count();
  std::mt19937 rng(1000 + t);
  std::vector<std::size_t> mine;
  for (std::size_t i = 0; i < w.patterns.size(); i++)
    if (i % kThreads == t || i % kThreads == (t + 1) % kThreads)
      mine.push_back(i);
  std::shuffle(mine.begin(), mine.end(), rng);
  for (std::size_t step = 0; step < mine.size(); step++) {
    const auto &erased = w.patterns[mine[step]];
    const std::size_t obj = (mine[step] + t) % w.objects.size();
    const auto &expected = w.encoded[obj];
    const unsigned offset = rng() % 64, pieces = 1 + rng() % 3;
    std::map<int, ceph::bufferlist> chunks;
    for (const auto &c : expected)
      if (std::find(erased.begin(), erased.end(), c.first) == erased.end())
        chunks[c.first] = placed(c.second, offset, step % 2 ? pieces : 1);
    // Rebuild everything, or only the first erased shard (a different cached plan).
    std::set<int> want = step % 3 ? all_shards(n) : std::set<int>{erased.front()};
    std::map<int, ceph::bufferlist> decoded;
    const int r = codec.decode(want, chunks, &decoded, 0);
    if (r != 0) {
      errors.push_back("decode returned " + std::to_string(r));
      continue;
    }
    for (int shard : want)
      if (to_string(decoded[shard]) != expected.at(shard))
        errors.push_back("thread " + std::to_string(t) + ": wrong shard " + std::to_string(shard) +
                         " of object " + std::to_string(obj) + " with " + std::to_string(erased.size()) +
                         " erasures");
    // Every few decodes, an encode from a misaligned (and sometimes fragmented) input.
    if (step % 5 == 0) {
      std::map<int, ceph::bufferlist> encoded;
      if (codec.encode(all_shards(n), placed(w.objects[obj], offset, pieces), &encoded) != 0) {
        errors.push_back("encode failed");
        continue;
      }
      for (const auto &c : expected)
        if (to_string(encoded[c.first]) != c.second)
          errors.push_back("thread " + std::to_string(t) + ": encode gave a wrong shard " + std::to_string(c.first));
    }
  }
  return errors;
}

// Runs run_thread on kThreads threads released together; fails the test with every error they saw.
void run_concurrently(const Workload &w) {
  std::atomic<unsigned> ready{0};
  std::vector<std::vector<std::string>> errors(kThreads);
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < kThreads; t++)
    threads.emplace_back([&, t] {
      ready.fetch_add(1);
      while (ready.load() < kThreads)
        std::this_thread::yield();
      errors[t] = run_thread(w, t);
    });
  for (auto &th : threads)
    th.join();
  for (const auto &list : errors)
    for (std::size_t i = 0; i < list.size() && i < 5; i++)
      ADD_FAILURE() << list[i];
}

TEST(thread_safety, reed_sol_van_with_more_patterns_than_the_decode_cache_holds) {
  // 2516 patterns of up to 4 erasures; plans of 12+4 take about 1 to 4 KiB: a 512 KiB bound holds a
  // fraction of them, so threads evict plans others are decoding with.
  const Workload w = make_workload({{"technique", "reed_sol_van"}, {"k", "12"}, {"m", "4"}},
                                   {1, 999, 12 * 64 + 5, 12 * 512}, 1, 512 * 1024);
  ASSERT_TRUE(w.codec);
  run_concurrently(w);
  const codec::DecodeCache &cache = *w.codec->decode_cache();
  EXPECT_LT(cache.size(), w.patterns.size()) << "the bound never evicted anything";
  EXPECT_GT(cache.size(), 0u);
  EXPECT_LE(cache.bytes(), cache.max_bytes());
}

TEST(thread_safety, codecs_sharing_one_small_decode_cache) {
  // Eight codecs of one code (eight PGs of a pool), each on its own thread, build, find and evict plans
  // in the one cache they share.
  const Workload w = make_workload({{"technique", "reed_sol_van"}, {"k", "10"}, {"m", "4"}}, {1, 10 * 512 + 7}, 3,
                                   256 * 1024, true);
  ASSERT_TRUE(w.codec);
  run_concurrently(w);
  const codec::DecodeCache &cache = *w.codec->decode_cache();
  EXPECT_LT(cache.size(), w.patterns.size()) << "the bound never evicted anything";
  EXPECT_LE(cache.bytes(), cache.max_bytes());
}

TEST(thread_safety, cauchy_with_a_mapping) {
  const Workload w = make_workload({{"technique", "cauchy_good"}, {"k", "5"}, {"m", "3"}, {"packetsize", "16"},
                                    {"mapping", "D_DD_D_D"}},
                                   {1, 5 * 8 * 16 * 4 + 3, 3000}, 2);
  ASSERT_TRUE(w.codec);
  run_concurrently(w);
}

TEST(thread_safety, codecs_built_concurrently_agree) {
  // Codecs are built on many threads at once when an OSD loads its PGs: no lazily built shared state
  // (GF tables, Cauchy row tables, the probe) may race.
  const ceph::ErasureCodeProfile profiles[] = {
      {{"technique", "reed_sol_van"}, {"k", "6"}, {"m", "3"}},
      {{"technique", "cauchy_good"}, {"k", "7"}, {"m", "2"}, {"packetsize", "8"}},
      {{"technique", "cauchy_orig"}, {"k", "4"}, {"m", "4"}, {"packetsize", "8"}},
      {{"technique", "reed_sol_r6_op"}, {"k", "9"}}};
  std::mt19937 rng(3);
  const std::string object = to_string(random_bufferlist(7000, rng));
  std::vector<std::map<int, std::string>> results(kThreads * 4);
  std::atomic<unsigned> ready{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < kThreads; t++)
    threads.emplace_back([&, t] {
      ready.fetch_add(1);
      while (ready.load() < kThreads)
        std::this_thread::yield();
      for (unsigned i = 0; i < 4; i++) {
        const auto &profile = profiles[(t + i) % 4];
        power8::AdapterCodec codec(*runnable_kernels()[t % runnable_kernels().size()]);
        ceph::ErasureCodeProfile p = profile;
        std::ostringstream ss;
        if (codec.init(p, &ss) != 0)
          continue;
        std::map<int, ceph::bufferlist> encoded;
        if (codec.encode(all_shards(codec.get_chunk_count()), placed(object, t, 1), &encoded) != 0)
          continue;
        for (const auto &c : encoded)
          results[t * 4 + (t + i) % 4][c.first] = to_string(c.second);
      }
    });
  for (auto &th : threads)
    th.join();
  for (unsigned t = 0; t < kThreads; t++)
    for (unsigned p = 0; p < 4; p++) {
      EXPECT_FALSE(results[t * 4 + p].empty()) << "thread " << t << " profile " << p;
      EXPECT_EQ(results[t * 4 + p], results[p]) << "thread " << t << " profile " << p;
    }
}

} // namespace
} // namespace ec::test
