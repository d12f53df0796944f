// SPDX-License-Identifier: LGPL-2.1-or-later
// A fixed-size, zeroed, cache-line-aligned byte array (expanded coefficient tables live in these), taken
// from a memory resource: the heap for the encoder, the decode cache's pool for decode plans.
#ifndef EC_CODEC_ALIGNED_BUFFER_H
#define EC_CODEC_ALIGNED_BUFFER_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory_resource>

namespace ec::codec {

class AlignedBuffer {
public:
  static constexpr std::size_t kAlignment = 64;

  AlignedBuffer(std::size_t size, std::pmr::memory_resource *memory)
      : memory_(memory), size_(size),
        data_(static_cast<std::uint8_t *>(memory_->allocate(allocated(size), kAlignment))) {
    std::memset(data_, 0, size);
  }
  ~AlignedBuffer() { memory_->deallocate(data_, allocated(size_), kAlignment); }
  AlignedBuffer(const AlignedBuffer &) = delete;
  AlignedBuffer &operator=(const AlignedBuffer &) = delete;

  std::uint8_t *data() { return data_; }
  const std::uint8_t *data() const { return data_; }
  std::size_t size() const { return size_; }

private:
  // Whole cache lines, at least one.
  static std::size_t allocated(std::size_t size) {
    return size ? (size + kAlignment - 1) / kAlignment * kAlignment : kAlignment;
  }

  std::pmr::memory_resource *memory_;
  std::size_t size_;
  std::uint8_t *data_;
};

} // namespace ec::codec

#endif
