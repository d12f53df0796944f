// SPDX-License-Identifier: LGPL-2.1-or-later
// Under qemu the CPU model is chosen per run (QEMU_CPU), and qa/stages/30-ppc64le.sh says which variant
// the plugin must then load (EC_EXPECT_VARIANT): the probe's best runnable variant that this build has,
// since the loader skips variants whose library was not built. Without EC_EXPECT_VARIANT it skips.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "simd/variants.h"

namespace {

TEST(ProbeUnderEmulation, PicksTheExpectedVariant) {
  const char *expected = std::getenv("EC_EXPECT_VARIANT");
  if (!expected || !*expected)
    GTEST_SKIP() << "EC_EXPECT_VARIANT not set";
  const auto runnable = ec::simd::runnable_built_variants();
  ASSERT_FALSE(runnable.empty());
  EXPECT_EQ(std::string(runnable.front()->name), expected) << "QEMU_CPU=" << (std::getenv("QEMU_CPU") ? std::getenv("QEMU_CPU") : "");
}

} // namespace
