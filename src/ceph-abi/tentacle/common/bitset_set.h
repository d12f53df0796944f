// SPDX-License-Identifier: LGPL-2.1-or-later
// bitset_set<N, Key>: a set of small keys as a fixed bitmap, as Ceph 20.2 lays it out. Tentacle's
// erasure-code interface passes shard sets as bitset_set<128, shard_id_t> (shard_id_set).
//
// Written for this plugin from the layout facts (Ceph installs no such header): the bits in two 64-bit
// words, key k at bit k % 64 of word k / 64, followed by an end iterator (a pointer to the set and the
// end key, N converted to the key type). Ceph's inline code on the other side of the interface reads and
// writes those members directly, so the order, sizes and meaning of the members are the contract;
// test/abi/tentacle compiles a probe against Ceph's real header and against this one and compares them.
// Only the operations the plugin uses are here.
#ifndef CEPH_EC_POWER8_BITSET_SET_H
#define CEPH_EC_POWER8_BITSET_SET_H

#include <array>
#include <bit>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <iterator>

template <std::size_t NumBitsV, typename KeyT> class bitset_set {
  static constexpr std::size_t kWordBits = sizeof(std::uint64_t) * CHAR_BIT;
  static constexpr std::size_t kWords = NumBitsV / kWordBits;
  static_assert(NumBitsV % kWordBits == 0 && NumBitsV > 0, "whole 64-bit words");
  // The end key: NumBitsV as KeyT (it wraps for an int8_t key, as in Ceph).
  static constexpr KeyT end_key() { return static_cast<KeyT>(static_cast<int>(NumBitsV)); }
  static unsigned index(KeyT k) { return static_cast<unsigned>(static_cast<std::uint8_t>(static_cast<int>(k))); }

public:
  // Iterates the members in increasing order; an iterator is a set and a current key.
  class const_iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = KeyT;
    using difference_type = std::ptrdiff_t;
    using pointer = const KeyT *;
    using reference = const KeyT &;

    const_iterator() : set_(nullptr), key_(0) {}
    const_iterator(const bitset_set *set, KeyT key) : set_(set), key_(key) {}
    const KeyT &operator*() const { return key_; }
    const_iterator &operator++() {
      key_ = set_->next_from(static_cast<unsigned>(static_cast<int>(key_)) + 1);
      return *this;
    }
    bool operator==(const const_iterator &o) const { return static_cast<int>(key_) == static_cast<int>(o.key_); }
    bool operator!=(const const_iterator &o) const { return !(*this == o); }

  private:
    const bitset_set *set_;
    KeyT key_;
  };

  bitset_set() : words_{}, end_(this, end_key()) {}
  bitset_set(const bitset_set &o) : words_(o.words_), end_(this, end_key()) {}
  bitset_set &operator=(const bitset_set &o) {
    words_ = o.words_;
    return *this;
  }

  void clear() { words_ = {}; }
  void insert(KeyT k) { words_[index(k) / kWordBits] |= bit(k); }
  void erase(KeyT k) { words_[index(k) / kWordBits] &= ~bit(k); }
  bool contains(KeyT k) const { return index(k) < NumBitsV && (words_[index(k) / kWordBits] & bit(k)); }
  std::size_t count(KeyT k) const { return contains(k) ? 1 : 0; }
  std::size_t size() const {
    std::size_t n = 0;
    for (std::uint64_t w : words_)
      n += static_cast<std::size_t>(std::popcount(w));
    return n;
  }
  bool empty() const { return size() == 0; }
  static constexpr std::size_t max_size() { return NumBitsV; }

  const_iterator begin() const { return const_iterator(this, next_from(0)); }
  const_iterator end() const { return end_; }

private:
  static std::uint64_t bit(KeyT k) { return std::uint64_t{1} << (index(k) % kWordBits); }
  // The first member at or after position pos, or the end key.
  KeyT next_from(unsigned pos) const {
    for (; pos < NumBitsV; pos++)
      if (words_[pos / kWordBits] >> (pos % kWordBits) & 1)
        return static_cast<KeyT>(static_cast<int>(pos));
    return end_key();
  }

  std::array<std::uint64_t, kWords> words_;
  const_iterator end_;
};

#endif
