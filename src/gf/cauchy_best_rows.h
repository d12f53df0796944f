// SPDX-License-Identifier: LGPL-2.1-or-later
// jerasure's fixed "best" second rows for cauchy_good with m = 2 and w = 8 (private to src/gf).
#ifndef EC_GF_CAUCHY_BEST_ROWS_H
#define EC_GF_CAUCHY_BEST_ROWS_H

#include <cstdint>

namespace ec::gf {

// jerasure uses the table for every k up to this (its cbest_max_k for w = 8); k + m <= 256 caps our use at 254.
constexpr unsigned kCauchyBestMaxK = 255;

// Row 1 for k is kCauchyBestRow1[0..k-1].
extern const std::uint8_t kCauchyBestRow1[kCauchyBestMaxK];

} // namespace ec::gf

#endif
