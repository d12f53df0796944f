// SPDX-License-Identifier: LGPL-2.1-or-later
// The decode-plan cache is one per plugin and bounded in bytes, measured on the real heap.
//
// An OSD builds one codec per PG. With a cache per codec (an earlier version: 2048 plans each, in a pool
// that never returned memory), 100 codecs of 16+4 decoding 2500 distinct 4-erasure patterns each kept
// 329 MiB. Here the codecs come from one ErasureCodePluginPower8, as the OSD gets them, and the growth of
// the heap while they decode must stay within the plugin's bound (plus the codecs' own encoders, measured
// before decoding starts).
#include <gtest/gtest.h>
#include <malloc.h>

#include <cstddef>
#include <cstdio>
#include <sstream>

#include "../plugin/codec_fixture.h"
#include "erasure-code/power8/common/ErasureCodePluginPower8.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define EC_SANITIZER_HEAP 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define EC_SANITIZER_HEAP 1
#endif
#ifdef EC_SANITIZER_HEAP
// From the sanitizer runtime (clang ships <sanitizer/allocator_interface.h> for it, gcc 12 does not).
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#endif

namespace ec::test {
namespace {

// Bytes of the heap in use (a sanitizer's allocator replaces glibc's, and counts itself).
std::size_t heap_in_use() {
#ifdef EC_SANITIZER_HEAP
  return __sanitizer_get_current_allocated_bytes();
#else
  malloc_trim(0);
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
#endif
}

std::vector<std::vector<int>> four_erasure_patterns(int n, std::size_t count) {
  std::vector<std::vector<int>> out;
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n; b++)
      for (int c = b + 1; c < n; c++)
        for (int d = c + 1; d < n && out.size() < count; d++)
          out.push_back({a, b, c, d});
  return out;
}

struct DecodeRun {
  std::size_t growth;      // heap growth while decoding
  std::size_t cache_size;  // plans kept at the end
  std::size_t cache_bytes; // their estimated cost
};

// `codecs` codecs of 16+4 reed_sol_van from one plugin, each decoding every one of `patterns` distinct
// 4-erasure patterns (all decoded bytes checked).
DecodeRun decode_with_many_codecs(std::size_t max_bytes, unsigned codecs, std::size_t patterns) {
  power8::ErasureCodePluginPower8 plugin(best_kernels(), max_bytes);
  std::vector<ceph::ErasureCodeInterfaceRef> list;
  for (unsigned i = 0; i < codecs; i++) {
    ceph::ErasureCodeProfile profile{{"technique", "reed_sol_van"}, {"k", "16"}, {"m", "4"}};
    ceph::ErasureCodeInterfaceRef codec;
    std::ostringstream ss;
    EXPECT_EQ(plugin.factory("", profile, &codec, &ss), 0) << ss.str();
    if (!codec)
      return {};
    list.push_back(codec);
  }
  std::mt19937 rng(1);
  std::map<int, ceph::bufferlist> encoded;
  EXPECT_EQ(list[0]->encode(all_shards(20), random_bufferlist(16 * 64, rng), &encoded), 0);
  const auto all_patterns = four_erasure_patterns(20, patterns);
  EXPECT_EQ(all_patterns.size(), patterns);

  const std::size_t before = heap_in_use();
  std::size_t peak = before;
  for (std::size_t p = 0; p < all_patterns.size(); p++) {
    std::map<int, ceph::bufferlist> chunks = encoded;
    std::set<int> want;
    for (int e : all_patterns[p]) {
      chunks.erase(e);
      want.insert(e);
    }
    for (auto &codec : list) {
      std::map<int, ceph::bufferlist> decoded;
      EXPECT_EQ(codec->decode(want, chunks, &decoded, 0), 0);
      for (int e : want)
        if (to_string(decoded[e]) != to_string(encoded[e]))
          ADD_FAILURE() << "pattern " << p << " shard " << e << " decoded wrong";
    }
    if (p % 250 == 249)
      peak = std::max(peak, heap_in_use());
  }
  peak = std::max(peak, heap_in_use());
  std::printf("%u codecs x %zu patterns, bound %zu KiB: heap grew %zu KiB, %zu plans kept (estimated %zu KiB)\n",
              codecs, patterns, max_bytes / 1024, (peak - before) / 1024, plugin.decode_cache().size(),
              plugin.decode_cache().bytes() / 1024);
  return {peak - before, plugin.decode_cache().size(), plugin.decode_cache().bytes()};
}

TEST(decode_cache_memory, hundred_codecs_2500_patterns_within_the_default_bound) {
  const DecodeRun run = decode_with_many_codecs(codec::DecodeCache::kDefaultMaxBytes, 100, 2500);
  // One cache for all 100 codecs: each pattern's plan is built once and kept once.
  EXPECT_EQ(run.cache_size, 2500u);
  EXPECT_LE(run.cache_bytes, codec::DecodeCache::kDefaultMaxBytes);
  // The per-codec caches of an earlier version grew the heap by 329 MiB here.
  EXPECT_LE(run.growth, codec::DecodeCache::kDefaultMaxBytes)
      << "heap grew by " << run.growth / 1024 << " KiB; the cache estimates " << run.cache_bytes / 1024 << " KiB";
}

TEST(decode_cache_memory, a_small_bound_holds_on_the_heap) {
  // 2500 plans do not fit in 1 MiB: the cache evicts, and the memory of evicted plans is reused.
  constexpr std::size_t kBound = 1 << 20;
  const DecodeRun run = decode_with_many_codecs(kBound, 20, 2500);
  EXPECT_LT(run.cache_size, 2500u);
  EXPECT_LE(run.cache_bytes, kBound);
  // The estimate may be off by the allocator's rounding, and the decode calls themselves allocate: a
  // quarter of the bound is left for both.
  EXPECT_LE(run.growth, kBound + kBound / 4)
      << "heap grew by " << run.growth / 1024 << " KiB; the cache estimates " << run.cache_bytes / 1024 << " KiB";
}

TEST(decode_cache_memory, codecs_of_one_code_share_plans_others_do_not) {
  power8::ErasureCodePluginPower8 plugin(best_kernels(), codec::DecodeCache::kDefaultMaxBytes);
  auto make = [&](ceph::ErasureCodeProfile profile) {
    ceph::ErasureCodeInterfaceRef codec;
    std::ostringstream ss;
    EXPECT_EQ(plugin.factory("", profile, &codec, &ss), 0) << ss.str();
    return codec;
  };
  // Same coding matrix (a mapping and CRUSH keys do not change it), another matrix, another packet size.
  auto a = make({{"k", "4"}, {"m", "2"}});
  auto b = make({{"k", "4"}, {"m", "2"}, {"mapping", "DD_DD_"}, {"crush-failure-domain", "osd"}});
  auto c = make({{"k", "4"}, {"m", "2"}, {"technique", "cauchy_orig"}, {"packetsize", "8"}});
  auto d = make({{"k", "4"}, {"m", "2"}, {"technique", "cauchy_orig"}, {"packetsize", "16"}});
  ASSERT_TRUE(a && b && c && d);
  std::mt19937 rng(2);
  const ceph::bufferlist object = random_bufferlist(4 * 8 * 16 * 4, rng);
  auto lose_first_two = [&](ceph::ErasureCodeInterface &codec) {
    std::map<int, ceph::bufferlist> encoded, decoded;
    ASSERT_EQ(codec.encode(all_shards(6), object, &encoded), 0);
    // Logical chunks 0 and 1 (data): shard positions through the mapping.
    const std::vector<int> mapping = chunk_mapping(codec);
    std::set<int> want;
    for (int logical : {0, 1})
      want.insert(mapping.empty() ? logical : mapping[logical]);
    for (int shard : want)
      encoded.erase(shard);
    ASSERT_EQ(codec.decode(want, encoded, &decoded, 0), 0);
  };
  lose_first_two(*a);
  EXPECT_EQ(plugin.decode_cache().size(), 1u);
  lose_first_two(*b);
  EXPECT_EQ(plugin.decode_cache().size(), 1u) << "codecs of the same matrix built the same plan twice";
  lose_first_two(*c);
  EXPECT_EQ(plugin.decode_cache().size(), 2u);
  lose_first_two(*d);
  EXPECT_EQ(plugin.decode_cache().size(), 3u) << "plans of another packet size were shared";
}

} // namespace
} // namespace ec::test
