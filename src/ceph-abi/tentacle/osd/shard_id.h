// SPDX-License-Identifier: LGPL-2.1-or-later
// The shard types of Ceph 20.2's erasure-code interface, declared for this plugin from the facts:
//   shard_id_t        one signed byte naming a shard (Ceph's include/types.h)
//   shard_id_set      bitset_set<128, shard_id_t> (osd/osd_types.h)
//   shard_id_map<T>   mini_flat_map<shard_id_t, T> (osd/ECTypes.h)
// Same names and template arguments as Ceph's, so the interface's mangled signatures are Ceph's too
// (test/abi compares them with the real vtables).
#ifndef CEPH_EC_POWER8_SHARD_ID_H
#define CEPH_EC_POWER8_SHARD_ID_H

#include <compare>
#include <cstdint>

#include "common/bitset_set.h"
#include "common/mini_flat_map.h"

struct shard_id_t {
  std::int8_t id;

  shard_id_t() : id(0) {}
  explicit constexpr shard_id_t(std::int8_t v) : id(v) {}
  explicit constexpr operator std::int8_t() const { return id; }
  explicit constexpr operator int() const { return id; }
  explicit constexpr operator unsigned() const { return static_cast<unsigned>(id); }

  shard_id_t &operator++() {
    ++id;
    return *this;
  }
  bool operator==(const shard_id_t &o) const { return id == o.id; }
  friend constexpr std::strong_ordering operator<=>(const shard_id_t &a, const shard_id_t &b) { return a.id <=> b.id; }
  friend constexpr std::strong_ordering operator<=>(const shard_id_t &a, int b) { return a.id <=> b; }
};

using shard_id_set = bitset_set<128, shard_id_t>;
template <typename T> using shard_id_map = mini_flat_map<shard_id_t, T>;

#endif
