// SPDX-License-Identifier: LGPL-2.1-or-later
// What one decode plan takes from the heap, so that the plugin-wide decode cache can be bounded in bytes.
//
// Every block of a plan's coder (the coder object, its tables or XOR lists) is taken through the plan's
// own PlanMemory, which forwards to the heap and counts. The plan gives each block back when it is
// destroyed, so an evicted plan returns its memory to the heap (and, through malloc_trim or glibc's own
// trimming, to the system) instead of to a pool that keeps it.
#ifndef EC_POWER8_PLAN_MEMORY_H
#define EC_POWER8_PLAN_MEMORY_H

#include <cstddef>
#include <memory_resource>

namespace ec::power8 {

class PlanMemory final : public std::pmr::memory_resource {
public:
  // What the heap is estimated to spend on a block of n bytes: glibc rounds a block up to 16 bytes and
  // keeps an 8-byte header in front; counted as 16 so the estimate errs on the side of the bound.
  static constexpr std::size_t heap_cost(std::size_t n) { return (n + 15) / 16 * 16 + 16; }

  // Heap bytes taken so far (heap_cost of every block, including those already given back: a plan is
  // built once and then only read, so the two are the same for a finished plan).
  std::size_t taken() const { return taken_; }

private:
  // Only the thread building the plan allocates; the thread dropping its last reference deallocates,
  // after every allocation: no lock needed.
  void *do_allocate(std::size_t bytes, std::size_t alignment) override;
  void do_deallocate(void *p, std::size_t bytes, std::size_t alignment) override;
  bool do_is_equal(const std::pmr::memory_resource &other) const noexcept override { return this == &other; }

  std::size_t taken_ = 0;
};

} // namespace ec::power8

#endif
