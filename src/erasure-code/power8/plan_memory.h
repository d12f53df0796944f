// Where decode plans live: a pool of the decode cache's own, apart from the process heap.
//
// A plan is built on a cache miss, in the middle of a decode whose output buffers the caller has just
// allocated and will free soon after. Taken from glibc's heap (Debian's Ceph daemons use glibc malloc),
// a plan's small long-lived blocks land in the holes those buffers leave when they are freed, so the next
// decode's buffers no longer fit there and the heap grows instead: ceph_erasure_code_benchmark decoding
// random 4-erasure patterns of 10+4 1 MiB objects grew its heap by ~100 KiB per miss and spent a third
// of its time faulting the fresh pages in. The pool takes memory from the heap in large chunks, a few
// times over the cache's life, and recycles the blocks of evicted plans itself.
#ifndef EC_POWER8_PLAN_MEMORY_H
#define EC_POWER8_PLAN_MEMORY_H

#include <cstddef>
#include <memory_resource>
#include <mutex>

namespace ec::power8 {

class PlanMemory final : public std::pmr::memory_resource {
public:
  PlanMemory();

private:
  // Locked: plans are built by whichever thread misses, and freed by whichever thread drops the last
  // reference to an evicted one, possibly outside the cache's lock.
  void *do_allocate(std::size_t bytes, std::size_t alignment) override;
  void do_deallocate(void *p, std::size_t bytes, std::size_t alignment) override;
  bool do_is_equal(const std::pmr::memory_resource &other) const noexcept override { return this == &other; }

  std::mutex lock_;
  std::pmr::unsynchronized_pool_resource pool_;
};

} // namespace ec::power8

#endif
