// SPDX-License-Identifier: LGPL-2.1-or-later
// The avx2_gfni variant: GFNI affine multiply, 32-byte registers.
#include "simd/skeleton/make_kernels.h"
#include "simd/x86/avx2_ops.h"
#include "simd/x86/gfni_traits.h"

namespace ec::simd {

extern const Kernels kernels_avx2_gfni;
const Kernels kernels_avx2_gfni = skeleton::make_kernels<GfniTraits<Avx2Ops>>("avx2_gfni");

} // namespace ec::simd
