// SPDX-License-Identifier: LGPL-2.1-or-later
// Upgrade safety: whatever this build is (another compiler, architecture or variant, a later release), it
// must accept every profile of the checked-in table with the same written-back profile and the same chunk
// sizes, encode golden_object() into exactly the stored chunks, and decode the stored chunks back under
// erasures. A pool created by an older build keeps working only if all of that holds. Two tables:
// jerasure's codes (profiles.tsv) and isa's (isa-profiles.tsv, power8-code=isa).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>

#include "../plugin/codec_fixture.h"
#include "golden_format.h"

namespace ec::golden {
namespace {

const std::string kDir = EC_GOLDEN_DIR;

const std::vector<Row> &table() {
  static const std::vector<Row> rows = [] {
    std::vector<Row> all = read_table(kDir + "/profiles.tsv");
    for (Row &row : read_table(kDir + "/isa-profiles.tsv"))
      all.push_back(std::move(row));
    return all;
  }();
  return rows;
}

std::unique_ptr<power8::ErasureCodePower8> codec_for(const Row &row, const simd::Kernels *kernels) {
  return test::make_codec(row.input, kernels);
}

// The stored shards of `size` for row, split by the chunk size the table records.
std::map<int, ceph::bufferlist> stored_shards(const Row &row, unsigned n, unsigned chunk, std::size_t size) {
  const std::string bytes = read_file(kDir + "/" + chunk_file_name(row.id, size));
  EXPECT_EQ(bytes.size(), std::size_t{n} * chunk) << row.id << " object " << size;
  std::map<int, ceph::bufferlist> shards;
  for (unsigned i = 0; i < n && std::size_t{i + 1} * chunk <= bytes.size(); i++)
    shards[static_cast<int>(i)].append(bytes.data() + std::size_t{i} * chunk, chunk);
  return shards;
}

// Erasure patterns to decode: every set of up to m shards when there are at most `limit` of them, else
// every set of up to 2 plus random sets of m (the same ones every run).
std::vector<std::vector<int>> erasure_patterns(unsigned n, unsigned m, std::size_t limit) {
  std::vector<std::vector<int>> all;
  std::vector<int> cur;
  auto rec = [&](auto &&self, unsigned from, unsigned left) -> void {
    if (!cur.empty())
      all.push_back(cur);
    if (left == 0)
      return;
    for (unsigned i = from; i < n; i++) {
      cur.push_back(static_cast<int>(i));
      self(self, i + 1, left - 1);
      cur.pop_back();
    }
  };
  rec(rec, 0, m);
  if (all.size() <= limit)
    return all;
  std::vector<std::vector<int>> some;
  std::copy_if(all.begin(), all.end(), std::back_inserter(some), [](const auto &p) { return p.size() <= 2; });
  std::mt19937 rng(n * 31 + m);
  std::vector<int> ids(n);
  for (unsigned i = 0; i < n; i++)
    ids[i] = static_cast<int>(i);
  for (int t = 0; t < 200; t++) {
    std::shuffle(ids.begin(), ids.end(), rng);
    std::vector<int> p(ids.begin(), ids.begin() + m);
    std::sort(p.begin(), p.end());
    some.push_back(p);
  }
  return some;
}

TEST(golden, table_is_complete) {
  ASSERT_GE(table().size(), 20u);
  for (const std::string technique : {"reed_sol_van", "reed_sol_r6_op", "cauchy_orig", "cauchy_good"})
    EXPECT_TRUE(std::any_of(table().begin(), table().end(),
                            [&](const Row &r) { return r.written_back.at("technique") == technique; }))
        << technique;
  for (const std::string technique : {"reed_sol_van", "cauchy"})
    EXPECT_TRUE(std::any_of(table().begin(), table().end(),
                            [&](const Row &r) {
                              return r.written_back.count("power8-code") &&
                                     r.written_back.at("technique") == technique;
                            }))
        << "isa's " << technique;
  for (const Row &row : table()) {
    EXPECT_EQ(row.chunk_sizes.size(), stripe_widths().size()) << row.id;
    if (!row.has_chunks)
      continue;
    for (std::size_t size : object_sizes()) {
      EXPECT_NO_THROW(read_file(kDir + "/" + chunk_file_name(row.id, size))) << row.id;
    }
  }
}

TEST(golden, every_variant_accepts_the_profiles_with_the_same_written_back_profile_and_chunk_sizes) {
  for (const simd::Kernels *kernels : test::runnable_kernels()) {
    for (const Row &row : table()) {
      SCOPED_TRACE(row.id + " on " + kernels->name);
      power8::AdapterCodec codec(*kernels);
      Profile p = row.input;
      std::ostringstream ss;
      ASSERT_EQ(codec.init(p, &ss), 0) << ss.str();
      // The golden profiles are Pacific's; a later interface generation's base class may add keys.
      Profile written_back = row.written_back;
      written_back.merge(power8::AdapterCodec::added_rule_keys());
      EXPECT_EQ(format_profile(p), format_profile(written_back));
      EXPECT_EQ(codec.get_profile(), written_back);
      for (const auto &wc : row.chunk_sizes)
        EXPECT_EQ(codec.get_chunk_size(wc.first), wc.second) << "stripe width " << wc.first;
    }
  }
}

TEST(golden, every_variant_encodes_the_stored_chunks) {
  for (const simd::Kernels *kernels : test::runnable_kernels()) {
    for (const Row &row : table()) {
      if (!row.has_chunks)
        continue;
      auto codec = codec_for(row, kernels);
      ASSERT_TRUE(codec);
      const unsigned n = codec->get_chunk_count();
      for (std::size_t size : object_sizes()) {
        SCOPED_TRACE(row.id + " object " + std::to_string(size) + " on " + kernels->name);
        const unsigned chunk = codec->get_chunk_size(static_cast<unsigned>(size));
        const auto stored = stored_shards(row, n, chunk, size);
        const std::string object = golden_object(size);
        ceph::bufferlist in;
        in.append(object.data(), object.size());
        std::map<int, ceph::bufferlist> encoded;
        ASSERT_EQ(codec->encode(test::all_shards(n), in, &encoded), 0);
        ASSERT_EQ(encoded.size(), stored.size());
        for (const auto &s : stored)
          EXPECT_EQ(test::to_string(encoded[s.first]), test::to_string(s.second)) << "shard " << s.first;
      }
    }
  }
}

TEST(golden, every_variant_decodes_the_stored_chunks_under_erasures) {
  for (const simd::Kernels *kernels : test::runnable_kernels()) {
    for (const Row &row : table()) {
      if (!row.has_chunks)
        continue;
      auto codec = codec_for(row, kernels);
      ASSERT_TRUE(codec);
      const unsigned n = codec->get_chunk_count(), m = codec->get_coding_chunk_count();
      // Exhaustive on the first variant; the others share the plan code, so a sample is enough.
      const std::size_t limit = kernels == test::runnable_kernels().front() ? 1500 : 100;
      const auto patterns = erasure_patterns(n, m, limit);
      for (std::size_t size : object_sizes()) {
        if (size == 0)
          continue; // zero-length chunks: nothing to rebuild
        const unsigned chunk = codec->get_chunk_size(static_cast<unsigned>(size));
        const auto stored = stored_shards(row, n, chunk, size);
        const std::string object = golden_object(size);
        for (std::size_t i = 0; i < patterns.size(); i++) {
          const auto &erased = patterns[i];
          std::map<int, ceph::bufferlist> chunks = stored;
          for (int e : erased)
            chunks.erase(e);
          std::map<int, ceph::bufferlist> decoded;
          ASSERT_EQ(codec->decode(test::all_shards(n), chunks, &decoded, static_cast<int>(chunk)), 0);
          for (int e : erased)
            ASSERT_EQ(test::to_string(decoded[e]), test::to_string(stored.at(e)))
                << row.id << " object " << size << " on " << kernels->name << ": shard " << e << " of "
                << erased.size() << " erased";
          if (i % 8)
            continue; // decode_concat is the same decode: a sample keeps the qemu runs short
          ceph::bufferlist concat;
          ASSERT_EQ(codec->decode_concat(chunks, &concat), 0);
          ASSERT_EQ(test::to_string(concat).substr(0, size), object) << row.id << " on " << kernels->name;
        }
      }
    }
  }
}

} // namespace
} // namespace ec::golden
