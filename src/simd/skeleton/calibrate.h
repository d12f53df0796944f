// SPDX-License-Identifier: LGPL-2.1-or-later
// Choosing by timing between a variant's two ways of reading sources beyond L1D (BeyondL1), as Linux's
// raid6 times its algorithms when the module loads: which is faster depends on the core, not on the code
// (AMD Zen 4 feeds one register per source and step faster from L2, Intel Emerald Rapids four), and both
// give the same bytes. About 2 ms on the cores seen, once per variant library a process loads
// (Kernels::settle, make_kernels.h).
#ifndef EC_SIMD_SKELETON_CALIBRATE_H
#define EC_SIMD_SKELETON_CALIBRATE_H

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <new>

#include "simd/skeleton/region_loops.h"

namespace ec::simd::skeleton {

// The calls timed: 4+2 Reed-Solomon encodes (the row of ones and one multiply row, where the narrow step
// differs from the wide one), their six chunks together 4 and 12 times L1D: just beyond twice L1D, where
// the choice starts to apply, and well beyond (Emerald Rapids differs there only), within L2 on the
// cores seen. Each size is timed as the best of 9 timings of each way, alternated, of 16 calls (some
// 30 to 100 us); the sizes count alike.
constexpr unsigned kCalibrateSources = 4;
constexpr unsigned kCalibrateRows = 2;
constexpr unsigned kCalibrateL1Multiples[] = {4, 12};
constexpr unsigned kCalibrateCalls = 16;
constexpr unsigned kCalibratePasses = 9;
// Wide must be this much faster to be chosen: narrow is what the variant's traits were tuned to.
constexpr double kCalibrateMargin = 1.03;

inline const char *beyond_l1_name(bool narrow) {
  return narrow ? "narrow (one register of each source per step)" : "wide (as many registers per step as in cache)";
}

// Whether T's dot products read sources beyond twice L1D narrow: as mode sets it, or the faster way
// measured. Writes what it chose and why into report.
template <class T> bool choose_narrow_beyond_l1(BeyondL1 mode, char *report, size_t report_bytes) {
  using Loops = RegionLoops<T>;
  if (mode != BeyondL1::measure) {
    const bool narrow = mode == BeyondL1::narrow;
    std::snprintf(report, report_bytes, "dot products beyond L1D: %s, as set", beyond_l1_name(narrow));
    return narrow;
  }
  constexpr unsigned k = kCalibrateSources, rows = kCalibrateRows;
  constexpr size_t kSizes = sizeof kCalibrateL1Multiples / sizeof kCalibrateL1Multiples[0];
  static_assert(kSizes == 2, "the report names two sizes");
  size_t lens[kSizes];
  for (size_t i = 0; i < kSizes; i++)
    lens[i] = std::max<size_t>(kCalibrateL1Multiples[i] * Loops::beyond_l1_bytes() / (k + rows) / 64 * 64, 8192);
  const size_t bytes = lens[kSizes - 1] * (k + rows);
  std::unique_ptr<uint8_t[]> memory(new (std::nothrow) uint8_t[bytes + 64]);
  if (!memory) {
    std::snprintf(report, report_bytes, "dot products beyond L1D: %s, not measured (no memory for %zu bytes)",
                  beyond_l1_name(true), bytes);
    return true;
  }
  uint8_t *base = memory.get() + (64 - reinterpret_cast<std::uintptr_t>(memory.get()) % 64) % 64;
  for (size_t i = 0; i < bytes; i++)
    base[i] = static_cast<uint8_t>(i * 131 + 7);
  alignas(kTableAlignment) uint8_t tables[(rows - 1) * k * kMaxTableBytes];
  for (unsigned j = 0; j < (rows - 1) * k; j++)
    T::expand(static_cast<uint8_t>(j + 2), tables + j * T::kTableBytes);

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  double gbps[kSizes][2]; // [size][narrow]
  double score[2] = {0, 0}; // seconds per byte, summed over the sizes
  for (size_t i = 0; i < kSizes; i++) {
    const size_t len = lens[i];
    const uint8_t *src[k];
    uint8_t *dst[rows];
    for (unsigned j = 0; j < k; j++)
      src[j] = base + j * len;
    for (unsigned r = 0; r < rows; r++)
      dst[r] = base + (k + r) * len;
    // Each way through its own entry point, as a settled table holds it (rows > 1: no moves involved).
    auto seconds = [&](bool narrow) {
      const auto xor_dot_prod = narrow ? &Loops::template xor_dot_prod<true, false>
                                       : &Loops::template xor_dot_prod<false, false>;
      const auto t0 = Clock::now();
      for (unsigned c = 0; c < kCalibrateCalls; c++)
        xor_dot_prod(len, k, rows, tables, src, dst);
      return std::chrono::duration<double>(Clock::now() - t0).count();
    };
    seconds(true); // warm up: the buffers into cache, the loops into L1I, the vector unit powered
    seconds(false);
    double best[2] = {std::numeric_limits<double>::max(), std::numeric_limits<double>::max()};
    for (unsigned pass = 0; pass < kCalibratePasses; pass++)
      for (bool narrow : {true, false})
        best[narrow] = std::min(best[narrow], seconds(narrow));
    const double data = double(len) * k * kCalibrateCalls;
    for (bool narrow : {true, false}) {
      gbps[i][narrow] = data / best[narrow] / 1e9;
      score[narrow] += best[narrow] / data;
    }
  }
  const bool narrow = !(score[false] * kCalibrateMargin < score[true]);
  std::snprintf(report, report_bytes,
                "dot products beyond L1D: %s, measured: narrow %.1f and %.1f GB/s, wide %.1f and %.1f GB/s "
                "(%u+%u encodes of %zu and %zu KiB chunks, %.1f ms)",
                beyond_l1_name(narrow), gbps[0][true], gbps[1][true], gbps[0][false], gbps[1][false], k, rows,
                lens[0] / 1024, lens[1] / 1024, std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  return narrow;
}

} // namespace ec::simd::skeleton

#endif
