// SPDX-License-Identifier: LGPL-2.1-or-later
// Pins the vtable layout of our ceph::ErasureCodeInterface declaration to Pacific's: Ceph calls the
// codec by slot, so a reordered declaration would call the wrong function. The order is the one read from
// the vtable of Debian 16.2.15's libec_isa.so (see the ABI notes).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>

#include "crush/CrushWrapper.h"
#include "erasure-code/ErasureCodeInterface.h"
#include "erasure-code/ErasureCodePlugin.h"

// offsetof on these polymorphic (non-standard-layout) classes is conditionally supported; GCC and Clang
// support it, and the layout is exactly what is under test.
#pragma GCC diagnostic ignored "-Winvalid-offsetof"

namespace {

// Itanium C++ ABI: a pointer to a virtual member function holds 1 + the byte offset of its vtable slot.
template <typename F> std::ptrdiff_t vtable_slot(F member) {
  static_assert(sizeof(F) == 2 * sizeof(std::ptrdiff_t), "Itanium member-function pointer");
  std::ptrdiff_t raw;
  std::memcpy(&raw, &member, sizeof(raw));
  return (raw - 1) / static_cast<std::ptrdiff_t>(sizeof(void *));
}

using ceph::ErasureCodeInterface;

TEST(abi, interface_vtable_matches_pacific) {
  // Slots 0 and 1 are the complete and deleting destructors.
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::init), 2);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::get_profile), 3);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::create_rule), 4);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::get_chunk_count), 5);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::get_data_chunk_count), 6);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::get_coding_chunk_count), 7);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::get_sub_chunk_count), 8);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::get_chunk_size), 9);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::minimum_to_decode), 10);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::minimum_to_decode_with_cost), 11);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::encode), 12);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::encode_chunks), 13);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::decode), 14);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::decode_chunks), 15);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::get_chunk_mapping), 16);
  EXPECT_EQ(vtable_slot(&ErasureCodeInterface::decode_concat), 17);
}

TEST(abi, plugin_layout_matches_pacific) {
  EXPECT_EQ(vtable_slot(&ceph::ErasureCodePlugin::factory), 2);
  EXPECT_EQ(offsetof(ceph::ErasureCodePlugin, library), sizeof(void *));
}

TEST(abi, registry_layout_matches_pacific) {
  // Offsets the host's own code uses (a host defining the registry must agree with the daemons).
  EXPECT_EQ(offsetof(ceph::ErasureCodePluginRegistry, loading), 0x28u);
  EXPECT_EQ(offsetof(ceph::ErasureCodePluginRegistry, disable_dlclose), 0x29u);
  EXPECT_EQ(offsetof(ceph::ErasureCodePluginRegistry, plugins), 0x30u);
}

} // namespace
