// SPDX-License-Identifier: LGPL-2.1-or-later
// Decoding plans of every codec of one plugin, cached per code and erasure pattern in one LRU bounded in
// bytes.
//
// Building a plan inverts a k x k matrix and expands its coefficients into kernel tables: far more work
// than decoding one 4 KiB stripe. An OSD sees the same few patterns over and over (the shards of its down
// peers), so plans are kept. The OSD builds one codec per PG, and PGs of one pool share a coding matrix,
// so the cache belongs to the plugin (ErasureCodePluginPower8) and is shared by all its codecs: a plan
// built for one PG serves every PG of the pool, and the memory all of them keep is bounded by one figure:
// the plans' own bytes (evicting the least recently used) and the pools they live in (plan_memory.h).
//
// A hit takes the lock (a spin lock: it is held for a few dozen instructions), finds the plan at the
// list's front or through the index, moves at most one list node and copies a shared_ptr: no allocation.
// Plans are immutable, so a plan evicted while another thread decodes with it stays alive until that
// thread drops it.
#ifndef EC_CODEC_DECODE_CACHE_H
#define EC_CODEC_DECODE_CACHE_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "codec/chunk_coder.h"
#include "codec/plan_memory.h"
#include "codec/spin_lock.h"
#include "gf/matrix.h"
#include "simd/kernels.h"

namespace ec::codec {

// Which chunks (logical ids: 0..k-1 data, k.. parity) a decode reads and which it rebuilds.
class ErasurePattern {
public:
  // chunk_count: k + m of the code (at most gf::kMaxChunks); only the words its ids reach are compared.
  explicit ErasurePattern(unsigned chunk_count) : words_(2 * ((chunk_count + 63) / 64)) {}
  void add_survivor(unsigned id) { bits_[id / 64 * 2] |= bit(id); }
  void add_wanted(unsigned id) { bits_[id / 64 * 2 + 1] |= bit(id); }
  // Word by word and inline: every decode compares its pattern with a few cached ones, and below 65
  // chunks that is two words each (std::array's operator< would compare all eight, through memcmp on a
  // big-endian machine).
  bool operator<(const ErasurePattern &o) const {
    if (words_ != o.words_)
      return words_ < o.words_;
    for (unsigned i = 0; i < words_; i++)
      if (bits_[i] != o.bits_[i])
        return bits_[i] < o.bits_[i];
    return false;
  }
  bool operator==(const ErasurePattern &o) const {
    if (words_ != o.words_)
      return false;
    for (unsigned i = 0; i < words_; i++)
      if (bits_[i] != o.bits_[i])
        return false;
    return true;
  }

private:
  static std::uint64_t bit(unsigned id) { return std::uint64_t{1} << (id % 64); }
  unsigned words_; // of bits_ in use: a survivors' and a wanted word per 64 ids
  std::array<std::uint64_t, 2 * gf::kMaxChunks / 64> bits_{}; // survivors and wanted, interleaved by 64 ids
};

// The coder that reads the pattern's survivors (in increasing id order) and writes its wanted chunks.
struct DecodePlan {
  // upstream: where the coder's memory comes from (a PlanPool, or the heap for a plan built uncached).
  DecodePlan(std::pmr::memory_resource *upstream, std::uint64_t generation)
      : memory(upstream), generation(generation) {}
  PlanMemory memory; // before the coder, which gives its blocks back to it when destroyed
  ChunkCoderPtr coder;
  std::uint64_t generation; // of the PlanPool it lives in
};

class DecodeCache {
public:
  // The bound when the operator sets none: a few thousand plans of the largest common codes (a 16+4
  // plan rebuilding 4 chunks takes 1.5 to 5 KiB, depending on the variant's table size), far more
  // patterns than an OSD's down peers produce, at a size no one notices next to an OSD's caches.
  static constexpr std::size_t kDefaultMaxBytes = std::size_t{32} << 20;
  // The environment variable that sets the bound of the plugin's cache in ceph-osd, ceph-mon and tools:
  // a byte count with an optional K, M or G suffix (binary); 0 turns caching off.
  static constexpr const char *kMaxBytesVariable = "CEPH_EC_POWER8_DECODE_CACHE_SIZE";

  // max_bytes: the bound on the heap memory of the cached plans and of the cache's own bookkeeping; 0
  // keeps nothing (every decode builds its plan afresh, for measuring what the cache saves).
  explicit DecodeCache(std::size_t max_bytes) : max_bytes_(max_bytes), pool_(std::make_shared<PlanPool>(0)) {}
  DecodeCache(const DecodeCache &) = delete;
  DecodeCache &operator=(const DecodeCache &) = delete;

  // The bound to use: kMaxBytesVariable's value if set and valid, else kDefaultMaxBytes (with a line in
  // *complaint saying why the value was not used).
  static std::size_t max_bytes_from_environment(std::string *complaint);

  // A number that names a code within this cache: plans of codecs with the same number are interchangeable
  // (same variant, same coding matrix, same packet size). Taken once per codec, in init().
  std::uint32_t code_id(const simd::Kernels &kernels, const gf::Matrix &coding, unsigned packetsize);

  // A plan to build for this cache (its coder takes its memory from plan->memory): in the cache's current
  // pool. null_cache_plan() is one for a codec without a cache, from the heap.
  std::shared_ptr<DecodePlan> new_plan();
  static std::shared_ptr<DecodePlan> null_cache_plan() {
    return std::make_shared<DecodePlan>(std::pmr::new_delete_resource(), 0);
  }

  // The cached plan, or null. Marks it most recently used.
  std::shared_ptr<const DecodePlan> find(std::uint32_t code, const ErasurePattern &pattern);
  // Keeps plan (the first one stored wins if two threads built the same pattern), evicting the least
  // recently used plans until the bound holds again, and returns it. A plan larger than the whole bound
  // is returned without being kept.
  std::shared_ptr<const DecodePlan> insert(std::uint32_t code, const ErasurePattern &pattern,
                                           std::shared_ptr<const DecodePlan> plan);

  void clear();
  std::size_t size() const;      // plans kept
  std::size_t bytes() const;     // heap bytes they and their entries are estimated to take
  std::size_t max_bytes() const { return max_bytes_; }

private:
  struct Key {
    std::uint32_t code;
    ErasurePattern pattern;
    bool operator<(const Key &o) const { return code != o.code ? code < o.code : pattern < o.pattern; }
  };
  struct Entry {
    Key key;
    std::shared_ptr<const DecodePlan> plan;
    std::size_t bytes;
  };
  using Lru = std::list<Entry>;

  // The heap cost of one entry besides its plan's coder: the plan and its control block (one block, from
  // make_shared), the list node and the index node.
  static std::size_t entry_bytes(const DecodePlan &plan);

  // Drops every plan of a pool older than the previous one. Called with lock_ held.
  void start_new_pool(Lru *evicted);

  const std::size_t max_bytes_;
  mutable SpinLock lock_;
  std::shared_ptr<PlanPool> pool_; // where new plans are built
  Lru lru_; // most recently used first
  std::map<Key, Lru::iterator> index_;
  std::size_t bytes_ = 0;

  struct Code {
    const simd::Kernels *kernels;
    unsigned packetsize;
    std::vector<std::uint8_t> coding;
    bool operator<(const Code &o) const;
  };
  std::mutex codes_lock_;
  std::map<Code, std::uint32_t> codes_; // a few per profile in use; never shrinks
};

} // namespace ec::codec

#endif
