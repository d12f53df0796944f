// SPDX-License-Identifier: LGPL-2.1-or-later
// The exclusions of Ceph's TestErasureCodeJerasure.cc (exclusions.h), per plugin. The profiles are the ones
// the file's tests give init(), read from the file (Reef's 18.2.7): encode_decode k=2 m=2 packetsize=8;
// minimum_to_decode k=2 m=2 w=7 packetsize=8.
#include "exclusions.h"

#include "plugin_codec.h"

#include <gtest/gtest.h>

#include "include/buffer.h"

#include <cerrno>
#include <sstream>

namespace ec_jerasure_suite {

namespace {

using Profile = std::map<std::string, std::string>;

Profile with_technique(Profile profile, const char *technique) {
  profile["technique"] = technique;
  return profile;
}

// Ceph's classes, by the file's names, and the techniques they set.
struct FileClass {
  const char *type;
  const char *technique;
};
constexpr FileClass kReedSolomon[] = {{"ErasureCodeJerasureReedSolomonVandermonde", "reed_sol_van"},
                                      {"ErasureCodeJerasureReedSolomonRAID6", "reed_sol_r6_op"}};
constexpr FileClass kCauchy[] = {{"ErasureCodeJerasureCauchyOrig", "cauchy_orig"},
                                 {"ErasureCodeJerasureCauchyGood", "cauchy_good"}};
constexpr FileClass kBitmatrix[] = {{"ErasureCodeJerasureLiberation", "liberation"},
                                    {"ErasureCodeJerasureBlaumRoth", "blaum_roth"},
                                    {"ErasureCodeJerasureLiber8tion", "liber8tion"}};

const Profile kEncodeDecode = {{"k", "2"}, {"m", "2"}, {"packetsize", "8"}};
const Profile kMinimumToDecode = {{"k", "2"}, {"m", "2"}, {"w", "7"}, {"packetsize", "8"}};

std::string describe(const Profile &profile) {
  std::string text;
  for (const auto &kv : profile)
    text += (text.empty() ? "" : " ") + kv.first + "=" + kv.second;
  return text;
}

std::string chomp(std::string text) {
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  return text;
}

// The reason "the plugin refuses `profile`": holds while the plugin refuses it as a bad profile, EINVAL
// (a plugin that fails to load says ENOENT or EIO, which is no reason to exclude anything).
std::function<bool(std::string *)> refuses(Profile profile) {
  return [profile](std::string *observed) {
    Profile p = profile;
    ceph::ErasureCodeInterfaceRef codec;
    std::ostringstream errors;
    const int r = make_codec(p, &codec, &errors);
    *observed = "on " + describe(profile) + (r ? " refuses (" + std::to_string(r) + "): " + chomp(errors.str())
                                                : " MAKES A CODEC");
    return r == -EINVAL;
  };
}

// The reason "decode() hands back the wanted chunks only": holds while decoding chunks 0 and 1 of
// encode_decode's profile from 2 and 3 gives 2 chunks, where Ceph's base class gives all k+m.
std::function<bool(std::string *)> decodes_wanted_only(Profile profile) {
  return [profile](std::string *observed) {
    Profile p = profile;
    ceph::ErasureCodeInterfaceRef codec;
    std::ostringstream errors;
    if (make_codec(p, &codec, &errors)) {
      *observed = "on " + describe(profile) + " refuses: " + chomp(errors.str());
      return false;
    }
    ceph::bufferlist in;
    in.append(std::string(310, 'A'));
    std::map<int, ceph::bufferlist> encoded;
    if (codec->encode({0, 1, 2, 3}, in, &encoded) != 0 || encoded.size() != 4) {
      *observed = "on " + describe(profile) + " encode() failed";
      return false;
    }
    encoded.erase(0);
    encoded.erase(1);
    std::map<int, ceph::bufferlist> decoded;
    const int r = codec->decode({0, 1}, encoded, &decoded, static_cast<int>(encoded.begin()->second.length()));
    *observed = "on " + describe(profile) + " decode() of chunks 0 and 1 from 2 and 3 returns " +
                std::to_string(r) + " with " + std::to_string(decoded.size()) + " chunks";
    return r == 0 && decoded.size() == 2;
  };
}

// The test ignores init()'s result and goes on with the object: Ceph's class then holds the k and m its
// parse() read, and _minimum_to_decode() needs no more; a plugin gives ceph-osd no codec at all.
const char *const kIgnoresInit = "; the test ignores init()'s -EINVAL and queries the half-initialised object, "
                                 "which only jerasure's C++ class has (a plugin returns no codec)";

std::vector<Exclusion> power8_rules() {
  std::vector<Exclusion> rules;
  for (const auto &c : kBitmatrix)
    rules.push_back({c.type, "*",
                     std::string("power8 implements reed_sol_van, reed_sol_r6_op, cauchy_orig and cauchy_good: "
                                 "it refuses technique=") + c.technique,
                     refuses(with_technique(kEncodeDecode, c.technique))});
  for (const auto *group : {&kReedSolomon, &kCauchy})
    for (const auto &c : *group)
      rules.push_back({c.type, "encode_decode",
                       "the test wants all k+m chunks back from a decode (\"always decode all, regardless of "
                       "want_to_decode\", as Ceph's ErasureCode::_decode does); power8's decode() hands back "
                       "the wanted chunks only, and the OSD reads no others",
                       decodes_wanted_only(with_technique(kEncodeDecode, c.technique))});
  // jerasure refuses w=7 for Reed-Solomon too (ReedSolomonVandermonde/RAID6::parse(): "revert to 8", but w
  // stays 7 and init() returns -EINVAL); its Cauchy classes accept w=7, power8 computes w=8 only.
  for (const auto &c : kReedSolomon)
    rules.push_back({c.type, "minimum_to_decode",
                     std::string("w=7: refused by power8 (w=8 only) as by jerasure for ") + c.technique +
                         kIgnoresInit,
                     refuses(with_technique(kMinimumToDecode, c.technique))});
  for (const auto &c : kCauchy)
    rules.push_back({c.type, "minimum_to_decode",
                     std::string("w=7: refused by power8 (w=8 only, doc/profiles.md); jerasure accepts it for ") +
                         c.technique + kIgnoresInit,
                     refuses(with_technique(kMinimumToDecode, c.technique))});
  return rules;
}

std::vector<Exclusion> jerasure_rules() {
  std::vector<Exclusion> rules;
  for (const auto &c : kReedSolomon)
    rules.push_back({c.type, "minimum_to_decode", std::string("w=7: jerasure refuses it for ") + c.technique +
                                                      kIgnoresInit,
                     refuses(with_technique(kMinimumToDecode, c.technique))});
  rules.push_back({"ErasureCodeJerasureLiber8tion", "minimum_to_decode",
                   std::string("w=7: jerasure refuses it for liber8tion (w=8 only)") + kIgnoresInit,
                   refuses(with_technique(kMinimumToDecode, "liber8tion"))});
  return rules;
}

} // namespace

std::vector<Exclusion> exclusions_for(const std::string &plugin, std::string *error) {
  if (plugin == "power8")
    return power8_rules();
  if (plugin == "jerasure")
    return jerasure_rules();
  *error = "no exclusion rules for plugin=" + plugin + " (power8 or jerasure)";
  return {};
}

std::vector<std::string> covered_tests(const Exclusion &rule) {
  std::vector<std::string> names;
  const auto &unit = *::testing::UnitTest::GetInstance();
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const auto &suite = *unit.GetTestSuite(i);
    if (!suite.type_param() || rule.type != suite.type_param())
      continue;
    for (int j = 0; j < suite.total_test_count(); ++j) {
      const auto &test = *suite.GetTestInfo(j);
      if (rule.test == "*" || rule.test == test.name())
        names.push_back(std::string(suite.name()) + "." + test.name());
    }
  }
  return names;
}

} // namespace ec_jerasure_suite
