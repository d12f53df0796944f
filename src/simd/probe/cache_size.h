// SPDX-License-Identifier: LGPL-2.1-or-later
// The running CPU's per-core L1D and L2 sizes. L1D: where xor_many changes its unroll (see region_loops.h).
// L2: where the kernels decide what works "beyond L2" (streamed outputs,
// prefetched sources): 1 MiB on Zen 4 and Skylake-SP, 2 MiB on Sapphire Rapids and later Xeons. A fixed
// 1 MiB streamed a 4+2 decode of 1 MiB objects (1.25 MiB touched) around a 2 MiB L2, at less than half
// the speed of keeping it cached.
#ifndef EC_SIMD_PROBE_CACHE_SIZE_H
#define EC_SIMD_PROBE_CACHE_SIZE_H

#include <cstddef>

namespace ec::simd {

// The L2 size the C library reports for this CPU (sysconf(_SC_LEVEL2_CACHE_SIZE)), read once; 1 MiB when
// it reports none (0 or -1: an unknown CPU, an emulator).
std::size_t l2_cache_bytes();
// Likewise the L1 data cache (sysconf(_SC_LEVEL1_DCACHE_SIZE)); 32 KiB when it reports none.
std::size_t l1_data_cache_bytes();

} // namespace ec::simd

#endif
