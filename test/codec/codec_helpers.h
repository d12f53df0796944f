// SPDX-License-Identifier: LGPL-2.1-or-later
// Shared helpers of the engine's tests: the code shapes they cover, codecs built from them, random
// chunks, and the parity a full encode gives. No Ceph type: these tests link the engine and the kernels
// only.
#ifndef EC_TEST_CODEC_CODEC_HELPERS_H
#define EC_TEST_CODEC_CODEC_HELPERS_H

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "codec/codec.h"
#include "simd/kernels.h"

namespace ec::codec::test {

// Ceph 16.2 Pacific's and 20.2 Tentacle's defaults (ceph-releases.tsv), for the profile tests.
inline constexpr ReleaseDefaults kPacific{7, 3, 2, 2048, 0};
inline constexpr ReleaseDefaults kTentacle{7, 3, 2, 2048, 32};

struct Shape {
  Technique technique;
  unsigned k, m, packetsize; // packetsize: Cauchy techniques only
};
std::string describe(const Shape &s);

// Shapes of every technique, from the smallest code to a Reed-Solomon code with more parities than one
// multiply pass of any variant holds.
const std::vector<Shape> &all_shapes();
// Those with k+m <= 8, small enough to try every erasure pattern.
std::vector<Shape> small_shapes();

// A codec for s after init() (jerasure's Pacific..Tentacle defaults for the keys s leaves out; isa's
// techniques with power8-code=isa, Pacific's and Reef's bounds); null,
// with a test failure, if init() refuses it.
std::unique_ptr<Codec> make_codec(const Shape &s, const simd::Kernels &kernels,
                                  std::shared_ptr<DecodeCache> decode_cache =
                                      std::make_shared<DecodeCache>(DecodeCache::kDefaultMaxBytes));

using Bytes = std::vector<std::uint8_t>;
Bytes random_bytes(std::size_t len, std::mt19937 &rng);
std::vector<Bytes> random_chunks(unsigned count, std::size_t len, std::mt19937 &rng);
// A chunk length the codec accepts, of `units` granularities (plus an odd tail for Reed-Solomon, whose
// granularity is one byte, so that the kernels' partial-register paths run too).
std::size_t chunk_length(const Codec &codec, std::size_t units);

// The chunks' addresses, to read from (inputs) or write to (outputs).
std::vector<const std::uint8_t *> inputs(const std::vector<Bytes> &chunks);
std::vector<std::uint8_t *> outputs(std::vector<Bytes> &chunks);
// The m parities of data by a full encode (every pointer non-null).
std::vector<Bytes> full_parity(const Codec &codec, const std::vector<Bytes> &data);

} // namespace ec::codec::test

#endif
