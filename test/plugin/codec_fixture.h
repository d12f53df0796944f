// SPDX-License-Identifier: LGPL-2.1-or-later
// Shared helpers of the codec tests: building a codec from a profile, random objects, shard maps.
#ifndef EC_TEST_PLUGIN_CODEC_FIXTURE_H
#define EC_TEST_PLUGIN_CODEC_FIXTURE_H

#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "adapter_codec.h" // the adapter built: power8::AdapterCodec
#include "erasure-code/power8/common/ErasureCodePower8.h"
#include "simd/kernels.h"

namespace ec::test {

// A codec made like the plugin makes it; fails the test (returns null) if init() refuses the profile.
// decode_cache: where its decode plans go (by default a cache of its own with the default bound).
std::unique_ptr<power8::ErasureCodePower8>
make_codec(const ceph::ErasureCodeProfile &profile, const simd::Kernels *kernels = nullptr,
           std::shared_ptr<codec::DecodeCache> decode_cache =
               std::make_shared<codec::DecodeCache>(codec::DecodeCache::kDefaultMaxBytes));

// The kernels of the best variant this CPU runs (what plugin=power8 picks), and all it can run.
const simd::Kernels &best_kernels();
std::vector<const simd::Kernels *> runnable_kernels();

ceph::bufferlist random_bufferlist(std::size_t len, std::mt19937 &rng);
std::set<int> all_shards(unsigned n);
std::string to_string(const ceph::bufferlist &bl);
// codec.get_chunk_mapping() as ints, whatever the interface generation types them as.
std::vector<int> chunk_mapping(const ceph::ErasureCodeInterface &codec);

} // namespace ec::test

#endif
