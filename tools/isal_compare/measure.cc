// SPDX-License-Identifier: LGPL-2.1-or-later
#include "measure.h"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace isal_compare {

namespace {

double seconds_per_call(const std::function<void()> &call, double seconds) {
  using Clock = std::chrono::steady_clock;
  call(); // warm the caches and the decode plans, untimed
  long calls = 0;
  double elapsed = 0;
  const auto start = Clock::now();
  do {
    for (int i = 0; i < 8; i++, calls++)
      call();
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  } while (elapsed < seconds);
  return elapsed / static_cast<double>(calls);
}

} // namespace

std::vector<std::vector<double>> time_interleaved(const std::vector<std::function<void()>> &contestants,
                                                  int passes, double seconds) {
  std::vector<std::vector<double>> samples(contestants.size());
  for (int pass = 0; pass < passes; pass++)
    for (std::size_t c = 0; c < contestants.size(); c++)
      samples[c].push_back(seconds_per_call(contestants[c], seconds));
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
