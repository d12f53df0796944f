// SPDX-License-Identifier: LGPL-2.1-or-later
// The seam between the generic codec and a code family: everything that makes plugin=power8's chunks
// one stock plugin's (jerasure's, or isa's with power8-code=isa) sits behind CodeFamilyRules, one class
// per family in a file of its own (codec/jerasure_family.cc, codec/isa_family.cc), as Ceph keeps each
// code's rules in its plugin's class. Codec asks the family through it and never branches on it.
//
// power8-code=isa makes the profile mean what it means to plugin=isa: isa's techniques (reed_sol_van,
// cauchy), keys (technique, k, m), defaults, limits and chunk sizes. Without the key (or with
// power8-code=jerasure) the profile is jerasure's, as before: jerasure profiles are unchanged, and the key
// is not written into them. doc/isa-codes.md is the operator's side of this.
#ifndef EC_CODEC_CODE_FAMILY_H
#define EC_CODEC_CODE_FAMILY_H

#include <cstdint>
#include <ostream>

#include "codec/profile_keys.h"
#include "codec/release_defaults.h"
#include "codec/technique.h"
#include "gf/matrix.h"

namespace ec::codec {

inline constexpr const char *kCodeKey = "power8-code";

class CodeFamilyRules {
public:
  virtual ~CodeFamilyRules() = default;

  // The power8-code value that selects the family: the name of the stock plugin whose chunks it makes.
  virtual const char *name() const = 0;

  // The plugin's verdict on the profile (power8-code aside), its defaults written back as it writes them.
  // params comes zeroed; 0 with it filled, or -ENOENT for a technique the plugin does not know, -EINVAL
  // for a value it refuses, with a message naming the key in *ss.
  virtual int parse(Profile &profile, const ReleaseDefaults &defaults, CodeParameters *params,
                    std::ostream *ss) const = 0;

  // The m x k matrix the plugin codes with for parse()'s parameters; empty if it cannot build one.
  virtual gf::Matrix coding_matrix(const CodeParameters &p) const = 0;

  // The plugin's get_alignment(), computed without overflow.
  virtual std::uint64_t chunk_alignment(const CodeParameters &p) const = 0;

  // The plugin's get_chunk_size(): the chunk for a stripe of stripe_width bytes. 64-bit so that no stripe
  // width Ceph can pass overflows; parse() refuses parameters whose chunks would not fit 32 bits.
  virtual std::uint64_t chunk_size(const CodeParameters &p, std::uint64_t stripe_width) const = 0;
};

// Each family's rules, defined in its own file.
const CodeFamilyRules &jerasure_family();
const CodeFamilyRules &isa_family();

const CodeFamilyRules &family_rules(CodeFamily family);
// The rules of the family whose code the technique is.
inline const CodeFamilyRules &family_rules(Technique t) { return family_rules(code_family(t)); }

// The family the profile's power8-code names: the default (jerasure) when absent or empty. -EINVAL, naming
// the key and its values, for anything else.
int read_code_family(const Profile &profile, CodeFamily *family, std::ostream *ss);

inline std::uint64_t round_up(std::uint64_t x, std::uint64_t to) { return (x + to - 1) / to * to; }

// The chunk of a stripe when each chunk, not the stripe, is rounded up to the alignment (isa's rule, and
// jerasure's with jerasure-per-chunk-alignment).
inline std::uint64_t rounded_chunk(std::uint64_t stripe_width, unsigned k, std::uint64_t alignment) {
  return round_up((stripe_width + k - 1) / k, alignment);
}

} // namespace ec::codec

#endif
