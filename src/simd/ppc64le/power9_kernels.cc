// SPDX-License-Identifier: LGPL-2.1-or-later
// The POWER9 variant (ISA 3.0).
#include "simd/ppc64le/power9_traits.h"
#include "simd/skeleton/make_kernels.h"

namespace ec::simd {

extern const Kernels kernels_power9;
const Kernels kernels_power9 = skeleton::make_kernels<Power9Traits>("power9");

} // namespace ec::simd
