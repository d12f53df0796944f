// SPDX-License-Identifier: LGPL-2.1-or-later
// Reed-Solomon over bytes: one dot product of the inputs per output, all outputs in one pass.
#ifndef EC_POWER8_MATRIX_CODER_H
#define EC_POWER8_MATRIX_CODER_H

#include "erasure-code/power8/aligned_buffer.h"
#include "erasure-code/power8/chunk_coder.h"

namespace ec::power8 {

class MatrixCoder final : public ChunkCoder {
public:
  MatrixCoder(const simd::Kernels &kernels, unsigned rows, unsigned cols, const gf::Matrix &matrix,
              std::pmr::memory_resource *memory);
  void apply(std::size_t len, const std::uint8_t *const *inputs, std::uint8_t *const *outputs) const override;
  bool accepts_length(std::size_t) const override { return true; }

private:
  const simd::Kernels &kernels_;
  unsigned rows_;
  unsigned cols_;
  AlignedBuffer tables_; // rows x cols expanded coefficients, as kernels.dot_prod wants them
  // A single row of ones (m=1 parity, or rebuilding one chunk from a row of ones) is a plain XOR, the
  // cheapest kernel there is.
  bool xor_only_;
};

} // namespace ec::power8

#endif
