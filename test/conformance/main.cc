// SPDX-License-Identifier: LGPL-2.1-or-later
// The main of Ceph's plugin conformance suite outside Ceph's build. Ceph links the suite with its unit.cc,
// whose global_init() makes the process's CephContext from the command line; that code is in Ceph's static
// libglobal, which Debian does not ship. Here the context comes from librados as for the project's
// benchmark (src/ceph-host/ceph_context.cc: defaults, then the command line's Ceph
// options such as --erasure_code_dir DIR) and is published as g_ceph_context, which the suite reads.
//
// Before the tests it prints which of the suite's profiles run as plugin=power8 and as what; after them it
// fails the run if no test ran (a filter that matches nothing) or if a power8 test skipped: power8
// advertises the optimizations Tentacle's jerasure does, so the suite's skips (ZeroInZeroOut and the
// ParityDelta tests skip for a plugin that does not advertise them) must not hide a lost flag.
#include "ceph_context.h"
#include "profile_map.h"
#include "ran_tests.h"

#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <vector>

namespace {

bool is_power8_test(const std::string &suite) { return suite.rfind("Power8/", 0) == 0; }

void print_table(const std::vector<ec_conformance::Row> &rows) {
  size_t run = 0;
  for (const auto &row : rows)
    if (!row.power8.empty())
      ++run;
  std::cout << "Ceph's suite has " << rows.size() << " profiles; " << run
            << " run as plugin=power8 (instantiation Power8):\n";
  for (const auto &row : rows) {
    if (!row.power8.empty())
      std::cout << "  power8:  " << row.power8 << "   <- " << row.ceph << "\n";
  }
  for (const auto &row : rows) {
    if (row.power8.empty())
      std::cout << "  not run as power8: " << row.ceph << "   (" << row.why << ")\n";
  }
  std::cout << std::flush;
}

} // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  // What googletest left is Ceph's options, as global_init would read them.
  std::vector<std::string> ceph_args(argv + 1, argv + argc);
  ec_bench::CephContextHolder context;
  std::string error;
  if (context.init(ceph_args, &error) != 0) {
    std::cerr << "ceph_plugins_test: " << error << "\n";
    return 2;
  }
  const auto &rows = ec_conformance::suite_rows();
  if (ec_conformance::power8_params(rows).empty()) {
    std::cerr << "ceph_plugins_test: none of the suite's " << rows.size()
              << " profiles maps to plugin=power8: did Ceph's parameter list change?\n";
    return 2;
  }
  print_table(rows);
  std::cout << "erasure_code_dir = " << context.get("erasure_code_dir") << std::endl;

  int rc = RUN_ALL_TESTS();

  const auto tests = ec_conformance::ran_tests();
  const int ran = static_cast<int>(tests.size());
  int power8_ran = 0, stock_ran = 0, skipped = 0;
  std::vector<std::string> power8_skipped;
  for (const auto &test : tests) {
    const bool power8 = is_power8_test(test.suite);
    (power8 ? power8_ran : stock_ran)++;
    if (test.skipped) {
      ++skipped;
      if (power8)
        power8_skipped.push_back(test.suite + "." + test.name);
    }
  }
  std::cout << "ceph_plugins_test: " << ran << " tests ran (" << stock_ran << " of the suite's own profiles, "
            << power8_ran << " as plugin=power8), " << ::testing::UnitTest::GetInstance()->failed_test_count()
            << " failed, " << skipped << " skipped" << std::endl;
  if (ran == 0) {
    std::cerr << "ceph_plugins_test: no test ran (check --gtest_filter)\n";
    return 1;
  }
  for (const auto &name : power8_skipped)
    std::cerr << "ceph_plugins_test: " << name << " skipped: power8 does not advertise what the test needs\n";
  if (!power8_skipped.empty())
    return 1;
  return rc;
}
