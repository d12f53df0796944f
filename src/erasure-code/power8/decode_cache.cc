#include "erasure-code/power8/decode_cache.h"

namespace ec::power8 {

std::shared_ptr<const DecodePlan> DecodeCache::find(const ErasurePattern &pattern) {
  std::lock_guard<std::mutex> guard(lock_);
  auto it = index_.find(pattern);
  if (it == index_.end())
    return nullptr;
  lru_.splice(lru_.begin(), lru_, it->second);
  return it->second->second;
}

std::shared_ptr<const DecodePlan> DecodeCache::insert(const ErasurePattern &pattern,
                                                      std::shared_ptr<const DecodePlan> plan) {
  std::lock_guard<std::mutex> guard(lock_);
  auto it = index_.find(pattern);
  if (it != index_.end())
    return it->second->second;
  if (capacity_ == 0)
    return plan;
  lru_.emplace_front(pattern, std::move(plan));
  index_.emplace(pattern, lru_.begin());
  if (lru_.size() > capacity_) {
    index_.erase(lru_.back().first);
    lru_.pop_back();
  }
  return lru_.front().second;
}

void DecodeCache::clear() {
  std::lock_guard<std::mutex> guard(lock_);
  index_.clear();
  lru_.clear();
}

std::size_t DecodeCache::size() const {
  std::lock_guard<std::mutex> guard(lock_);
  return lru_.size();
}

} // namespace ec::power8
