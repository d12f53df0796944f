// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/common/ErasureCodeBase.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

// Tentacle marks the std::set / std::map calls [[deprecated]] for its callers; this file implements them,
// some in terms of others, as Ceph's own base class does.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace ec::power8 {
namespace {

// The buffers of the chunks decode() produces. Small chunks (the OSD's k x 4 KiB stripes) are cache-line
// aligned slices of one allocation: at that size the allocator calls cost as much as the coding. Large ones
// get a buffer each, as Ceph's own base class gives them: callers may free them one by one, and a single
// buffer for m chunks of a 1 MiB object crosses glibc's mmap threshold, so that the decode benchmark mapped
// and faulted it in anew on every call (96 page faults per 10+4 decode instead of 4 to 16). encode() gives
// every chunk a buffer of its own (see there).
class ChunkBuffers {
public:
  static constexpr std::uint64_t kSharedLimit = 64 * 1024;
  // What glibc's malloc aligns every block to. posix_memalign asked for more takes the slow path
  // (_int_memalign: over-allocate, split, and first a malloc_consolidate of the fast bins): a quarter of
  // the allocator's time in a 6+2 encode of one stripe. So the shared buffer is asked for at this
  // alignment, a cache line's worth larger, and the slices start at its first cache-line boundary.
  static constexpr unsigned kMallocAlignment = 16;

  ChunkBuffers(unsigned count, unsigned len)
      : len_(len), stride_((std::uint64_t{len} + ErasureCodeBase::kSliceAlignment - 1) /
                           ErasureCodeBase::kSliceAlignment * ErasureCodeBase::kSliceAlignment),
        shared_(len && stride_ * count <= kSharedLimit) {
    if (!shared_)
      return;
    own_ = ceph::bufferptr(ceph::buffer::create_aligned(
        static_cast<unsigned>(stride_ * count + ErasureCodeBase::kSliceAlignment - kMallocAlignment),
        kMallocAlignment));
    const auto address = reinterpret_cast<std::uintptr_t>(own_.c_str());
    first_ = (ErasureCodeBase::kSliceAlignment - address % ErasureCodeBase::kSliceAlignment) %
             ErasureCodeBase::kSliceAlignment;
  }

  ceph::bufferptr next() {
    if (!shared_)
      return ceph::bufferptr(ceph::buffer::create_aligned(len_, ErasureCodeBase::kBufferAlignment));
    return ceph::bufferptr(own_, static_cast<unsigned>(first_ + stride_ * slot_++), len_);
  }

private:
  unsigned len_;
  std::uint64_t stride_;
  bool shared_;
  std::uint64_t first_ = 0; // offset of the first slice: own_'s first cache-line boundary
  unsigned slot_ = 0;
  ceph::bufferptr own_;
};

} // namespace

int ErasureCodeBase::init(ceph::ErasureCodeProfile &profile, std::ostream *ss) {
  // The monitor calls init() twice on one object: start from nothing each time.
  mapping_.clear();
  shard_mapping_.clear();
  int r = init_code(profile, ss);
  if (r)
    return r;
  r = mapping_.parse(profile, get_data_chunk_count(), get_chunk_count(), ss);
  if (r)
    return r;
  for (int shard : mapping_.shards())
    shard_mapping_.push_back(static_cast<ShardMapping::value_type>(shard));
  crush_rule_.read(profile);
  profile_ = profile;
  return 0;
}

int ErasureCodeBase::create_rule(const std::string &name, CrushWrapper &crush, std::ostream *ss) const {
  return crush_rule_.create(name, get_chunk_count(), crush, ss);
}

int ErasureCodeBase::minimum_to_decode(const std::set<int> &want_to_read, const std::set<int> &available,
                                       std::map<int, std::vector<std::pair<int, int>>> *minimum) {
  std::set<int> shards;
  if (std::includes(available.begin(), available.end(), want_to_read.begin(), want_to_read.end())) {
    shards = want_to_read;
  } else {
    const unsigned k = get_data_chunk_count();
    if (available.size() < k)
      return -EIO;
    auto it = available.begin();
    for (unsigned i = 0; i < k; i++)
      shards.insert(*it++);
  }
  const std::vector<std::pair<int, int>> whole_chunk{{0, get_sub_chunk_count()}};
  for (int shard : shards)
    (*minimum)[shard] = whole_chunk;
  return 0;
}

int ErasureCodeBase::minimum_to_decode_with_cost(const std::set<int> &want_to_read,
                                                 const std::map<int, int> &available, std::set<int> *minimum) {
  std::set<int> available_shards;
  for (const auto &shard_cost : available)
    available_shards.insert(shard_cost.first);
  std::map<int, std::vector<std::pair<int, int>>> with_ranges;
  int r = minimum_to_decode(want_to_read, available_shards, &with_ranges);
  if (r)
    return r;
  for (const auto &shard : with_ranges)
    minimum->insert(shard.first);
  return 0;
}

