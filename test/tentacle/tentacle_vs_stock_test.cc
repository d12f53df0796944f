// SPDX-License-Identifier: LGPL-2.1-or-later
// plugin=power8 against Tentacle's own jerasure and isa plugins (the release's libec_jerasure.so and
// libec_isa.so; power8 with power8-code=isa against isa), both made by a registry that follows Ceph's,
// called through our declaration of Tentacle's interface with shard maps built by our declaration of
// Ceph's containers: what the two plugins advertise (optimizations, minimum granularity, written-back
// profile, chunk sizes) and every shard call of the OSD's FastEC path (encode_chunks with zero-in and
// parity subsets, decode_chunks, encode_delta, apply_delta at any offset and length the granularity
// allows) and of its shard_id_map<bufferlist> calls must agree byte for byte. The stock plugins reading
// and writing the very maps power8 gets is also what shows our containers have Ceph's layout where it
// counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ceph_context.h"
#include "erasure-code/ErasureCodePlugin.h"

namespace {

using ceph::bufferlist;
using ceph::bufferptr;
using Profile = ceph::ErasureCodeProfile;
using Codec = ceph::ErasureCodeInterfaceRef;
using PtrMap = shard_id_map<bufferptr>;

// The stock plugins log through g_ceph_context: one real context for the whole run.
class CephContextEnvironment : public ::testing::Environment {
public:
  void SetUp() override {
    std::string error;
    ASSERT_EQ(holder_.init({}, &error), 0) << error;
  }

private:
  ec_bench::CephContextHolder holder_;
};
[[maybe_unused]] testing::Environment *const environment =
    testing::AddGlobalTestEnvironment(new CephContextEnvironment);

Codec make(const std::string &plugin, Profile profile) {
  Codec codec;
  std::ostringstream ss;
  const int r = ceph::ErasureCodePluginRegistry::instance().factory(
      plugin, plugin == "power8" ? EC_PLUGIN_DIR : EC_STOCK_PLUGIN_DIR, profile, &codec, &ss);
  EXPECT_EQ(r, 0) << plugin << " " << ::testing::PrintToString(profile) << ": " << ss.str();
  return codec;
}

shard_id_t shard(unsigned i) { return shard_id_t(static_cast<std::int8_t>(i)); }

// Page-aligned, as the OSD allocates the buffers it hands to encode_chunks and friends.
bufferptr buffer(unsigned len) { return bufferptr(ceph::buffer::create_aligned(len, 4096)); }
bufferptr random_buffer(unsigned len, std::mt19937 &rng) {
  bufferptr p = buffer(len);
  for (unsigned i = 0; i < len; i++)
    p.c_str()[i] = static_cast<char>(rng());
  return p;
}
bool same(const bufferptr &a, const bufferptr &b) {
  return a.length() == b.length() && std::memcmp(a.c_str(), b.c_str(), a.length()) == 0;
}

// The stock plugin whose codes a power8 profile selects, and that plugin's profile: the same keys
// without power8-code.
bool isa_code(const Profile &p) { return p.count("power8-code") && p.at("power8-code") == "isa"; }
std::string stock_plugin(const Profile &p) { return isa_code(p) ? "isa" : "jerasure"; }
Profile stock_profile(Profile p) {
  p.erase("power8-code");
  return p;
}

// Both plugins for one profile, and chunks of a length every technique accepts.
struct Pair {
  explicit Pair(const Profile &p)
      : profile(p), ours(make("power8", p)), theirs(make(stock_plugin(p), stock_profile(p))) {
    if (!ours || !theirs)
      return;
    k = ours->get_data_chunk_count();
    m = ours->get_coding_chunk_count();
    chunk = ours->get_chunk_size(k * 4 * 16384);
  }
  Profile profile;
  Codec ours, theirs;
  unsigned k = 0, m = 0, chunk = 0;
};

const std::vector<Profile> &profiles() {
  static const std::vector<Profile> list{
      {{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}},
      {{"technique", "reed_sol_van"}, {"k", "8"}, {"m", "3"}},
      {{"technique", "reed_sol_van"}, {"k", "3"}, {"m", "1"}},
      {{"technique", "reed_sol_van"}, {"k", "6"}, {"m", "4"}, {"jerasure-per-chunk-alignment", "true"}},
      {{"technique", "reed_sol_r6_op"}, {"k", "5"}},
      {{"technique", "cauchy_good"}, {"k", "4"}, {"m", "2"}, {"packetsize", "32"}},
      {{"technique", "cauchy_orig"}, {"k", "5"}, {"m", "3"}, {"packetsize", "8"}},
      {{"technique", "cauchy_good"}},
      {{"power8-code", "isa"}},
      {{"power8-code", "isa"}, {"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}},
      {{"power8-code", "isa"}, {"technique", "reed_sol_van"}, {"k", "3"}, {"m", "1"}},
      {{"power8-code", "isa"}, {"technique", "reed_sol_van"}, {"k", "21"}, {"m", "4"}},
      {{"power8-code", "isa"}, {"technique", "cauchy"}, {"k", "4"}, {"m", "2"}},
      {{"power8-code", "isa"}, {"technique", "cauchy"}, {"k", "5"}, {"m", "1"}},
      {{"power8-code", "isa"}, {"technique", "cauchy"}, {"k", "6"}, {"m", "5"}},
  };
  return list;
}

// The k data chunks of a random object, as shard buffers.
PtrMap random_data(const Pair &p, std::mt19937 &rng) {
  PtrMap data(p.k + p.m);
  for (unsigned i = 0; i < p.k; i++)
    data.emplace(shard(i), random_buffer(p.chunk, rng));
  return data;
}

// Fresh parity buffers for the given parity shards (all when `which` is empty).
PtrMap parity_buffers(const Pair &p, std::vector<unsigned> which = {}) {
  if (which.empty())
    for (unsigned i = p.k; i < p.k + p.m; i++)
      which.push_back(i);
  PtrMap out(p.k + p.m);
  for (unsigned i : which)
    out.emplace(shard(i), buffer(p.chunk));
  return out;
}

// Encodes data with codec into fresh buffers (for `which` parities); fails the test on an error.
PtrMap encode(const Codec &codec, const Pair &p, const PtrMap &data, std::vector<unsigned> which = {}) {
  PtrMap out = parity_buffers(p, std::move(which));
  EXPECT_EQ(codec->encode_chunks(data, out), 0);
  return out;
}

void expect_same_maps(const PtrMap &a, const PtrMap &b, const std::string &what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (auto &&[s, ptr] : a) {
    ASSERT_TRUE(b.contains(s)) << what << " shard " << static_cast<int>(s);
    EXPECT_TRUE(same(ptr, b.at(s))) << what << " shard " << static_cast<int>(s);
  }
}

TEST(tentacle_vs_stock, advertise_the_same_optimizations_granularity_profile_and_chunk_sizes) {
  for (const Profile &profile : profiles()) {
    SCOPED_TRACE(::testing::PrintToString(profile));
    Pair p(profile);
    ASSERT_TRUE(p.ours && p.theirs);
    EXPECT_EQ(p.ours->get_supported_optimizations(), p.theirs->get_supported_optimizations());
    EXPECT_EQ(p.ours->get_optimizations_flags_string(), p.theirs->get_optimizations_flags_string());
    EXPECT_EQ(p.ours->get_minimum_granularity(), p.theirs->get_minimum_granularity());
    EXPECT_EQ(stock_profile(p.ours->get_profile()), p.theirs->get_profile());
    EXPECT_EQ(p.ours->get_profile().count("power8-code"), p.profile.count("power8-code"));
    EXPECT_EQ(p.ours->get_chunk_count(), p.theirs->get_chunk_count());
    EXPECT_EQ(p.ours->get_chunk_mapping(), p.theirs->get_chunk_mapping());
    // jerasure aborts (ceph_assert(alignment <= chunk_size)) when a per-chunk-aligned chunk would be
    // smaller than its alignment: only stripes of at least a chunk per data shard there.
    const bool per_chunk = profile.count("jerasure-per-chunk-alignment");
    for (unsigned width : {1u, 4096u, p.k * 4096u, 1000003u, 4u << 20}) {
      if (!per_chunk || width >= p.k * 4096u) {
        EXPECT_EQ(p.ours->get_chunk_size(width), p.theirs->get_chunk_size(width)) << "stripe width " << width;
      }
    }
  }
}

TEST(tentacle_vs_stock, encode_chunks_gives_the_same_parity_with_zero_data_and_parity_subsets) {
  std::mt19937 rng(11);
  for (const Profile &profile : profiles()) {
    SCOPED_TRACE(::testing::PrintToString(profile));
    Pair p(profile);
    ASSERT_TRUE(p.ours && p.theirs);
    PtrMap data = random_data(p, rng);
    expect_same_maps(encode(p.ours, p, data), encode(p.theirs, p, data), "every shard");
    // Zero-in, zero-out: a data shard left out is zeros (the first and, when k > 2, the last one).
    PtrMap sparse(p.k + p.m);
    for (unsigned i = 1; i < p.k - (p.k > 2 ? 1 : 0); i++)
      sparse.emplace(shard(i), data.at(shard(i)));
    expect_same_maps(encode(p.ours, p, sparse), encode(p.theirs, p, sparse), "data shards left out");
    // Only the last parity wanted: it must be that of a full encode. (Not jerasure's own answer: for the
    // Cauchy techniques its schedule derives parities from parities, and it writes the unwanted ones into
    // one shared scratch buffer.)
    const shard_id_t last = shard(p.k + p.m - 1);
    EXPECT_TRUE(same(encode(p.ours, p, data, {p.k + p.m - 1}).at(last), encode(p.theirs, p, data).at(last)))
        << "one parity";
  }
}

TEST(tentacle_vs_stock, decode_chunks_rebuilds_what_the_stock_plugin_rebuilds) {
  std::mt19937 rng(12);
  for (const Profile &profile : profiles()) {
    SCOPED_TRACE(::testing::PrintToString(profile));
    Pair p(profile);
    ASSERT_TRUE(p.ours && p.theirs);
    PtrMap all = random_data(p, rng);
    for (auto &&[s, ptr] : encode(p.theirs, p, all))
      all.emplace(s, ptr);
    // Erasures: the first m shards, the last m, and the last data shard with the first parity.
    std::vector<std::vector<unsigned>> patterns{{}, {}};
    for (unsigned i = 0; i < p.m; i++) {
      patterns[0].push_back(i);
      patterns[1].push_back(p.k + p.m - 1 - i);
    }
    if (p.m >= 2)
      patterns.push_back({p.k - 1, p.k});
    for (const auto &lost : patterns) {
      PtrMap in(p.k + p.m), out_ours(p.k + p.m), out_theirs(p.k + p.m);
      shard_id_set want;
      for (unsigned i = 0; i < p.k + p.m; i++)
        if (std::find(lost.begin(), lost.end(), i) == lost.end())
          in.emplace(shard(i), all.at(shard(i)));
      for (unsigned i : lost) {
        want.insert(shard(i));
        out_ours.emplace(shard(i), buffer(p.chunk));
        out_theirs.emplace(shard(i), buffer(p.chunk));
      }
      ASSERT_EQ(p.ours->decode_chunks(want, in, out_ours), 0);
      ASSERT_EQ(p.theirs->decode_chunks(want, in, out_theirs), 0);
      expect_same_maps(out_ours, out_theirs, "decoded");
      for (unsigned i : lost)
        EXPECT_TRUE(same(out_ours.at(shard(i)), all.at(shard(i)))) << "shard " << i;
    }
  }
}

TEST(tentacle_vs_stock, parity_deltas_at_any_granule_match_the_stock_plugin_and_a_full_encode) {
  std::mt19937 rng(13);
  for (const Profile &profile : profiles()) {
    SCOPED_TRACE(::testing::PrintToString(profile));
    Pair p(profile);
    ASSERT_TRUE(p.ours && p.theirs);
    // Offsets and lengths in granules; at least 64 bytes, as jerasure's multiply (gf-complete) wants
    // the delta and the parity bytes equally aligned to 16 (the OSD's are whole pages). test/codec
    // applies deltas at any byte to every variant.
    const unsigned granule = std::lcm(static_cast<unsigned>(p.ours->get_minimum_granularity()), 64u);
    const unsigned granules = p.chunk / granule;
    PtrMap data = random_data(p, rng);
    PtrMap parity_ours = encode(p.ours, p, data), parity_theirs = encode(p.theirs, p, data);
    for (int update = 0; update < 12; update++) {
      const unsigned d = rng() % p.k;
      const unsigned first = update == 0 ? 0 : rng() % granules;
      const unsigned count = update == 0 ? granules : 1 + rng() % (granules - first);
      const unsigned offset = first * granule, len = count * granule;
      SCOPED_TRACE("data shard " + std::to_string(d) + " bytes " + std::to_string(offset) + "+" + std::to_string(len));
      const bufferptr old_part(data.at(shard(d)), offset, len);
      const bufferptr new_part = random_buffer(len, rng);
      bufferptr delta_ours = buffer(len), delta_theirs = buffer(len);
      p.ours->encode_delta(old_part, new_part, &delta_ours);
      p.theirs->encode_delta(old_part, new_part, &delta_theirs);
      ASSERT_TRUE(same(delta_ours, delta_theirs));
      // The parity's bytes at the same offset, updated in place through views of the whole chunks.
      PtrMap in(p.k + p.m), out_ours(p.k + p.m), out_theirs(p.k + p.m);
      in.emplace(shard(d), delta_ours);
      for (unsigned i = p.k; i < p.k + p.m; i++) {
        out_ours.emplace(shard(i), bufferptr(parity_ours.at(shard(i)), offset, len));
        out_theirs.emplace(shard(i), bufferptr(parity_theirs.at(shard(i)), offset, len));
      }
      p.ours->apply_delta(in, out_ours);
      p.theirs->apply_delta(in, out_theirs);
      std::memcpy(data.at(shard(d)).c_str() + offset, new_part.c_str(), len);
      expect_same_maps(parity_ours, parity_theirs, "after the delta");
      expect_same_maps(parity_ours, encode(p.theirs, p, data), "against a full encode");
    }
  }
}

TEST(tentacle_vs_stock, shard_map_encode_decode_and_minimum_to_decode_agree) {
  std::mt19937 rng(14);
  for (const Profile &profile : profiles()) {
    SCOPED_TRACE(::testing::PrintToString(profile));
    Pair p(profile);
    ASSERT_TRUE(p.ours && p.theirs);
    const unsigned n = p.k + p.m;
    bufferlist object;
    object.push_back(random_buffer(p.k * p.chunk - 100, rng));
    shard_id_set all;
    for (unsigned i = 0; i < n; i++)
      all.insert(shard(i));
    shard_id_map<bufferlist> ours(n), theirs(n);
    ASSERT_EQ(p.ours->encode(all, object, &ours), 0);
    ASSERT_EQ(p.theirs->encode(all, object, &theirs), 0);
    ASSERT_EQ(ours.size(), n);
    for (unsigned i = 0; i < n; i++)
      EXPECT_TRUE(ours.at(shard(i)).contents_equal(theirs.at(shard(i)))) << "shard " << i;

    // Without the first m shards: the data shards back, from either plugin's chunks.
    shard_id_set want, available;
    shard_id_map<bufferlist> chunks(n);
    for (unsigned i = 0; i < n; i++) {
      if (i < p.m) {
        want.insert(shard(i));
      } else {
        available.insert(shard(i));
        chunks.emplace(shard(i), theirs.at(shard(i)));
      }
    }
    shard_id_map<bufferlist> decoded(n);
    ASSERT_EQ(p.ours->decode(want, chunks, &decoded, static_cast<int>(p.chunk)), 0);
    for (unsigned i = 0; i < p.m; i++)
      EXPECT_TRUE(decoded.at(shard(i)).contents_equal(theirs.at(shard(i)))) << "shard " << i;

    shard_id_set minimum_ours, minimum_theirs;
    shard_id_map<std::vector<std::pair<int, int>>> sub_ours(n), sub_theirs(n);
    ASSERT_EQ(p.ours->minimum_to_decode(want, available, minimum_ours, &sub_ours), 0);
    ASSERT_EQ(p.theirs->minimum_to_decode(want, available, minimum_theirs, &sub_theirs), 0);
    EXPECT_EQ(std::vector<shard_id_t>(minimum_ours.begin(), minimum_ours.end()),
              std::vector<shard_id_t>(minimum_theirs.begin(), minimum_theirs.end()));
    for (shard_id_t s : minimum_theirs)
      EXPECT_EQ(sub_ours.at(s), sub_theirs.at(s));
  }
}

TEST(tentacle_vs_stock, more_than_127_chunks_is_refused_as_jerasure_refuses_it) {
  for (const std::string plugin : {"power8", "jerasure"}) {
    Codec codec;
    std::ostringstream ss;
    Profile profile{{"technique", "reed_sol_van"}, {"k", "120"}, {"m", "8"}};
    EXPECT_EQ(ceph::ErasureCodePluginRegistry::instance().factory(
                  plugin, plugin == "power8" ? EC_PLUGIN_DIR : EC_STOCK_PLUGIN_DIR, profile, &codec, &ss),
              -EINVAL)
        << plugin;
    // (jerasure prints the bound as a character: "(k+m)=128 must be <= \x7f".)
    if (plugin == "power8") {
      EXPECT_NE(ss.str().find("at most 127"), std::string::npos) << ss.str();
    }
  }
}

// isa's verdicts in Tentacle: its own bound on m (MAX_M = 32), the Vandermonde bounds, and the shard ids'
// 127 chunks; power8-code=isa reaches the same one on each profile.
TEST(tentacle_vs_stock, isa_code_reaches_isas_verdicts) {
  const std::vector<Profile> profiles{
      {{"technique", "cauchy"}, {"k", "4"}, {"m", "32"}},      {{"technique", "cauchy"}, {"k", "4"}, {"m", "33"}},
      {{"technique", "reed_sol_van"}, {"k", "32"}, {"m", "3"}}, {{"technique", "reed_sol_van"}, {"k", "33"}, {"m", "2"}},
      {{"technique", "reed_sol_van"}, {"k", "21"}, {"m", "4"}}, {{"technique", "reed_sol_van"}, {"k", "22"}, {"m", "4"}},
      {{"technique", "reed_sol_van"}, {"k", "2"}, {"m", "5"}},  {{"technique", "cauchy"}, {"k", "100"}, {"m", "27"}},
      {{"technique", "cauchy"}, {"k", "100"}, {"m", "28"}},     {{"technique", "cauchy_good"}},
  };
  for (const Profile &profile : profiles) {
    SCOPED_TRACE(::testing::PrintToString(profile));
    Profile ours = profile, theirs = profile;
    ours["power8-code"] = "isa";
    Codec codec;
    std::ostringstream ss;
    auto &registry = ceph::ErasureCodePluginRegistry::instance();
    const int r_ours = registry.factory("power8", EC_PLUGIN_DIR, ours, &codec, &ss);
    const int r_theirs = registry.factory("isa", EC_STOCK_PLUGIN_DIR, theirs, &codec, &ss);
    EXPECT_EQ(r_ours, r_theirs) << ss.str();
  }
}

} // namespace
