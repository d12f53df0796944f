// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/ErasureCodePower8.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <vector>

#include "erasure-code/power8/ceph_release.h"
#include "erasure-code/power8/profile_keys.h"

namespace ec::power8 {
namespace {

// Larger alignments would let a chunk size overflow the 32 bits Ceph keeps it in.
constexpr std::uint64_t kMaxAlignment = std::uint64_t{1} << 30;

// A pointer to the bytes of a chunk Ceph hands us read-only. Contiguous chunks (the normal case) are used
// in place; a fragmented one is flattened into a copy kept alive in `keep`.
const std::uint8_t *readable(const ceph::bufferlist &bl, std::vector<ceph::bufferlist> &keep) {
  if (bl.length() == 0)
    return nullptr;
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

int ErasureCodePower8::parse_code(ceph::ErasureCodeProfile &profile, std::ostream *ss) {
  params_ = CodeParameters{};
  std::string technique;
  read_string(profile, "technique", "reed_sol_van", &technique);
  int r = parse_technique(technique, &params_.technique, ss);
  if (r)
    return r;
  const bool raid6 = params_.technique == Technique::reed_sol_r6_op;

  int k = 0, m = 0, w = 0;
  if ((r = read_int(profile, "k", release::kDefaultK, 2, gf::kMaxChunks - 1, &k, ss)))
    return r;
  if ((r = read_int(profile, "m", raid6 ? release::kDefaultRaid6M : release::kDefaultM, 1, gf::kMaxChunks - 1, &m, ss)))
    return r;
  if ((r = read_int(profile, "w", kW, INT_MIN, INT_MAX, &w, ss)))
    return r;
  if (raid6 && m != 2) {
    *ss << "m=" << m << " is not valid for technique=reed_sol_r6_op: RAID6 has exactly m=2" << std::endl;
    return -EINVAL;
  }
  if (w != static_cast<int>(kW)) {
    *ss << "w=" << w << " is not supported: plugin=power8 implements w=8 only (jerasure's w=16 and w=32 "
        << "need plugin=jerasure)" << std::endl;
    return -EINVAL;
  }
  if (k + m > static_cast<int>(gf::kMaxChunks)) {
    *ss << "k=" << k << " m=" << m << " is not valid: k+m=" << k + m << " must be at most " << gf::kMaxChunks
        << " for w=8" << std::endl;
    return -EINVAL;
  }
  params_.k = static_cast<unsigned>(k);
  params_.m = static_cast<unsigned>(m);

  // jerasure's RAID6 class never reads jerasure-per-chunk-alignment (so it is always off there).
  if (!raid6)
    read_bool(profile, "jerasure-per-chunk-alignment", "false", &params_.per_chunk_alignment);

  if (is_bitmatrix(params_.technique)) {
    int packetsize = 0;
    if ((r = read_int(profile, "packetsize", release::kDefaultPacketsize, 1, INT_MAX, &packetsize, ss)))
      return r;
    params_.packetsize = static_cast<unsigned>(packetsize);
    if (params_.per_chunk_alignment && (kW * params_.packetsize) % 16) {
      *ss << "packetsize=" << packetsize << " is not valid with jerasure-per-chunk-alignment=true: packetsize "
          << "must be even, so that every chunk holds whole groups of w*packetsize bytes" << std::endl;
      return -EINVAL;
    }
  }
  // With jerasure-per-chunk-alignment the alignment itself is only w*packetsize, but a group of k data
  // chunks' packets is still k*w*packetsize*4 bytes of scratch for jerasure and of chunk for Ceph: the
  // same bound in both modes (packetsize up to 2^27 with k=1 would make 1 GiB chunks otherwise).
  const std::uint64_t group = std::uint64_t{params_.k} * kW * params_.packetsize * 4;
  if (chunk_alignment(params_) > kMaxAlignment || group > kMaxAlignment) {
    *ss << "packetsize=" << params_.packetsize << " is too large for k=" << k << ": k*w*packetsize*4 = " << group
        << " must be at most " << kMaxAlignment << " (with or without jerasure-per-chunk-alignment)" << std::endl;
    return -EINVAL;
  }
  return 0;
}

int ErasureCodePower8::prepare_code(std::ostream *ss) {
  coding_ = coding_matrix(params_);
  if (coding_.size() != std::size_t{params_.k} * params_.m) {
    *ss << "cannot build the " << technique_name(params_.technique) << " matrix for k=" << params_.k
        << " m=" << params_.m << std::endl;
    return -EINVAL;
  }
  encoder_ = make_chunk_coder(kernels_, params_.m, params_.k, coding_, coder_packetsize());
  if (decode_cache_)
    code_id_ = decode_cache_->code_id(kernels_, coding_, coder_packetsize());
  return 0;
}

unsigned int ErasureCodePower8::get_chunk_size(unsigned int stripe_width) const {
  return static_cast<unsigned int>(chunk_size(params_, stripe_width));
}

int ErasureCodePower8::encode_chunks(const std::set<int> & /*want_to_encode*/,
                                     std::map<int, ceph::bufferlist> *encoded) {
  const unsigned k = params_.k, n = get_chunk_count();
  auto first = encoded->find(chunk_index(0));
  if (first == encoded->end())
    return -EINVAL;
  const unsigned len = first->second.length();
  // Refused before any parity buffer is (re)allocated, so a rejected call leaves the map as it was.
  if (!encoder_->accepts_length(len))
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
  if (!encoder_->accepts_length(len))
    return -EINVAL;
  encoder_->apply(len, data, parity);
  return 0;
}

std::shared_ptr<const DecodePlan> ErasureCodePower8::decode_plan(const unsigned *survivors, const unsigned *wanted,
                                                                 unsigned nwanted) {
  ErasurePattern pattern;
  for (unsigned j = 0; j < params_.k; j++)
    pattern.add_survivor(survivors[j]);
  for (unsigned r = 0; r < nwanted; r++)
    pattern.add_wanted(wanted[r]);
  if (decode_cache_)
    if (auto plan = decode_cache_->find(code_id_, pattern))
      return plan;
  const gf::Matrix rows = gf::decode_rows(params_.k, params_.m, coding_,
                                          std::vector<unsigned>(survivors, survivors + params_.k),
                                          std::vector<unsigned>(wanted, wanted + nwanted));
  if (rows.empty())
    return nullptr;
  auto plan = decode_cache_ ? decode_cache_->new_plan() : DecodeCache::null_cache_plan();
  plan->coder = make_chunk_coder(kernels_, nwanted, params_.k, rows, coder_packetsize(), &plan->memory);
  if (!decode_cache_)
    return plan;
  return decode_cache_->insert(code_id_, pattern, std::move(plan));
}

int ErasureCodePower8::decode_chunks(const std::set<int> &want_to_read, const std::map<int, ceph::bufferlist> &chunks,
                                     std::map<int, ceph::bufferlist> *decoded) {
  const long len = common_chunk_length(chunks);
  if (len < 0)
    return static_cast<int>(len);
  const unsigned k = params_.k, n = get_chunk_count();

  // Logical ids: what survives, and what to rebuild — every wanted chunk, and (as jerasure does) every
  // chunk the caller gave a buffer for in `decoded` that is not among the survivors.
  bool available[gf::kMaxChunks] = {};
  for (const auto &c : chunks)
    available[logical_chunk(c.first)] = true;
  bool rebuild[gf::kMaxChunks] = {};
  for (int shard : want_to_read) {
    if (shard < 0 || static_cast<unsigned>(shard) >= n)
      return -EINVAL;
    rebuild[logical_chunk(shard)] = true;
  }
  for (const auto &d : *decoded)
    if (d.first >= 0 && static_cast<unsigned>(d.first) < n)
      rebuild[logical_chunk(d.first)] = true;

  // Fixed arrays, not vectors: with the plan cached, a decode allocates nothing but output buffers.
  unsigned survivors[gf::kMaxChunks], wanted[gf::kMaxChunks];
  unsigned nsurvivors = 0, nwanted = 0;
  for (unsigned id = 0; id < n; id++) {
    if (available[id]) {
      if (nsurvivors < k)
        survivors[nsurvivors++] = id;
    } else if (rebuild[id]) {
      wanted[nwanted++] = id;
    }
  }
  if (nwanted == 0)
    return 0;
  if (nsurvivors < k)
    return -EIO;

  auto plan = decode_plan(survivors, wanted, nwanted);
  if (!plan)
    return -EIO;
  if (!plan->coder->accepts_length(static_cast<std::size_t>(len)))
    return -EINVAL;

  std::vector<ceph::bufferlist> flattened;
  const std::uint8_t *inputs[gf::kMaxChunks];
  std::uint8_t *outputs[gf::kMaxChunks];
  for (unsigned j = 0; j < k; j++)
    inputs[j] = readable(chunks.at(chunk_index(survivors[j])), flattened);
  for (unsigned r = 0; r < nwanted; r++)
    outputs[r] = writable((*decoded)[chunk_index(wanted[r])], static_cast<unsigned>(len));
  plan->coder->apply(static_cast<std::size_t>(len), inputs, outputs);
  return 0;
}

} // namespace ec::power8
