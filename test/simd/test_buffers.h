// SPDX-License-Identifier: LGPL-2.1-or-later
// Buffers for kernel tests: at a chosen misalignment with sentinel bytes around them, or flush against
// an inaccessible page so that any byte read or written outside the region kills the test.
#ifndef EC_TEST_SIMD_TEST_BUFFERS_H
#define EC_TEST_SIMD_TEST_BUFFERS_H

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "simd/kernels.h"

namespace ec::simd::test {

class Rng {
public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  void fill(std::uint8_t *p, std::size_t n);
  // Coefficients 0 and 1 are special cases in some kernels' eyes, so they come up often.
  std::uint8_t coefficient();
  unsigned below(unsigned n) { return static_cast<unsigned>(engine_() % n); }

private:
  std::mt19937_64 engine_;
};

// len bytes starting `misalign` bytes past a 64-byte boundary, with sentinels on both sides.
class PaddedBuffer {
public:
  PaddedBuffer(std::size_t len, unsigned misalign);
  std::uint8_t *data() { return data_; }
  std::size_t size() const { return len_; }
  std::vector<std::uint8_t> contents() const { return {data_, data_ + len_}; }
  bool sentinels_intact() const;

private:
  static constexpr std::size_t kPad = 64;
  static constexpr std::uint8_t kSentinel = 0xa5;
  std::vector<std::uint8_t> storage_;
  std::uint8_t *data_;
  std::size_t len_;
};

// capacity bytes of read-write pages between two PROT_NONE pages.
class GuardedPages {
public:
  explicit GuardedPages(std::size_t capacity);
  ~GuardedPages();
  GuardedPages(const GuardedPages &) = delete;
  GuardedPages &operator=(const GuardedPages &) = delete;
  std::uint8_t *ending_at_guard(std::size_t len) { return end_ - len; }
  std::uint8_t *starting_after_guard() { return begin_; }

private:
  std::uint8_t *map_;
  std::size_t map_bytes_;
  std::uint8_t *begin_, *end_;
};

// n expanded coefficients back to back, aligned as the codec aligns them.
class TableArray {
public:
  TableArray(const Kernels &kernels, const std::vector<std::uint8_t> &coefs);
  const std::uint8_t *data() const { return data_; }

private:
  std::vector<std::uint8_t> storage_;
  std::uint8_t *data_;
};

} // namespace ec::simd::test

#endif