int ErasureCodeBase::encode(const std::set<int> &want_to_encode, const ceph::bufferlist &in,
                            std::map<int, ceph::bufferlist> *encoded) {
  const unsigned k = get_data_chunk_count();
  const unsigned n = get_chunk_count();
  if (n > kMaxEncodeChunks)
    return -EINVAL;
  for (int shard : want_to_encode)
    if (shard < 0 || static_cast<unsigned>(shard) >= n)
      return -EINVAL;
  const unsigned length = in.length();
  const unsigned chunk = get_chunk_size(length);
  // Whole data chunks are slices of the input (no copy: the kernels take any alignment), unless
  // data_chunk_buffers() copies them (see there); the padded data
  // chunks and the parity chunks get a buffer each, as Ceph's own base class gives them, not slices of one:
  // an OSD computes each shard's crc32c for its hash info and again for the message that carries it, and
  // Ceph caches one crc per buffer, so slices of one buffer evicted each other's and every parity shard's
  // crc was computed twice (counted under qemu: an s390x OSD executed 20.1 G instructions per GiB written
  // with shared parity buffers, 17.9 G with a buffer each, jerasure 25.1 G). The chunk pointers are
  // collected here rather than looked up again in the map: at the stripe size the coding itself takes
  // well under a microsecond.
  const unsigned whole = data_chunk_buffers_ ? 0 : chunk ? std::min(k, length / chunk) : k;
  // A fragmented input takes substr_of, which flattens the chunks that straddle fragments.
  const char *const in_base = whole && in.get_num_buffers() == 1 ? in.front().c_str() : nullptr;
  const std::uint8_t *data[kMaxEncodeChunks];
  std::uint8_t *parity[kMaxEncodeChunks];
  // Keys usually arrive in increasing order (no mapping, or an increasing one): the end of the map is the
  // right hint then, and a wrong hint only costs the normal lookup.
  for (unsigned i = 0; i < n; i++) {
    ceph::bufferlist &bl = encoded->try_emplace(encoded->end(), chunk_index(i))->second;
    bl.clear();
    if (i < whole) {
      const unsigned offset = i * chunk;
      if (in_base) {
        bl.push_back(ceph::bufferptr(in.front(), offset, chunk));
        data[i] = reinterpret_cast<const std::uint8_t *>(in_base + offset);
      } else {
        bl.substr_of(in, offset, chunk);
        data[i] = reinterpret_cast<const std::uint8_t *>(bl.c_str());
      }
      continue;
    }
    ceph::bufferptr buf(ceph::buffer::create_aligned(chunk, kBufferAlignment));
    char *p = buf.c_str();
    if (i < k) {
      const std::uint64_t offset = std::uint64_t{i} * chunk;
      const unsigned copied = offset < length ? static_cast<unsigned>(std::min<std::uint64_t>(length - offset, chunk)) : 0;
      if (copied)
        in.begin(static_cast<unsigned>(offset)).copy(copied, p);
      std::memset(p + copied, 0, chunk - copied);
      data[i] = reinterpret_cast<const std::uint8_t *>(p);
    } else {
      parity[i - k] = reinterpret_cast<std::uint8_t *>(p);
    }
    bl.push_back(std::move(buf));
  }
  int r = encode_prepared(chunk, data, parity);
  if (r)
    return r;
  if (want_to_encode.size() != n) // every id was checked above: n distinct ones are all chunks
    for (unsigned i = 0; i < n; i++)
      if (!want_to_encode.count(chunk_index(i)))
        encoded->erase(chunk_index(i));
  return 0;
}

long ErasureCodeBase::common_chunk_length(const std::map<int, ceph::bufferlist> &chunks) const {
  if (chunks.empty())
    return -EIO;
  const unsigned len = chunks.begin()->second.length();
  for (const auto &c : chunks)
    if (c.first < 0 || static_cast<unsigned>(c.first) >= get_chunk_count() || c.second.length() != len)
      return -EINVAL;
  return len;
}

int ErasureCodeBase::decode(const std::set<int> &want_to_read, const std::map<int, ceph::bufferlist> &chunks,
                            std::map<int, ceph::bufferlist> *decoded, int /*chunk_size*/) {
  // As Ceph's base class (and so jerasure) answers: when every wanted chunk is there, it is handed back
  // whatever else the map holds, and nothing wanted is nothing to do. Handing back a buffer reads none
  // of it; the checks below guard the calls that do.
  bool all_present = true;
  for (int shard : want_to_read)
    all_present = all_present && chunks.count(shard);
  if (all_present) {
    for (int shard : want_to_read)
      (*decoded)[shard] = chunks.at(shard);
    return 0;
  }
  const long len = common_chunk_length(chunks);
  if (len < 0)
    return static_cast<int>(len);
  unsigned missing = 0;
  for (int shard : want_to_read) {
    if (shard < 0 || static_cast<unsigned>(shard) >= get_chunk_count())
      return -EINVAL;
    auto it = chunks.find(shard);
    if (it != chunks.end())
      (*decoded)[shard] = it->second;
    else
      missing++;
  }
  ChunkBuffers buffers(missing, static_cast<unsigned>(len));
  for (int shard : want_to_read) {
    if (chunks.count(shard))
      continue;
    ceph::bufferlist &bl = (*decoded)[shard];
    bl.clear();
    bl.push_back(buffers.next());
  }
  return decode_chunks(want_to_read, chunks, decoded);
}

int ErasureCodeBase::decode_concat(const std::map<int, ceph::bufferlist> &chunks, ceph::bufferlist *decoded) {
  std::set<int> want_to_read;
  for (unsigned i = 0; i < get_data_chunk_count(); i++)
    want_to_read.insert(chunk_index(i));
  std::map<int, ceph::bufferlist> decoded_map;
  int r = decode(want_to_read, chunks, &decoded_map, 0);
  if (r)
    return r;
  for (unsigned i = 0; i < get_data_chunk_count(); i++)
    decoded->claim_append(decoded_map[chunk_index(i)]);
  return 0;
}

} // namespace ec::power8
