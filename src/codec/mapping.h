// SPDX-License-Identifier: LGPL-2.1-or-later
// The profile key `mapping`: which shard position stores each of the codec's logical chunks.
//
// mapping=DD_D_ (one character per chunk) puts the data chunks, in order, at the positions marked D and
// the coding chunks, in order, at the others: logical chunk i (0..k-1 data, then parity) is stored at
// shard shard_of(i). Without the key (or with it empty) every chunk is stored at its own index.
#ifndef EC_CODEC_MAPPING_H
#define EC_CODEC_MAPPING_H

#include <ostream>
#include <vector>

#include "codec/profile_keys.h"

namespace ec::codec {

class ChunkMapping {
public:
  // Reads `mapping` for a code of k data chunks out of n. 0, or -EINVAL with a message in *ss (and the
  // identity mapping left in place). The key is not written back: its absence means the identity.
  int parse(const Profile &profile, unsigned k, unsigned n, std::ostream *ss);
  void clear();

  // Shard position of logical chunk i.
  int shard_of(unsigned i) const { return i < shards_.size() ? shards_[i] : static_cast<int>(i); }
  // Logical chunk stored at shard position `shard`.
  unsigned logical_of(int shard) const {
    return shard >= 0 && static_cast<unsigned>(shard) < logical_.size() ? logical_[shard]
                                                                          : static_cast<unsigned>(shard);
  }
  // Shard of every logical chunk, in logical order; empty for the identity (as Ceph's get_chunk_mapping()).
  const std::vector<int> &shards() const { return shards_; }

private:
  std::vector<int> shards_;
  std::vector<unsigned> logical_;
};

} // namespace ec::codec

#endif
