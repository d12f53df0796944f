// SPDX-License-Identifier: LGPL-2.1-or-later
// power8-code=isa: the profile key that selects isa's codes, and isa's keys, defaults, verdicts and chunk
// sizes in that mode, as Ceph 16.2.15's, 18.2.7's and 20.2.4's isa plugin decide them (read in their
// source, and checked against Pacific's libec_isa.so by qa/tool/ceph-erasure-code-tool-isa-test).
#include <gtest/gtest.h>

#include <cerrno>
#include <sstream>
#include <string>

#include "codec/codec.h"
#include "codec_helpers.h"
#include "simd/variants.h"

namespace ec::codec::test {
namespace {

struct Verdict {
  int result;
  std::string message;
};

Verdict init(Profile profile, const ReleaseDefaults &release = kPacific) {
  Codec codec(simd::kernels_reference, nullptr);
  std::ostringstream errors;
  return {codec.init(profile, release, &errors), errors.str()};
}

Profile isa(Profile keys) {
  keys["power8-code"] = "isa";
  return keys;
}

void expect_refused(const Profile &profile, int error, const std::string &message,
                    const ReleaseDefaults &release = kPacific) {
  const Verdict v = init(profile, release);
  EXPECT_EQ(v.result, error) << v.message;
  EXPECT_NE(v.message.find(message), std::string::npos) << "expected '" << message << "' in: " << v.message;
}

TEST(IsaProfile, defaults_are_isas_and_written_back_without_jerasure_keys) {
  Profile profile = isa({});
  Codec codec(simd::kernels_reference, nullptr);
  std::ostringstream errors;
  ASSERT_EQ(codec.init(profile, kPacific, &errors), 0) << errors.str();
  EXPECT_EQ(profile, (Profile{{"power8-code", "isa"}, {"technique", "reed_sol_van"}, {"k", "7"}, {"m", "3"}}));
  EXPECT_EQ(codec.parameters().technique, Technique::isa_reed_sol_van);
  EXPECT_EQ(codec.minimum_granularity(), 1u);
}

TEST(IsaProfile, jerasure_profiles_are_unchanged) {
  Profile profile{{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}};
  Codec codec(simd::kernels_reference, nullptr);
  std::ostringstream errors;
  ASSERT_EQ(codec.init(profile, kPacific, &errors), 0) << errors.str();
  EXPECT_EQ(profile.count("power8-code"), 0u);
  EXPECT_EQ(codec.parameters().technique, Technique::reed_sol_van);
  for (const char *jerasure : {"", "jerasure"}) {
    Profile explicit_jerasure{{"power8-code", jerasure}, {"technique", "cauchy_good"}};
    ASSERT_EQ(codec.init(explicit_jerasure, kPacific, &errors), 0) << errors.str();
    EXPECT_EQ(codec.parameters().technique, Technique::cauchy_good);
    EXPECT_EQ(explicit_jerasure.at("power8-code"), jerasure);
  }
}

TEST(IsaProfile, the_key_names_its_values) {
  expect_refused({{"power8-code", "ISA"}}, -EINVAL,
                 "power8-code=ISA is not valid: power8-code must be jerasure (the default: jerasure's codes, chunks "
                 "identical to plugin=jerasure) or isa (isa's codes, chunks identical to plugin=isa)\n");
  expect_refused({{"technique", "cauchy"}}, -ENOENT, "power8-code=isa selects isa's codes");
}

TEST(IsaProfile, techniques_are_isas) {
  Codec codec(simd::kernels_reference, nullptr);
  std::ostringstream errors;
  Profile cauchy = isa({{"technique", "cauchy"}});
  ASSERT_EQ(codec.init(cauchy, kPacific, &errors), 0) << errors.str();
  EXPECT_EQ(codec.parameters().technique, Technique::isa_cauchy);
  // isa defaults the technique only when the key is missing.
  expect_refused(isa({{"technique", ""}}), -ENOENT, "technique= is not a valid coding technique");
  expect_refused(isa({{"technique", "cauchy_good"}}), -ENOENT, "Choose one of the following: reed_sol_van, cauchy");
}

TEST(IsaProfile, isas_bounds) {
  expect_refused(isa({{"k", "1"}}), -EINVAL, "k=1 is not valid");
  expect_refused(isa({{"m", "0"}}), -EINVAL, "m=0 is not valid");
  expect_refused(isa({{"k", "abc"}}), -EINVAL, "k=abc is not valid");
  EXPECT_EQ(init(isa({{"k", "32"}, {"m", "3"}})).result, 0);
  expect_refused(isa({{"k", "33"}, {"m", "2"}}), -EINVAL, "k=33 is not valid for power8-code=isa technique=reed_sol_van");
  EXPECT_EQ(init(isa({{"k", "2"}, {"m", "4"}})).result, 0);
  expect_refused(isa({{"k", "2"}, {"m", "5"}}), -EINVAL, "m=5 is not valid for power8-code=isa technique=reed_sol_van");
  EXPECT_EQ(init(isa({{"k", "21"}, {"m", "4"}})).result, 0);
  expect_refused(isa({{"k", "22"}, {"m", "4"}}), -EINVAL, "k=22 is not valid with m=4");
  // Cauchy: no bound of its own but the release's on m and the field's 256 chunks.
  EXPECT_EQ(init(isa({{"technique", "cauchy"}, {"k", "100"}, {"m", "40"}})).result, 0);
  expect_refused(isa({{"technique", "cauchy"}, {"k", "4"}, {"m", "33"}}), -EINVAL, "codes at most m=32", kTentacle);
  EXPECT_EQ(init(isa({{"technique", "cauchy"}, {"k", "4"}, {"m", "32"}}), kTentacle).result, 0);
  expect_refused(isa({{"technique", "cauchy"}, {"k", "250"}, {"m", "7"}}), -EINVAL, "k+m=257 must be at most 256");
}

TEST(IsaProfile, chunk_size_is_a_kth_of_the_stripe_rounded_up_to_32) {
  for (const char *technique : {"reed_sol_van", "cauchy"}) {
    Codec codec(simd::kernels_reference, nullptr);
    std::ostringstream errors;
    Profile profile = isa({{"technique", technique}, {"k", "3"}, {"m", "2"}});
    ASSERT_EQ(codec.init(profile, kPacific, &errors), 0) << errors.str();
    EXPECT_EQ(codec.chunk_size(0), 0u);
    EXPECT_EQ(codec.chunk_size(1), 32u);
    EXPECT_EQ(codec.chunk_size(96), 32u);
    EXPECT_EQ(codec.chunk_size(100), 64u);
    EXPECT_EQ(codec.chunk_size(3 * 4096), 4096u);
    EXPECT_EQ(codec.chunk_size(3 * 4096 + 1), 4128u);
  }
}

} // namespace
} // namespace ec::codec::test
