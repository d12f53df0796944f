// SPDX-License-Identifier: LGPL-2.1-or-later
#include "measure.h"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace isal_compare {

namespace {

// The SIMD register state a contestant starts from, as if it were the only code of its process. Code that
// leaves the upper parts of the vector registers non-zero (AVX-512 kernels and glibc's EVEX string
// functions use zmm16-31, which vzeroupper does not clear) makes later non-VEX SSE code pay for merging
// them: on Zen 4 the SSSE3 kernels of both libraries ran 2-4x slower after the AVX-512 contestants than
// in a process of their own. Zeroing zmm16-31 and vzeroupper restore the clean state. No-op elsewhere.
#if defined(__x86_64__)
__attribute__((target("avx512f"))) void clear_avx512_state() {
  __asm__ volatile("vpxord %%xmm16, %%xmm16, %%xmm16\n\tvpxord %%xmm17, %%xmm17, %%xmm17\n\t"
                   "vpxord %%xmm18, %%xmm18, %%xmm18\n\tvpxord %%xmm19, %%xmm19, %%xmm19\n\t"
                   "vpxord %%xmm20, %%xmm20, %%xmm20\n\tvpxord %%xmm21, %%xmm21, %%xmm21\n\t"
                   "vpxord %%xmm22, %%xmm22, %%xmm22\n\tvpxord %%xmm23, %%xmm23, %%xmm23\n\t"
                   "vpxord %%xmm24, %%xmm24, %%xmm24\n\tvpxord %%xmm25, %%xmm25, %%xmm25\n\t"
                   "vpxord %%xmm26, %%xmm26, %%xmm26\n\tvpxord %%xmm27, %%xmm27, %%xmm27\n\t"
                   "vpxord %%xmm28, %%xmm28, %%xmm28\n\tvpxord %%xmm29, %%xmm29, %%xmm29\n\t"
                   "vpxord %%xmm30, %%xmm30, %%xmm30\n\tvpxord %%xmm31, %%xmm31, %%xmm31\n\t"
                   "vzeroupper" ::
                       : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
                         "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20",
                         "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30",
                         "xmm31");
}
__attribute__((target("avx"))) void clear_avx_state() { __asm__ volatile("vzeroupper" ::: "memory"); }
#endif

void reset_vector_state() {
#if defined(__x86_64__)
  static const bool avx512 = __builtin_cpu_supports("avx512f"), avx = __builtin_cpu_supports("avx");
  if (avx512)
    clear_avx512_state();
  else if (avx)
    clear_avx_state();
#endif
}

// The fastest of a pass's batches, per call: on a shared machine a batch that another job interrupted or
// slowed is longer, never shorter, so the fastest is the contestant's own speed. A batch is long enough
// (64 calls) for the clock's granularity not to count at 4 KiB chunks (~40 ns a call).
constexpr int kBatchCalls = 64;

// Untimed calls before the batches: the caches and decode plans warm up, and so does the core's clock,
// which follows the code it runs milliseconds late. On an Intel Xeon (family 6, model 167) the clock
// after the memmove yardstick stayed about 12% lower for 4-8 ms of the next contestant's calls; timed
// from its first call, whoever ran after the yardstick was timed at the yardstick's clock.
constexpr double kSettleSeconds = 0.02;

double seconds_per_call(const std::function<void()> &call, double seconds) {
  using Clock = std::chrono::steady_clock;
  reset_vector_state();
  const auto settle = Clock::now();
  do
    call();
  while (std::chrono::duration<double>(Clock::now() - settle).count() < kSettleSeconds);
  double fastest = 0, elapsed = 0;
  do {
    const auto start = Clock::now();
    for (int i = 0; i < kBatchCalls; i++)
      call();
    const double batch = std::chrono::duration<double>(Clock::now() - start).count();
    fastest = elapsed == 0 ? batch : std::min(fastest, batch);
    elapsed += batch;
  } while (elapsed < seconds);
  return fastest / kBatchCalls;
}

} // namespace

std::vector<std::vector<double>> time_interleaved(const std::vector<std::function<void()>> &contestants,
                                                  int passes, double seconds) {
  const std::size_t n = contestants.size();
  std::vector<std::vector<double>> samples(n);
  // Each pass starts one contestant later than the last, so that none always runs after the same other.
  for (int pass = 0; pass < passes; pass++)
    for (std::size_t turn = 0; turn < n; turn++) {
      const std::size_t c = (std::size_t(pass) + turn) % n;
      samples[c].push_back(seconds_per_call(contestants[c], seconds));
    }
  return samples;
}

double median(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  return n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
}

void streaming_copy(std::size_t traffic, std::size_t chunk, const std::vector<const std::uint8_t *> &inputs,
                    const std::vector<std::uint8_t *> &outputs) {
  std::size_t left = traffic / 2;
  for (std::size_t i = 0; left; i++) {
    const std::size_t piece = std::min(left, chunk);
    // memmove: an update's parities are inputs and outputs, so a piece may go onto itself.
    std::memmove(outputs[i % outputs.size()], inputs[i % inputs.size()], piece);
    left -= piece;
  }
}

} // namespace isal_compare
