// SPDX-License-Identifier: LGPL-2.1-or-later
// The all-hooks traits' dispatch table, run by the simd suites beside the built variants as "all_hooks"
// (variant_params.h): every kernel against the reference, every length, alignment, shape and size.
#include <gtest/gtest.h>

#include <algorithm>

#include "all_hooks_traits.h"
#include "simd/skeleton/make_kernels.h"
#include "variant_params.h"

namespace ec::simd::test {
namespace {

using Hooks = AllHooksTraits;
using HooksLoops = skeleton::RegionLoops<Hooks>;

// Each detector of the skeleton finds its hook...
static_assert(skeleton::HasPairs<Hooks>::value && skeleton::HasStreamStores<Hooks>::value &&
              skeleton::HasAdd3<Hooks>::value && skeleton::HasSourceBase<Hooks>::value &&
              skeleton::HasAddInto<Hooks>::value && skeleton::HasNarrower<Hooks>::value);
static_assert(skeleton::FullIO<Hooks>::kPairs && skeleton::FullIO<Hooks>::kAddsInPlace &&
              skeleton::FullIO<Hooks>::kSourceBase);
// ... and every tuning differs from its default (kFirstSources aside: add3 needs the default's 2).
using Defaults = skeleton::Tuning<Hooks>;
static_assert(Hooks::kPrefetchBytes != Defaults::kPrefetchBytes && Hooks::mad_unroll(1) != Defaults::mad_unroll(1) &&
              Hooks::mad_loads_first(2) != Defaults::mad_loads_first(2) && !Hooks::mad_loads_first(1));
static_assert(HooksLoops::has_beyond_l1_choice() && Hooks::xor_unroll() != Defaults::xor_unroll() &&
              Hooks::xor_unroll_beyond_l1() != Defaults::xor_unroll_beyond_l1() &&
              Hooks::xor_unroll_in_place() != Defaults::xor_unroll_in_place());

const Kernels kernels_all_hooks = skeleton::make_kernels<Hooks>("all_hooks");
const bool all_hooks_added = add_test_variant(kernels_all_hooks);

// The parameterised simd suites run it (their tests are named .../all_hooks), on any CPU.
TEST(AllHooks, RunsBesideTheBuiltVariants) {
  ASSERT_TRUE(all_hooks_added);
  const auto names = variant_names_under_test();
  EXPECT_NE(std::find(names.begin(), names.end(), "all_hooks"), names.end());
  EXPECT_EQ(find_test_variant("all_hooks"), &kernels_all_hooks);
  EXPECT_TRUE(kernels_all_hooks.chooses_beyond_l1);
  EXPECT_TRUE(kernels_all_hooks.chooses_moves_beyond_l1);
  EXPECT_NE(kernels_all_hooks.settle, nullptr);
}

} // namespace
} // namespace ec::simd::test
