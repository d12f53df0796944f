// SPDX-License-Identifier: LGPL-2.1-or-later
// A decode-cache hit must not allocate: an OSD decodes every degraded read with a cached plan, and the
// cache's promise (decode_cache.h) is that a hit only takes the lock, moves a list node and copies a
// shared_ptr. This binary replaces the global operator new with one that counts, per thread, so the
// counts below see exactly what the measured calls do.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <new>

#include "../plugin/codec_fixture.h"
#include "codec/chunk_coder_factory.h"
#include "codec/decode_cache.h"

namespace {
thread_local long t_allocations = 0;
thread_local long t_frees = 0; // of any block, so t_allocations - t_frees is the blocks still live

void counted_free(void *p) {
  if (p)
    t_frees++;
  std::free(p);
}

void *counted_alloc(std::size_t n, std::size_t align) {
  t_allocations++;
  if (n == 0)
    n = 1;
  void *p = align > alignof(std::max_align_t) ? std::aligned_alloc(align, (n + align - 1) / align * align)
                                              : std::malloc(n);
  if (!p)
    throw std::bad_alloc();
  return p;
}
} // namespace

void *operator new(std::size_t n) { return counted_alloc(n, 0); }
void *operator new[](std::size_t n) { return counted_alloc(n, 0); }
void *operator new(std::size_t n, std::align_val_t a) { return counted_alloc(n, static_cast<std::size_t>(a)); }
void *operator new[](std::size_t n, std::align_val_t a) { return counted_alloc(n, static_cast<std::size_t>(a)); }
void *operator new(std::size_t n, const std::nothrow_t &) noexcept {
  try {
    return counted_alloc(n, 0);
  } catch (...) {
    return nullptr;
  }
}
void *operator new[](std::size_t n, const std::nothrow_t &) noexcept {
  try {
    return counted_alloc(n, 0);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void *p) noexcept { counted_free(p); }
void operator delete[](void *p) noexcept { counted_free(p); }
void operator delete(void *p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void *p, std::size_t) noexcept { counted_free(p); }
void operator delete(void *p, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void *p, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void *p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void *p, std::size_t, std::align_val_t) noexcept { counted_free(p); }

namespace ec::test {
namespace {

using codec::DecodeCache;
using codec::DecodePlan;
using codec::ErasurePattern;

ErasurePattern pattern(unsigned first_survivor, unsigned wanted) {
  ErasurePattern p(128);
  for (unsigned i = 0; i < 4; i++)
    p.add_survivor(first_survivor + i);
  p.add_wanted(wanted);
  return p;
}

std::shared_ptr<const DecodePlan> some_plan() {
  auto plan = DecodeCache::null_cache_plan();
  plan->coder = codec::make_chunk_coder(best_kernels(), 1, 4, gf::Matrix(4, 1), 0);
  return plan;
}

TEST(cache_alloc, counting_works) {
  // Proves the counter sees allocations at all, so a zero below means something.
  const long before = t_allocations;
  auto plan = some_plan();
  EXPECT_GT(t_allocations, before);
}

TEST(cache_alloc, find_allocates_nothing_on_a_hit_or_a_miss) {
  DecodeCache cache(DecodeCache::kDefaultMaxBytes);
  for (unsigned i = 0; i < 8; i++)
    cache.insert(7, pattern(i, 100), some_plan());
  ASSERT_EQ(cache.size(), 8u);
  for (unsigned i = 0; i < 8; i++) {
    const long before = t_allocations;
    auto hit = cache.find(7, pattern(i, 100)); // least recently used first: every hit moves a node
    const long used = t_allocations - before;
    ASSERT_TRUE(hit);
    EXPECT_EQ(used, 0) << "hit " << i;
  }
  const long before = t_allocations;
  auto miss = cache.find(7, pattern(50, 100));
  auto other_code = cache.find(8, pattern(0, 100));
  EXPECT_EQ(t_allocations - before, 0);
  EXPECT_FALSE(miss);
  EXPECT_FALSE(other_code) << "a plan of another code was found";
}

// decode_chunks with its output buffers already in place (so no bufferlist allocates): how many
// allocations the call makes for the given erasures.
long decode_allocations(power8::ErasureCodePower8 &codec, const std::map<int, ceph::bufferlist> &encoded,
                        const std::vector<int> &erased) {
  std::map<int, ceph::bufferlist> chunks = encoded, decoded;
  std::set<int> want;
  for (int e : erased) {
    chunks.erase(e);
    want.insert(e);
    decoded[e].push_back(ceph::buffer::create_aligned(encoded.at(e).length(), 64));
  }
  const long before = t_allocations;
  const int r = codec.decode_chunks(want, chunks, &decoded);
  const long used = t_allocations - before;
  EXPECT_EQ(r, 0);
  for (int e : erased)
    EXPECT_EQ(to_string(decoded[e]), to_string(encoded.at(e))) << "shard " << e;
  return used;
}

TEST(cache_alloc, a_cached_plan_is_not_rebuilt) {
  std::mt19937 rng(1);
  for (const ceph::ErasureCodeProfile &profile :
       {ceph::ErasureCodeProfile{{"technique", "reed_sol_van"}, {"k", "8"}, {"m", "4"}},
        ceph::ErasureCodeProfile{{"technique", "cauchy_good"}, {"k", "6"}, {"m", "3"}, {"packetsize", "8"}}}) {
    auto codec = make_codec(profile);
    ASSERT_TRUE(codec);
    std::map<int, ceph::bufferlist> encoded;
    ASSERT_EQ(codec->encode(all_shards(codec->get_chunk_count()), random_bufferlist(20000, rng), &encoded), 0);
    const std::vector<int> erased{1, 2, static_cast<int>(codec->get_chunk_count()) - 1};
    const long miss = decode_allocations(*codec, encoded, erased);
    const long hit = decode_allocations(*codec, encoded, erased);
    const long hit_again = decode_allocations(*codec, encoded, erased);
    // Building a plan allocates its matrix, coder, tables and cache entry; with the plan cached and the
    // outputs in place, decode_chunks keeps its bookkeeping on the stack and allocates nothing.
    EXPECT_GE(miss, 4) << "the miss should build a plan (is the counter wired?)";
    EXPECT_EQ(hit, 0) << "decode_chunks on a cache hit allocates";
    EXPECT_EQ(hit_again, 0);
  }
}

// The cache is bounded in bytes, and a plan it evicts gives its blocks back to the heap (an earlier version
// kept plans in a pool that never returned them). Counted as heap blocks still live: while misses keep
// coming, they stay at what the bound allows; once the cache is emptied, they are all gone.
TEST(cache_alloc, evicted_plans_give_their_memory_back) {
  auto cache = std::make_shared<DecodeCache>(64 * 1024);
  auto codec = make_codec({{"technique", "reed_sol_van"}, {"k", "10"}, {"m", "4"}}, nullptr, cache);
  ASSERT_TRUE(codec);
  std::mt19937 rng(1);
  std::map<int, ceph::bufferlist> encoded;
  ASSERT_EQ(codec->encode(all_shards(codec->get_chunk_count()), random_bufferlist(40960, rng), &encoded), 0);
  const long live_before = t_allocations - t_frees;
  long most_live = 0;
  unsigned plans = 0;
  for (int a = 0; a < 14; a++)
    for (int b = a + 1; b < 14; b++)
      for (int c = b + 1; c < 14; c++)
        for (int d = c + 1; d < 14 && plans < 600; d++, plans++) {
          EXPECT_GE(decode_allocations(*codec, encoded, {a, b, c, d}), 1) << "a miss builds a plan";
          most_live = std::max(most_live, t_allocations - t_frees - live_before);
        }
  EXPECT_LE(cache->bytes(), cache->max_bytes());
  EXPECT_LT(cache->size(), plans) << "600 plans of 10+4 fit in 64 KiB?";
  // Every kept plan is a handful of blocks; 600 plans kept would be thousands.
  EXPECT_LE(most_live, static_cast<long>(cache->size() + 1) * 8);
  cache->clear();
  EXPECT_LE(t_allocations - t_frees - live_before, 0) << "blocks of evicted plans are still live";
}

} // namespace
} // namespace ec::test
