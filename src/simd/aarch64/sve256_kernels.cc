// SPDX-License-Identifier: LGPL-2.1-or-later
// The sve256 variant: SVE at a vector length of 32 bytes exactly (built with -msve-vector-bits=256).
#include "simd/aarch64/sve_traits.h"
#include "simd/skeleton/make_kernels.h"

static_assert(__ARM_FEATURE_SVE_BITS == 256, "sve256 is built for 256-bit vectors");

namespace ec::simd {

extern const Kernels kernels_sve256;
const Kernels kernels_sve256 = skeleton::make_kernels<SveTraits>("sve256");

} // namespace ec::simd
