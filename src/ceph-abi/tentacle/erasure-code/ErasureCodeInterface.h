// SPDX-License-Identifier: LGPL-2.1-or-later
// Declaration of ceph::ErasureCodeInterface as Ceph 20.2 (Tentacle) lays it out.
//
// Tentacle passes shards as shard_id_t / shard_id_set / shard_id_map (osd/shard_id.h), adds the
// bufferptr coding calls the OSD's FastEC path uses (encode_chunks, decode_chunks, encode_delta,
// apply_delta), the minimum granularity and the optimization flags, and keeps the std::set/std::map
// overloads of Pacific as deprecated virtuals (the OSD's legacy EC path and the tools still call them).
// The virtual functions are listed in the exact order of Tentacle's vtable: Ceph calls them by slot.
// test/abi/tentacle compiles one probe against this file and against Ceph's real header and compares
// every slot, signature, size and member offset.
#ifndef CEPH_EC_POWER8_ERASURE_CODE_INTERFACE_H
#define CEPH_EC_POWER8_ERASURE_CODE_INTERFACE_H

#include <cstdint>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <rados/buffer.h>

#include "erasure-code/ErasureCodeProfile.h"

#include "osd/shard_id.h"

class CrushWrapper;

namespace ceph {

class ErasureCodeInterface {
public:
  virtual ~ErasureCodeInterface() {}

  virtual int init(ErasureCodeProfile &profile, std::ostream *ss) = 0;
  virtual const ErasureCodeProfile &get_profile() const = 0;
  virtual int create_rule(const std::string &name, CrushWrapper &crush, std::ostream *ss) const = 0;
  virtual unsigned int get_chunk_count() const = 0;
  virtual unsigned int get_data_chunk_count() const = 0;
  virtual unsigned int get_coding_chunk_count() const = 0;
  virtual int get_sub_chunk_count() = 0;
  virtual unsigned int get_chunk_size(unsigned int stripe_width) const = 0;
  virtual int minimum_to_decode(const shard_id_set &want_to_read, const shard_id_set &available,
                                shard_id_set &minimum_set,
                                shard_id_map<std::vector<std::pair<int, int>>> *minimum_sub_chunks) = 0;
  [[deprecated]] virtual int minimum_to_decode(const std::set<int> &want_to_read, const std::set<int> &available,
                                               std::map<int, std::vector<std::pair<int, int>>> *minimum) = 0;
  virtual int minimum_to_decode_with_cost(const shard_id_set &want_to_read, const shard_id_map<int> &available,
                                          shard_id_set *minimum) = 0;
  [[deprecated]] virtual int minimum_to_decode_with_cost(const std::set<int> &want_to_read,
                                                         const std::map<int, int> &available,
                                                         std::set<int> *minimum) = 0;
  // The smallest length, in bytes, a partial read or write of a chunk may be split at.
  virtual size_t get_minimum_granularity() = 0;
  virtual int encode(const shard_id_set &want_to_encode, const bufferlist &in,
                     shard_id_map<bufferlist> *encoded) = 0;
  [[deprecated]] virtual int encode(const std::set<int> &want_to_encode, const bufferlist &in,
                                    std::map<int, bufferlist> *encoded) = 0;
  [[deprecated]] virtual int encode_chunks(const std::set<int> &want_to_encode,
                                           std::map<int, bufferlist> *encoded) = 0;
  // in: data shards (a missing one is all zeros); out: the parity shards to compute, in the caller's
  // buffers, all of one length.
  virtual int encode_chunks(const shard_id_map<bufferptr> &in, shard_id_map<bufferptr> &out) = 0;
  // *delta = old_data ^ new_data (delta may be old_data itself).
  virtual void encode_delta(const bufferptr &old_data, const bufferptr &new_data, bufferptr *delta) = 0;
  // in: the delta of one or more data shards; out: parity shards, updated in place.
  virtual void apply_delta(const shard_id_map<bufferptr> &in, shard_id_map<bufferptr> &out) = 0;
  virtual int decode(const shard_id_set &want_to_read, const shard_id_map<bufferlist> &chunks,
                     shard_id_map<bufferlist> *decoded, int chunk_size) = 0;
  [[deprecated]] virtual int decode(const std::set<int> &want_to_read, const std::map<int, bufferlist> &chunks,
                                    std::map<int, bufferlist> *decoded, int chunk_size) = 0;
  // in: the shards read; out: buffers for the shards to rebuild (every shard not in in is erased).
  virtual int decode_chunks(const shard_id_set &want_to_read, shard_id_map<bufferptr> &in,
                            shard_id_map<bufferptr> &out) = 0;
  [[deprecated]] virtual int decode_chunks(const std::set<int> &want_to_read,
                                           const std::map<int, bufferlist> &chunks,
                                           std::map<int, bufferlist> *decoded) = 0;
  virtual const std::vector<shard_id_t> &get_chunk_mapping() const = 0;
  [[deprecated]] virtual int decode_concat(const std::set<int> &want_to_read,
                                           const std::map<int, bufferlist> &chunks, bufferlist *decoded) = 0;
  [[deprecated]] virtual int decode_concat(const std::map<int, bufferlist> &chunks, bufferlist *decoded) = 0;

  using plugin_flags = std::uint64_t;
  // Which of the OSD's erasure-code optimizations the codec supports (the flags below).
  virtual plugin_flags get_supported_optimizations() const = 0;
  enum {
    FLAG_EC_PLUGIN_PARTIAL_READ_OPTIMIZATION = 1 << 0,
    FLAG_EC_PLUGIN_PARTIAL_WRITE_OPTIMIZATION = 1 << 1,
    FLAG_EC_PLUGIN_ZERO_INPUT_ZERO_OUTPUT_OPTIMIZATION = 1 << 2,
    FLAG_EC_PLUGIN_ZERO_PADDING_OPTIMIZATION = 1 << 3,
    FLAG_EC_PLUGIN_PARITY_DELTA_OPTIMIZATION = 1 << 4,
    FLAG_EC_PLUGIN_REQUIRE_SUB_CHUNKS = 1 << 5,
    FLAG_EC_PLUGIN_OPTIMIZED_SUPPORTED = 1 << 6,
  };
  // The flags' names as Ceph prints them ("partialread,partialwrite,..."). Virtual with a body in
  // Ceph's header too: it has a vtable slot, after get_supported_optimizations.
  virtual std::string get_optimizations_flags_string() const {
    static const char *const names[] = {"partialread", "partialwrite",     "zeroinout",       "zeropadding",
                                        "paritydelta", "requiresubchunks", "optimizedsupport"};
    const plugin_flags flags = get_supported_optimizations();
    std::string s;
    for (unsigned bit = 0; bit < 64; bit++) {
      if (!(flags >> bit & 1))
        continue;
      if (!s.empty())
        s += ",";
      s += bit < sizeof(names) / sizeof(names[0]) ? names[bit] : "???";
    }
    return s;
  }
};

typedef std::shared_ptr<ErasureCodeInterface> ErasureCodeInterfaceRef;

} // namespace ceph

#endif
