// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/tentacle/ErasureCodeTentacle.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <map>
#include <set>
#include <string>

#include "codec/profile_keys.h"
#include "crush/CrushWrapper.h"
#include "erasure-code/power8/common/plugin_log.h"

// The shard_id_map<bufferlist> calls are built on the std::map overloads, which Tentacle marks
// [[deprecated]] for its callers (as Ceph's own base class does, this file calls them on purpose).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace ec::power8 {
namespace {

std::set<int> to_set(const shard_id_set &shards) {
  std::set<int> ids;
  for (shard_id_t s : shards)
    ids.insert(static_cast<int>(s));
  return ids;
}

// Moves the chunks of a std::map answer into the caller's shard map; -EINVAL for a shard it cannot hold.
int move_into(std::map<int, ceph::bufferlist> &from, shard_id_map<ceph::bufferlist> *to) {
  for (auto &[shard, bl] : from) {
    if (shard < 0 || static_cast<unsigned>(shard) >= to->max_size())
      return -EINVAL;
    to->emplace(shard_id_t(static_cast<std::int8_t>(shard)), std::move(bl));
  }
  return 0;
}

const std::uint8_t *bytes(const ceph::bufferptr &p) { return reinterpret_cast<const std::uint8_t *>(p.c_str()); }
std::uint8_t *bytes(ceph::bufferptr &p) { return reinterpret_cast<std::uint8_t *>(p.c_str()); }

// The buffers of logical chunks [first, first + count) in a map of shard buffers, looked up by key (the
// map is a vector indexed by shard: cheaper than walking it with its iterator, which builds a pair per
// step): stores each one's bytes at chunks[id - first], nullptr for a shard the map does not hold, and
// checks them against the length they all share (*len, -1 until the first one; false if one differs).
// Other shards in the map are neither read nor written, so they are not looked at.
template <class Map, class Bytes>
bool gather(const ErasureCodeBase &code, Map &map, unsigned first, unsigned count, Bytes *chunks, long *len) {
  for (unsigned id = first; id < first + count; ++id) {
    const shard_id_t shard(static_cast<std::int8_t>(code.chunk_index(id)));
    chunks[id - first] = nullptr;
    if (!map.contains(shard))
      continue;
    auto &ptr = map.at(shard);
    if (*len >= 0 && ptr.length() != static_cast<unsigned long>(*len))
      return false;
    *len = ptr.length();
    chunks[id - first] = bytes(ptr);
  }
  return true;
}

// "shard 1: 4096, shard 4: 2048": the lengths of a map's buffers, for the message of a call refused.
std::string lengths(const shard_id_map<ceph::bufferptr> &map) {
  std::string list;
  for (auto &&[shard, ptr] : map)
    list += (list.empty() ? "shard " : ", shard ") + std::to_string(static_cast<int>(shard)) + ": " +
            std::to_string(ptr.length());
  return list.empty() ? "none" : list;
}

// The engine's view of encode_chunks' and apply_delta's maps, the calls the OSD makes once per stripe
// write, where the translation must stay small next to a 4 KiB kernel call: one lookup per logical chunk,
// and only the k data and m parity pointers the engine reads are set, not whole kMaxChunks arrays.
struct StripePointers {
  StripePointers(const ErasureCodeBase &code, unsigned k, unsigned m, const shard_id_map<ceph::bufferptr> &in,
                 shard_id_map<ceph::bufferptr> &out) {
    same_length = gather(code, in, 0, k, data, &len) && gather(code, out, k, m, parity, &len);
  }
  const std::uint8_t *data[ErasureCodeTentacle::kMaxChunks]; // data shards of in (apply_delta: deltas)
  std::uint8_t *parity[ErasureCodeTentacle::kMaxChunks];     // parity shards of out
  long len = -1;                                             // the buffers' length, -1 for none
  bool same_length = false;                                  // false: the lengths differ (len meaningless)
};

} // namespace

int ErasureCodeTentacle::init(ceph::ErasureCodeProfile &profile, std::ostream *ss) {
  // Read first (defaults written back) so that the profile the base class keeps has them, as Tentacle's
  // own base class gives jerasure's.
  int r = codec::read_int(profile, kNumFailureDomainsKey, 0, INT_MIN, INT_MAX, &num_failure_domains_, ss);
  if (!r)
    r = codec::read_int(profile, kOsdsPerFailureDomainKey, 0, INT_MIN, INT_MAX, &osds_per_failure_domain_,
                        ss);
  if (!r)
    r = ErasureCodePower8::init(profile, ss);
  if (r)
    return r;
  if (get_chunk_count() > kMaxChunks) {
    *ss << "k+m=" << get_chunk_count() << " is too many chunks: Ceph 20.2 names shards with one signed byte, "
        << "so k+m must be at most " << kMaxChunks << std::endl;
    return -EINVAL;
  }
  return 0;
}

