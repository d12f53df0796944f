// SPDX-License-Identifier: LGPL-2.1-or-later
// plugin=power8 against Tentacle's own jerasure and isa plugins (the release's libec_jerasure.so and
// libec_isa.so; power8 with power8-code=isa against isa), both made by a registry that follows Ceph's,
// called through our declaration of Tentacle's interface with shard maps built by our declaration of
// Ceph's containers: what the two plugins advertise (optimizations, minimum granularity, written-back
// profile, chunk sizes) and every shard call of the OSD's FastEC path (encode_chunks with zero-in and
// parity subsets, decode_chunks, encode_delta, apply_delta at any offset and length the granularity
// allows) and of its shard_id_map<bufferlist> calls must agree byte for byte. Where jerasure is wrong
// (encode_chunks with absent data and absent parities) or ignores the profile (mapping), power8 must give
// what a full encode gives. apply_delta and encode_delta, which cannot return an error, must abort on
// buffers they cannot code (death tests). The stock plugins reading and writing the very maps power8 gets
// is also what shows our containers have Ceph's layout where it counts.
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

// body(p) for the pair of every profile of profiles(), traced with its profile; the test stops at a pair
// the registry cannot build.
template <class Body> void for_each_pair(Body &&body) {
  for (const Profile &profile : profiles()) {
    SCOPED_TRACE(::testing::PrintToString(profile));
    Pair p(profile);
    ASSERT_TRUE(p.ours && p.theirs);
    body(p);
  }
}

// An object 100 bytes short of k chunks: the whole-object calls pad it.
bufferlist random_object(const Pair &p, std::mt19937 &rng) {
  bufferlist object;
  object.push_back(random_buffer(p.k * p.chunk - 100, rng));
  return object;
}

