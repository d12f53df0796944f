// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/common/ErasureCodePower8.h"

#include <cerrno>
#include <vector>

#include "erasure-code/power8/common/ceph_release.h"

namespace ec::power8 {
namespace {

// A pointer to the bytes of a chunk Ceph hands us read-only. Contiguous chunks (the normal case) are used
// in place; a fragmented one is flattened into a copy kept alive in `keep`. An empty one still counts as
// available (the codec reads null as missing), so it gets a pointer to no bytes.
const std::uint8_t *readable(const ceph::bufferlist &bl, std::vector<ceph::bufferlist> &keep) {
  static const std::uint8_t no_bytes = 0;
  if (bl.length() == 0)
    return &no_bytes;
  if (bl.is_contiguous())
    return reinterpret_cast<const std::uint8_t *>(bl.front().c_str());
  keep.push_back(bl);
  return reinterpret_cast<const std::uint8_t *>(keep.back().c_str());
}

// A pointer to len writable bytes that end up in bl. A buffer already there with the right length is
// written in place: Ceph's LRC plugin shares buffers between its layers and reads the results from them.
std::uint8_t *writable(ceph::bufferlist &bl, unsigned len) {
  if (bl.length() != len || !bl.is_contiguous()) {
    bl.clear();
    bl.push_back(ceph::bufferptr(ceph::buffer::create_aligned(len, ErasureCodeBase::kBufferAlignment)));
  }
  return reinterpret_cast<std::uint8_t *>(bl.c_str());
}

} // namespace

int ErasureCodePower8::init_code(ceph::ErasureCodeProfile &profile, std::ostream *ss) {
  return codec_.init(profile, release::kCodecDefaults, ss);
}

unsigned int ErasureCodePower8::get_chunk_size(unsigned int stripe_width) const {
  return static_cast<unsigned int>(codec_.chunk_size(stripe_width));
}

int ErasureCodePower8::encode_chunks(const std::set<int> & /*want_to_encode*/,
                                     std::map<int, ceph::bufferlist> *encoded) {
  const unsigned k = codec_.k(), n = get_chunk_count();
  auto first = encoded->find(chunk_index(0));
  if (first == encoded->end())
    return -EINVAL;
  const unsigned len = first->second.length();
  // Refused before any parity buffer is (re)allocated, so a rejected call leaves the map as it was.
  if (!codec_.accepts_length(len))
    return -EINVAL;
  const std::uint8_t *data[gf::kMaxChunks];
  std::uint8_t *parity[gf::kMaxChunks];
  for (unsigned i = 0; i < n; i++) {
    auto it = encoded->find(chunk_index(i));
    if (it == encoded->end() || (i < k && it->second.length() != len))
      return -EINVAL;
    if (i < k)
      data[i] = reinterpret_cast<const std::uint8_t *>(it->second.c_str());
    else
      parity[i - k] = writable(it->second, len);
  }
  return encode_prepared(len, data, parity);
}

int ErasureCodePower8::encode_prepared(unsigned len, const std::uint8_t *const *data, std::uint8_t *const *parity) {
  return codec_.encode(len, data, parity);
}

int ErasureCodePower8::decode_chunks(const std::set<int> &want_to_read, const std::map<int, ceph::bufferlist> &chunks,
                                     std::map<int, ceph::bufferlist> *decoded) {
  const long len = common_chunk_length(chunks);
  if (len < 0)
    return static_cast<int>(len);
  const unsigned k = codec_.k(), n = get_chunk_count();

  // Logical ids: what survives, and what to rebuild -- every wanted chunk, and (as jerasure does) every
  // chunk the caller gave a buffer for in `decoded` that is not among the survivors.
  std::vector<ceph::bufferlist> flattened;
  const std::uint8_t *available[gf::kMaxChunks] = {};
  unsigned navailable = 0;
  for (const auto &c : chunks) {
    available[logical_chunk(c.first)] = readable(c.second, flattened);
    navailable++;
  }
  bool rebuild[gf::kMaxChunks] = {};
  for (int shard : want_to_read) {
    if (shard < 0 || static_cast<unsigned>(shard) >= n)
      return -EINVAL;
    rebuild[logical_chunk(shard)] = true;
  }
  for (const auto &d : *decoded)
    if (d.first >= 0 && static_cast<unsigned>(d.first) < n)
      rebuild[logical_chunk(d.first)] = true;

  // The codec's errors, checked before any output buffer is allocated.
  bool any = false;
  for (unsigned id = 0; id < n; id++)
    any = any || (rebuild[id] && !available[id]);
  if (!any)
    return 0;
  if (navailable < k)
    return -EIO;
  if (!codec_.accepts_length(static_cast<std::size_t>(len)))
    return -EINVAL;

  std::uint8_t *outputs[gf::kMaxChunks] = {};
  for (unsigned id = 0; id < n; id++)
    if (rebuild[id] && !available[id])
      outputs[id] = writable((*decoded)[chunk_index(id)], static_cast<unsigned>(len));
  return codec_.decode(static_cast<std::size_t>(len), available, outputs);
}

} // namespace ec::power8
