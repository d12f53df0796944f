// SPDX-License-Identifier: LGPL-2.1-or-later
// The POWER10 variant (ISA 3.1).
#include "simd/ppc64le/power10_traits.h"
#include "simd/skeleton/make_kernels.h"

namespace ec::simd {

extern const Kernels kernels_power10;
const Kernels kernels_power10 = skeleton::make_kernels<Power10Traits>("power10");

} // namespace ec::simd
