// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/decode_cache.h"

#include <cerrno>
#include <cstdlib>
#include <tuple>

namespace ec::codec {

bool DecodeCache::Code::operator<(const Code &o) const {
  return std::tie(kernels, packetsize, coding) < std::tie(o.kernels, o.packetsize, o.coding);
}

std::size_t DecodeCache::max_bytes_from_environment(std::string *complaint) {
  const char *value = std::getenv(kMaxBytesVariable);
  if (!value || !*value)
    return kDefaultMaxBytes;
  errno = 0;
  char *end = nullptr;
  const unsigned long long number = std::strtoull(value, &end, 10);
  unsigned shift = 0;
  if (end != value && *end) {
    switch (*end) {
    case 'K': case 'k': shift = 10; end++; break;
    case 'M': case 'm': shift = 20; end++; break;
    case 'G': case 'g': shift = 30; end++; break;
    default: break;
    }
  }
  const bool digits = end != value && value[0] >= '0' && value[0] <= '9';
  if (!digits || *end || errno == ERANGE || number > (std::size_t(-1) >> shift)) {
    *complaint = std::string(kMaxBytesVariable) + "=" + value + " is not a size (bytes, optionally with a K, M or " +
                 "G suffix); the decode cache keeps its default bound of " +
                 std::to_string(kDefaultMaxBytes >> 20) + " MiB";
    return kDefaultMaxBytes;
  }
  return static_cast<std::size_t>(number) << shift;
}

std::uint32_t DecodeCache::code_id(const simd::Kernels &kernels, const gf::Matrix &coding, unsigned packetsize) {
  std::lock_guard<std::mutex> guard(codes_lock_);
  return codes_.emplace(Code{&kernels, packetsize, coding}, static_cast<std::uint32_t>(codes_.size())).first->second;
}

std::size_t DecodeCache::entry_bytes(const DecodePlan &plan) {
  // What glibc's heap spends on a block of n bytes: rounded up to 16, plus an 8-byte header (counted 16).
  auto heap_cost = [](std::size_t n) { return (n + 15) / 16 * 16 + 16; };
  // allocate_shared's block (in the pool) holds the plan, two counters and the allocator; the list node
  // holds an Entry and two links; the index node a Key, an iterator and the tree's three links and colour.
  return plan.memory.taken() + (sizeof(DecodePlan) + 2 * sizeof(long) + sizeof(PlanAllocator<DecodePlan>) + 15) / 16 * 16 +
         heap_cost(sizeof(Entry) + 2 * sizeof(void *)) + heap_cost(sizeof(Key) + sizeof(Lru::iterator) + 4 * sizeof(void *));
}

std::shared_ptr<DecodePlan> DecodeCache::new_plan() {
  std::shared_ptr<PlanPool> pool;
  {
    std::lock_guard<SpinLock> guard(lock_);
    pool = pool_;
  }
  PlanPool *upstream = pool.get();
  const std::uint64_t generation = pool->generation();
  return std::allocate_shared<DecodePlan>(PlanAllocator<DecodePlan>(std::move(pool)), upstream, generation);
}

void DecodeCache::start_new_pool(Lru *evicted) {
  // The current pool becomes the previous one: its plans stay (they are the recently built ones). Plans of
  // pools before it go, and those pools with them.
  const std::uint64_t current = pool_->generation();
  for (auto it = lru_.begin(); it != lru_.end();) {
    auto next = std::next(it);
    if (it->plan->generation < current) {
      bytes_ -= it->bytes;
      index_.erase(it->key);
      evicted->splice(evicted->begin(), lru_, it);
    }
    it = next;
  }
  pool_ = std::make_shared<PlanPool>(current + 1);
}

std::shared_ptr<const DecodePlan> DecodeCache::find(std::uint32_t code, const ErasurePattern &pattern) {
  std::lock_guard<SpinLock> guard(lock_);
  // The most recently used plan first: a stream of one pattern's decodes (an OSD rebuilding the shards of
  // one down peer) finds it there, with no search and nothing moved.
  if (!lru_.empty() && lru_.front().key.code == code && lru_.front().key.pattern == pattern)
    return lru_.front().plan;
  auto it = index_.find(Key{code, pattern});
  if (it == index_.end())
    return nullptr;
  lru_.splice(lru_.begin(), lru_, it->second);
  return it->second->plan;
}

std::shared_ptr<const DecodePlan> DecodeCache::insert(std::uint32_t code, const ErasurePattern &pattern,
                                                      std::shared_ptr<const DecodePlan> plan) {
  const std::size_t cost = entry_bytes(*plan);
  if (cost > max_bytes_)
    return plan;
  const Key key{code, pattern};
  // Evicted plans are destroyed after the lock is released: freeing their blocks is the slow part.
  Lru evicted;
  std::shared_ptr<const DecodePlan> kept;
  {
    std::lock_guard<SpinLock> guard(lock_);
    auto it = index_.find(key);
    if (it != index_.end())
      return it->second->plan;
    while (!lru_.empty() && bytes_ + cost > max_bytes_) {
      bytes_ -= lru_.back().bytes;
      index_.erase(lru_.back().key);
      evicted.splice(evicted.begin(), lru_, std::prev(lru_.end()));
    }
    lru_.push_front(Entry{key, std::move(plan), cost});
    index_.emplace(key, lru_.begin());
    bytes_ += cost;
    kept = lru_.front().plan;
    // Two pools live at a time (this one and the previous); with the index and list nodes, which the
    // heap holds, they stay within the bound.
    if (pool_->footprint() > max_bytes_ / 8 * 3)
      start_new_pool(&evicted);
  }
  return kept;
}

void DecodeCache::clear() {
  Lru evicted;
  std::lock_guard<SpinLock> guard(lock_);
  index_.clear();
  evicted.swap(lru_);
  bytes_ = 0;
  // The pool goes too, once the plans still in use elsewhere are dropped.
  pool_ = std::make_shared<PlanPool>(pool_->generation() + 1);
}

std::size_t DecodeCache::size() const {
  std::lock_guard<SpinLock> guard(lock_);
  return lru_.size();
}

std::size_t DecodeCache::bytes() const {
  std::lock_guard<SpinLock> guard(lock_);
  return bytes_;
}

} // namespace ec::codec
