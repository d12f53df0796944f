// SPDX-License-Identifier: LGPL-2.1-or-later
// Ceph's plugin conformance suite, src/test/erasure-code/TestErasureCodePlugins.cc, compiled from Ceph's
// own source (Debian's orig tarball, extracted by test/abi/tentacle/real-headers; nothing of it is in this
// tree) and instantiated a second time for plugin=power8.
//
// Why a file that #includes Ceph's .cc: the suite is one parameterised fixture (PluginTest, a profile
// string per parameter) whose only instantiation, PluginTests, lists fixed profiles naming plugin=jerasure,
// isa, shec and lrc. Running power8 through it without editing the file needs a second instantiation of
// the same fixture, and INSTANTIATE_TEST_SUITE_P needs the fixture's definition: hence this translation
// unit. The test bodies are Ceph's, unchanged; what is ours is the parameter list of the Power8
// instantiation, derived from the suite's own list (profile_map.cc: plugin=jerasure becomes
// plugin=power8, every other key as written; isa's profiles get power8-code=isa when enabled).
//
// Built with -w (CMakeLists.txt): Ceph's code is not ours to keep warning-free; our logic is in
// profile_map.cc and main.cc, built with the project's -Werror.
#include "test/erasure-code/TestErasureCodePlugins.cc"

#include "profile_map.h"

#include <cctype>

#ifndef EC_CONFORMANCE_POWER8_ISA
#error "EC_CONFORMANCE_POWER8_ISA must be 0 or 1 (test/conformance/CMakeLists.txt)"
#endif

namespace ec_conformance {

const std::vector<Row> &suite_rows() {
  static const std::vector<Row> rows = [] {
    // The suite's own parameter list, as its INSTANTIATE_TEST_SUITE_P(PluginTests, PluginTest, ...)
    // evaluates it: googletest names that generator function after the prefix and the fixture.
    std::vector<std::string> ceph;
    const auto generator = gtest_PluginTestsPluginTest_EvalGenerator_();
    for (auto it = generator.begin(); it != generator.end(); ++it)
      ceph.emplace_back(*it);
    return map_profiles(ceph, EC_CONFORMANCE_POWER8_ISA != 0);
  }();
  return rows;
}

} // namespace ec_conformance

// Power8/PluginTest.<Test>/<profile>: the profile's keys in the test's name, so a failure names it.
INSTANTIATE_TEST_SUITE_P(
    Power8, PluginTest, ::testing::ValuesIn(ec_conformance::power8_params(ec_conformance::suite_rows())),
    [](const ::testing::TestParamInfo<const char *> &info) {
      std::string name;
      for (const char *c = info.param; *c; ++c)
        name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
      return name;
    });
