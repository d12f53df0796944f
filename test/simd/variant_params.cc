// SPDX-License-Identifier: LGPL-2.1-or-later
#include "variant_params.h"

#include <algorithm>

#include "simd/probe/cpu_probe.h"
#include "simd/variants.h"

namespace ec::simd::test {

std::vector<std::string> built_variant_names() {
  std::vector<std::string> names;
  for (const Kernels *k : built_variants())
    names.push_back(k->name);
  return names;
}

namespace {
std::vector<const Kernels *> &test_variants() {
  static std::vector<const Kernels *> tables;
  return tables;
}
} // namespace

bool add_test_variant(const Kernels &kernels) {
  test_variants().push_back(&kernels);
  return true;
}

const Kernels *find_test_variant(const std::string &name) {
  for (const Kernels *k : test_variants())
    if (name == k->name)
      return k;
  return nullptr;
}

std::vector<std::string> variant_names_under_test() {
  std::vector<std::string> names = built_variant_names();
  for (const Kernels *k : test_variants())
    names.push_back(k->name);
  return names;
}

bool cpu_runs(const std::string &variant) {
  static const std::vector<std::string> runnable = runnable_variants();
  return std::find(runnable.begin(), runnable.end(), variant) != runnable.end();
}

void VariantTest::SetUp() {
  if ((kernels_ = find_test_variant(GetParam())))
    return;
  if (!cpu_runs(GetParam()))
    GTEST_SKIP() << "this CPU cannot run " << GetParam();
  kernels_ = find_built_variant(GetParam());
  ASSERT_NE(kernels_, nullptr);
}

} // namespace ec::simd::test
