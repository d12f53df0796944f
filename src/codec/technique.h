// SPDX-License-Identifier: LGPL-2.1-or-later
// The coding techniques plugin=power8 implements, with the rules of the plugin whose codes they are:
// jerasure's four w=8 techniques and isa's two (selected by the profile key power8-code=isa, see
// codec/isa_profile.h). Names, coding matrices and the chunk size for a stripe: matching these rules is
// what makes our chunks byte-identical to plugin=jerasure, or plugin=isa, for the same profile.
#ifndef EC_CODEC_TECHNIQUE_H
#define EC_CODEC_TECHNIQUE_H

#include <cstdint>
#include <ostream>
#include <string>

#include "gf/matrix.h"

namespace ec::codec {

// The isa_* ones are plugin=isa's reed_sol_van and cauchy: other matrices than jerasure's of the same name.
enum class Technique { reed_sol_van, reed_sol_r6_op, cauchy_orig, cauchy_good, isa_reed_sol_van, isa_cauchy };

// Whose codes a technique is, and so which plugin's profile rules and chunk sizes apply.
enum class CodeFamily { jerasure, isa };
CodeFamily code_family(Technique t);

struct CodeParameters {
  Technique technique = Technique::reed_sol_van;
  unsigned k = 0;
  unsigned m = 0;
  unsigned packetsize = 0;          // bitmatrix techniques only
  bool per_chunk_alignment = false; // jerasure-per-chunk-alignment
};

constexpr unsigned kW = 8; // the only word size implemented

// Cauchy techniques code packets with a bitmatrix (XORs); Reed-Solomon ones multiply bytes.
bool is_bitmatrix(Technique t);
// The name a profile gives it (technique=), in its family: isa_cauchy is "cauchy".
const char *technique_name(Technique t);

// jerasure's techniques: 0, or -ENOENT for a name jerasure does not know either (as jerasure answers), or
// -EINVAL for one of jerasure's bitmatrix-only techniques that this plugin does not implement.
int parse_technique(const std::string &name, Technique *technique, std::ostream *ss);

// The m x k coding matrix the family's plugin codes with for these parameters: isa computes m = 1 as the
// XOR of the data for both its techniques (not its matrices' first row), so that is a row of ones.
gf::Matrix coding_matrix(const CodeParameters &p);

// jerasure's get_alignment(), computed without overflow; isa's is 32 bytes per chunk.
std::uint64_t chunk_alignment(const CodeParameters &p);

// The plugin's get_chunk_size(): the chunk for a stripe of stripe_width bytes. 64-bit so that no stripe
// width Ceph can pass overflows; the codec refuses parameters whose chunks would not fit 32 bits.
std::uint64_t chunk_size(const CodeParameters &p, std::uint64_t stripe_width);

} // namespace ec::codec

#endif
