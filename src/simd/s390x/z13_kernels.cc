// SPDX-License-Identifier: LGPL-2.1-or-later
// The z13 variant (IBM z13 and later: the vector facility).
#include "simd/s390x/z13_traits.h"
#include "simd/skeleton/make_kernels.h"

namespace ec::simd {

extern const Kernels kernels_z13;
const Kernels kernels_z13 = skeleton::make_kernels<Z13Traits>("z13");

} // namespace ec::simd
