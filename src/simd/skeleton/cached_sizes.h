// SPDX-License-Identifier: LGPL-2.1-or-later
// The core's L1D and L2 sizes as the kernels' drivers read them: on first use, then kept.
#ifndef EC_SIMD_SKELETON_CACHED_SIZES_H
#define EC_SIMD_SKELETON_CACHED_SIZES_H

#include <atomic>
#include <cstddef>

#include "simd/probe/cache_size.h"

namespace ec::simd::skeleton {

using std::size_t;

// One copy per variant T, like every other part of the skeleton.
template <class T> struct CachedSizes {
  // A call whose sources and outputs together reach this many bytes works beyond the core's L2
  // (probe/cache_size.h): from L3 or memory, where streaming the outputs or prefetching the sources pays.
  // An OSD's stripes stay far below (4 KiB chunks, which the checksum and the messenger read right after
  // the kernel: they must stay in cache).
  // Both sizes are read on first use and kept here, so that a call in cache pays a load for them: not a
  // call, and not a function-local static's guard, whose first-call path made gcc save registers in every
  // entry that tests a size. Atomics of constant initialisation (0: not read yet): no code runs when the
  // library loads, where this variant's instructions may not exist (the tests load every variant).
  static inline std::atomic<size_t> l2_bytes_{0};
  static inline std::atomic<size_t> l1_bytes_{0};
  static size_t beyond_l2_bytes() {
    const size_t bytes = l2_bytes_.load(std::memory_order_relaxed);
    return bytes ? bytes : read_cache_bytes(l2_bytes_, l2_cache_bytes);
  }
  static size_t beyond_l1_bytes() {
    const size_t bytes = l1_bytes_.load(std::memory_order_relaxed);
    return bytes ? bytes : read_cache_bytes(l1_bytes_, l1_data_cache_bytes);
  }
  __attribute__((noinline, cold)) static size_t read_cache_bytes(std::atomic<size_t> &kept, size_t (*read)()) {
    const size_t bytes = read();
    kept.store(bytes, std::memory_order_relaxed);
    return bytes;
  }
};

} // namespace ec::simd::skeleton

#endif
