// SPDX-License-Identifier: LGPL-2.1-or-later
// Under qemu the CPU model is chosen per run (QEMU_CPU), and qa/lib/cross-suite.sh says which variant
// the plugin must then load (EC_EXPECT_VARIANT): the probe's best runnable variant that this build has,
// since the loader skips variants whose library was not built. Built for cross builds only (the CPU is
// then the emulator's, named by the caller); without EC_EXPECT_VARIANT it fails rather than pass unseen.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "simd/variants.h"

namespace {

TEST(ProbeUnderEmulation, PicksTheExpectedVariant) {
  const char *expected = std::getenv("EC_EXPECT_VARIANT");
  ASSERT_TRUE(expected && *expected) << "EC_EXPECT_VARIANT is not set: run under qemu as qa/lib/cross-suite.sh "
                                        "does (QEMU_CPU=CPU EC_EXPECT_VARIANT=variant the probe must pick)";
  const auto runnable = ec::simd::runnable_built_variants();
  ASSERT_FALSE(runnable.empty());
  EXPECT_EQ(std::string(runnable.front()->name), expected) << "QEMU_CPU=" << (std::getenv("QEMU_CPU") ? std::getenv("QEMU_CPU") : "");
}

} // namespace
