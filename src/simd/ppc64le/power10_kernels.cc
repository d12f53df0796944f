// SPDX-License-Identifier: LGPL-2.1-or-later
// The POWER10 variant (ISA 3.1).
#include "simd/ppc64le/power10_traits.h"
#include "simd/skeleton/make_kernels.h"

namespace ec::simd {
namespace {

// POWER10's tuning, written out: the values it had while it inherited POWER9's Tuning<Power9Traits>, which
// its own Tuning<Power10Traits> must keep (the kernels' code is the same, compared with objdump). Each row
// count of a pass: registers per row of a dot product, of mad and xor_mad, and of a dot product beyond L1D
// (the same: POWER10 has no beyond-L1 choice to time).
constexpr unsigned kPower10Unroll[] = {16, 16, 12, 8, 4, 4};
constexpr unsigned kPower10MadUnroll[] = {16, 16, 8, 8, 4, 4};
constexpr bool power10_tuning_kept() {
  using T = Power10Traits;
  if (T::kMaxRows != sizeof kPower10Unroll / sizeof kPower10Unroll[0])
    return false;
  for (unsigned rows = 1; rows <= T::kMaxRows; rows++)
    if (T::unroll(rows) != kPower10Unroll[rows - 1] || T::mad_unroll(rows) != kPower10MadUnroll[rows - 1] ||
        T::dot_unroll_beyond_l1(rows, false) != kPower10Unroll[rows - 1] ||
        T::dot_unroll_beyond_l1(rows, true) != kPower10Unroll[rows - 1] || T::mad_loads_first(rows))
      return false;
  return T::kFirstSources == 2 && T::kPrefetchBytes == 0 && T::xor_unroll() == 16 &&
         T::xor_unroll_beyond_l1() == 16 && T::xor_unroll_in_place() == 16;
}
static_assert(power10_tuning_kept(), "POWER10's tuning changed from what it inherited from POWER9");

} // namespace

extern const Kernels kernels_power10;
const Kernels kernels_power10 = skeleton::make_kernels<Power10Traits>("power10");

} // namespace ec::simd
