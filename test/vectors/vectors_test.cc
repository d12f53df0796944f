// SPDX-License-Identifier: LGPL-2.1-or-later
// Every built variant the CPU runs, and the reference itself, against the checked-in kernels.vec.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "simd/probe/cpu_probe.h"
#include "simd/variants.h"
#include "vector_case.h"

namespace ec::test_vectors {
namespace {

std::vector<VectorCase> load_cases() {
  std::ifstream in(EC_VECTORS_FILE);
  std::vector<VectorCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    VectorCase c;
    if (!parse_case(line, &c))
      ADD_FAILURE() << "unparsable line in " << EC_VECTORS_FILE << ": " << line;
    cases.push_back(c);
  }
  return cases;
}

std::vector<std::string> variant_names() {
  std::vector<std::string> names{"reference"};
  for (const simd::Kernels *k : simd::built_variants())
    names.push_back(k->name);
  return names;
}

class KernelVectors : public ::testing::TestWithParam<std::string> {};

TEST_P(KernelVectors, MatchCheckedInDigests) {
  const std::string name = GetParam();
  const simd::Kernels *kernels =
      name == "reference" ? &simd::kernels_reference : simd::find_built_variant(name);
  ASSERT_NE(kernels, nullptr);
  const auto runnable = simd::runnable_variants();
  if (name != "reference" && std::find(runnable.begin(), runnable.end(), name) == runnable.end())
    GTEST_SKIP() << "this CPU cannot run " << name;
  const auto cases = load_cases();
  ASSERT_GT(cases.size(), 400u) << "kernels.vec missing or truncated";
  for (const VectorCase &c : cases)
    EXPECT_EQ(run_case(*kernels, c), c.digests) << format_case(c);
}

INSTANTIATE_TEST_SUITE_P(Variants, KernelVectors, ::testing::ValuesIn(variant_names()),
                         [](const ::testing::TestParamInfo<std::string> &info) { return info.param; });

} // namespace
} // namespace ec::test_vectors
