// A fixed-size, zeroed, cache-line-aligned byte array (expanded coefficient tables live in these).
#ifndef EC_POWER8_ALIGNED_BUFFER_H
#define EC_POWER8_ALIGNED_BUFFER_H

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

namespace ec::power8 {

class AlignedBuffer {
public:
  static constexpr std::size_t kAlignment = 64;

  explicit AlignedBuffer(std::size_t size) : size_(size) {
    const std::size_t rounded = (size + kAlignment - 1) / kAlignment * kAlignment;
    data_ = static_cast<std::uint8_t *>(std::aligned_alloc(kAlignment, rounded ? rounded : kAlignment));
    if (!data_)
      throw std::bad_alloc();
    std::memset(data_, 0, size);
  }
  ~AlignedBuffer() { std::free(data_); }
  AlignedBuffer(const AlignedBuffer &) = delete;
  AlignedBuffer &operator=(const AlignedBuffer &) = delete;

  std::uint8_t *data() { return data_; }
  const std::uint8_t *data() const { return data_; }
  std::size_t size() const { return size_; }

private:
  std::uint8_t *data_;
  std::size_t size_;
};

} // namespace ec::power8

#endif