// Shards 0..n-1.
shard_id_set first_shards(unsigned n) {
  shard_id_set shards;
  for (unsigned i = 0; i < n; i++)
    shards.insert(shard(i));
  return shards;
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

// Every chunk of a random object: the data and jerasure's parity of it.
PtrMap random_stripe(const Pair &p, std::mt19937 &rng) {
  PtrMap all = random_data(p, rng);
  for (auto &&[s, ptr] : encode(p.theirs, p, all))
    all.emplace(s, ptr);
  return all;
}

// The chunks of `all` but the lost ones.
PtrMap survivors(const Pair &p, const PtrMap &all, const std::vector<unsigned> &lost) {
  PtrMap in(p.k + p.m);
  for (auto &&[s, ptr] : all)
    if (std::find(lost.begin(), lost.end(), static_cast<unsigned>(static_cast<int>(s))) == lost.end())
      in.emplace(s, ptr);
  return in;
}

// decode_chunks of both plugins from `in` into buffers of stale bytes for the wanted shards (and no
// other): each plugin must write them as they are in `all`.
void expect_rebuilt(const Pair &p, PtrMap &in, const std::vector<unsigned> &wanted, const PtrMap &all) {
  for (const Codec *codec : {&p.ours, &p.theirs}) {
    const char *const name = codec == &p.ours ? "power8" : "jerasure";
    PtrMap out(p.k + p.m);
    shard_id_set want;
    for (unsigned i : wanted) {
      bufferptr stale = buffer(p.chunk);
      std::memset(stale.c_str(), 0x5a, p.chunk);
      out.emplace(shard(i), stale);
      want.insert(shard(i));
    }
    ASSERT_EQ((*codec)->decode_chunks(want, in, out), 0) << name;
    ASSERT_EQ(out.size(), wanted.size()) << name;
    for (unsigned i : wanted)
      EXPECT_TRUE(same(out.at(shard(i)), all.at(shard(i)))) << name << ", shard " << i;
  }
}

// Bytes [offset, offset + len) of a chunk, in granules of the code: at least 64 bytes, as jerasure's
// multiply (gf-complete) wants the delta and the parity bytes equally aligned to 16 (the OSD's are whole
// pages). test/codec applies deltas at any byte to every variant.
struct Window {
  unsigned offset, len;
};
Window whole_chunk(const Pair &p) { return {0, p.chunk}; }
Window random_window(const Pair &p, std::mt19937 &rng) {
  const unsigned granule = std::lcm(static_cast<unsigned>(p.ours->get_minimum_granularity()), 64u);
  const unsigned granules = p.chunk / granule;
  const unsigned first = rng() % granules;
  const unsigned count = 1 + rng() % (granules - first);
  return {first * granule, count * granule};
}
std::string to_string(Window w) { return "bytes " + std::to_string(w.offset) + "+" + std::to_string(w.len); }

// Views of window w of every chunk in the map: apply_delta updates the whole chunks through them.
PtrMap views(const PtrMap &chunks, Window w) {
  PtrMap window(chunks.max_size());
  for (auto &&[s, ptr] : chunks)
    window.emplace(s, bufferptr(ptr, w.offset, w.len));
  return window;
}

// Every non-empty subset of the parity shards, as shard lists.
std::vector<std::vector<unsigned>> parity_subsets(const Pair &p) {
  std::vector<std::vector<unsigned>> subsets;
  for (unsigned bits = 1; bits < (1u << p.m); bits++) {
    subsets.emplace_back();
    for (unsigned r = 0; r < p.m; r++)
      if (bits & (1u << r))
        subsets.back().push_back(p.k + r);
  }
  return subsets;
}

// Profiles whose `mapping` stores the data chunks at other shards than 0..k-1.
const std::vector<Profile> &mapping_profiles() {
  static const std::vector<Profile> list{
      {{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}, {"mapping", "_DD_DD"}},
      {{"technique", "cauchy_good"}, {"k", "3"}, {"m", "2"}, {"packetsize", "32"}, {"mapping", "D__DD"}},
  };
  return list;
}

// The shard a plugin stores logical chunk i at (data 0..k-1, then parity): where its mapping puts it.
shard_id_t shard_of(const Codec &codec, unsigned i) {
  const std::vector<shard_id_t> &mapping = codec->get_chunk_mapping();
  return i < mapping.size() ? mapping[i] : shard(i);
}

// A map keyed by logical chunk, keyed instead by the shards codec stores those chunks at (same buffers).
PtrMap remap(const Codec &codec, const PtrMap &logical) {
  PtrMap shards(logical.max_size());
  for (auto &&[s, ptr] : logical)
    shards.emplace(shard_of(codec, static_cast<unsigned>(static_cast<int>(s))), ptr);
  return shards;
}

TEST(tentacle_vs_stock, advertise_the_same_optimizations_granularity_profile_and_chunk_sizes) {
  for_each_pair([&](Pair &p) {
    EXPECT_EQ(p.ours->get_supported_optimizations(), p.theirs->get_supported_optimizations());
    EXPECT_EQ(p.ours->get_optimizations_flags_string(), p.theirs->get_optimizations_flags_string());
    EXPECT_EQ(p.ours->get_minimum_granularity(), p.theirs->get_minimum_granularity());
    EXPECT_EQ(stock_profile(p.ours->get_profile()), p.theirs->get_profile());
    EXPECT_EQ(p.ours->get_profile().count("power8-code"), p.profile.count("power8-code"));
    EXPECT_EQ(p.ours->get_chunk_count(), p.theirs->get_chunk_count());
    EXPECT_EQ(p.ours->get_chunk_mapping(), p.theirs->get_chunk_mapping());
    // jerasure aborts (ceph_assert(alignment <= chunk_size)) when a per-chunk-aligned chunk would be
    // smaller than its alignment: only stripes of at least a chunk per data shard there.
    const bool per_chunk = p.profile.count("jerasure-per-chunk-alignment");
    for (unsigned width : {1u, 4096u, p.k * 4096u, 1000003u, 4u << 20}) {
      if (!per_chunk || width >= p.k * 4096u) {
        EXPECT_EQ(p.ours->get_chunk_size(width), p.theirs->get_chunk_size(width)) << "stripe width " << width;
      }
    }
  });
}

TEST(tentacle_vs_stock, encode_chunks_gives_the_same_parity_with_zero_data_and_parity_subsets) {
  std::mt19937 rng(11);
  for_each_pair([&](Pair &p) {
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
  });
}

TEST(tentacle_vs_stock, decode_chunks_rebuilds_what_the_stock_plugin_rebuilds) {
  std::mt19937 rng(12);
  for_each_pair([&](Pair &p) {
    const PtrMap all = random_stripe(p, rng);
    // Erasures: the first m shards, the last m, the last data shard with the first parity, and (m > 2)
    // two of m. Every lost shard wanted, and (as the OSD may ask) fewer: all but the first, each alone.
    std::vector<std::vector<unsigned>> patterns{{}, {}};
    for (unsigned i = 0; i < p.m; i++) {
      patterns[0].push_back(i);
      patterns[1].push_back(p.k + p.m - 1 - i);
    }
    if (p.m >= 2)
      patterns.push_back({p.k - 1, p.k});
    if (p.m > 2)
      patterns.push_back({1, p.k + 1});
    for (const auto &lost : patterns) {
      PtrMap in = survivors(p, all, lost);
      std::vector<std::vector<unsigned>> wants{lost};
      if (lost.size() > 1) {
        wants.emplace_back(lost.begin() + 1, lost.end());
        for (unsigned i : lost)
          wants.push_back({i});
      }
      for (const auto &wanted : wants) {
        SCOPED_TRACE("lost " + ::testing::PrintToString(lost) + ", wanted " + ::testing::PrintToString(wanted));
        expect_rebuilt(p, in, wanted, all);
      }
    }
  });
}

TEST(tentacle_vs_stock, parity_deltas_at_any_granule_match_the_stock_plugin_and_a_full_encode) {
  std::mt19937 rng(13);
  for_each_pair([&](Pair &p) {
    PtrMap data = random_data(p, rng);
    PtrMap parity_ours = encode(p.ours, p, data), parity_theirs = encode(p.theirs, p, data);
    for (int update = 0; update < 12; update++) {
      const unsigned d = rng() % p.k;
      const Window w = update == 0 ? whole_chunk(p) : random_window(p, rng);
      SCOPED_TRACE("data shard " + std::to_string(d) + " " + to_string(w));
      const bufferptr old_part(data.at(shard(d)), w.offset, w.len);
      const bufferptr new_part = random_buffer(w.len, rng);
      bufferptr delta_ours = buffer(w.len), delta_theirs = buffer(w.len);
      p.ours->encode_delta(old_part, new_part, &delta_ours);
      p.theirs->encode_delta(old_part, new_part, &delta_theirs);
      ASSERT_TRUE(same(delta_ours, delta_theirs));
      PtrMap in(p.k + p.m), out_ours = views(parity_ours, w), out_theirs = views(parity_theirs, w);
      in.emplace(shard(d), delta_ours);
      p.ours->apply_delta(in, out_ours);
      p.theirs->apply_delta(in, out_theirs);
      std::memcpy(data.at(shard(d)).c_str() + w.offset, new_part.c_str(), w.len);
      expect_same_maps(parity_ours, parity_theirs, "after the delta");
      expect_same_maps(parity_ours, encode(p.theirs, p, data), "against a full encode");
    }
  });
}

TEST(tentacle_vs_stock, shard_map_encode_decode_and_minimum_to_decode_agree) {
  std::mt19937 rng(14);
  for_each_pair([&](Pair &p) {
    const unsigned n = p.k + p.m;
    const bufferlist object = random_object(p, rng);
    const shard_id_set all = first_shards(n);
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
  });
}

// The FastEC read path asks minimum_to_decode which shards to read (ECCommon.cc,
// get_min_avail_to_read_shards, with sub-chunks) and, once replies or errors are in, whether what it has
// decodes (ECBackend.cc, handle_sub_read_reply, without). After a shard's read error its answers decide
// whether the OSD reads more shards, completes, or fails the read (an OSD can assert there on a pool
// with an injected read error and a killed OSD). Every want and available subset of every profile of
// up to 6 chunks (k=4 m=2 among them; 4096 pairs of sets each): the same return code, the same shards,
// the same sub-chunks, and the same sub-chunk count the OSD sizes its reads with.
TEST(tentacle_vs_stock, minimum_to_decode_agrees_for_every_want_and_available_set) {
  for_each_pair([&](Pair &p) {
    const unsigned n = p.k + p.m;
    if (n > 6)
      return;
    EXPECT_EQ(p.ours->get_sub_chunk_count(), p.theirs->get_sub_chunk_count());
    auto set_of = [&](unsigned bits) {
      shard_id_set s;
      for (unsigned i = 0; i < n; i++)
        if (bits & (1u << i))
          s.insert(shard(i));
      return s;
    };
    auto list = [](const shard_id_set &s) {
      std::vector<int> shards;
      for (shard_id_t i : s)
        shards.push_back(int(i));
      return shards;
    };
    unsigned differences = 0;
    for (unsigned w = 0; w < (1u << n); w++) {
      for (unsigned a = 0; a < (1u << n); a++) {
        const shard_id_set want = set_of(w), available = set_of(a);
        shard_id_set minimum_ours, minimum_theirs, bare_ours, bare_theirs;
        shard_id_map<std::vector<std::pair<int, int>>> sub_ours(n), sub_theirs(n);
        const int r_ours = p.ours->minimum_to_decode(want, available, minimum_ours, &sub_ours);
        const int r_theirs = p.theirs->minimum_to_decode(want, available, minimum_theirs, &sub_theirs);
        const int bare_r_ours = p.ours->minimum_to_decode(want, available, bare_ours, nullptr);
        const int bare_r_theirs = p.theirs->minimum_to_decode(want, available, bare_theirs, nullptr);
        bool same_answer = r_ours == r_theirs && bare_r_ours == bare_r_theirs;
        if (same_answer && r_theirs == 0) {
          same_answer = list(minimum_ours) == list(minimum_theirs) && list(bare_ours) == list(bare_theirs);
          for (shard_id_t s : minimum_theirs)
            same_answer = same_answer && sub_ours.contains(s) && sub_ours.at(s) == sub_theirs.at(s);
          same_answer = same_answer && sub_ours.size() == sub_theirs.size();
        }
        if (!same_answer && differences++ < 5)
          ADD_FAILURE() << "want " << w << " available " << a << " (shard bit masks): power8 " << r_ours << "/"
                        << bare_r_ours << " " << ::testing::PrintToString(list(minimum_ours)) << ", stock "
                        << r_theirs << "/" << bare_r_theirs << " " << ::testing::PrintToString(list(minimum_theirs));
      }
    }
    EXPECT_EQ(differences, 0u);
  });
}

TEST(tentacle_vs_stock, decode_chunks_rebuilds_a_shard_given_in_both_maps_as_jerasure_does) {
  std::mt19937 rng(16);
  for_each_pair([&](Pair &p) {
    const PtrMap all = random_stripe(p, rng);
    // The shard in both maps has a wrong copy in `in`: out must get the shard rebuilt from the others,
    // as jerasure's (its out map wins). Alone, then (m >= 2) with a lost shard of the other kind.
    std::vector<std::pair<unsigned, std::vector<unsigned>>> cases{{0, {}}, {p.k + p.m - 1, {}}};
    if (p.m >= 2)
      cases.push_back({p.k, {p.k - 1}});
    for (const auto &[both, lost] : cases) {
      SCOPED_TRACE("shard " + std::to_string(both) + " in both maps");
      PtrMap in = survivors(p, all, lost);
      in.erase(shard(both));
      in.emplace(shard(both), random_buffer(p.chunk, rng));
      std::vector<unsigned> wanted = lost;
      wanted.push_back(both);
      expect_rebuilt(p, in, wanted, all);
    }
  });
}

// The shapes of call the OSD's FastEC path may send beyond those above, each against a full encode.

TEST(tentacle_vs_stock, several_deltas_into_a_parity_subset_in_one_apply_delta_give_a_full_encode) {
  std::mt19937 rng(17);
  for_each_pair([&](Pair &p) {
    for (const auto &subset : parity_subsets(p)) {
      PtrMap data = random_data(p, rng);
      const PtrMap before = encode(p.theirs, p, data);
      PtrMap parity_ours = encode(p.theirs, p, data), parity_theirs = encode(p.theirs, p, data);
      // Deltas of 2..k data shards, picked at random, over one window; only the parities of the subset.
      std::vector<unsigned> changed(p.k);
      std::iota(changed.begin(), changed.end(), 0u);
      std::shuffle(changed.begin(), changed.end(), rng);
      changed.resize(2 + rng() % (p.k - 1));
      const Window w = random_window(p, rng);
      SCOPED_TRACE(::testing::PrintToString(changed) + " changed at " + to_string(w) + ", parities " +
                   ::testing::PrintToString(subset));
      PtrMap in(p.k + p.m), wanted_ours(p.k + p.m), wanted_theirs(p.k + p.m);
      std::vector<bufferptr> new_parts;
      for (unsigned d : changed) {
        new_parts.push_back(random_buffer(w.len, rng));
        bufferptr delta = buffer(w.len);
        p.ours->encode_delta(bufferptr(data.at(shard(d)), w.offset, w.len), new_parts.back(), &delta);
        in.emplace(shard(d), delta);
      }
      for (unsigned i : subset) {
        wanted_ours.emplace(shard(i), parity_ours.at(shard(i)));
        wanted_theirs.emplace(shard(i), parity_theirs.at(shard(i)));
      }
      PtrMap out_ours = views(wanted_ours, w), out_theirs = views(wanted_theirs, w);
      p.ours->apply_delta(in, out_ours);
      p.theirs->apply_delta(in, out_theirs);
      for (std::size_t c = 0; c < changed.size(); c++)
        std::memcpy(data.at(shard(changed[c])).c_str() + w.offset, new_parts[c].c_str(), w.len);
      const PtrMap after = encode(p.theirs, p, data);
      for (unsigned i = p.k; i < p.k + p.m; i++) {
        const bool updated = std::find(subset.begin(), subset.end(), i) != subset.end();
        EXPECT_TRUE(same(parity_ours.at(shard(i)), (updated ? after : before).at(shard(i))))
            << "parity " << i << (updated ? " updated" : " not asked for");
      }
      expect_same_maps(parity_ours, parity_theirs, "power8 against jerasure");
    }
  });
}

TEST(tentacle_vs_stock, encode_chunks_with_absent_data_and_any_parity_subset_gives_a_full_encode) {
  std::mt19937 rng(18);
  for_each_pair([&](Pair &p) {
    const PtrMap data = random_data(p, rng);
    // Absent: the first data shard; the first and the last; all but the second; all of them.
    std::vector<std::vector<unsigned>> absences{{0}, {0, p.k - 1}, {}, {}};
    for (unsigned i = 0; i < p.k; i++) {
      if (i != 1)
        absences[2].push_back(i);
      absences[3].push_back(i);
    }
    for (const auto &absent : absences) {
      SCOPED_TRACE("absent data " + ::testing::PrintToString(absent));
      // What a full encode gives with those shards' bytes zero, which is what an absent shard means. Not
      // jerasure's answer to the same call: its encode_chunks gives absent data and parities one shared
      // zero buffer, which it overwrites with an unwanted parity before it reads it as data.
      PtrMap present(p.k + p.m), dense(p.k + p.m);
      for (unsigned i = 0; i < p.k; i++) {
        if (std::find(absent.begin(), absent.end(), i) == absent.end()) {
          present.emplace(shard(i), data.at(shard(i)));
          dense.emplace(shard(i), data.at(shard(i)));
        } else {
          bufferptr zeros = buffer(p.chunk);
          zeros.zero();
          dense.emplace(shard(i), zeros);
        }
      }
      const PtrMap full = encode(p.theirs, p, dense);
      for (const auto &subset : parity_subsets(p)) {
        const PtrMap out = encode(p.ours, p, present, subset);
        for (unsigned i : subset)
          EXPECT_TRUE(same(out.at(shard(i)), full.at(shard(i))))
              << "parity " << i << " of " << ::testing::PrintToString(subset);
      }
    }
  });
}

// body(p, mapped, profile) for every profile of mapping_profiles(): p the pair of the profile without its
// mapping, mapped power8 with it; traced with the profile, and the test stops where a codec cannot be built.
template <class Body> void for_each_mapping_pair(Body &&body) {
  for (const Profile &profile : mapping_profiles()) {
    SCOPED_TRACE(::testing::PrintToString(profile));
    Profile plain = profile;
    plain.erase("mapping");
    Pair p(plain);
    const Codec mapped = make("power8", profile);
    ASSERT_TRUE(p.ours && p.theirs && mapped);
    body(p, mapped, profile);
  }
}

// 20.2's optimized path assumes data at shards 0..k-1 (its OSDs abort on a mapped FastEC pool), so a
// mapped profile must not claim it; every other flag stays what the same code without mapping advertises.
TEST(tentacle_vs_stock, a_mapping_profile_does_not_claim_the_optimized_path) {
  for_each_mapping_pair([&](Pair &p, const Codec &mapped, const Profile &profile) {
    constexpr auto optimized = ceph::ErasureCodeInterface::FLAG_EC_PLUGIN_OPTIMIZED_SUPPORTED;
    EXPECT_EQ(mapped->get_supported_optimizations() & optimized, 0u);
    EXPECT_EQ(mapped->get_supported_optimizations() | optimized, p.ours->get_supported_optimizations() | optimized);
    if (profile.at("technique") == "reed_sol_van") { // the same code unmapped claims it, as jerasure does
      EXPECT_NE(p.ours->get_supported_optimizations() & optimized, 0u);
    }
  });
}

// With a `mapping`: jerasure's shard calls ignore it (they code shard i as logical chunk i, and so does its
// encode), so the expected chunks are those of jerasure without the mapping, logical chunk i at the shard
// power8's mapping names.
TEST(tentacle_vs_stock, stripe_calls_of_a_mapping_profile_code_each_chunk_at_its_shard) {
  std::mt19937 rng(20);
  for_each_mapping_pair([&](Pair &p, const Codec &mapped, const Profile &) {
    ASSERT_EQ(mapped->get_chunk_mapping().size(), p.k + p.m);
    PtrMap data = random_data(p, rng), all = data;
    for (auto &&[s, ptr] : encode(p.theirs, p, data))
      all.emplace(s, ptr);

    PtrMap parity = remap(mapped, parity_buffers(p));
    ASSERT_EQ(mapped->encode_chunks(remap(mapped, data), parity), 0);
    for (unsigned i = p.k; i < p.k + p.m; i++)
      EXPECT_TRUE(same(parity.at(shard_of(mapped, i)), all.at(shard(i)))) << "encode_chunks, chunk " << i;

    for (const std::vector<unsigned> &lost : {std::vector<unsigned>{0, p.k}, {p.k - 1, p.k + p.m - 1}}) {
      PtrMap in(p.k + p.m), out(p.k + p.m);
      shard_id_set want;
      for (unsigned i = 0; i < p.k + p.m; i++)
        if (std::find(lost.begin(), lost.end(), i) == lost.end())
          in.emplace(shard_of(mapped, i), all.at(shard(i)));
      for (unsigned i : lost) {
        want.insert(shard_of(mapped, i));
        out.emplace(shard_of(mapped, i), buffer(p.chunk));
      }
      ASSERT_EQ(mapped->decode_chunks(want, in, out), 0);
      for (unsigned i : lost)
        EXPECT_TRUE(same(out.at(shard_of(mapped, i)), all.at(shard(i)))) << "decode_chunks, chunk " << i;
    }

    // The first and the last data chunk changed over one window, both deltas into every parity at once.
    const Window w = random_window(p, rng);
    PtrMap in(p.k + p.m);
    for (unsigned d : {0u, p.k - 1}) {
      const bufferptr new_part = random_buffer(w.len, rng);
      bufferptr delta = buffer(w.len);
      mapped->encode_delta(bufferptr(data.at(shard(d)), w.offset, w.len), new_part, &delta);
      in.emplace(shard_of(mapped, d), delta);
      std::memcpy(data.at(shard(d)).c_str() + w.offset, new_part.c_str(), w.len);
    }
    PtrMap out = views(parity, w);
    mapped->apply_delta(in, out);
    const PtrMap after = encode(p.theirs, p, data);
    for (unsigned i = p.k; i < p.k + p.m; i++)
      EXPECT_TRUE(same(parity.at(shard_of(mapped, i)), after.at(shard(i)))) << "apply_delta, chunk " << i;
  });
}

TEST(tentacle_vs_stock, shard_map_calls_of_a_mapping_profile_code_each_chunk_at_its_shard) {
  std::mt19937 rng(21);
  for_each_mapping_pair([&](Pair &p, const Codec &mapped, const Profile &profile) {
    const unsigned n = p.k + p.m;
    const bufferlist object = random_object(p, rng);
    const shard_id_set every = first_shards(n);
    shard_id_map<bufferlist> ours(n), theirs(n);
    ASSERT_EQ(mapped->encode(every, object, &ours), 0);
    ASSERT_EQ(p.theirs->encode(every, object, &theirs), 0);
    for (unsigned i = 0; i < n; i++)
      EXPECT_TRUE(ours.at(shard_of(mapped, i)).contents_equal(theirs.at(shard(i)))) << "encode, chunk " << i;

    // The first data chunk and the last parity lost.
    shard_id_set want, available;
    shard_id_map<bufferlist> chunks(n);
    shard_id_map<int> costs(n);
    for (unsigned i = 0; i < n; i++) {
      const shard_id_t s = shard_of(mapped, i);
      if (i == 0 || i == n - 1) {
        want.insert(s);
      } else {
        available.insert(s);
        chunks.emplace(s, ours.at(s));
        costs.emplace(s, 1);
      }
    }
    shard_id_map<bufferlist> decoded(n);
    ASSERT_EQ(mapped->decode(want, chunks, &decoded, static_cast<int>(p.chunk)), 0);
    for (unsigned i : {0u, n - 1})
      EXPECT_TRUE(decoded.at(shard_of(mapped, i)).contents_equal(theirs.at(shard(i)))) << "decode, chunk " << i;

    // Which shards to read does not depend on the mapping: jerasure with the same profile is the reference.
    const Codec jerasure_mapped = make("jerasure", profile);
    ASSERT_TRUE(jerasure_mapped);
    shard_id_set minimum_ours, minimum_theirs, cheapest_ours, cheapest_theirs;
    shard_id_map<std::vector<std::pair<int, int>>> sub_ours(n), sub_theirs(n);
    ASSERT_EQ(mapped->minimum_to_decode(want, available, minimum_ours, &sub_ours), 0);
    ASSERT_EQ(jerasure_mapped->minimum_to_decode(want, available, minimum_theirs, &sub_theirs), 0);
    EXPECT_EQ(std::vector<shard_id_t>(minimum_ours.begin(), minimum_ours.end()),
              std::vector<shard_id_t>(minimum_theirs.begin(), minimum_theirs.end()));
    for (shard_id_t s : minimum_theirs)
      EXPECT_EQ(sub_ours.at(s), sub_theirs.at(s));
    ASSERT_EQ(mapped->minimum_to_decode_with_cost(want, costs, &cheapest_ours), 0);
    ASSERT_EQ(jerasure_mapped->minimum_to_decode_with_cost(want, costs, &cheapest_theirs), 0);
    EXPECT_EQ(std::vector<shard_id_t>(cheapest_ours.begin(), cheapest_ours.end()),
              std::vector<shard_id_t>(cheapest_theirs.begin(), cheapest_theirs.end()));
  });
}

// apply_delta and encode_delta return nothing: on buffers they cannot code, the plugin must stop the
// daemon (as Ceph's ceph_assert does in jerasure and isa) rather than return with the parity stale.
// The death tests re-run this binary for the dying statement ("threadsafe"): the process holds a
// CephContext's threads, which fork() alone would not carry over.
class tentacle_power8_DeathTest : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
  // Buffers of the given lengths (zeros) at the given shards.
  static PtrMap buffers(const Pair &p, const std::vector<std::pair<unsigned, unsigned>> &shard_lengths) {
    PtrMap map(p.k + p.m);
    for (auto [i, len] : shard_lengths) {
      bufferptr b = buffer(len);
      b.zero();
      map.emplace(shard(i), b);
    }
    return map;
  }
};

