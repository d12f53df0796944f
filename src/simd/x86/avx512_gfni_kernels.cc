// SPDX-License-Identifier: LGPL-2.1-or-later
// The avx512_gfni variant: GFNI affine multiply, 64-byte registers.
#include "simd/skeleton/make_kernels.h"
#include "simd/x86/avx512_ops.h"
#include "simd/x86/gfni_traits.h"

namespace ec::simd {

extern const Kernels kernels_avx512_gfni;
const Kernels kernels_avx512_gfni = skeleton::make_kernels<GfniTraits<Avx512Ops>>("avx512_gfni");

} // namespace ec::simd
