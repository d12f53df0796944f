// SPDX-License-Identifier: LGPL-2.1-or-later
#include "simd/probe/cache_size.h"

#include <unistd.h>

namespace ec::simd {

namespace {

constexpr std::size_t kUnknownL2Bytes = std::size_t{1} << 20;

std::size_t read_l2_cache_bytes() {
  const long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
  return bytes > 0 ? static_cast<std::size_t>(bytes) : kUnknownL2Bytes;
}

} // namespace

std::size_t l2_cache_bytes() {
  static const std::size_t bytes = read_l2_cache_bytes();
  return bytes;
}

} // namespace ec::simd
