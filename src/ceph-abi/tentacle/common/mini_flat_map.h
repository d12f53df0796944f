// SPDX-License-Identifier: LGPL-2.1-or-later
// mini_flat_map<Key, Value>: a map from small keys to values as Ceph 20.2 lays it out. Tentacle's
// erasure-code interface passes chunks as mini_flat_map<shard_id_t, bufferptr> (shard_id_map).
//
// Written for this plugin from the layout facts (Ceph installs no such header). The map is a vector of
// optional values indexed by key, sized once by the creator (the key range, e.g. k+m), then two end
// iterators pointing back at the map, then the number of engaged values. An iterator is the map, the
// current key and, when it points at a value, a (key, value) pair of references. Ceph's inline code on
// the other side of the interface reads and writes those members directly, so their order, sizes and
// meaning are the contract; test/abi/tentacle compiles a probe against Ceph's real header and against
// this one and compares them. Only the operations the plugin uses are here.
#ifndef CEPH_EC_POWER8_MINI_FLAT_MAP_H
#define CEPH_EC_POWER8_MINI_FLAT_MAP_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

template <typename KeyT, typename ValueT, typename IntT = std::int_fast8_t> class mini_flat_map {
  static std::size_t index(KeyT k) { return static_cast<std::size_t>(static_cast<IntT>(k)); }

public:
  template <bool IsConst> class iterator_base {
    using map_pointer = std::conditional_t<IsConst, const mini_flat_map *, mini_flat_map *>;
    using mapped = std::conditional_t<IsConst, const ValueT, ValueT>;

  public:
    using value_type = std::pair<const KeyT &, mapped &>;

    // The first value at or after pos (the end if none).
    iterator_base(map_pointer map, std::size_t pos) : map_(map), key_(static_cast<KeyT>(static_cast<IntT>(pos))) {
      settle();
    }
    // The end: no value (Ceph's end iterators are built this way, by the map's constructor).
    iterator_base(map_pointer map, std::size_t size, bool /*end*/)
        : map_(map), key_(static_cast<KeyT>(static_cast<IntT>(size))) {}
    iterator_base(const iterator_base &o) : map_(o.map_), key_(o.key_) { copy_value(o); }
    iterator_base &operator=(const iterator_base &o) {
      map_ = o.map_;
      key_ = o.key_;
      value_.reset();
      copy_value(o);
      return *this;
    }
    iterator_base &operator++() {
      key_ = static_cast<KeyT>(static_cast<IntT>(index(key_) + 1));
      settle();
      return *this;
    }
    bool operator==(const iterator_base &o) const { return map_ == o.map_ && index(key_) == index(o.key_); }
    bool operator!=(const iterator_base &o) const { return !(*this == o); }
    value_type &operator*() { return *value_; }
    value_type *operator->() { return &*value_; }

  private:
    // The same value as o, its key reference pointing at our own key_.
    void copy_value(const iterator_base &o) {
      if (o.value_)
        value_.emplace(key_, o.value_->second);
    }
    // Moves to the first engaged slot at or after key_ (or to the end) and points value_ at it.
    void settle() {
      value_.reset();
      auto &slots = map_->slots_;
      std::size_t i = index(key_);
      while (i < slots.size() && !slots[i])
        i++;
      key_ = static_cast<KeyT>(static_cast<IntT>(i));
      if (i < slots.size())
        value_.emplace(key_, *slots[i]);
    }

    map_pointer map_;
    std::optional<value_type> value_;
    KeyT key_;
  };
  using iterator = iterator_base<false>;
  using const_iterator = iterator_base<true>;

  // max_size: one more than the largest key the map can hold; the map never grows.
  explicit mini_flat_map(std::size_t max_size)
      : slots_(max_size), end_(this, max_size, true), const_end_(this, max_size, true), size_(0) {}
  mini_flat_map(const mini_flat_map &o)
      : slots_(o.slots_), end_(this, o.slots_.size(), true), const_end_(this, o.slots_.size(), true),
        size_(o.size_) {}
  mini_flat_map &operator=(const mini_flat_map &) = delete;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::size_t max_size() const { return slots_.size(); }
  bool contains(KeyT k) const { return index(k) < slots_.size() && slots_[index(k)].has_value(); }
  std::size_t count(KeyT k) const { return contains(k) ? 1 : 0; }
  // Callers check contains() or the key range first: a key out of range is a programming error.
  ValueT &at(KeyT k) { return *slots_.at(index(k)); }
  const ValueT &at(KeyT k) const { return *slots_.at(index(k)); }

  // Adds a value under k unless k has one (then leaves it, like std::map); true if added.
  template <typename... Args> bool emplace(KeyT k, Args &&...args) {
    auto &slot = slots_.at(index(k));
    if (slot)
      return false;
    slot.emplace(std::forward<Args>(args)...);
    size_++;
    return true;
  }
  ValueT &operator[](KeyT k) {
    emplace(k);
    return at(k);
  }
  std::size_t erase(KeyT k) {
    if (!contains(k))
      return 0;
    slots_[index(k)].reset();
    size_--;
    return 1;
  }
  void clear() {
    for (auto &slot : slots_)
      slot.reset();
    size_ = 0;
  }

  iterator begin() { return iterator(this, 0); }
  iterator end() { return end_; }
  const_iterator begin() const { return const_iterator(this, 0); }
  const_iterator end() const { return const_end_; }

private:
  std::vector<std::optional<ValueT>> slots_;
  const iterator end_;
  const const_iterator const_end_;
  std::size_t size_;
};

#endif
