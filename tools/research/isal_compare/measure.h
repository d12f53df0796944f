// SPDX-License-Identifier: LGPL-2.1-or-later
// Timing for isal_compare: contestants timed in alternation over passes (a drift of the shared machine
// then hits both alike), each pass's fastest batch, medians over passes, and the streaming yardstick.
#ifndef ISAL_COMPARE_MEASURE_H
#define ISAL_COMPARE_MEASURE_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace isal_compare {

// Seconds per call of each contestant, one sample per pass: pass after pass, each contestant in turn (the
// order rotated by one each pass), from a clean vector register state and after untimed calls that let
// the core's clock settle, runs batches of calls until `seconds` have passed; its sample is its fastest
// batch.
std::vector<std::vector<double>> time_interleaved(const std::vector<std::function<void()>> &contestants,
                                                  int passes, double seconds);

double median(std::vector<double> samples);

// The yardstick of a call that reads and writes `traffic` bytes in all: memmove moving traffic / 2 bytes
// (each byte read once and written once) from the call's inputs to its outputs in chunk-sized pieces,
// the inputs and outputs taken in turn.
void streaming_copy(std::size_t traffic, std::size_t chunk, const std::vector<const std::uint8_t *> &inputs,
                    const std::vector<std::uint8_t *> &outputs);

} // namespace isal_compare

#endif
