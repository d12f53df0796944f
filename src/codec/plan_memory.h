// SPDX-License-Identifier: LGPL-2.1-or-later
// Where decode plans live: pools of the decode cache's own, apart from the process heap, counted so that
// the cache can be bounded in bytes, and given back to the heap when the cache lets go of them.
//
// A plan is built on a cache miss, in the middle of a decode whose output buffers the caller has just
// allocated and will free soon after. Taken from glibc's heap (Debian's Ceph daemons use glibc malloc),
// a plan's small long-lived blocks land among those buffers: ceph_erasure_code_benchmark decoding random
// 4-erasure patterns of 10+4 1 MiB objects grew its heap by ~100 KiB per miss and spent a third of its
// time faulting fresh pages in, and decoding one 16+4 stripe with a plan from the heap measured 10% slower
// than with the same plan from a pool. So plans come from a PlanPool, which takes heap memory a chunk at a
// time and recycles the blocks of evicted plans itself. A pool never gives chunks back while it lives,
// so the cache starts a new pool every 3/8 of its bound and drops the plans of the pool before; a pool
// is destroyed, and its chunks returned to the heap, when its last plan is.
#ifndef EC_CODEC_PLAN_MEMORY_H
#define EC_CODEC_PLAN_MEMORY_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <memory_resource>
#include <mutex>

namespace ec::codec {

class PlanPool final : public std::pmr::memory_resource {
public:
  explicit PlanPool(std::uint64_t generation);

  std::uint64_t generation() const { return generation_; }
  // Heap bytes the pool holds (its chunks, and blocks too large to pool).
  std::size_t footprint() const { return upstream_.held.load(std::memory_order_relaxed); }

private:
  // Counts what the pool takes from the heap.
  struct CountingHeap final : std::pmr::memory_resource {
    std::atomic<std::size_t> held{0};
    void *do_allocate(std::size_t bytes, std::size_t alignment) override;
    void do_deallocate(void *p, std::size_t bytes, std::size_t alignment) override;
    bool do_is_equal(const std::pmr::memory_resource &o) const noexcept override { return this == &o; }
  };

  // Locked: plans are built by whichever thread misses, and freed by whichever thread drops the last
  // reference to an evicted one, possibly outside the cache's lock.
  void *do_allocate(std::size_t bytes, std::size_t alignment) override;
  void do_deallocate(void *p, std::size_t bytes, std::size_t alignment) override;
  bool do_is_equal(const std::pmr::memory_resource &other) const noexcept override { return this == &other; }

  const std::uint64_t generation_;
  CountingHeap upstream_; // before the pool, which gives its chunks back to it when destroyed
  std::mutex lock_;
  std::pmr::unsynchronized_pool_resource pool_;
};

// An allocator from a PlanPool that keeps the pool alive: std::allocate_shared keeps a copy in the plan's
// control block, which is freed after the plan itself, so the pool outlives every block of its last plan.
template <class T> class PlanAllocator {
public:
  using value_type = T;
  explicit PlanAllocator(std::shared_ptr<PlanPool> pool) : pool_(std::move(pool)) {}
  template <class U> PlanAllocator(const PlanAllocator<U> &o) : pool_(o.pool()) {}
  T *allocate(std::size_t n) { return static_cast<T *>(pool_->allocate(n * sizeof(T), alignof(T))); }
  void deallocate(T *p, std::size_t n) { pool_->deallocate(p, n * sizeof(T), alignof(T)); }
  const std::shared_ptr<PlanPool> &pool() const { return pool_; }
  template <class U> bool operator==(const PlanAllocator<U> &o) const { return pool_ == o.pool(); }
  template <class U> bool operator!=(const PlanAllocator<U> &o) const { return pool_ != o.pool(); }

private:
  std::shared_ptr<PlanPool> pool_;
};

// The memory one plan's coder takes, counted (for the cache's bound) and forwarded to a pool or the heap.
// Only the thread building the plan allocates; the blocks go back when the plan is destroyed.
class PlanMemory final : public std::pmr::memory_resource {
public:
  explicit PlanMemory(std::pmr::memory_resource *upstream) : upstream_(upstream) {}
  // Bytes taken so far, each block rounded up to the 16 bytes pools and glibc's heap align blocks to.
  std::size_t taken() const { return taken_; }

private:
  void *do_allocate(std::size_t bytes, std::size_t alignment) override;
  void do_deallocate(void *p, std::size_t bytes, std::size_t alignment) override;
  bool do_is_equal(const std::pmr::memory_resource &other) const noexcept override { return this == &other; }

  std::pmr::memory_resource *upstream_;
  std::size_t taken_ = 0;
};

} // namespace ec::codec

#endif
