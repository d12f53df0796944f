// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/matrix_coder.h"

namespace ec::codec {

MatrixCoder::MatrixCoder(const simd::Kernels &kernels, unsigned rows, unsigned cols, const gf::Matrix &matrix,
                         std::pmr::memory_resource *memory)
    : kernels_(kernels), rows_(rows), cols_(cols), tables_(std::size_t{rows} * cols * kernels.table_bytes, memory),
      ones_first_(rows >= 1 && gf::row_is_all_ones(matrix, cols, 0)),
      ones_column_(ones_first_ && rows >= 2 && cols >= 2 && gf::column_is_all_ones(matrix, rows, cols, 0)) {
  for (std::size_t i = 0; i < std::size_t{rows} * cols; i++)
    kernels_.expand(matrix[i], tables_.data() + i * kernels_.table_bytes);
}

void MatrixCoder::apply(std::size_t len, const std::uint8_t *const *inputs, std::uint8_t *const *outputs) const {
  const std::uint8_t *after_ones = tables_.data() + std::size_t{cols_} * kernels_.table_bytes;
  if (ones_column_)
    kernels_.xor_dot_prod_ones(len, cols_, rows_, after_ones, inputs, outputs);
  else if (ones_first_)
    kernels_.xor_dot_prod(len, cols_, rows_, after_ones, inputs, outputs);
  else
    kernels_.dot_prod(len, cols_, rows_, tables_.data(), inputs, outputs);
}

} // namespace ec::codec
