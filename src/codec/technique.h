// SPDX-License-Identifier: LGPL-2.1-or-later
// The coding techniques plugin=power8 implements: jerasure's four w=8 techniques and isa's two (selected
// by the profile key power8-code=isa), each with the family whose rules it follows. The rules themselves
// (profile keys, coding matrices, chunk sizes) are the family's: codec/code_family.h.
#ifndef EC_CODEC_TECHNIQUE_H
#define EC_CODEC_TECHNIQUE_H

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

} // namespace ec::codec

#endif
