// SPDX-License-Identifier: LGPL-2.1-or-later
// The kernel table of the variant library (libec_power8_<variant>.so) this code is linked into: the
// entry points (variant_entry.cc) are compiled once for all variants, and each library gets a generated
// one-line definition (src/erasure-code/power8/CMakeLists.txt) naming its variant's table.
#ifndef EC_POWER8_LIBRARY_KERNELS_H
#define EC_POWER8_LIBRARY_KERNELS_H

#include "simd/kernels.h"

namespace ec::power8 {
extern const ec::simd::Kernels &kLibraryKernels;
} // namespace ec::power8

#endif
