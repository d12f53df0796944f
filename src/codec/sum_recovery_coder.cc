// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/sum_recovery_coder.h"

namespace ec::codec {

std::optional<SumRecovery> plan_sum_recovery(unsigned k, unsigned m, const gf::Matrix &coding,
                                             const unsigned *survivors, const unsigned *wanted, unsigned nwanted) {
  SumRecovery route;
  bool ones_read = false;
  unsigned data_read = 0;
  for (unsigned j = 0; j < k; j++) {
    const unsigned id = survivors[j];
    if (id < k) {
      data_read++;
    } else if (!ones_read && id - k < m && gf::row_is_all_ones(coding, k, id - k)) {
      ones_read = true;
    } else {
      route.added_inputs.push_back(j);
    }
  }
  unsigned data_wanted = 0;
  for (unsigned r = 0; r < nwanted; r++)
    if (wanted[r] < k) {
      if (data_wanted++)
        route.added_outputs.push_back(route.sum_output);
      route.sum_output = r;
    }
  // Every data chunk read or rebuilt here, the sum's among them; and the pass of 2L - 1 chunks' XOR
  // (about two instructions a vector each) cheaper than a multiply row (several per survivor).
  if (!ones_read || data_wanted < 2 || data_read + data_wanted != k || k <= 2 * data_wanted - 1)
    return std::nullopt;
  return route;
}

namespace {

// The matrix of SumRecoveryCoder's MatrixCoder: the row of ones, then every wanted row but the sum's.
gf::Matrix ones_first(unsigned rows, unsigned cols, const gf::Matrix &matrix, unsigned sum_output) {
  gf::Matrix out(std::size_t{cols}, 1);
  for (unsigned r = 0; r < rows; r++)
    if (r != sum_output)
      out.insert(out.end(), matrix.begin() + std::size_t{r} * cols, matrix.begin() + std::size_t{r + 1} * cols);
  return out;
}

} // namespace

SumRecoveryCoder::SumRecoveryCoder(const simd::Kernels &kernels, unsigned rows, unsigned cols,
                                   const gf::Matrix &matrix, const SumRecovery &route,
                                   std::pmr::memory_resource *memory)
    : kernels_(kernels), matrix_(kernels, rows, cols, ones_first(rows, cols, matrix, route.sum_output), memory),
      row_output_(memory), added_inputs_(route.added_inputs.begin(), route.added_inputs.end(), memory),
      added_outputs_(route.added_outputs.begin(), route.added_outputs.end(), memory) {
  row_output_.push_back(route.sum_output);
  for (unsigned r = 0; r < rows; r++)
    if (r != route.sum_output)
      row_output_.push_back(r);
}

void SumRecoveryCoder::apply(std::size_t len, const std::uint8_t *const *inputs, std::uint8_t *const *outputs) const {
  std::uint8_t *rows[gf::kMaxChunks];
  for (std::size_t r = 0; r < row_output_.size(); r++)
    rows[r] = outputs[row_output_[r]];
  matrix_.apply(len, inputs, rows);
  // sum ^= the other parities read ^ the other rebuilt data chunks, in place (xor_many allows dst == src[0]).
  const std::uint8_t *terms[gf::kMaxChunks];
  unsigned n = 0;
  terms[n++] = rows[0];
  for (unsigned j : added_inputs_)
    terms[n++] = inputs[j];
  for (unsigned r : added_outputs_)
    terms[n++] = outputs[r];
  kernels_.xor_many(len, n, terms, rows[0]);
}

} // namespace ec::codec