int ErasureCodeTentacle::create_rule(const std::string &name, CrushWrapper &crush, std::ostream *ss) const {
  if (int r = CrushRuleKeys::check_size(get_chunk_count(), ss))
    return r;
  const CrushRuleKeys &keys = crush_rule_keys();
  if (osds_per_failure_domain_ <= 1)
    return crush.add_simple_rule(name, keys.root(), keys.failure_domain(), num_failure_domains_, keys.device_class(),
                                 "indep", CEPH_EC_RULE_TYPE_ERASURE, ss);
  if (num_failure_domains_ < 1) {
    *ss << kNumFailureDomainsKey << "=" << num_failure_domains_ << " is not valid with " << kOsdsPerFailureDomainKey
        << "=" << osds_per_failure_domain_ << ": it must be at least 1" << std::endl;
    return -EINVAL;
  }
  return crush.add_indep_multi_osd_per_failure_domain_rule(name, keys.root(), keys.failure_domain(),
                                                           osds_per_failure_domain_, num_failure_domains_,
                                                           keys.device_class(), ss);
}

ceph::ErasureCodeInterface::plugin_flags ErasureCodeTentacle::get_supported_optimizations() const {
  // What Tentacle's jerasure (isa) advertises for the same technique: every technique codes partial
  // chunks, zeros to zeros and parity deltas. jerasure offers the OSD's optimized EC path for reed_sol_van
  // alone (its granularity is one byte; the Cauchy techniques code whole packet groups, larger than the
  // OSD's 4 KiB pages by default). isa offers it for both its techniques: 20.2.4's ErasureCodeIsaDefault
  // constructs its base with the technique name "default", which the flag's test accepts.
  plugin_flags flags = FLAG_EC_PLUGIN_PARTIAL_READ_OPTIMIZATION | FLAG_EC_PLUGIN_PARTIAL_WRITE_OPTIMIZATION |
                       FLAG_EC_PLUGIN_ZERO_INPUT_ZERO_OUTPUT_OPTIMIZATION | FLAG_EC_PLUGIN_PARITY_DELTA_OPTIMIZATION;
  // Not with a `mapping`: 20.2's optimized path assumes data at shards 0..k-1 (its OSDs abort on a mapped
  // pool's truncates: "Written shard not set, but messages present" in ECTransaction.cc, then out_of_range
  // in WritePlanObj), and jerasure refuses such a profile outright. Without the flag the monitor refuses
  // allow_ec_optimizations for the pool, which stays on the legacy path that honours the mapping.
  const codec::Technique technique = codec().parameters().technique;
  const bool optimizable_code =
      technique == codec::Technique::reed_sol_van || codec::code_family(technique) == codec::CodeFamily::isa;
  if (optimizable_code && get_chunk_mapping().empty())
    flags |= FLAG_EC_PLUGIN_OPTIMIZED_SUPPORTED;
  return flags;
}

int ErasureCodeTentacle::minimum_to_decode(const shard_id_set &want_to_read, const shard_id_set &available,
                                           shard_id_set &minimum_set,
                                           shard_id_map<std::vector<std::pair<int, int>>> *minimum_sub_chunks) {
  std::map<int, std::vector<std::pair<int, int>>> minimum;
  int r = ErasureCodePower8::minimum_to_decode(to_set(want_to_read), to_set(available), &minimum);
  if (r)
    return r;
  for (auto &[shard, sub_chunks] : minimum) {
    minimum_set.insert(shard_id_t(static_cast<std::int8_t>(shard)));
    if (minimum_sub_chunks)
      minimum_sub_chunks->emplace(shard_id_t(static_cast<std::int8_t>(shard)), std::move(sub_chunks));
  }
  return 0;
}

int ErasureCodeTentacle::minimum_to_decode_with_cost(const shard_id_set &want_to_read,
                                                     const shard_id_map<int> &available, shard_id_set *minimum) {
  shard_id_set available_shards;
  for (auto &&[shard, cost] : available)
    available_shards.insert(shard);
  return minimum_to_decode(want_to_read, available_shards, *minimum, nullptr);
}

int ErasureCodeTentacle::encode(const shard_id_set &want_to_encode, const ceph::bufferlist &in,
                                shard_id_map<ceph::bufferlist> *encoded) {
  // As Ceph's base class: the map is the caller's to size (k+m) and must come empty.
  if (!encoded || !encoded->empty())
    return -EINVAL;
  std::map<int, ceph::bufferlist> chunks;
  int r = ErasureCodePower8::encode(to_set(want_to_encode), in, &chunks);
  return r ? r : move_into(chunks, encoded);
}

int ErasureCodeTentacle::encode_chunks(const shard_id_map<ceph::bufferptr> &in, shard_id_map<ceph::bufferptr> &out) {
  const unsigned k = get_data_chunk_count();
  // Zero-in, zero-out: a data shard the caller leaves out is all zeros; a parity shard it leaves out is
  // not computed.
  const StripePointers stripe(*this, k, get_chunk_count() - k, in, out);
  if (!stripe.same_length)
    return -EINVAL;
  if (stripe.len <= 0)
    return 0;
  return codec().encode(static_cast<std::size_t>(stripe.len), stripe.data, stripe.parity);
}

