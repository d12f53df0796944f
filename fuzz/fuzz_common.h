// SPDX-License-Identifier: LGPL-2.1-or-later
// Helpers shared by the fuzz targets: reading fields off the fuzz input, and the variants to run.
#ifndef EC_FUZZ_FUZZ_COMMON_H
#define EC_FUZZ_FUZZ_COMMON_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "simd/variants.h"

namespace ec::fuzz {

// Consumes the input front to back; past its end every read gives 0, so any input is usable.
class Input {
public:
  Input(const std::uint8_t *data, std::size_t size) : p_(data), end_(data + size) {}
  std::uint8_t byte() { return p_ < end_ ? *p_++ : 0; }
  unsigned u16() { return byte() | unsigned{byte()} << 8; }
  std::size_t left() const { return static_cast<std::size_t>(end_ - p_); }
  const std::uint8_t *rest() const { return p_; }

private:
  const std::uint8_t *p_;
  const std::uint8_t *end_;
};

// A finding: print why and abort, so libFuzzer saves the input.
[[noreturn]] inline void fail(const char *why) {
  std::fprintf(stderr, "fuzz check failed: %s\n", why);
  std::abort();
}
#define FUZZ_CHECK(cond)                                                                                          \
  do {                                                                                                            \
    if (!(cond))                                                                                                  \
      ::ec::fuzz::fail(#cond);                                                                                    \
  } while (0)

// Built variants this CPU can run, best first.
inline const std::vector<const simd::Kernels *> &runnable() {
  static const std::vector<const simd::Kernels *> list = simd::runnable_built_variants();
  return list;
}

// Deterministic bytes from a seed (xorshift), for objects and buffers bigger than the input.
inline void fill(std::uint8_t *p, std::size_t n, std::uint32_t seed) {
  std::uint32_t x = seed | 1;
  for (std::size_t i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = static_cast<std::uint8_t>(x >> 24);
  }
}

} // namespace ec::fuzz

#endif
