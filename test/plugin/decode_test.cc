// SPDX-License-Identifier: LGPL-2.1-or-later
// Decoding: every erasure pattern up to m for every technique and k+m <= 12, sampled patterns for large
// profiles, decode_concat and mappings, and the errors Ceph must get instead of a crash.
#include <gtest/gtest.h>

#include <algorithm>
#include <bitset>
#include <cerrno>

#include "codec_fixture.h"

namespace ec::test {
namespace {

using codec::Technique;

ceph::ErasureCodeProfile profile_of(Technique t, unsigned k, unsigned m) {
  ceph::ErasureCodeProfile p{{"technique", technique_name(t)}, {"k", std::to_string(k)}, {"m", std::to_string(m)}};
  if (codec::is_bitmatrix(t))
    p["packetsize"] = "8";
  return p;
}

// Decodes every shard with the shards in `erased` missing and checks all of them against `encoded`.
void expect_decodes(power8::ErasureCodePower8 &codec, const std::map<int, ceph::bufferlist> &encoded,
                    const std::vector<int> &erased) {
  std::map<int, ceph::bufferlist> chunks = encoded;
  for (int e : erased)
    chunks.erase(e);
  std::map<int, ceph::bufferlist> decoded;
  ASSERT_EQ(codec.decode(all_shards(codec.get_chunk_count()), chunks, &decoded, 0), 0);
  for (const auto &c : encoded)
    ASSERT_EQ(to_string(decoded[c.first]), to_string(c.second)) << "chunk " << c.first;
}

TEST(decode, every_pattern_up_to_m_for_k_plus_m_up_to_12) {
  std::mt19937 rng(42);
  for (Technique t : {Technique::reed_sol_van, Technique::reed_sol_r6_op, Technique::cauchy_orig,
                      Technique::cauchy_good}) {
    for (unsigned k = 2; k <= 11; k++) {
      for (unsigned m = 1; k + m <= 12; m++) {
        if (t == Technique::reed_sol_r6_op && m != 2)
          continue;
        auto codec = make_codec(profile_of(t, k, m));
        ASSERT_TRUE(codec);
        const unsigned n = k + m;
        std::map<int, ceph::bufferlist> encoded;
        ASSERT_EQ(codec->encode(all_shards(n), random_bufferlist(1000 + k * 7 + m, rng), &encoded), 0);
        for (unsigned mask = 1; mask < (1u << n); mask++) {
          if (std::bitset<32>(mask).count() > m)
            continue;
          std::vector<int> erased;
          for (unsigned i = 0; i < n; i++)
            if (mask & (1u << i))
              erased.push_back(static_cast<int>(i));
          SCOPED_TRACE(std::string(technique_name(t)) + " k=" + std::to_string(k) + " m=" + std::to_string(m) +
                       " erased mask " + std::to_string(mask));
          expect_decodes(*codec, encoded, erased);
          if (HasFatalFailure())
            return;
        }
      }
    }
  }
}

TEST(decode, sampled_patterns_for_large_profiles) {
  std::mt19937 rng(7);
  const struct {
    Technique t;
    unsigned k, m;
  } shapes[] = {{Technique::reed_sol_van, 32, 8},   {Technique::reed_sol_van, 100, 20},
                {Technique::reed_sol_van, 200, 56}, {Technique::cauchy_good, 32, 8},
                {Technique::cauchy_orig, 100, 20},  {Technique::reed_sol_r6_op, 200, 2}};
  for (const auto &s : shapes) {
    // The largest shapes are cut to what the interface generation built allows (Tentacle: 127 chunks).
    const unsigned k = std::min(s.k, power8::AdapterCodec::kMaxChunks - s.m);
    auto codec = make_codec(profile_of(s.t, k, s.m));
    ASSERT_TRUE(codec);
    const unsigned n = k + s.m;
    std::map<int, ceph::bufferlist> encoded;
    ASSERT_EQ(codec->encode(all_shards(n), random_bufferlist(k * 300 + 1, rng), &encoded), 0);
    for (int trial = 0; trial < 12; trial++) {
      std::vector<int> ids(n);
      for (unsigned i = 0; i < n; i++)
        ids[i] = static_cast<int>(i);
      std::shuffle(ids.begin(), ids.end(), rng);
      // Always include the hardest case, m erasures, and some single ones.
      const unsigned count = trial < 4 ? s.m : 1 + rng() % s.m;
      ids.resize(count);
      SCOPED_TRACE(std::string(technique_name(s.t)) + " k=" + std::to_string(k) + " m=" + std::to_string(s.m));
      expect_decodes(*codec, encoded, ids);
    }
  }
}

TEST(decode, decode_concat_and_partial_wants) {
  std::mt19937 rng(3);
  auto codec = make_codec(profile_of(Technique::reed_sol_van, 4, 2));
  ASSERT_TRUE(codec);
  const ceph::bufferlist object = random_bufferlist(10000, rng);
  std::map<int, ceph::bufferlist> encoded;
  ASSERT_EQ(codec->encode(all_shards(6), object, &encoded), 0);
  std::map<int, ceph::bufferlist> chunks = encoded;
  chunks.erase(0);
  chunks.erase(3);
  ceph::bufferlist concat;
  ASSERT_EQ(codec->decode_concat(chunks, &concat), 0);
  EXPECT_EQ(to_string(concat).substr(0, 10000), to_string(object));
  EXPECT_EQ(concat.length(), 4 * codec->get_chunk_size(10000));
  // Asking for one missing chunk rebuilds just that one.
  std::map<int, ceph::bufferlist> decoded;
  ASSERT_EQ(codec->decode({3}, chunks, &decoded, 0), 0);
  EXPECT_EQ(to_string(decoded[3]), to_string(encoded[3]));
  EXPECT_EQ(decoded.count(0), 0u);
}

TEST(decode, mapping_places_data_at_D_positions_and_round_trips) {
  std::mt19937 rng(5);
  ceph::ErasureCodeProfile p = profile_of(Technique::reed_sol_van, 4, 2);
  p["mapping"] = "_DD_DD";
  auto codec = make_codec(p);
  ASSERT_TRUE(codec);
  EXPECT_EQ(chunk_mapping(*codec), (std::vector<int>{1, 2, 4, 5, 0, 3}));
  const ceph::bufferlist object = random_bufferlist(4 * 4096, rng);
  std::map<int, ceph::bufferlist> encoded;
  ASSERT_EQ(codec->encode(all_shards(6), object, &encoded), 0);
  const std::string bytes = to_string(object);
  EXPECT_EQ(to_string(encoded[1]), bytes.substr(0, 4096));
  EXPECT_EQ(to_string(encoded[5]), bytes.substr(3 * 4096, 4096));
  for (std::vector<int> erased : {std::vector<int>{1, 5}, {0, 3}, {2, 3}, {4}})
    expect_decodes(*codec, encoded, erased);
  std::map<int, ceph::bufferlist> chunks = encoded;
  chunks.erase(2);
  chunks.erase(4);
  ceph::bufferlist concat;
  ASSERT_EQ(codec->decode_concat(chunks, &concat), 0);
  EXPECT_EQ(to_string(concat), bytes);
}

TEST(decode, errors_instead_of_crashes) {
  std::mt19937 rng(9);
  auto codec = make_codec(profile_of(Technique::cauchy_good, 3, 2));
  ASSERT_TRUE(codec);
  std::map<int, ceph::bufferlist> encoded;
  ASSERT_EQ(codec->encode(all_shards(5), random_bufferlist(3000, rng), &encoded), 0);
  std::map<int, ceph::bufferlist> decoded;

  std::map<int, ceph::bufferlist> too_few = {{0, encoded[0]}, {4, encoded[4]}};
  EXPECT_EQ(codec->decode(all_shards(5), too_few, &decoded, 0), -EIO);

  std::map<int, ceph::bufferlist> unequal = encoded;
  unequal.erase(1);
  unequal[2].append("x", 1);
  EXPECT_EQ(codec->decode(all_shards(5), unequal, &decoded, 0), -EINVAL);

  std::map<int, ceph::bufferlist> bad_id = encoded;
  bad_id.erase(0);
  bad_id[7] = encoded[1];
  EXPECT_EQ(codec->decode(all_shards(5), bad_id, &decoded, 0), -EINVAL);

  // Cauchy chunks must hold whole groups of w*packetsize bytes.
  std::map<int, ceph::bufferlist> ragged;
  for (int i = 1; i < 5; i++)
    ragged[i] = random_bufferlist(100, rng);
  EXPECT_EQ(codec->decode(all_shards(5), ragged, &decoded, 0), -EINVAL);

  EXPECT_EQ(codec->decode({9}, encoded, &decoded, 0), -EINVAL);
  std::map<int, ceph::bufferlist> out;
  EXPECT_EQ(codec->encode({0, 5}, random_bufferlist(10, rng), &out), -EINVAL);
  std::map<int, ceph::bufferlist> none;
  EXPECT_EQ(codec->decode({0}, none, &decoded, 0), -EIO);
}

TEST(decode, wanted_chunks_all_present_are_returned_whatever_else_the_map_holds) {
  // What Ceph's base class (and so jerasure) answers; the checks of the decoding path are not reached.
  std::mt19937 rng(10);
  auto codec = make_codec(profile_of(Technique::reed_sol_van, 3, 2));
  ASSERT_TRUE(codec);
  std::map<int, ceph::bufferlist> encoded;
  ASSERT_EQ(codec->encode(all_shards(5), random_bufferlist(3000, rng), &encoded), 0);
  std::map<int, ceph::bufferlist> odd = {{0, encoded[0]}, {1, encoded[1]}, {2, random_bufferlist(7, rng)},
                                         {9, encoded[3]}, {-1, encoded[4]}};
  std::map<int, ceph::bufferlist> decoded;
  ASSERT_EQ(codec->decode({0, 1}, odd, &decoded, 0), 0);
  ASSERT_EQ(decoded.size(), 2u);
  EXPECT_EQ(to_string(decoded[0]), to_string(encoded[0]));
  EXPECT_EQ(to_string(decoded[1]), to_string(encoded[1]));

  std::map<int, ceph::bufferlist> none, out;
  EXPECT_EQ(codec->decode({}, none, &out, 0), 0);
  EXPECT_TRUE(out.empty());
  // A missing wanted chunk still goes through every check.
  EXPECT_EQ(codec->decode({0, 3}, odd, &out, 0), -EINVAL);
}

TEST(decode, plans_are_cached_and_bounded) {
  std::mt19937 rng(11);
  auto codec = make_codec(profile_of(Technique::reed_sol_van, 8, 4));
  ASSERT_TRUE(codec);
  std::map<int, ceph::bufferlist> encoded;
  ASSERT_EQ(codec->encode(all_shards(12), random_bufferlist(8 * 256, rng), &encoded), 0);
  expect_decodes(*codec, encoded, {0, 1});
  const std::size_t after_first = codec->decode_cache()->size();
  EXPECT_EQ(after_first, 1u);
  expect_decodes(*codec, encoded, {0, 1});
  EXPECT_EQ(codec->decode_cache()->size(), after_first);
  EXPECT_LE(codec->decode_cache()->bytes(), codec->decode_cache()->max_bytes());
}

TEST(encode, empty_and_tiny_objects) {
  std::mt19937 rng(13);
  for (Technique t : {Technique::reed_sol_van, Technique::cauchy_good}) {
    auto codec = make_codec(profile_of(t, 4, 2));
    ASSERT_TRUE(codec);
    for (std::size_t len : {0, 1, 31, 32}) {
      std::map<int, ceph::bufferlist> encoded;
      const ceph::bufferlist object = random_bufferlist(len, rng);
      ASSERT_EQ(codec->encode(all_shards(6), object, &encoded), 0);
      ASSERT_EQ(encoded.size(), 6u);
      ceph::bufferlist concat;
      std::map<int, ceph::bufferlist> chunks = encoded;
      chunks.erase(1);
      chunks.erase(2);
      ASSERT_EQ(codec->decode_concat(chunks, &concat), 0);
      EXPECT_EQ(to_string(concat).substr(0, len), to_string(object));
    }
  }
}

} // namespace
} // namespace ec::test
