// SPDX-License-Identifier: LGPL-2.1-or-later
// Prints what the plugin relies on in Tentacle's interface: the vtable slot of every virtual of
// ceph::ErasureCodeInterface (selected by its full signature: a member pointer cast that only compiles
// if the declaration has exactly that signature), the size, alignment and mangled name of the shard
// types, and the layout of a filled shard_id_map and shard_id_set word by word (what each 8-byte word
// holds: the object's own address, a pointer into the map's slot vector, a small number).
//
// Built twice from this one file (test/abi/CMakeLists.txt): against our declarations (src/ceph-abi) and
// against Ceph 20.2's real headers from Debian's source package. The two outputs must be identical.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <optional>
#include <typeinfo>

#include "erasure-code/ErasureCodeInterface.h"

namespace {

using ceph::bufferlist;
using ceph::bufferptr;
using Interface = ceph::ErasureCodeInterface;

// The Itanium C++ ABI represents a pointer to a virtual member function as 1 + the byte offset of its
// vtable entry (and an adjustment).
template <typename F> long vtable_slot(F f) {
  struct {
    std::uintptr_t ptr;
    std::ptrdiff_t adj;
  } rep;
  static_assert(sizeof(F) == sizeof(rep), "Itanium member function pointer");
  std::memcpy(&rep, &f, sizeof(rep));
  return (rep.ptr & 1) ? static_cast<long>((rep.ptr - 1) / sizeof(void *)) : -1;
}

#define PRINT_SLOT(name, ...)                                                                                  \
  std::printf("slot %2ld %s %s\n", vtable_slot(static_cast<__VA_ARGS__>(&Interface::name)), #name, #__VA_ARGS__)

void print_slots() {
  PRINT_SLOT(init, int (Interface::*)(ceph::ErasureCodeProfile &, std::ostream *));
  PRINT_SLOT(get_profile, const ceph::ErasureCodeProfile &(Interface::*)() const);
  PRINT_SLOT(create_rule, int (Interface::*)(const std::string &, CrushWrapper &, std::ostream *) const);
  PRINT_SLOT(get_chunk_count, unsigned int (Interface::*)() const);
  PRINT_SLOT(get_data_chunk_count, unsigned int (Interface::*)() const);
  PRINT_SLOT(get_coding_chunk_count, unsigned int (Interface::*)() const);
  PRINT_SLOT(get_sub_chunk_count, int (Interface::*)());
  PRINT_SLOT(get_chunk_size, unsigned int (Interface::*)(unsigned int) const);
  PRINT_SLOT(minimum_to_decode, int (Interface::*)(const shard_id_set &, const shard_id_set &, shard_id_set &,
                                                   shard_id_map<std::vector<std::pair<int, int>>> *));
  PRINT_SLOT(minimum_to_decode, int (Interface::*)(const std::set<int> &, const std::set<int> &,
                                                   std::map<int, std::vector<std::pair<int, int>>> *));
  PRINT_SLOT(minimum_to_decode_with_cost,
             int (Interface::*)(const shard_id_set &, const shard_id_map<int> &, shard_id_set *));
  PRINT_SLOT(minimum_to_decode_with_cost,
             int (Interface::*)(const std::set<int> &, const std::map<int, int> &, std::set<int> *));
  PRINT_SLOT(get_minimum_granularity, size_t (Interface::*)());
  PRINT_SLOT(encode, int (Interface::*)(const shard_id_set &, const bufferlist &, shard_id_map<bufferlist> *));
  PRINT_SLOT(encode, int (Interface::*)(const std::set<int> &, const bufferlist &, std::map<int, bufferlist> *));
  PRINT_SLOT(encode_chunks, int (Interface::*)(const std::set<int> &, std::map<int, bufferlist> *));
  PRINT_SLOT(encode_chunks, int (Interface::*)(const shard_id_map<bufferptr> &, shard_id_map<bufferptr> &));
  PRINT_SLOT(encode_delta, void (Interface::*)(const bufferptr &, const bufferptr &, bufferptr *));
  PRINT_SLOT(apply_delta, void (Interface::*)(const shard_id_map<bufferptr> &, shard_id_map<bufferptr> &));
  PRINT_SLOT(decode, int (Interface::*)(const shard_id_set &, const shard_id_map<bufferlist> &,
                                        shard_id_map<bufferlist> *, int));
  PRINT_SLOT(decode, int (Interface::*)(const std::set<int> &, const std::map<int, bufferlist> &,
                                        std::map<int, bufferlist> *, int));
  PRINT_SLOT(decode_chunks,
             int (Interface::*)(const shard_id_set &, shard_id_map<bufferptr> &, shard_id_map<bufferptr> &));
  PRINT_SLOT(decode_chunks, int (Interface::*)(const std::set<int> &, const std::map<int, bufferlist> &,
                                               std::map<int, bufferlist> *));
  PRINT_SLOT(get_chunk_mapping, const std::vector<shard_id_t> &(Interface::*)() const);
  PRINT_SLOT(decode_concat,
             int (Interface::*)(const std::set<int> &, const std::map<int, bufferlist> &, bufferlist *));
  PRINT_SLOT(decode_concat, int (Interface::*)(const std::map<int, bufferlist> &, bufferlist *));
  PRINT_SLOT(get_supported_optimizations, std::uint64_t (Interface::*)() const);
  PRINT_SLOT(get_optimizations_flags_string, std::string (Interface::*)() const);
}

template <typename T> void print_type(const char *what) {
  std::printf("type %s: size %zu align %zu %s\n", what, sizeof(T), alignof(T), typeid(T).name());
}

// What each 8-byte word of an object holds, relative to the object and to one array it points into; with
// no array (an object holding no heap pointer), every other word in hex.
void print_words(const char *what, const void *object, std::size_t size, const void *array, std::size_t elem) {
  const auto self = reinterpret_cast<std::uintptr_t>(object);
  const auto base = reinterpret_cast<std::uintptr_t>(array);
  for (std::size_t off = 0; off + 8 <= size; off += 8) {
    std::uint64_t w;
    std::memcpy(&w, static_cast<const char *>(object) + off, sizeof(w));
    std::printf("word %s +%zu: ", what, off);
    if (w == self)
      std::printf("self\n");
    else if (w > self && w < self + size)
      std::printf("self+%lu\n", static_cast<unsigned long>(w - self));
    else if (array && w >= base && w <= base + 64 * elem && (w - base) % elem == 0)
      std::printf("array+%lu elements\n", static_cast<unsigned long>((w - base) / elem));
    else if (w < 65536 || !array)
      std::printf("%#lx\n", static_cast<unsigned long>(w));
    else
      std::printf("other\n");
  }
}

// Built in zero-filled storage, so that padding and the payload of an empty std::optional read the same
// in both builds (compiled with -fno-lifetime-dse: g++ would drop the zeroing as dead before a constructor).
template <typename T> struct Zeroed {
  alignas(T) unsigned char bytes[sizeof(T)] = {};
};

void print_map_layout() {
  Zeroed<shard_id_map<bufferptr>> storage;
  auto *map = new (storage.bytes) shard_id_map<bufferptr>(6);
  map->emplace(shard_id_t(1), ceph::buffer::create(16));
  map->emplace(shard_id_t(4), ceph::buffer::create(32));
  std::printf("map size %zu, contains 1 %d 2 %d 4 %d\n", map->size(), map->contains(shard_id_t(1)),
              map->contains(shard_id_t(2)), map->contains(shard_id_t(4)));
  // The slot vector's first element: std::optional keeps its value at offset 0.
  const auto *slots = reinterpret_cast<const char *>(&map->at(shard_id_t(1))) - sizeof(std::optional<bufferptr>);
  print_words("shard_id_map<bufferptr>", map, sizeof(*map), slots, sizeof(std::optional<bufferptr>));
  for (auto &&[shard, ptr] : *map)
    std::printf("entry %d length %u\n", static_cast<int>(shard), ptr.length());
  map->~mini_flat_map();
}

void print_set_layout() {
  Zeroed<shard_id_set> storage;
  auto *set = new (storage.bytes) shard_id_set();
  for (int k : {0, 3, 70, 127})
    set->insert(shard_id_t(static_cast<std::int8_t>(k)));
  std::printf("set size %zu, contains 3 %d 4 %d\n", set->size(), set->contains(shard_id_t(3)),
              set->contains(shard_id_t(4)));
  print_words("shard_id_set", set, sizeof(*set), nullptr, 1);
  for (shard_id_t s : *set)
    std::printf("member %d\n", static_cast<int>(s));
  set->~shard_id_set();
}

} // namespace

int main() {
  print_slots();
  print_type<shard_id_t>("shard_id_t");
  print_type<shard_id_set>("shard_id_set");
  print_type<shard_id_map<bufferptr>>("shard_id_map<bufferptr>");
  print_type<shard_id_map<bufferlist>>("shard_id_map<bufferlist>");
  print_type<shard_id_map<int>>("shard_id_map<int>");
  print_type<shard_id_map<std::vector<std::pair<int, int>>>>("shard_id_map<vector<pair<int,int>>>");
  print_type<std::vector<shard_id_t>>("vector<shard_id_t>");
  print_map_layout();
  print_set_layout();
  return 0;
}
