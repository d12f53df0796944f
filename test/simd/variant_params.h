// SPDX-License-Identifier: LGPL-2.1-or-later
// The variants under test: every built one, each test skipping those the running CPU cannot execute, and
// the test binary's own tables of test-only traits structs, which any CPU runs.
#ifndef EC_TEST_SIMD_VARIANT_PARAMS_H
#define EC_TEST_SIMD_VARIANT_PARAMS_H

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simd/kernels.h"

namespace ec::simd::test {

std::vector<std::string> built_variant_names();
bool cpu_runs(const std::string &variant);

// A table built from a test-only traits struct (all_hooks_kernels.cc), added by a static initialiser:
// gtest asks the suites for their parameters only once those have run. Returns true.
bool add_test_variant(const Kernels &kernels);
const Kernels *find_test_variant(const std::string &name);
// The built variants, then the test binary's own.
std::vector<std::string> variant_names_under_test();

// Parameterised on the variant name; kernels() is the variant's table once SetUp has not skipped.
class VariantTest : public ::testing::TestWithParam<std::string> {
protected:
  void SetUp() override;
  const Kernels &kernels() const { return *kernels_; }

private:
  const Kernels *kernels_ = nullptr;
};

#define EC_INSTANTIATE_FOR_ALL_VARIANTS(suite)                                                             \
  INSTANTIATE_TEST_SUITE_P(Variants, suite,                                                                \
                           ::testing::ValuesIn(::ec::simd::test::variant_names_under_test()),              \
                           [](const ::testing::TestParamInfo<std::string> &info) { return info.param; })

} // namespace ec::simd::test

#endif
