// SPDX-License-Identifier: LGPL-2.1-or-later
// The decode cache's key: ErasurePattern compares only the words a code's ids reach, and the cache looks
// at its most recently used entry before its index. Both must still tell every two patterns apart, at
// every code width up to 256 chunks, or a decode would run another pattern's plan and return wrong bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "codec/decode_cache.h"
#include "codec/chunk_coder_factory.h"
#include "simd/variants.h"

namespace ec::codec::test {
namespace {

using Ids = std::vector<unsigned>;

ErasurePattern pattern(unsigned n, const Ids &survivors, const Ids &wanted) {
  ErasurePattern p(n);
  for (unsigned id : survivors)
    p.add_survivor(id);
  for (unsigned id : wanted)
    p.add_wanted(id);
  return p;
}

// Random patterns of a code of n chunks: k survivors and up to 4 wanted ids, drawn from all n.
std::vector<std::pair<Ids, Ids>> random_patterns(unsigned n, unsigned count, std::mt19937 &rng) {
  std::vector<std::pair<Ids, Ids>> out;
  Ids ids(n);
  std::iota(ids.begin(), ids.end(), 0u);
  for (unsigned i = 0; i < count; i++) {
    std::shuffle(ids.begin(), ids.end(), rng);
    const unsigned k = 1 + rng() % (n - 1), wanted = std::min(n - k, 1 + static_cast<unsigned>(rng() % 4));
    Ids s(ids.begin(), ids.begin() + k), w(ids.begin() + k, ids.begin() + k + wanted);
    std::sort(s.begin(), s.end());
    std::sort(w.begin(), w.end());
    out.emplace_back(s, w);
  }
  return out;
}

TEST(ErasurePattern, tells_patterns_apart_as_their_id_sets_do_at_every_width) {
  std::mt19937 rng(7);
  for (unsigned n : {3u, 12u, 63u, 64u, 65u, 128u, 129u, 200u, 256u}) {
    // Few ids drawn from many make repeats rare; add near-twins that differ in one high id.
    auto drawn = random_patterns(n, 300, rng);
    for (unsigned i = 0; i < 50; i++) {
      auto twin = drawn[i];
      const unsigned high = twin.second.back() == n - 1 ? n - 2 : n - 1;
      const auto used = [&](const Ids &ids) { return std::find(ids.begin(), ids.end(), high) != ids.end(); };
      if (!used(twin.first) && !used(twin.second)) {
        twin.second.back() = high;
        drawn.push_back(twin);
      }
      drawn.push_back(drawn[i]); // and exact repeats
    }
    std::set<std::pair<Ids, Ids>> reference;
    std::map<ErasurePattern, unsigned> index;
    for (const auto &[s, w] : drawn) {
      reference.emplace(s, w);
      index.emplace(pattern(n, s, w), 0);
    }
    EXPECT_EQ(index.size(), reference.size()) << n << " chunks";
    for (unsigned i = 0; i < 60; i++)
      for (unsigned j = 0; j < 60; j++) {
        const ErasurePattern a = pattern(n, drawn[i].first, drawn[i].second);
        const ErasurePattern b = pattern(n, drawn[j].first, drawn[j].second);
        const bool same = drawn[i] == drawn[j];
        EXPECT_EQ(a == b, same) << n << " chunks, patterns " << i << " and " << j;
        EXPECT_EQ(!(a < b) && !(b < a), same) << n << " chunks, patterns " << i << " and " << j;
      }
  }
}

TEST(ErasurePattern, a_survivor_is_not_a_wanted_chunk) {
  EXPECT_FALSE(pattern(200, {0, 1}, {150}) == pattern(200, {0, 1, 150}, {}));
  EXPECT_FALSE(pattern(6, {0, 1}, {5}) == pattern(6, {0, 1, 5}, {}));
}

std::shared_ptr<const DecodePlan> some_plan() {
  auto plan = DecodeCache::null_cache_plan();
  plan->coder = make_chunk_coder(*simd::find_built_variant("generic"), 1, 4, gf::Matrix(4, 1), 0);
  return plan;
}

TEST(DecodeCache, the_most_recent_plan_is_only_found_for_its_own_code_and_pattern) {
  DecodeCache cache(DecodeCache::kDefaultMaxBytes);
  const ErasurePattern recent = pattern(200, {0, 1, 2, 3}, {150});
  const auto plan = some_plan();
  cache.insert(7, pattern(200, {0, 1, 2, 3}, {4}), some_plan());
  cache.insert(7, recent, plan); // now the most recently used
  EXPECT_EQ(cache.find(7, recent), plan);
  EXPECT_FALSE(cache.find(7, pattern(200, {0, 1, 2, 3}, {151}))) << "differs from the recent one in a high id";
  EXPECT_FALSE(cache.find(8, recent)) << "another code's pattern";
  EXPECT_FALSE(cache.find(7, pattern(100, {0, 1, 2, 3}, {4}))) << "another width";
  const auto older = cache.find(7, pattern(200, {0, 1, 2, 3}, {4}));
  EXPECT_TRUE(older && older != plan) << "the older entry";
  EXPECT_EQ(cache.find(7, recent), plan) << "found again once another entry became the most recent";
}

} // namespace
} // namespace ec::codec::test