void ErasureCodeTentacle::encode_delta(const ceph::bufferptr &old_data, const ceph::bufferptr &new_data,
                                       ceph::bufferptr *delta) {
  // The delta's length is the work, as in jerasure and isa (longer data is read only that far). Shorter
  // data they would read past; returning would leave the delta unwritten for apply_delta to add to the
  // parity, and the interface has no error return.
  const unsigned len = delta->length();
  if (old_data.length() < len || new_data.length() < len)
    abort_with("encode_delta: old data of " + std::to_string(old_data.length()) + " bytes, new data of " +
               std::to_string(new_data.length()) + " bytes, delta of " + std::to_string(len) +
               " bytes: the data must be at least as long as the delta");
  codec().encode_delta(len, bytes(old_data), bytes(new_data), bytes(*delta));
}

void ErasureCodeTentacle::apply_delta(const shard_id_map<ceph::bufferptr> &in, shard_id_map<ceph::bufferptr> &out) {
  const unsigned k = get_data_chunk_count();
  const StripePointers stripe(*this, k, get_chunk_count() - k, in, out);
  // The interface has no error return, and a call refused would leave the parity stale: reads decoding
  // through it would return wrong data. Tentacle's jerasure and isa ceph_assert that every parity is as
  // long as the delta; this also stops on deltas of different lengths and on lengths the technique does
  // not code (Cauchy: whole packet groups), where jerasure would run past the buffers.
  if (!stripe.same_length)
    abort_with("apply_delta: buffers of different lengths (in: " + lengths(in) + "; out: " + lengths(out) + ")");
  // All deltas have one length: if the first is refused, no parity has been written yet.
  for (unsigned id = 0; id < k; ++id) {
    if (!stripe.data[id])
      continue;
    if (codec().apply_delta(static_cast<std::size_t>(stripe.len), id, stripe.data[id], stripe.parity))
      abort_with("apply_delta: deltas of " + std::to_string(stripe.len) +
                 " bytes, not a multiple of the granularity " + std::to_string(codec().minimum_granularity()));
  }
}

int ErasureCodeTentacle::decode(const shard_id_set &want_to_read, const shard_id_map<ceph::bufferlist> &chunks,
                                shard_id_map<ceph::bufferlist> *decoded, int chunk_size) {
  if (!decoded || !decoded->empty())
    return -EINVAL;
  std::map<int, ceph::bufferlist> available;
  for (auto &&[shard, bl] : chunks)
    available.emplace(static_cast<int>(shard), bl);
  std::map<int, ceph::bufferlist> out;
  int r = ErasureCodePower8::decode(to_set(want_to_read), available, &out, chunk_size);
  return r ? r : move_into(out, decoded);
}

int ErasureCodeTentacle::decode_chunks(const shard_id_set & /*want_to_read*/, shard_id_map<ceph::bufferptr> &in,
                                       shard_id_map<ceph::bufferptr> &out) {
  const unsigned n = get_chunk_count();
  // Every shard the caller gives a buffer for in out is rebuilt, as jerasure and isa do.
  const std::uint8_t *chunks[kMaxChunks]; // the first n set by gather
  std::uint8_t *rebuild[kMaxChunks];
  long len = -1;
  if (!gather(*this, in, 0, n, chunks, &len) || !gather(*this, out, 0, n, rebuild, &len))
    return -EINVAL;
  if (len <= 0)
    return 0;
  // A shard in both maps too, from the others, its copy in `in` not read: Tentacle's jerasure and isa treat
  // every shard of out as lost (their out map overrides in's buffer), so out gets the same bytes from
  // power8 as from them, and a caller rebuilding a shard whose copy it distrusts gets it rebuilt, not
  // copied. (Refusing it with -EINVAL would fail a call both stock plugins serve.)
  for (unsigned id = 0; id < n; id++)
    if (rebuild[id])
      chunks[id] = nullptr;
  return codec().decode(static_cast<std::size_t>(len), chunks, rebuild);
}

int ErasureCodeTentacle::decode_concat(const std::set<int> &want_to_read, const std::map<int, ceph::bufferlist> &chunks,
                                       ceph::bufferlist *decoded) {
  std::map<int, ceph::bufferlist> decoded_map;
  int r = ErasureCodePower8::decode(want_to_read, chunks, &decoded_map, 0);
  if (r)
    return r;
  // The data chunks asked for, in data order (as Ceph's base class: only those, even if decode gave more).
  for (unsigned i = 0; i < get_data_chunk_count(); i++) {
    auto it = decoded_map.find(chunk_index(i));
    if (want_to_read.count(chunk_index(i)) && it != decoded_map.end())
      decoded->claim_append(it->second);
  }
  return 0;
}

} // namespace ec::power8
