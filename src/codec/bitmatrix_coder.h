// SPDX-License-Identifier: LGPL-2.1-or-later
// Cauchy Reed-Solomon as jerasure lays it out: each chunk is a sequence of groups of w=8 packets;
// output packet (r, l) of a group is the XOR of the input packets (j, x) whose bit is set in the 8x8 block
// of coefficient (r, j). The bytes equal jerasure's schedule encode, whatever order the XORs run in.
#ifndef EC_CODEC_BITMATRIX_CODER_H
#define EC_CODEC_BITMATRIX_CODER_H

#include <memory_resource>
#include <vector>

#include "codec/chunk_coder.h"
#include "gf/matrix.h"
#include "simd/kernels.h"

namespace ec::codec {

class BitmatrixCoder final : public ChunkCoder {
public:
  BitmatrixCoder(const simd::Kernels &kernels, unsigned rows, unsigned cols, const gf::Matrix &matrix,
                 unsigned packetsize, std::pmr::memory_resource *memory);
  void apply(std::size_t len, const std::uint8_t *const *inputs, std::uint8_t *const *outputs) const override;
  bool accepts_length(std::size_t len) const override { return len % group_bytes_ == 0; }

private:
  // Input packets XORed into output packet o: sources_[first_source_[o] .. first_source_[o + 1]), each
  // the input packet's index j * 8 + x.
  const simd::Kernels &kernels_;
  unsigned rows_;
  std::size_t packetsize_;
  std::size_t group_bytes_;
  std::pmr::vector<unsigned> first_source_;
  std::pmr::vector<unsigned> sources_;
};

} // namespace ec::codec

#endif
