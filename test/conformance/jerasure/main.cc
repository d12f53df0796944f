// SPDX-License-Identifier: LGPL-2.1-or-later
// The main of Ceph's TestErasureCodeJerasure.cc outside Ceph's build, run against one plugin:
//
//   ceph_jerasure_test --plugin=power8|jerasure [googletest options] [Ceph options: --erasure_code_dir DIR...]
//
// Ceph links the file with its unit.cc, whose global_init() is in Ceph's static libglobal, which Debian
// does not ship; the CephContext comes from librados as for test/conformance's main.cc (and the file's
// create_rule test logs through it). The file's classes are codecs of the plugin (plugin_codec.h).
//
// Before the tests it prints each exclusion rule of the plugin (exclusions.cc) and checks that its reason
// still holds: if it does not, the run fails (the test must be run).
// After them it fails if no test ran or if any test skipped.
#include "ceph_context.h"
#include "exclusions.h"
#include "plugin_codec.h"
#include "ran_tests.h"

#include <gtest/gtest.h>

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

// Excludes `names` by adding them to googletest's negative filter.
void exclude(const std::vector<std::string> &names) {
  if (names.empty())
    return;
  std::string filter = GTEST_FLAG_GET(filter);
  filter += filter.find('-') == std::string::npos ? "-" : ":";
  for (size_t i = 0; i < names.size(); ++i)
    filter += (i ? ":" : "") + names[i];
  GTEST_FLAG_SET(filter, filter);
}

// Prints the rules, checks each; returns the names they exclude, or false if a rule no longer holds.
bool apply_rules(const std::string &plugin, std::vector<std::string> *excluded) {
  std::string error;
  const auto rules = ec_jerasure_suite::exclusions_for(plugin, &error);
  if (!error.empty()) {
    std::cerr << "ceph_jerasure_test: " << error << "\n";
    return false;
  }
  bool ok = true;
  std::cout << "plugin=" << plugin << ": " << rules.size() << " exclusion rules\n";
  for (const auto &rule : rules) {
    const auto names = ec_jerasure_suite::covered_tests(rule);
    std::string observed;
    const bool holds = rule.holds(&observed);
    std::cout << "  not run: " << rule.type << "." << rule.test << " (" << names.size() << " tests): "
              << rule.reason << "\n    plugin=" << plugin << " " << observed << "\n";
    if (!holds) {
      std::cerr << "ceph_jerasure_test: the reason to exclude " << rule.type << "." << rule.test
                << " no longer holds for plugin=" << plugin << ": run the test (exclusions.cc)\n";
      ok = false;
    }
    if (names.empty()) {
      std::cerr << "ceph_jerasure_test: no test of Ceph's file matches " << rule.type << "." << rule.test
                << ": the file changed, review exclusions.cc\n";
      ok = false;
    }
    excluded->insert(excluded->end(), names.begin(), names.end());
  }
  std::cout << std::flush;
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  // Ours first (--plugin=NAME), then what remains is Ceph's options, as global_init would read them.
  std::string plugin;
  std::vector<std::string> ceph_args;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--plugin=", 9) == 0)
      plugin = argv[i] + 9;
    else
      ceph_args.emplace_back(argv[i]);
  }
  if (plugin.empty()) {
    std::cerr << "usage: ceph_jerasure_test --plugin=power8|jerasure [gtest options] [Ceph options]\n";
    return 2;
  }
  ec_bench::CephContextHolder context;
  std::string error;
  if (context.init(ceph_args, &error) != 0) {
    std::cerr << "ceph_jerasure_test: " << error << "\n";
    return 2;
  }
  ec_jerasure_suite::configure(plugin, context.get("erasure_code_dir"));
  std::cout << "Ceph's TestErasureCodeJerasure.cc with plugin=" << plugin
            << ", erasure_code_dir = " << context.get("erasure_code_dir") << std::endl;

  std::vector<std::string> excluded;
  if (!apply_rules(plugin, &excluded))
    return 1;
  exclude(excluded);

  const int rc = RUN_ALL_TESTS();

  const auto tests = ec_conformance::ran_tests();
  const auto ran = tests.size();
  std::vector<std::string> skipped;
  for (const auto &test : tests)
    if (test.skipped)
      skipped.push_back(test.suite + "." + test.name);
  std::cout << "ceph_jerasure_test: plugin=" << plugin << ": " << ran << " tests ran, "
            << ::testing::UnitTest::GetInstance()->failed_test_count() << " failed, " << skipped.size() << " skipped, " << excluded.size() << " excluded by the rules above"
            << std::endl;
  if (ran == 0) {
    std::cerr << "ceph_jerasure_test: no test ran (check --gtest_filter)\n";
    return 1;
  }
  for (const auto &name : skipped)
    std::cerr << "ceph_jerasure_test: " << name << " skipped: Ceph's file skips nothing\n";
  return skipped.empty() ? rc : 1;
}
