// SPDX-License-Identifier: LGPL-2.1-or-later
#include "vector_case.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace ec::test_vectors {
namespace {

// splitmix64 of (seed, buffer, index): the same byte on every architecture and word size.
std::uint8_t input_byte(std::uint64_t seed, unsigned buffer, std::size_t i) {
  std::uint64_t z = seed * 0x9e3779b97f4a7c15ull + (std::uint64_t{buffer} << 40) + i;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return static_cast<std::uint8_t>(z ^ (z >> 31));
}

std::uint64_t fnv1a(const std::uint8_t *p, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

// A buffer at a chosen misalignment, with guard bytes on both sides that the kernel must not touch.
struct Buffer {
  static constexpr std::size_t kGuard = 64;
  std::vector<std::uint8_t> storage;
  std::uint8_t *data;
  std::size_t len;
  Buffer(std::size_t n, unsigned align) : storage(n + 3 * kGuard), len(n) {
    auto base = reinterpret_cast<std::uintptr_t>(storage.data());
    data = storage.data() + (kGuard - base % kGuard) + kGuard + align;
    // The guard bytes: 0xa5 everywhere, so a stray write shows up in guards_intact().
    std::memset(storage.data(), 0xa5, storage.size());
  }
  bool guards_intact() const {
    for (const std::uint8_t *p = storage.data(); p < data; p++)
      if (*p != 0xa5)
        return false;
    for (const std::uint8_t *p = data + len; p < storage.data() + storage.size(); p++)
      if (*p != 0xa5)
        return false;
    return true;
  }
};

} // namespace

std::vector<std::uint64_t> run_case(const simd::Kernels &kernels, const VectorCase &c) {
  const unsigned n_src = c.kernel == "mul" || c.kernel == "mad" ? 1 : c.k;
  const unsigned n_dst = c.kernel == "dot_prod" || c.kernel == "mad" ? c.rows : 1;
  std::vector<Buffer> src, dst;
  for (unsigned j = 0; j < n_src; j++) {
    src.emplace_back(c.len, c.align);
    for (std::size_t i = 0; i < c.len; i++)
      src.back().data[i] = input_byte(c.seed, j, i);
  }
  for (unsigned r = 0; r < n_dst; r++) {
    dst.emplace_back(c.len, c.align);
    for (std::size_t i = 0; i < c.len; i++) // mad accumulates into this; the others overwrite it
      dst.back().data[i] = input_byte(c.seed, 1000 + r, i);
  }
  alignas(simd::kTableAlignment) std::uint8_t tables[64 * simd::kMaxTableBytes];
  for (std::size_t i = 0; i < c.coefs.size(); i++)
    kernels.expand(c.coefs[i], tables + i * kernels.table_bytes);
  std::vector<const std::uint8_t *> sp;
  std::vector<std::uint8_t *> dp;
  for (auto &b : src)
    sp.push_back(b.data);
  for (auto &b : dst)
    dp.push_back(b.data);

  if (c.kernel == "mul")
    kernels.mul(c.len, tables, sp[0], dp[0]);
  else if (c.kernel == "mad")
    kernels.mad(c.len, c.rows, tables, sp[0], dp.data());
  else if (c.kernel == "dot_prod")
    kernels.dot_prod(c.len, c.k, c.rows, tables, sp.data(), dp.data());
  else if (c.kernel == "xor_many")
    kernels.xor_many(c.len, c.k, sp.data(), dp[0]);

  std::vector<std::uint64_t> out;
  bool intact = true;
  for (auto &b : src)
    intact = intact && b.guards_intact();
  for (auto &b : dst) {
    intact = intact && b.guards_intact();
    out.push_back(fnv1a(b.data, b.len));
  }
  if (!intact)
    out.assign(out.size(), 0); // never a real FNV digest of these cases: reported as a mismatch
  return out;
}

std::string format_case(const VectorCase &c) {
  std::ostringstream s;
  s << c.kernel << " k=" << c.k << " rows=" << c.rows << " len=" << c.len << " align=" << c.align
    << " seed=" << c.seed << " coefs=";
  char hex[24];
  for (std::uint8_t b : c.coefs) {
    std::snprintf(hex, sizeof hex, "%02x", b);
    s << hex;
  }
  s << " out=";
  for (std::size_t i = 0; i < c.digests.size(); i++) {
    std::snprintf(hex, sizeof hex, "%016" PRIx64, c.digests[i]);
    s << (i ? "," : "") << hex;
  }
  return s.str();
}

bool parse_case(const std::string &line, VectorCase *c) {
  std::istringstream s(line);
  std::string field;
  if (!(s >> c->kernel))
    return false;
  *c = VectorCase{c->kernel};
  while (s >> field) {
    const auto eq = field.find('=');
    if (eq == std::string::npos)
      return false;
    const std::string key = field.substr(0, eq), value = field.substr(eq + 1);
    if (key == "k")
      c->k = std::stoul(value);
    else if (key == "rows")
      c->rows = std::stoul(value);
    else if (key == "len")
      c->len = std::stoull(value);
    else if (key == "align")
      c->align = std::stoul(value);
    else if (key == "seed")
      c->seed = std::stoull(value);
    else if (key == "coefs")
      for (std::size_t i = 0; i + 1 < value.size(); i += 2)
        c->coefs.push_back(static_cast<std::uint8_t>(std::stoul(value.substr(i, 2), nullptr, 16)));
    else if (key == "out") {
      std::istringstream d(value);
      std::string h;
      while (std::getline(d, h, ','))
        c->digests.push_back(std::stoull(h, nullptr, 16));
    } else
      return false;
  }
  return !c->digests.empty();
}

} // namespace ec::test_vectors
