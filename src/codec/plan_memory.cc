// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/plan_memory.h"

namespace ec::codec {
namespace {

std::pmr::pool_options plan_pool_options() {
  std::pmr::pool_options options;
  // Pooled up to the tables of a 64 x 16 plan with 64-byte tables; larger blocks (codes with hundreds of
  // chunks) come from the heap directly. Chunks of at most 32 blocks keep the pool's growth in small
  // steps, so that its footprint follows the cache's bound closely.
  options.largest_required_pool_block = 64 * 1024;
  options.max_blocks_per_chunk = 32;
  return options;
}

} // namespace

void *PlanPool::CountingHeap::do_allocate(std::size_t bytes, std::size_t alignment) {
  void *p = std::pmr::new_delete_resource()->allocate(bytes, alignment);
  held.fetch_add(bytes, std::memory_order_relaxed);
  return p;
}

void PlanPool::CountingHeap::do_deallocate(void *p, std::size_t bytes, std::size_t alignment) {
  std::pmr::new_delete_resource()->deallocate(p, bytes, alignment);
  held.fetch_sub(bytes, std::memory_order_relaxed);
}

PlanPool::PlanPool(std::uint64_t generation)
    : generation_(generation), pool_(plan_pool_options(), &upstream_) {}

void *PlanPool::do_allocate(std::size_t bytes, std::size_t alignment) {
  std::lock_guard<std::mutex> guard(lock_);
  return pool_.allocate(bytes, alignment);
}

void PlanPool::do_deallocate(void *p, std::size_t bytes, std::size_t alignment) {
  std::lock_guard<std::mutex> guard(lock_);
  pool_.deallocate(p, bytes, alignment);
}

void *PlanMemory::do_allocate(std::size_t bytes, std::size_t alignment) {
  void *p = upstream_->allocate(bytes, alignment);
  taken_ += (bytes + 15) / 16 * 16 + (alignment > 16 ? alignment - 16 : 0);
  return p;
}

void PlanMemory::do_deallocate(void *p, std::size_t bytes, std::size_t alignment) {
  upstream_->deallocate(p, bytes, alignment);
}

} // namespace ec::codec
