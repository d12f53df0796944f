// SPDX-License-Identifier: LGPL-2.1-or-later
#include "simd/probe/cache_size.h"

#include <unistd.h>

namespace ec::simd {

namespace {

std::size_t read_cache_bytes(int name, std::size_t unknown) {
  const long bytes = sysconf(name);
  return bytes > 0 ? static_cast<std::size_t>(bytes) : unknown;
}

} // namespace

std::size_t l2_cache_bytes() {
  static const std::size_t bytes = read_cache_bytes(_SC_LEVEL2_CACHE_SIZE, std::size_t{1} << 20);
  return bytes;
}

std::size_t l1_data_cache_bytes() {
  static const std::size_t bytes = read_cache_bytes(_SC_LEVEL1_DCACHE_SIZE, std::size_t{32} << 10);
  return bytes;
}

} // namespace ec::simd
