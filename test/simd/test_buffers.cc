// SPDX-License-Identifier: LGPL-2.1-or-later
#include "test_buffers.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace ec::simd::test {

namespace {
std::uint8_t *align_up(std::uint8_t *p, std::size_t a) {
  const auto v = reinterpret_cast<std::uintptr_t>(p);
  return reinterpret_cast<std::uint8_t *>((v + a - 1) / a * a);
}
} // namespace

void Rng::fill(std::uint8_t *p, std::size_t n) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const std::uint64_t w = engine_();
    std::memcpy(p + i, &w, 8);
  }
  for (; i < n; i++)
    p[i] = static_cast<std::uint8_t>(engine_());
}

std::uint8_t Rng::coefficient() {
  switch (engine_() % 8) {
  case 0:
    return 0;
  case 1:
    return 1;
  default:
    return static_cast<std::uint8_t>(engine_());
  }
}

PaddedBuffer::PaddedBuffer(std::size_t len, unsigned misalign)
    : storage_(len + 3 * kPad + misalign, kSentinel), len_(len) {
  data_ = align_up(storage_.data() + kPad, kPad) + misalign;
}

bool PaddedBuffer::sentinels_intact() const {
  for (const std::uint8_t *p = storage_.data(); p < data_; p++)
    if (*p != kSentinel)
      return false;
  for (const std::uint8_t *p = data_ + len_; p < storage_.data() + storage_.size(); p++)
    if (*p != kSentinel)
      return false;
  return true;
}

GuardedPages::GuardedPages(std::size_t capacity) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t body = (capacity + page - 1) / page * page;
  map_bytes_ = body + 2 * page;
  void *m = mmap(nullptr, map_bytes_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED)
    throw std::runtime_error("mmap failed");
  map_ = static_cast<std::uint8_t *>(m);
  begin_ = map_ + page;
  end_ = begin_ + body;
  if (mprotect(begin_, body, PROT_READ | PROT_WRITE) != 0)
    throw std::runtime_error("mprotect failed");
}

GuardedPages::~GuardedPages() { munmap(map_, map_bytes_); }

TableArray::TableArray(const Kernels &kernels, const std::vector<std::uint8_t> &coefs)
    : storage_(coefs.size() * kernels.table_bytes + kTableAlignment) {
  data_ = align_up(storage_.data(), kTableAlignment);
  for (std::size_t i = 0; i < coefs.size(); i++)
    kernels.expand(coefs[i], data_ + i * kernels.table_bytes);
}

} // namespace ec::simd::test
