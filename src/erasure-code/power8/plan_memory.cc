// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/plan_memory.h"

namespace ec::power8 {

void *PlanMemory::do_allocate(std::size_t bytes, std::size_t alignment) {
  void *p = std::pmr::new_delete_resource()->allocate(bytes, alignment);
  taken_ += heap_cost(bytes) + (alignment > alignof(std::max_align_t) ? alignment : 0);
  return p;
}

void PlanMemory::do_deallocate(void *p, std::size_t bytes, std::size_t alignment) {
  std::pmr::new_delete_resource()->deallocate(p, bytes, alignment);
}

} // namespace ec::power8
