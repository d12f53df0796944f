// SPDX-License-Identifier: LGPL-2.1-or-later
// The buffers encode() hands Ceph: whole data chunks as slices of the input, or with data_chunk_buffers()
// as copies in buffers of their own; parity and padded chunks in buffers of their own either way, and
// the same bytes both ways.
#include <gtest/gtest.h>

#include <set>

#include "codec_fixture.h"

namespace ec::test {
namespace {

// The chunks' bytes, and whether each chunk lies in a buffer (a raw) of its own: not the input's, not
// another chunk's.
struct Encoded {
  std::map<int, ceph::bufferlist> chunks;
  std::map<int, bool> own_buffer;
};

Encoded encode_with(power8::ErasureCodePower8 &codec, bool copies, const ceph::bufferlist &in) {
  codec.set_data_chunk_buffers(copies);
  Encoded e;
  EXPECT_EQ(codec.encode(all_shards(codec.get_chunk_count()), in, &e.chunks), 0);
  std::set<const char *> input_raws;
  for (const auto &p : in.buffers())
    input_raws.insert(p.raw_c_str());
  std::map<const char *, unsigned> chunks_of_raw;
  for (const auto &c : e.chunks) {
    EXPECT_EQ(c.second.get_num_buffers(), 1u) << "chunk " << c.first;
    chunks_of_raw[c.second.front().raw_c_str()]++;
  }
  for (const auto &c : e.chunks) {
    const char *raw = c.second.front().raw_c_str();
    e.own_buffer[c.first] = !input_raws.count(raw) && chunks_of_raw[raw] == 1;
  }
  return e;
}

TEST(encode_buffers, slices_or_buffers_of_their_own_with_the_same_bytes) {
  std::mt19937 rng(7);
  auto codec = make_codec({{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}});
  ASSERT_TRUE(codec);
  EXPECT_EQ(codec->data_chunk_buffers(), power8::release::kDataChunkBuffers) << "the default is the release's";
  // Whole chunks (an OSD's stripe), and a short object whose last data chunks are padded.
  for (const unsigned length : {4u * 4096, 4u * 4096 - 4096 - 100}) {
    const ceph::bufferlist in = random_bufferlist(length, rng);
    const Encoded sliced = encode_with(*codec, false, in);
    const Encoded copied = encode_with(*codec, true, in);
    ASSERT_EQ(sliced.chunks.size(), 6u);
    const unsigned chunk = codec->get_chunk_size(length);
    for (int shard = 0; shard < 6; shard++) {
      EXPECT_EQ(to_string(copied.chunks.at(shard)), to_string(sliced.chunks.at(shard))) << "shard " << shard;
      const bool whole_data = shard < 4 && (shard + 1u) * chunk <= length;
      EXPECT_EQ(sliced.own_buffer.at(shard), !whole_data) << "length " << length << " shard " << shard;
      EXPECT_TRUE(copied.own_buffer.at(shard)) << "length " << length << " shard " << shard;
    }
  }
}

} // namespace
} // namespace ec::test
