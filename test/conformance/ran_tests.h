// SPDX-License-Identifier: LGPL-2.1-or-later
// What a googletest run did, read back after RUN_ALL_TESTS() by the mains that run Ceph's own test files
// (main.cc, jerasure/main.cc): each fails the run if no test ran, or if a test skipped that must not.
#ifndef EC_CONFORMANCE_RAN_TESTS_H
#define EC_CONFORMANCE_RAN_TESTS_H

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ec_conformance {

struct RanTest {
  std::string suite; // googletest's suite name, with its instantiation prefix ("Power8/PluginTest")
  std::string name;
  bool skipped;
};

// The tests the filter selected, in googletest's order.
inline std::vector<RanTest> ran_tests() {
  std::vector<RanTest> ran;
  const auto &unit = *::testing::UnitTest::GetInstance();
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const auto &suite = *unit.GetTestSuite(i);
    for (int j = 0; j < suite.total_test_count(); ++j) {
      const auto &test = *suite.GetTestInfo(j);
      if (test.should_run())
        ran.push_back({suite.name(), test.name(), test.result()->Skipped()});
    }
  }
  return ran;
}

} // namespace ec_conformance

#endif
