// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec_fixture.h"

#include <gtest/gtest.h>

#include <sstream>

#include "simd/variants.h"

namespace ec::test {

std::unique_ptr<power8::ErasureCodePower8> make_codec(const ceph::ErasureCodeProfile &profile,
                                                      const simd::Kernels *kernels,
                                                      std::shared_ptr<codec::DecodeCache> decode_cache) {
  auto codec = std::make_unique<power8::AdapterCodec>(kernels ? *kernels : best_kernels(), std::move(decode_cache));
  ceph::ErasureCodeProfile p = profile;
  std::ostringstream ss;
  int r = codec->init(p, &ss);
  EXPECT_EQ(r, 0) << ss.str();
  if (r)
    return nullptr;
  return codec;
}

std::vector<const simd::Kernels *> runnable_kernels() { return simd::runnable_built_variants(); }

const simd::Kernels &best_kernels() { return *runnable_kernels().front(); }

ceph::bufferlist random_bufferlist(std::size_t len, std::mt19937 &rng) {
  std::string bytes(len, '\0');
  for (auto &c : bytes)
    c = static_cast<char>(rng());
  ceph::bufferlist bl;
  bl.append(bytes);
  return bl;
}

std::set<int> all_shards(unsigned n) {
  std::set<int> s;
  for (unsigned i = 0; i < n; i++)
    s.insert(static_cast<int>(i));
  return s;
}

std::string to_string(const ceph::bufferlist &bl) {
  ceph::bufferlist copy = bl;
  return std::string(copy.c_str(), copy.length());
}

std::vector<int> chunk_mapping(const ceph::ErasureCodeInterface &codec) {
  std::vector<int> shards;
  for (auto shard : codec.get_chunk_mapping())
    shards.push_back(static_cast<int>(shard));
  return shards;
}

} // namespace ec::test
