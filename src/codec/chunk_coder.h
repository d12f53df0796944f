// SPDX-License-Identifier: LGPL-2.1-or-later
// Applying a linear map over GF(2^8) to whole chunks: outputs[r] = sum over j of rows[r][j] * inputs[j].
//
// Encoding is the coding matrix applied to the data chunks; decoding is a decode-rows matrix applied to
// k surviving chunks. How the map acts on bytes depends on the technique: Reed-Solomon multiplies each
// byte (MatrixCoder), Cauchy XORs packets chosen by the matrix's bitmatrix, as jerasure lays them out
// (BitmatrixCoder). A coder is immutable once built, so any number of threads may share it.
#ifndef EC_CODEC_CHUNK_CODER_H
#define EC_CODEC_CHUNK_CODER_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <memory_resource>

namespace ec::codec {

class ChunkCoder {
public:
  virtual ~ChunkCoder() = default;
  // inputs has the matrix's column count of chunks, outputs its row count; all are len bytes long.
  virtual void apply(std::size_t len, const std::uint8_t *const *inputs, std::uint8_t *const *outputs) const = 0;
  // Whether chunks of len bytes can be coded (the bitmatrix layout needs whole packet groups).
  virtual bool accepts_length(std::size_t len) const = 0;
};

// Destroys a coder and gives its memory back to the resource it came from.
class ChunkCoderDelete {
public:
  ChunkCoderDelete() = default;
  ChunkCoderDelete(std::pmr::memory_resource *memory, std::size_t size, std::size_t alignment)
      : memory_(memory), size_(size), alignment_(alignment) {}
  void operator()(const ChunkCoder *coder) const;

private:
  std::pmr::memory_resource *memory_ = nullptr;
  std::size_t size_ = 0;
  std::size_t alignment_ = 0;
};
using ChunkCoderPtr = std::unique_ptr<const ChunkCoder, ChunkCoderDelete>;

} // namespace ec::codec

#endif
