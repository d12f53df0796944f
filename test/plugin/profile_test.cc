// SPDX-License-Identifier: LGPL-2.1-or-later
// Profiles: defaults written back, jerasure's chunk sizes, the same verdict on every call and every
// variant, and a clear error (never a crash) for each bad profile the issue lists.
#include <gtest/gtest.h>

#include <cerrno>
#include <sstream>

#include "codec_fixture.h"

namespace ec::test {
namespace {

struct Verdict {
  int r;
  std::string message;
  ceph::ErasureCodeProfile profile;
};

Verdict init_with(ceph::ErasureCodeProfile profile, const simd::Kernels *kernels = nullptr) {
  power8::AdapterCodec codec(kernels ? *kernels : best_kernels());
  std::ostringstream ss;
  int r = codec.init(profile, &ss);
  return {r, ss.str(), profile};
}

TEST(profile, defaults_are_written_back) {
  Verdict v = init_with({});
  ASSERT_EQ(v.r, 0) << v.message;
  ceph::ErasureCodeProfile expected{{"technique", "reed_sol_van"},
                                    {"k", "7"},
                                    {"m", "3"},
                                    {"w", "8"},
                                    {"jerasure-per-chunk-alignment", "false"},
                                    {"crush-root", "default"},
                                    {"crush-failure-domain", "host"},
                                    {"crush-device-class", ""}};
  expected.merge(power8::AdapterCodec::added_rule_keys());
  EXPECT_EQ(v.profile, expected);
  Verdict cauchy = init_with({{"technique", "cauchy_good"}});
  ASSERT_EQ(cauchy.r, 0) << cauchy.message;
  EXPECT_EQ(cauchy.profile.at("packetsize"), "2048");
  Verdict r6 = init_with({{"technique", "reed_sol_r6_op"}});
  ASSERT_EQ(r6.r, 0) << r6.message;
  EXPECT_EQ(r6.profile.at("m"), "2");
  // jerasure's RAID6 class never reads this key, so it is neither used nor added.
  EXPECT_EQ(r6.profile.count("jerasure-per-chunk-alignment"), 0u);
}

// With power8-code=isa, the keys isa's plugin writes back (its own and its base class's), and none of
// jerasure's; init() again on the completed profile changes nothing (the monitor does it).
TEST(profile, isa_code_writes_back_what_isa_does) {
  Verdict v = init_with({{"power8-code", "isa"}});
  ASSERT_EQ(v.r, 0) << v.message;
  ceph::ErasureCodeProfile expected{{"power8-code", "isa"},      {"technique", "reed_sol_van"},
                                    {"k", "7"},                  {"m", "3"},
                                    {"crush-root", "default"},   {"crush-failure-domain", "host"},
                                    {"crush-device-class", ""}};
  expected.merge(power8::AdapterCodec::added_rule_keys());
  EXPECT_EQ(v.profile, expected);
  Verdict again = init_with(v.profile);
  ASSERT_EQ(again.r, 0) << again.message;
  EXPECT_EQ(again.profile, v.profile);

  power8::AdapterCodec codec(best_kernels());
  ceph::ErasureCodeProfile cauchy{{"power8-code", "isa"}, {"technique", "cauchy"}, {"k", "5"}, {"m", "1"}};
  std::ostringstream ss;
  ASSERT_EQ(codec.init(cauchy, &ss), 0) << ss.str();
  EXPECT_EQ(codec.get_profile(), cauchy);
  EXPECT_EQ(codec.get_chunk_size(5 * 4096 + 1), 4128u);
}

TEST(profile, init_twice_gives_the_same_result_and_get_profile_is_the_map_passed) {
  power8::AdapterCodec codec(best_kernels());
  ceph::ErasureCodeProfile p{{"technique", "cauchy_good"}, {"k", "3"}, {"m", "2"}, {"mapping", "DD_D_"}};
  std::ostringstream ss;
  ASSERT_EQ(codec.init(p, &ss), 0) << ss.str();
  EXPECT_EQ(codec.get_profile(), p);
  const unsigned chunk = codec.get_chunk_size(12288);
  const std::vector<int> mapping = chunk_mapping(codec);
  ceph::ErasureCodeProfile again = p;
  ASSERT_EQ(codec.init(again, &ss), 0) << ss.str();
  EXPECT_EQ(again, p);
  EXPECT_EQ(codec.get_chunk_size(12288), chunk);
  EXPECT_EQ(chunk_mapping(codec), mapping);
}

// Chunk sizes the stock jerasure plugin gives (read off ceph-erasure-code-tool calc-chunk-size; the qa
// test compares many more against the live tool).
TEST(profile, chunk_sizes_match_jerasure) {
  const struct {
    ceph::ErasureCodeProfile profile;
    unsigned stripe, chunk;
  } cases[] = {
      {{{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}}, 100000, 25024},
      {{{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}}, 16384, 4096},
      {{{"technique", "cauchy_good"}, {"k", "3"}, {"m", "2"}}, 100000, 65536},
      {{{"technique", "cauchy_good"}, {"k", "3"}, {"m", "2"}, {"packetsize", "3"}}, 100000, 33408},
      {{{"technique", "cauchy_good"}, {"k", "4"}, {"m", "2"}, {"packetsize", "8"}}, 16384, 4096},
      {{{"technique", "reed_sol_van"}, {"k", "3"}, {"m", "2"}, {"jerasure-per-chunk-alignment", "true"}}, 100000, 33408},
      {{{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}}, 0, 0},
  };
  for (const auto &c : cases) {
    auto codec = make_codec(c.profile);
    ASSERT_TRUE(codec);
    EXPECT_EQ(codec->get_chunk_size(c.stripe), c.chunk) << c.profile.at("technique") << " stripe " << c.stripe;
  }
}

struct BadProfile {
  ceph::ErasureCodeProfile profile;
  int errno_value;
  std::string must_mention;
};

TEST(profile, bad_profiles_get_a_clear_error) {
  const BadProfile cases[] = {
      {{{"k", "1"}}, -EINVAL, "k=1"},
      {{{"k", "-3"}}, -EINVAL, "k=-3"},
      {{{"k", "four"}}, -EINVAL, "k=four"},
      {{{"k", "99999999999999999999"}}, -EINVAL, "k=99999999999999999999"},
      {{{"k", "4x"}}, -EINVAL, "k=4x"},
      {{{"m", "0"}}, -EINVAL, "m=0"},
      {{{"k", "200"}, {"m", "100"}}, -EINVAL, "k+m=300"},
      {{{"k", "255"}, {"m", "2"}}, -EINVAL, "at most 256"},
      {{{"w", "16"}}, -EINVAL, "w=16"},
      {{{"w", "7"}}, -EINVAL, "w=8 only"},
      {{{"technique", "bogus"}}, -ENOENT, "technique=bogus"},
      {{{"technique", "liberation"}}, -EINVAL, "technique=liberation"},
      {{{"technique", "blaum_roth"}}, -EINVAL, "plugin=jerasure"},
      {{{"technique", "liber8tion"}}, -EINVAL, "not implemented"},
      {{{"technique", "cauchy_good"}, {"packetsize", "0"}}, -EINVAL, "packetsize=0"},
      {{{"technique", "cauchy_good"}, {"packetsize", "-8"}}, -EINVAL, "packetsize=-8"},
      {{{"technique", "cauchy_good"}, {"packetsize", "2147483647"}}, -EINVAL, "too large"},
      // k*8*packetsize*4 = 2^30 + 128 with k=2: just over the bound in doc/profiles.md, in both modes (the
      // per-chunk mode used to accept packetsize up to 2^27, 1 GiB chunks).
      {{{"technique", "cauchy_good"}, {"k", "2"}, {"packetsize", "16777218"}}, -EINVAL,
       "k*w*packetsize*4 = 1073741952 must be at most 1073741824"},
      {{{"technique", "cauchy_good"}, {"k", "2"}, {"packetsize", "16777218"}, {"jerasure-per-chunk-alignment", "true"}},
       -EINVAL, "k*w*packetsize*4 = 1073741952 must be at most 1073741824"},
      {{{"technique", "cauchy_orig"}, {"k", "2"}, {"packetsize", "134217728"}, {"jerasure-per-chunk-alignment", "true"}},
       -EINVAL, "packetsize=134217728 is too large for k=2"},
      {{{"technique", "cauchy_good"}, {"packetsize", "3"}, {"jerasure-per-chunk-alignment", "true"}}, -EINVAL,
       "must be even"},
      {{{"technique", "reed_sol_r6_op"}, {"m", "3"}}, -EINVAL, "m=3"},
      {{{"k", "4"}, {"m", "2"}, {"mapping", "DD_"}}, -EINVAL, "mapping=DD_"},
      {{{"k", "4"}, {"m", "2"}, {"mapping", "DDD___"}}, -EINVAL, "exactly k"},
  };
  for (const auto &c : cases) {
    Verdict v = init_with(c.profile);
    EXPECT_EQ(v.r, c.errno_value) << v.message;
    EXPECT_NE(v.message.find(c.must_mention), std::string::npos)
        << "message '" << v.message << "' should mention '" << c.must_mention << "'";
  }
}

TEST(profile, packetsize_is_accepted_up_to_the_documented_bound_in_both_modes) {
  // k*8*packetsize*4 = 2^30 exactly: accepted with and without per-chunk alignment.
  for (const char *per_chunk : {"false", "true"}) {
    Verdict v = init_with({{"technique", "cauchy_good"}, {"k", "2"}, {"packetsize", "16777216"},
                           {"jerasure-per-chunk-alignment", per_chunk}});
    EXPECT_EQ(v.r, 0) << per_chunk << ": " << v.message;
  }
}

TEST(profile, every_variant_reaches_the_same_verdict) {
  // The monitor and each OSD may run different variants: a profile must pass or fail on all alike.
  const ceph::ErasureCodeProfile profiles[] = {
      {},
      {{"technique", "cauchy_orig"}, {"k", "10"}, {"m", "4"}, {"packetsize", "32"}},
      {{"technique", "reed_sol_r6_op"}, {"k", "12"}},
      {{"k", "1"}},
      {{"technique", "nope"}},
      {{"w", "32"}},
      {{"k", "250"}, {"m", "6"}},
  };
  for (const auto &p : profiles) {
    const Verdict first = init_with(p, runnable_kernels().front());
    for (const simd::Kernels *kernels : runnable_kernels()) {
      const Verdict v = init_with(p, kernels);
      EXPECT_EQ(v.r, first.r) << kernels->name;
      EXPECT_EQ(v.profile, first.profile) << kernels->name;
    }
  }
}

TEST(profile, create_rule_refuses_more_chunks_than_a_simple_rule_holds) {
  auto codec = make_codec({{"k", "18"}, {"m", "4"}});
  ASSERT_TRUE(codec);
  std::ostringstream ss;
  // The refusal happens before CrushWrapper is touched, so storage that is no CrushWrapper stands in.
  alignas(16) unsigned char not_a_crush_map[64] = {};
  EXPECT_EQ(codec->create_rule("r", *reinterpret_cast<CrushWrapper *>(not_a_crush_map), &ss), -EINVAL);
  EXPECT_NE(ss.str().find("k+m=22"), std::string::npos) << ss.str();
}

} // namespace
} // namespace ec::test
