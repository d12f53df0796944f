// SPDX-License-Identifier: LGPL-2.1-or-later
// decode_rows rebuilds lost chunks: encode random data with each technique's matrix (plain GF(2^8) symbol
// arithmetic, which is what every technique's coding means), erase, and apply the rows to the survivors.
#include "gf/gf8.h"
#include "gf/matrix.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>

namespace ec::gf {
namespace {

constexpr unsigned kSymbols = 16; // bytes per chunk: enough that a wrong row cannot match by luck

using Chunks = std::vector<std::vector<std::uint8_t>>;

struct Technique {
  std::string name;
  std::function<Matrix(unsigned, unsigned)> build;
};

std::vector<Technique> techniques() {
  return {{"reed_sol_van", reed_sol_van_matrix},
          {"reed_sol_r6_op", [](unsigned k, unsigned m) { return m == 2 ? reed_sol_r6_op_matrix(k) : Matrix{}; }},
          {"cauchy_orig", cauchy_orig_matrix},
          {"cauchy_good", cauchy_good_matrix}};
}

Chunks encode(unsigned k, unsigned m, const Matrix &coding, std::mt19937 &rng) {
  Chunks c(k + m, std::vector<std::uint8_t>(kSymbols, 0));
  for (unsigned j = 0; j < k; j++)
    for (auto &b : c[j])
      b = std::uint8_t(rng());
  for (unsigned i = 0; i < m; i++)
    for (unsigned j = 0; j < k; j++)
      for (unsigned s = 0; s < kSymbols; s++)
        c[k + i][s] ^= mul(coding[i * k + j], c[j][s]);
  return c;
}

// Rebuilds `erased` from the first k other chunks and compares; also asks for every surviving id, which
// must come back unchanged. Returns a description of the first mismatch, empty if none.
std::string check_pattern(unsigned k, unsigned m, const Matrix &coding, const Chunks &chunks,
                          const std::vector<unsigned> &erased) {
  std::vector<unsigned> survivors;
  for (unsigned id = 0; id < k + m && survivors.size() < k; id++)
    if (std::find(erased.begin(), erased.end(), id) == erased.end())
      survivors.push_back(id);
  std::vector<unsigned> wanted = erased;
  wanted.insert(wanted.end(), survivors.begin(), survivors.end());

  const Matrix rows = decode_rows(k, m, coding, survivors, wanted);
  if (rows.size() != wanted.size() * k)
    return "decode_rows gave " + std::to_string(rows.size()) + " coefficients";
  for (std::size_t r = 0; r < wanted.size(); r++)
    for (unsigned s = 0; s < kSymbols; s++) {
      std::uint8_t v = 0;
      for (unsigned j = 0; j < k; j++)
        v ^= mul(rows[r * k + j], chunks[survivors[j]][s]);
      if (v != chunks[wanted[r]][s])
        return "chunk " + std::to_string(wanted[r]) + " symbol " + std::to_string(s) + " wrong";
    }
  return {};
}

// Calls f on every subset of {0..n-1} with at most max_size elements.
void for_each_erasure(unsigned n, unsigned max_size, const std::function<void(const std::vector<unsigned> &)> &f) {
  std::vector<unsigned> set;
  std::function<void(unsigned)> rec = [&](unsigned from) {
    f(set);
    if (set.size() == max_size)
      return;
    for (unsigned id = from; id < n; id++) {
      set.push_back(id);
      rec(id + 1);
      set.pop_back();
    }
  };
  rec(0);
}

TEST(GfDecodeRows, EveryPatternUpToTwelveChunks) {
  std::mt19937 rng(3);
  unsigned patterns = 0;
  for (const Technique &t : techniques())
    for (unsigned n = 2; n <= 12; n++)
      for (unsigned k = 1; k < n; k++) {
        const unsigned m = n - k;
        const Matrix coding = t.build(k, m);
        if (t.name == "reed_sol_r6_op" && m != 2)
          continue;
        ASSERT_EQ(coding.size(), k * m) << t.name;
        const Chunks chunks = encode(k, m, coding, rng);
        for_each_erasure(n, m, [&](const std::vector<unsigned> &erased) {
          patterns++;
          const std::string err = check_pattern(k, m, coding, chunks, erased);
          ASSERT_EQ(err, "") << t.name << " k=" << k << " m=" << m << " erased " << ::testing::PrintToString(erased);
        });
      }
  EXPECT_GT(patterns, 10000u);
}

void sampled_patterns(unsigned k, unsigned m, unsigned samples) {
  std::mt19937 rng(k * 1000 + m);
  for (const Technique &t : techniques()) {
    if (t.name == "reed_sol_r6_op" && m != 2)
      continue;
    const Matrix coding = t.build(k, m);
    const Chunks chunks = encode(k, m, coding, rng);
    std::vector<unsigned> ids(k + m);
    for (unsigned i = 0; i < k + m; i++)
      ids[i] = i;
    for (unsigned s = 0; s < samples; s++) {
      std::shuffle(ids.begin(), ids.end(), rng);
      std::vector<unsigned> erased(ids.begin(), ids.begin() + 1 + rng() % m);
      const std::string err = check_pattern(k, m, coding, chunks, erased);
      ASSERT_EQ(err, "") << t.name << " k=" << k << " m=" << m << " erased " << ::testing::PrintToString(erased);
    }
  }
}

TEST(GfDecodeRows, Sampled32Plus8) { sampled_patterns(32, 8, 200); }
TEST(GfDecodeRows, Sampled100Plus20) { sampled_patterns(100, 20, 20); }
TEST(GfDecodeRows, Sampled254Plus2) { sampled_patterns(254, 2, 5); }

TEST(GfDecodeRows, InvalidInputsGiveEmpty) {
  const unsigned k = 4, m = 2;
  const Matrix coding = reed_sol_van_matrix(k, m);
  EXPECT_TRUE(decode_rows(k, m, coding, {0, 1, 2}, {3}).empty());          // too few survivors
  EXPECT_TRUE(decode_rows(k, m, coding, {0, 1, 2, 3, 4}, {5}).empty());    // too many
  EXPECT_TRUE(decode_rows(k, m, coding, {0, 1, 2, 2}, {3}).empty());       // duplicate
  EXPECT_TRUE(decode_rows(k, m, coding, {0, 1, 2, 6}, {3}).empty());       // id out of range
  EXPECT_TRUE(decode_rows(k, m, coding, {0, 1, 2, 4}, {6}).empty());       // wanted out of range
  EXPECT_TRUE(decode_rows(k, m, Matrix(7), {0, 1, 2, 4}, {3}).empty());    // coding of the wrong size
  EXPECT_TRUE(decode_rows(0, m, Matrix{}, {}, {}).empty());
  EXPECT_TRUE(decode_rows(k, 0, Matrix{}, {0, 1, 2, 3}, {0}).empty());
  // Survivors that do not determine the data: a coding matrix with a zero column.
  Matrix bad = coding;
  for (unsigned i = 0; i < m; i++)
    bad[i * k + 3] = 0;
  EXPECT_TRUE(decode_rows(k, m, bad, {0, 1, 2, 4}, {3}).empty());
  // Valid, nothing wanted: zero rows, and no way to tell that from an error but the inputs.
  EXPECT_TRUE(decode_rows(k, m, coding, {0, 1, 2, 4}, {}).empty());
}

} // namespace
} // namespace ec::gf
