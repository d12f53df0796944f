// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec_helpers.h"

#include <gtest/gtest.h>

#include <sstream>

namespace ec::codec::test {

std::string describe(const Shape &s) {
  std::ostringstream o;
  if (code_family(s.technique) == CodeFamily::isa)
    o << "isa ";
  o << technique_name(s.technique) << " k=" << s.k << " m=" << s.m;
  if (is_bitmatrix(s.technique))
    o << " packetsize=" << s.packetsize;
  return o.str();
}

const std::vector<Shape> &all_shapes() {
  static const std::vector<Shape> shapes{
      {Technique::reed_sol_van, 2, 1, 0},   {Technique::reed_sol_van, 4, 2, 0},
      {Technique::reed_sol_van, 6, 3, 0},   {Technique::reed_sol_van, 10, 4, 0},
      {Technique::reed_sol_van, 3, 40, 0},  {Technique::reed_sol_r6_op, 4, 2, 0},
      {Technique::reed_sol_r6_op, 7, 2, 0}, {Technique::cauchy_orig, 3, 2, 8},
      {Technique::cauchy_orig, 5, 3, 4},    {Technique::cauchy_good, 4, 2, 16},
      {Technique::cauchy_good, 6, 3, 2},    {Technique::cauchy_good, 8, 4, 32},
      {Technique::isa_reed_sol_van, 3, 1, 0}, {Technique::isa_reed_sol_van, 4, 2, 0},
      {Technique::isa_reed_sol_van, 5, 3, 0}, {Technique::isa_reed_sol_van, 21, 4, 0},
      {Technique::isa_cauchy, 2, 1, 0},       {Technique::isa_cauchy, 4, 3, 0},
      {Technique::isa_cauchy, 6, 2, 0},       {Technique::isa_cauchy, 8, 40, 0},
  };
  return shapes;
}

std::vector<Shape> small_shapes() {
  std::vector<Shape> small;
  for (const Shape &s : all_shapes())
    if (s.k + s.m <= 8)
      small.push_back(s);
  return small;
}

std::unique_ptr<Codec> make_codec(const Shape &s, const simd::Kernels &kernels,
                                  std::shared_ptr<DecodeCache> decode_cache) {
  Profile profile{{"technique", technique_name(s.technique)}, {"k", std::to_string(s.k)}, {"m", std::to_string(s.m)}};
  if (s.packetsize)
    profile["packetsize"] = std::to_string(s.packetsize);
  if (code_family(s.technique) == CodeFamily::isa)
    profile["power8-code"] = "isa";
  auto codec = std::make_unique<Codec>(kernels, std::move(decode_cache));
  std::ostringstream errors;
  const int r = codec->init(profile, kPacific, &errors);
  if (r) {
    ADD_FAILURE() << describe(s) << ": init() = " << r << ": " << errors.str();
    return nullptr;
  }
  return codec;
}

Bytes random_bytes(std::size_t len, std::mt19937 &rng) {
  Bytes b(len);
  for (auto &x : b)
    x = static_cast<std::uint8_t>(rng());
  return b;
}

std::vector<Bytes> random_chunks(unsigned count, std::size_t len, std::mt19937 &rng) {
  std::vector<Bytes> chunks;
  for (unsigned i = 0; i < count; i++)
    chunks.push_back(random_bytes(len, rng));
  return chunks;
}

std::size_t chunk_length(const Codec &codec, std::size_t units) {
  const std::size_t g = codec.minimum_granularity();
  return g == 1 ? units * 64 + 13 : units * g;
}

std::vector<const std::uint8_t *> inputs(const std::vector<Bytes> &chunks) {
  std::vector<const std::uint8_t *> p;
  for (const auto &c : chunks)
    p.push_back(c.data());
  return p;
}

std::vector<std::uint8_t *> outputs(std::vector<Bytes> &chunks) {
  std::vector<std::uint8_t *> p;
  for (auto &c : chunks)
    p.push_back(c.data());
  return p;
}

std::vector<Bytes> full_parity(const Codec &codec, const std::vector<Bytes> &data) {
  const std::size_t len = data.at(0).size();
  std::vector<Bytes> parity(codec.m(), Bytes(len, 0));
  EXPECT_EQ(codec.encode(len, inputs(data).data(), outputs(parity).data()), 0);
  return parity;
}

} // namespace ec::codec::test
