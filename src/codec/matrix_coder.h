// SPDX-License-Identifier: LGPL-2.1-or-later
// Reed-Solomon over bytes: one dot product of the inputs per output, all outputs in one pass.
#ifndef EC_CODEC_MATRIX_CODER_H
#define EC_CODEC_MATRIX_CODER_H

#include "codec/aligned_buffer.h"
#include "codec/chunk_coder.h"
#include "gf/matrix.h"
#include "simd/kernels.h"

namespace ec::codec {

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
  // A first row of ones (Reed-Solomon's first parity; alone: m=1, or rebuilding one chunk from it) is a
  // plain XOR of the inputs, computed beside the other rows' products (xor_dot_prod).
  bool ones_first_;
  // With it and a multiply row, a first column of ones (the Vandermonde encode matrices'): the first input
  // is added to every output, not multiplied (xor_dot_prod_ones).
  bool ones_column_;
};

} // namespace ec::codec

#endif
