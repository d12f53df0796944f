// SPDX-License-Identifier: LGPL-2.1-or-later
#ifndef GFNI_BASELINE_LOOP_H
#define GFNI_BASELINE_LOOP_H

#include <cstddef>
#include <cstdint>

namespace gfni_baseline {

// dst[r] = sum over j < k of c[r][j] * src[j]; matrices[r * k + j] is c[r][j]'s GF(2) affine matrix
// (gf::affine_matrix). Only (k, m) in {4+2, 6+2, 8+3, 10+4}: returns false otherwise. in_registers: keep
// the matrices in registers (when k*m <= 24), else embedded-broadcast memory operands and a wider unroll.
bool encode(unsigned k, unsigned m, bool in_registers, std::size_t len, const std::uint64_t *matrices,
            const std::uint8_t *const *src, std::uint8_t *const *dst);

// Whether encode() is compiled for (k, m).
bool shape_built(unsigned k, unsigned m);

} // namespace gfni_baseline

#endif
