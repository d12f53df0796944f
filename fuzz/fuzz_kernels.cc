// SPDX-License-Identifier: LGPL-2.1-or-later
// Every kernel of every variant this CPU runs against the reference, with fuzzed lengths, coefficients,
// source/row counts and alignments. Each buffer is its own heap allocation ending exactly at the region's
// end, so ASan reports any read or write past it; outputs must equal the reference byte for byte.
//
// Input: variant, kernel, length (2 bytes), misalignment, k, rows, then coefficients, then a data seed.
#include <cstring>
#include <memory>

#include "fuzz_common.h"

namespace {

using ec::simd::Kernels;

// len bytes at `misalign` past a 64-byte boundary, ending exactly at the allocation's end.
struct Region {
  Region(std::size_t len, unsigned misalign) : storage(new std::uint8_t[misalign + len]), data(storage.get() + misalign) {}
  std::unique_ptr<std::uint8_t[]> storage;
  std::uint8_t *data;
};

struct Tables {
  Tables(const Kernels &k, const std::vector<std::uint8_t> &coefs)
      : storage(coefs.size() * k.table_bytes + ec::simd::kTableAlignment) {
    auto p = reinterpret_cast<std::uintptr_t>(storage.data());
    data = storage.data() + (ec::simd::kTableAlignment - p % ec::simd::kTableAlignment) % ec::simd::kTableAlignment;
    for (std::size_t i = 0; i < coefs.size(); i++)
      k.expand(coefs[i], data + i * k.table_bytes);
  }
  std::vector<std::uint8_t> storage;
  std::uint8_t *data;
};

struct Case {
  unsigned op, k, rows, seed;
  std::size_t len;
  unsigned misalign[2];
  std::vector<std::uint8_t> coefs;
};

// Runs the case on kernels; returns every output region's bytes, concatenated.
std::vector<std::uint8_t> run(const Kernels &kernels, const Case &c) {
  const unsigned nsrc = c.op >= 2 ? c.k : 1;
  const unsigned ndst = c.op == 0 || c.op == 3 ? 1 : c.rows;
  std::vector<Region> src, dst;
  std::vector<const std::uint8_t *> sp;
  std::vector<std::uint8_t *> dp;
  for (unsigned i = 0; i < nsrc; i++) {
    src.emplace_back(c.len, (c.misalign[0] + i * 5) % 64);
    ec::fuzz::fill(src.back().data, c.len, c.seed + i);
    sp.push_back(src.back().data);
  }
  for (unsigned r = 0; r < ndst; r++) {
    dst.emplace_back(c.len, (c.misalign[1] + r * 3) % 64);
    ec::fuzz::fill(dst.back().data, c.len, c.seed + 1000 + r); // mad accumulates into it
    dp.push_back(dst.back().data);
  }
  switch (c.op) {
  case 0: {
    Tables t(kernels, {c.coefs[0]});
    kernels.mul(c.len, t.data, sp[0], dp[0]);
    break;
  }
  case 1: {
    Tables t(kernels, std::vector<std::uint8_t>(c.coefs.begin(), c.coefs.begin() + c.rows));
    kernels.mad(c.len, c.rows, t.data, sp[0], dp.data());
    break;
  }
  case 2: {
    Tables t(kernels, std::vector<std::uint8_t>(c.coefs.begin(), c.coefs.begin() + c.rows * c.k));
    kernels.dot_prod(c.len, c.k, c.rows, t.data, sp.data(), dp.data());
    break;
  }
  case 4: {
    // The first row is all ones: its k coefficients are not used.
    Tables t(kernels, std::vector<std::uint8_t>(c.coefs.begin() + c.k, c.coefs.begin() + c.rows * c.k));
    kernels.xor_dot_prod(c.len, c.k, c.rows, t.data, sp.data(), dp.data());
    break;
  }
  case 5: {
    // The first column is all ones too (xor_dot_prod_ones' contract): its coefficients of rows 1.. are 1.
    std::vector<std::uint8_t> coefs(c.coefs.begin() + c.k, c.coefs.begin() + c.rows * c.k);
    for (std::size_t i = 0; i < coefs.size(); i += c.k)
      coefs[i] = 1;
    Tables t(kernels, coefs);
    kernels.xor_dot_prod_ones(c.len, c.k, c.rows, t.data, sp.data(), dp.data());
    break;
  }
  default:
    // xor_many; with rows odd, in place: dst is also the first source (allowed exactly).
    if (c.rows % 2) {
      std::memcpy(dp[0], sp[0], c.len);
      sp[0] = dp[0];
    }
    kernels.xor_many(c.len, c.k, sp.data(), dp[0]);
    break;
  }
  std::vector<std::uint8_t> out;
  for (auto *d : dp)
    out.insert(out.end(), d, d + c.len);
  return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  ec::fuzz::Input in(data, size);
  const auto &variants = ec::fuzz::runnable();
  const Kernels &kernels = *variants[in.byte() % variants.size()];
  Case c;
  c.op = in.byte() % 6;
  c.len = in.u16() % 5000;
  c.misalign[0] = in.byte() % 64;
  c.misalign[1] = in.byte() % 64;
  c.k = 1 + in.byte() % 40;
  c.rows = 1 + in.byte() % 12;
  for (unsigned i = 0; i < c.k * c.rows; i++)
    c.coefs.push_back(in.byte()); // past the input's end: zeros, a special case worth having
  c.seed = in.byte() | in.byte() << 8;
  if (run(kernels, c) != run(ec::simd::kernels_reference, c)) {
    std::fprintf(stderr, "variant %s op %u len %zu k %u rows %u differs from the reference\n", kernels.name, c.op,
                 c.len, c.k, c.rows);
    std::abort();
  }
  return 0;
}
