// Decoding plans cached per erasure pattern, in a bounded LRU shared by every thread using a codec.
//
// Building a plan inverts a k x k matrix and expands its coefficients into kernel tables: far more work
// than decoding one 4 KiB stripe. An OSD sees the same few patterns over and over (the shards of its down
// peers), so plans are kept; a hit takes the lock, moves one list node and copies a shared_ptr: no
// allocation. Plans are immutable, so a plan evicted while another thread decodes with it stays alive
// (but not beyond the cache: plans and the cache's own nodes live in its PlanMemory).
#ifndef EC_POWER8_DECODE_CACHE_H
#define EC_POWER8_DECODE_CACHE_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>

#include "erasure-code/power8/chunk_coder.h"
#include "erasure-code/power8/plan_memory.h"

namespace ec::power8 {

// Which chunks (logical ids: 0..k-1 data, k.. parity) a decode reads and which it rebuilds.
class ErasurePattern {
public:
  void add_survivor(unsigned id) { set(0, id); }
  void add_wanted(unsigned id) { set(1, id); }
  bool operator<(const ErasurePattern &o) const { return bits_ < o.bits_; }

private:
  void set(unsigned which, unsigned id) { bits_[which * 4 + id / 64] |= std::uint64_t{1} << (id % 64); }
  std::array<std::uint64_t, 8> bits_{}; // two sets of up to 256 chunk ids
};

// The coder that reads the pattern's survivors (in increasing id order) and writes its wanted chunks.
struct DecodePlan {
  ChunkCoderPtr coder;
};

class DecodeCache {
public:
  explicit DecodeCache(std::size_t capacity) : capacity_(capacity), lru_(&memory_), index_(&memory_) {}

  // Where a plan for this cache is built: make_chunk_coder(..., memory()), std::allocate_shared with it.
  std::pmr::memory_resource *memory() { return &memory_; }

  // The cached plan, or null. Marks it most recently used.
  std::shared_ptr<const DecodePlan> find(const ErasurePattern &pattern);
  // Keeps plan (the first one stored wins if two threads built the same pattern) and returns it.
  std::shared_ptr<const DecodePlan> insert(const ErasurePattern &pattern, std::shared_ptr<const DecodePlan> plan);

  void clear();
  std::size_t size() const;
  std::size_t capacity() const { return capacity_; }

private:
  using Entry = std::pair<ErasurePattern, std::shared_ptr<const DecodePlan>>;
  const std::size_t capacity_;
  PlanMemory memory_; // before the containers: they give their nodes back to it
  mutable std::mutex lock_;
  std::pmr::list<Entry> lru_; // most recently used first
  std::pmr::map<ErasurePattern, std::pmr::list<Entry>::iterator> index_;
};

} // namespace ec::power8

#endif
