// SPDX-License-Identifier: LGPL-2.1-or-later
// The portable variant: runs on any CPU, built without ISA flags.
#include "simd/generic/generic_traits.h"
#include "simd/skeleton/make_kernels.h"

namespace ec::simd {

extern const Kernels kernels_generic;
const Kernels kernels_generic = skeleton::make_kernels<GenericTraits>("generic");

} // namespace ec::simd
