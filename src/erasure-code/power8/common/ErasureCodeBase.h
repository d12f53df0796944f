// SPDX-License-Identifier: LGPL-2.1-or-later
// The std::set / std::map half of what Ceph's ErasureCode base class gives the stock plugins, written
// for this plugin (Ceph installs no such class to inherit): the CRUSH keys and `mapping` of the profile
// (common/crush_rule.h, codec/mapping.h), storing the completed profile, splitting and padding an object
// into chunks, decoding only what is missing, decode_concat and minimum_to_decode. The codec subclass
// parses its own keys and codes chunk buffers.
//
// Chunk ids seen by Ceph are shard positions; with a `mapping` the codec's logical chunk i (0..k-1 data,
// then parity) is stored at shard chunk_index(i).
#ifndef EC_POWER8_ERASURE_CODE_BASE_H
#define EC_POWER8_ERASURE_CODE_BASE_H

#include <cstdint>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "codec/mapping.h"
#include "erasure-code/ErasureCodeInterface.h"
#include "erasure-code/power8/common/ceph_release.h"
#include "erasure-code/power8/common/crush_rule.h"
#include "gf/matrix.h"

namespace ec::power8 {

class ErasureCodeBase : public ceph::ErasureCodeInterface {
public:
  // Alignment of the chunk buffers this class allocates (Ceph's SIMD_ALIGN).
  static constexpr unsigned kBufferAlignment = 32;
  // decode() carves small chunks from one allocation at this alignment (a cache line: the chunks do not
  // share lines, so they can be written by different threads).
  static constexpr unsigned kSliceAlignment = 64;
  // encode() keeps the chunk pointers on the stack: at most this many chunks (GF(2^8) codes have 256).
  static constexpr unsigned kMaxEncodeChunks = 256;

  // The keys, with their defaults, that the generation's own base class writes into every profile besides
  // the ones this class reads: none up to Reef (Tentacle's adapter adds its rule keys).
  static ceph::ErasureCodeProfile added_rule_keys() { return {}; }
  // The most chunks a code may have: all GF(2^8) offers (Tentacle's adapter lowers it).
  static constexpr unsigned kMaxChunks = gf::kMaxChunks;

  int init(ceph::ErasureCodeProfile &profile, std::ostream *ss) override;
  const ceph::ErasureCodeProfile &get_profile() const override { return profile_; }
  int create_rule(const std::string &name, CrushWrapper &crush, std::ostream *ss) const override;
  int get_sub_chunk_count() override { return 1; }
  int minimum_to_decode(const std::set<int> &want_to_read, const std::set<int> &available,
                        std::map<int, std::vector<std::pair<int, int>>> *minimum) override;
  int minimum_to_decode_with_cost(const std::set<int> &want_to_read, const std::map<int, int> &available,
                                  std::set<int> *minimum) override;
  int encode(const std::set<int> &want_to_encode, const ceph::bufferlist &in,
             std::map<int, ceph::bufferlist> *encoded) override;
  int decode(const std::set<int> &want_to_read, const std::map<int, ceph::bufferlist> &chunks,
             std::map<int, ceph::bufferlist> *decoded, int chunk_size) override;
  // The shard of each logical chunk as the interface generation types it: std::vector<int> up to Reef,
  // std::vector<shard_id_t> in Tentacle.
  using ShardMapping = std::decay_t<decltype(std::declval<const ceph::ErasureCodeInterface &>().get_chunk_mapping())>;
  const ShardMapping &get_chunk_mapping() const override { return shard_mapping_; }
  int decode_concat(const std::map<int, ceph::bufferlist> &chunks, ceph::bufferlist *decoded) override;

  // Whether encode() gives every data chunk a buffer of its own, a copy, rather than a slice of the input
  // where a chunk is whole. An OSD computes each shard's crc32c for its hash info and again for the
  // message that carries it, and Ceph's buffers cache one crc each: slices of one input evict each
  // other's, so every data shard's crc is computed twice. Where that crc32c is Ceph's table-driven C
  // (release::kDataChunkBuffers: s390x before Tentacle) the copy is the cheaper (counted under qemu, a
  // Pacific s390x OSD writing a 4+2 pool: 17.7 G instructions per GiB with slices, 14.6 G with copies);
  // with CRC instructions it is not (arm64: 3.7 G, 4.0 G). Set by tests to check both ways.
  bool data_chunk_buffers() const { return data_chunk_buffers_; }
  void set_data_chunk_buffers(bool copies) { data_chunk_buffers_ = copies; }

  // Shard position of logical chunk i.
  int chunk_index(unsigned i) const { return mapping_.shard_of(i); }
  // Logical chunk stored at shard position `shard`.
  unsigned logical_chunk(int shard) const { return mapping_.logical_of(shard); }

protected:
  const CrushRuleKeys &crush_rule_keys() const { return crush_rule_; }

  // Reads and validates the codec's own keys, writing their defaults back into profile, and builds what
  // coding needs; fills in what get_chunk_count() and friends return. 0 or a negative errno with a
  // message in ss.
  virtual int init_code(ceph::ErasureCodeProfile &profile, std::ostream *ss) = 0;
  // Computes the parity of encode(): get_chunk_count() - get_data_chunk_count() chunks of len bytes from
  // get_data_chunk_count() ones, by logical index. 0 or a negative errno.
  virtual int encode_prepared(unsigned len, const std::uint8_t *const *data, std::uint8_t *const *parity) = 0;

  // Checks that chunks are all valid shard ids of the same length; returns that length, or -EIO (no
  // chunks) or -EINVAL. (Ceph's decode interface has no error stream: the errno is all it gets.)
  long common_chunk_length(const std::map<int, ceph::bufferlist> &chunks) const;

private:
  ceph::ErasureCodeProfile profile_;
  CrushRuleKeys crush_rule_;
  codec::ChunkMapping mapping_;
  ShardMapping shard_mapping_; // mapping_.shards(), as get_chunk_mapping() returns it
  bool data_chunk_buffers_ = release::kDataChunkBuffers;
};

} // namespace ec::power8

#endif
