// SPDX-License-Identifier: LGPL-2.1-or-later
// Tentacle's per-stripe calls (and their yardsticks, power8's engine on the same buffers), timed on buffers as the OSD hands them over: one page-aligned bufferptr of
// the chunk size per shard (k data, m parity), in shard_id_maps built once, outside the timed loop, which
// holds the timed calls and nothing else. Bytes are checked outside the timed region, before and after
// it, against the plugin's own legacy encode() (the std::map call every generation has) of the same data:
// a mismatch is an error and a non-zero exit, as for decode.
#include "tentacle_workloads.h"

#include <chrono>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "bare_codec.h"
#include "bench.h"

namespace ec_bench {

namespace {

using Clock = std::chrono::steady_clock;
using ShardMap = shard_id_map<ceph::bufferptr>;
using ChunkMap = std::map<int, ceph::bufferlist>;

shard_id_t shard(unsigned i) { return shard_id_t(static_cast<std::int8_t>(i)); }

ceph::bufferptr page_aligned_zeros(unsigned len) {
  ceph::bufferptr p(ceph::buffer::create_page_aligned(len));
  std::memset(p.c_str(), 0, len);
  return p;
}

// Pseudo-random bytes for a delta, another seed than the object's: old and new data differ everywhere.
void fill_random(ceph::bufferptr &p, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (unsigned i = 0; i < p.length(); ++i)
    p.c_str()[i] = static_cast<char>(rng());
}

// One stripe of the object: the k data chunks (the input split as Ceph splits it, the tail zero-padded)
// and m parity buffers, keyed by shard id.
struct Stripe {
  Stripe(unsigned data_chunks, unsigned parity_chunks, unsigned chunk_bytes)
      : k(data_chunks), m(parity_chunks), chunk(chunk_bytes), data(k + m), parity(k + m) {}
  unsigned k, m, chunk;
  ShardMap data, parity;
};

Stripe make_stripe(const Options &opts, unsigned k, unsigned m, unsigned chunk) {
  Stripe s(k, m, chunk);
  ceph::bufferlist input = make_input(opts.size);
  const char *bytes = input.c_str();
  for (unsigned j = 0; j < k; ++j) {
    ceph::bufferptr p = page_aligned_zeros(chunk);
    const std::size_t from = std::size_t{j} * chunk, size = static_cast<std::size_t>(opts.size);
    if (from < size)
      std::memcpy(p.c_str(), bytes + from, std::min<std::size_t>(chunk, size - from));
    s.data.emplace(shard(j), std::move(p));
  }
  for (unsigned r = 0; r < m; ++r)
    s.parity.emplace(shard(k + r), page_aligned_zeros(chunk));
  return s;
}

// A deep copy of data shards (the delta workloads change one).
ShardMap copy_shards(const ShardMap &from, unsigned n) {
  ShardMap to(n);
  for (auto &&[id, ptr] : from) {
    ceph::bufferptr p(ceph::buffer::create_page_aligned(ptr.length()));
    std::memcpy(p.c_str(), ptr.c_str(), ptr.length());
    to.emplace(id, std::move(p));
  }
  return to;
}

// The chunks the legacy encode() makes of the data shards laid end to end: the reference.
int legacy_encode(const ceph::ErasureCodeInterfaceRef &codec, const Stripe &s, const ShardMap &data,
                  ChunkMap *encoded) {
  ceph::bufferlist whole;
  for (unsigned j = 0; j < s.k; ++j)
    whole.append(data.at(shard(j)).c_str(), s.chunk);
  std::set<int> want;
  for (unsigned i = 0; i < s.k + s.m; ++i)
    want.insert(static_cast<int>(i));
  if (int r = codec->encode(want, whole, encoded)) {
    std::cerr << "error: encode returned " << r << std::endl;
    return r;
  }
  for (unsigned i = 0; i < s.k + s.m; ++i)
    if (!encoded->count(static_cast<int>(i)) || encoded->at(static_cast<int>(i)).length() != s.chunk) {
      std::cerr << "error: encode() of " << whole.length() << " bytes did not make chunk " << i << " of "
                << s.chunk << " bytes" << std::endl;
      return -1;
    }
  return 0;
}

// Every parity shard holds the bytes of the reference's chunk of the same id.
int check_parity(const char *what, const Stripe &s, const ChunkMap &reference) {
  for (unsigned r = 0; r < s.m; ++r) {
    ceph::bufferlist got;
    got.append(s.parity.at(shard(s.k + r)));
    if (!got.contents_equal(reference.at(static_cast<int>(s.k + r)))) {
      std::cerr << "error: " << what << ": parity shard " << s.k + r
                << " differs from encode()'s chunk of the same data" << std::endl;
      return -1;
    }
  }
  return 0;
}

void set_parity(Stripe *s, const ChunkMap &reference) {
  for (unsigned r = 0; r < s->m; ++r)
    reference.at(static_cast<int>(s->k + r)).begin().copy(s->chunk, s->parity.at(shard(s->k + r)).c_str());
}

// n calls of f (returning 0 or an error), timed together; the loop holds nothing else.
template <class F> int time_calls(int n, F &&f, Clock::duration *elapsed) {
  const auto start = Clock::now();
  for (int i = 0; i < n; ++i)
    if (int r = f())
      return r;
  *elapsed = Clock::now() - start;
  return 0;
}

// n calls of encode (the plugin's encode_chunks or the bare engine on the same buffers), the parity
// checked against the legacy encode() of the same data before and after them.
template <class Encode>
int run_encode_with(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, Stripe &s, Encode &&encode,
                    std::ostream &out) {
  const char *what = opts.workload.c_str();
  ChunkMap reference;
  if (int r = legacy_encode(codec, s, s.data, &reference))
    return r;
  Clock::duration elapsed{};
  if (int r = encode())
    return r;
  if (int r = check_parity(what, s, reference))
    return r;
  if (int r = time_calls(opts.iterations, encode, &elapsed))
    return r;
  if (int r = check_parity(what, s, reference))
    return r;
  print_result(out, elapsed, opts, opts.size);
  return 0;
}

int run_encode_chunks(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, Stripe &s,
                      std::ostream &out) {
  auto encode = [&] {
    int r = codec->encode_chunks(s.data, s.parity);
    if (r)
      std::cerr << "error: encode_chunks returned " << r << std::endl;
    return r;
  };
  return run_encode_with(opts, codec, s, encode, out);
}

// The yardsticks (*_bare) run power8's engine on the same buffers, pointers taken once: only power8's
// plugin has the same code, so only it is accepted.
int make_bare(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, BareCodec *bare) {
  if (opts.plugin != "power8") {
    std::cerr << "error: --workload " << opts.workload << " runs power8's engine, so --plugin must be power8, not "
              << opts.plugin << std::endl;
    return -EINVAL;
  }
  if (int r = bare->init(codec->get_profile(), &std::cerr))
    return r;
  if (opts.verbose)
    std::cerr << "bare engine: variant " << bare->variant() << std::endl;
  return 0;
}

std::vector<std::uint8_t *> parity_pointers(Stripe &s) {
  std::vector<std::uint8_t *> parity;
  for (unsigned r = 0; r < s.m; ++r)
    parity.push_back(reinterpret_cast<std::uint8_t *>(s.parity.at(shard(s.k + r)).c_str()));
  return parity;
}

int run_encode_chunks_bare(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, Stripe &s,
                           std::ostream &out) {
  BareCodec bare;
  if (int r = make_bare(opts, codec, &bare))
    return r;
  std::vector<const std::uint8_t *> data;
  for (unsigned j = 0; j < s.k; ++j)
    data.push_back(reinterpret_cast<const std::uint8_t *>(s.data.at(shard(j)).c_str()));
  const std::vector<std::uint8_t *> parity = parity_pointers(s);
  auto encode = [&] {
    int r = bare.codec().encode(s.chunk, data.data(), parity.data());
    if (r)
      std::cerr << "error: the engine's encode returned " << r << std::endl;
    return r;
  };
  return run_encode_with(opts, codec, s, encode, out);
}

// The last data shard changes: for reed_sol_van the first column of the coding matrix is all ones (an
// XOR per parity), the last one has the general coefficients a partial write usually meets.
unsigned delta_shard(const Stripe &s) { return s.k - 1; }

// The delta: pseudo-random bytes (fill_random), the same for every plugin.
ceph::bufferptr random_delta(const Stripe &s) {
  ceph::bufferptr delta = page_aligned_zeros(s.chunk);
  fill_random(delta, 0xde17a);
  return delta;
}

int run_encode_delta(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, Stripe &s,
                     std::ostream &out) {
  const ceph::bufferptr &old_data = s.data.at(shard(delta_shard(s)));
  const ceph::bufferptr expected = random_delta(s);
  ceph::bufferptr new_data = page_aligned_zeros(s.chunk), delta = page_aligned_zeros(s.chunk);
  for (unsigned i = 0; i < s.chunk; ++i)
    new_data.c_str()[i] = static_cast<char>(old_data.c_str()[i] ^ expected.c_str()[i]);
  auto check = [&] {
    if (std::memcmp(delta.c_str(), expected.c_str(), s.chunk) == 0)
      return 0;
    std::cerr << "error: encode_delta: the delta is not old ^ new" << std::endl;
    return -1;
  };
  auto call = [&] {
    codec->encode_delta(old_data, new_data, &delta);
    return 0;
  };
  Clock::duration elapsed{};
  call();
  if (int r = check())
    return r;
  std::memset(delta.c_str(), 0, s.chunk);
  time_calls(opts.iterations, call, &elapsed);
  if (int r = check())
    return r;
  print_result(out, elapsed, opts, s.chunk);
  return 0;
}

// n calls of apply(delta into the parity of s), checked against re-encodes of the data and of the data
// with the delta applied to the target shard. Applying a delta twice cancels it (addition in GF(2^8) is
// XOR): after n calls the parity is the updated data's for odd n, the original's for even n.
template <class Apply>
int run_apply_delta_with(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, Stripe &s,
                         const ceph::bufferptr &delta, Apply &&apply, std::ostream &out) {
  const char *what = opts.workload.c_str();
  ShardMap updated = copy_shards(s.data, s.k + s.m);
  char *changed = updated.at(shard(delta_shard(s))).c_str();
  for (unsigned i = 0; i < s.chunk; ++i)
    changed[i] = static_cast<char>(changed[i] ^ delta.c_str()[i]);
  ChunkMap before, after;
  if (int r = legacy_encode(codec, s, s.data, &before))
    return r;
  if (int r = legacy_encode(codec, s, updated, &after))
    return r;
  set_parity(&s, before);
  Clock::duration elapsed{};
  if (int r = apply())
    return r;
  if (int r = check_parity(what, s, after))
    return r;
  if (int r = apply())
    return r;
  if (int r = check_parity(what, s, before))
    return r;
  if (int r = time_calls(opts.iterations, apply, &elapsed))
    return r;
  if (int r = check_parity(what, s, opts.iterations % 2 ? after : before))
    return r;
  print_result(out, elapsed, opts, s.chunk);
  return 0;
}

int run_apply_delta(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, Stripe &s,
                    std::ostream &out) {
  const ceph::bufferptr delta = random_delta(s);
  ShardMap in(s.k + s.m);
  in.emplace(shard(delta_shard(s)), delta);
  auto apply = [&] {
    codec->apply_delta(in, s.parity);
    return 0;
  };
  return run_apply_delta_with(opts, codec, s, delta, apply, out);
}

int run_apply_delta_bare(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, Stripe &s,
                         std::ostream &out) {
  BareCodec bare;
  if (int r = make_bare(opts, codec, &bare))
    return r;
  const ceph::bufferptr delta = random_delta(s);
  const auto *bytes = reinterpret_cast<const std::uint8_t *>(delta.c_str());
  const std::vector<std::uint8_t *> parity = parity_pointers(s);
  auto apply = [&] {
    int r = bare.codec().apply_delta(s.chunk, delta_shard(s), bytes, parity.data());
    if (r)
      std::cerr << "error: the engine's apply_delta returned " << r << std::endl;
    return r;
  };
  return run_apply_delta_with(opts, codec, s, delta, apply, out);
}

} // namespace

int run_tentacle_workload(const Options &opts, ceph::ErasureCodeInterfaceRef codec, std::ostream &out) {
  int k = 0, m = 0;
  if (int r = check_geometry(opts, codec, &k, &m))
    return r;
  if (codec->get_chunk_count() != static_cast<unsigned>(k + m)) {
    std::cerr << "error: --workload " << opts.workload << " needs a code of k data and m parity chunks; this one has "
              << codec->get_chunk_count() << " chunks for k=" << k << " m=" << m << std::endl;
    return -EINVAL;
  }
  // The OSD makes these calls only to plugins that advertise them (Ceph's clay aborts in encode_chunks):
  // refuse the others by name instead of letting the plugin abort.
  const bool delta = opts.workload != "encode_chunks" && opts.workload != "encode_chunks_bare";
  const auto needed = delta ? ceph::ErasureCodeInterface::FLAG_EC_PLUGIN_PARITY_DELTA_OPTIMIZATION
                            : ceph::ErasureCodeInterface::FLAG_EC_PLUGIN_OPTIMIZED_SUPPORTED;
  if (!(codec->get_supported_optimizations() & needed)) {
    std::cerr << "error: --workload " << opts.workload << ": plugin " << opts.plugin << " does not advertise "
              << (delta ? "paritydelta" : "optimizedsupport") << " (its optimizations: '"
              << codec->get_optimizations_flags_string() << "'), so the OSD never makes this call to it" << std::endl;
    return -EINVAL;
  }
  const unsigned chunk = codec->get_chunk_size(static_cast<unsigned>(opts.size));
  Stripe s = make_stripe(opts, static_cast<unsigned>(k), static_cast<unsigned>(m), chunk);
  if (opts.workload == "encode_chunks")
    return run_encode_chunks(opts, codec, s, out);
  if (opts.workload == "encode_chunks_bare")
    return run_encode_chunks_bare(opts, codec, s, out);
  if (opts.workload == "encode_delta")
    return run_encode_delta(opts, codec, s, out);
  if (opts.workload == "apply_delta_bare")
    return run_apply_delta_bare(opts, codec, s, out);
  return run_apply_delta(opts, codec, s, out);
}

} // namespace ec_bench