TEST_F(tentacle_power8_DeathTest, apply_delta_aborts_on_a_parity_of_another_length_as_jerasure_does) {
  Pair p(profiles()[0]); // reed_sol_van 4+2: parities 4 and 5
  ASSERT_TRUE(p.ours && p.theirs);
  const PtrMap in = buffers(p, {{1, 4096}});
  PtrMap out = buffers(p, {{4, 4096}, {5, 8192}});
  EXPECT_DEATH(p.ours->apply_delta(in, out), "apply_delta: .*shard 1: 4096.*shard 4: 4096, shard 5: 8192");
  EXPECT_DEATH(p.theirs->apply_delta(in, out), "codingbuf.length\\(\\) == blocksize");
}

TEST_F(tentacle_power8_DeathTest, apply_delta_aborts_on_deltas_of_different_lengths) {
  Pair p(profiles()[0]);
  ASSERT_TRUE(p.ours);
  const PtrMap in = buffers(p, {{0, 4096}, {2, 8192}});
  PtrMap out = buffers(p, {{4, 4096}, {5, 4096}});
  EXPECT_DEATH(p.ours->apply_delta(in, out), "apply_delta: .*shard 0: 4096, shard 2: 8192");
}

TEST_F(tentacle_power8_DeathTest, apply_delta_aborts_on_a_length_that_is_not_whole_packet_groups) {
  Pair p(profiles()[5]); // cauchy_good 4+2 packetsize=32: granularity 256
  ASSERT_TRUE(p.ours);
  ASSERT_EQ(p.ours->get_minimum_granularity(), 256u);
  const PtrMap in = buffers(p, {{3, 1000}});
  PtrMap out = buffers(p, {{4, 1000}, {5, 1000}});
  EXPECT_DEATH(p.ours->apply_delta(in, out), "apply_delta: .*1000 bytes.*granularity 256");
}

TEST_F(tentacle_power8_DeathTest, encode_delta_aborts_on_data_shorter_than_the_delta) {
  Pair p(profiles()[0]);
  ASSERT_TRUE(p.ours);
  const PtrMap b = buffers(p, {{0, 4096}, {1, 2048}, {2, 4096}});
  bufferptr delta = b.at(shard(2));
  EXPECT_DEATH(p.ours->encode_delta(b.at(shard(1)), b.at(shard(0)), &delta),
               "encode_delta: old data of 2048 bytes, new data of 4096 bytes, delta of 4096 bytes");
  EXPECT_DEATH(p.ours->encode_delta(b.at(shard(0)), b.at(shard(1)), &delta),
               "encode_delta: old data of 4096 bytes, new data of 2048 bytes, delta of 4096 bytes");
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
