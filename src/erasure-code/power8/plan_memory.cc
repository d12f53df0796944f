#include "erasure-code/power8/plan_memory.h"

namespace ec::power8 {
namespace {

std::pmr::pool_options plan_pool_options() {
  std::pmr::pool_options options;
  // Pooled up to the tables of a 64 x 16 plan with 64-byte tables; larger blocks (codes with hundreds of
  // chunks) come from the heap directly.
  options.largest_required_pool_block = 64 * 1024;
  return options;
}

} // namespace

PlanMemory::PlanMemory() : pool_(plan_pool_options()) {}

void *PlanMemory::do_allocate(std::size_t bytes, std::size_t alignment) {
  std::lock_guard<std::mutex> guard(lock_);
  return pool_.allocate(bytes, alignment);
}

void PlanMemory::do_deallocate(void *p, std::size_t bytes, std::size_t alignment) {
  std::lock_guard<std::mutex> guard(lock_);
  pool_.deallocate(p, bytes, alignment);
}

} // namespace ec::power8
