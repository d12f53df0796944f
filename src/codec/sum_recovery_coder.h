// SPDX-License-Identifier: LGPL-2.1-or-later
// Decoding several lost data chunks of Reed-Solomon with its all-ones parity among the survivors: the
// last lost chunk is that parity XORed with every other data chunk, so it costs XORs, not multiplies.
//
// The all-ones row over the survivors (XORed beside the other rows' products, xor_dot_prod) gives
//   sum = p0 + sum of the surviving data + sum of the other parities read,
// and the last lost chunk d = p0 + sum of every other data chunk is sum + the other parities read + the
// other rebuilt data chunks: one xor_many over 2L - 1 chunks for L lost data chunks, where a multiply row
// costs k lookups. The bytes are the decode's (a linear system has one solution), whatever the route.
#ifndef EC_CODEC_SUM_RECOVERY_CODER_H
#define EC_CODEC_SUM_RECOVERY_CODER_H

#include <memory_resource>
#include <optional>
#include <vector>

#include "codec/chunk_coder.h"
#include "codec/matrix_coder.h"
#include "gf/matrix.h"
#include "simd/kernels.h"

namespace ec::codec {

// How a decode pattern is rebuilt through the sum; indices are positions in the decode's arrays
// (survivors[] for inputs, wanted[] for outputs).
struct SumRecovery {
  unsigned sum_output = 0;             // the wanted data chunk rebuilt from the sum
  std::vector<unsigned> added_inputs;  // the survivors XORed in besides the sum: the other parities read
  std::vector<unsigned> added_outputs; // the other wanted data chunks, rebuilt first by their own rows
};

// The route through the sum for rebuilding wanted[0..nwanted) from survivors[0..k) (logical ids, data
// 0..k-1), or none where it does not apply or would not save work: no all-ones parity among the
// survivors, fewer than two lost data chunks, a lost data chunk not wanted (the XOR needs all of them),
// or too few survivors for the saved multiplies to pay for the extra pass (k at most 2L - 1).
std::optional<SumRecovery> plan_sum_recovery(unsigned k, unsigned m, const gf::Matrix &coding,
                                             const unsigned *survivors, const unsigned *wanted, unsigned nwanted);

class SumRecoveryCoder final : public ChunkCoder {
public:
  // rows: the nwanted x cols decode rows (decode_rows' order); route: plan_sum_recovery's for them.
  SumRecoveryCoder(const simd::Kernels &kernels, unsigned rows, unsigned cols, const gf::Matrix &matrix,
                   const SumRecovery &route, std::pmr::memory_resource *memory);
  void apply(std::size_t len, const std::uint8_t *const *inputs, std::uint8_t *const *outputs) const override;
  bool accepts_length(std::size_t) const override { return true; }

private:
  const simd::Kernels &kernels_;
  // The all-ones row, then the rows of the other wanted chunks; output r of matrix_ is wanted
  // row_output_[r] (row_output_[0] == the sum's output).
  MatrixCoder matrix_;
  std::pmr::vector<unsigned> row_output_;
  std::pmr::vector<unsigned> added_inputs_;
  std::pmr::vector<unsigned> added_outputs_;
};

} // namespace ec::codec

#endif
