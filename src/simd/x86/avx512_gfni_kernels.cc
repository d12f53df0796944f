// SPDX-License-Identifier: LGPL-2.1-or-later
// The avx512_gfni variant: GFNI affine multiply, 64-byte registers; its moves beyond L1D in 32-byte ones
// on Intel (MovesBeyondL1).
#include "simd/skeleton/make_kernels.h"
#include "simd/x86/avx2_ops.h"
#include "simd/x86/avx512_ops.h"
#include "simd/x86/cpu_vendor.h"
#include "simd/x86/gfni_traits.h"

namespace ec::simd {
namespace {

struct Avx512GfniTraits : GfniTraitsOf<Avx512Ops, Avx512GfniTraits> {
  using Narrower = GfniTraits<Avx2Ops>;
  static bool narrower_by_vendor() { return cpu_vendor_is_intel(); }
};

} // namespace

extern const Kernels kernels_avx512_gfni;
const Kernels kernels_avx512_gfni = skeleton::make_kernels<Avx512GfniTraits>("avx512_gfni");

} // namespace ec::simd
