// SPDX-License-Identifier: LGPL-2.1-or-later
// The POWER8 variant (ISA 2.07 + the vector crypto facility for vpermxor).
#include "simd/ppc64le/power8_traits.h"
#include "simd/skeleton/make_kernels.h"

namespace ec::simd {

extern const Kernels kernels_power8;
const Kernels kernels_power8 = skeleton::make_kernels<Power8Traits>("power8");

} // namespace ec::simd
