// Under qemu the CPU model is chosen per run (QEMU_CPU), and qa/stages/30-ppc64le.sh says which variant
// the plugin must then load (EC_EXPECT_VARIANT): the probe's best runnable variant that this build has,
// since the loader skips variants whose library was not built. Without EC_EXPECT_VARIANT it skips.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "simd/probe/cpu_probe.h"
#include "simd/variants.h"

namespace {

TEST(ProbeUnderEmulation, PicksTheExpectedVariant) {
  const char *expected = std::getenv("EC_EXPECT_VARIANT");
  if (!expected || !*expected)
    GTEST_SKIP() << "EC_EXPECT_VARIANT not set";
  std::string picked;
  for (const std::string &name : ec::simd::runnable_variants())
    if (ec::simd::find_built_variant(name)) {
      picked = name;
      break;
    }
  EXPECT_EQ(picked, expected) << "QEMU_CPU=" << (std::getenv("QEMU_CPU") ? std::getenv("QEMU_CPU") : "");
}

} // namespace
