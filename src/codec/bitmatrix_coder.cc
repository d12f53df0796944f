// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/bitmatrix_coder.h"

#include <cstring>

#include "codec/technique.h"

namespace ec::codec {
namespace {
// Sources handed to one xor_many call; longer lists are folded into the output in batches, so the pointer
// array stays on the stack whatever k is.
constexpr unsigned kXorBatch = 64;
} // namespace

BitmatrixCoder::BitmatrixCoder(const simd::Kernels &kernels, unsigned rows, unsigned cols,
                               const gf::Matrix &matrix, unsigned packetsize, std::pmr::memory_resource *memory)
    : kernels_(kernels), rows_(rows), packetsize_(packetsize), group_bytes_(std::size_t{kW} * packetsize),
      first_source_(memory), sources_(memory) {
  const gf::Matrix bits = gf::matrix_to_bitmatrix(rows, cols, matrix);
  const std::size_t bit_cols = std::size_t{cols} * kW;
  first_source_.reserve(std::size_t{rows} * kW + 1);
  for (std::size_t o = 0; o < std::size_t{rows} * kW; o++) {
    first_source_.push_back(static_cast<unsigned>(sources_.size()));
    for (std::size_t c = 0; c < bit_cols; c++)
      if (bits[o * bit_cols + c])
        sources_.push_back(static_cast<unsigned>(c));
  }
  first_source_.push_back(static_cast<unsigned>(sources_.size()));
}

void BitmatrixCoder::apply(std::size_t len, const std::uint8_t *const *inputs, std::uint8_t *const *outputs) const {
  const std::uint8_t *batch[kXorBatch];
  for (std::size_t group = 0; group < len; group += group_bytes_) {
    for (std::size_t o = 0; o < std::size_t{rows_} * kW; o++) {
      std::uint8_t *dst = outputs[o / kW] + group + (o % kW) * packetsize_;
      unsigned s = first_source_[o];
      const unsigned end = first_source_[o + 1];
      if (s == end) {
        std::memset(dst, 0, packetsize_);
        continue;
      }
      // The first batch overwrites dst; later ones accumulate into it (xor_many allows dst == src[0]).
      bool first = true;
      while (s < end) {
        unsigned n = 0;
        if (!first)
          batch[n++] = dst;
        while (n < kXorBatch && s < end) {
          const unsigned packet = sources_[s++];
          batch[n++] = inputs[packet / kW] + group + (packet % kW) * packetsize_;
        }
        kernels_.xor_many(packetsize_, n, batch, dst);
        first = false;
      }
    }
  }
}

} // namespace ec::codec
