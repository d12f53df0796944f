// SPDX-License-Identifier: LGPL-2.1-or-later
// How a plugin=power8 profile selects isa's codes, and isa's profile rules in that mode.
//
// power8-code=isa makes the profile mean what it means to plugin=isa: isa's techniques (reed_sol_van,
// cauchy), keys (technique, k, m), defaults, limits and chunk sizes, so that the chunks are plugin=isa's
// byte for byte. Without the key (or with power8-code=jerasure) the profile is jerasure's, as before:
// jerasure profiles are unchanged, and the key is not written into them. doc/isa-codes.md is the
// operator's side of this.
#ifndef EC_CODEC_ISA_PROFILE_H
#define EC_CODEC_ISA_PROFILE_H

#include <ostream>

#include "codec/profile_keys.h"
#include "codec/technique.h"

namespace ec::codec {

inline constexpr const char *kCodeKey = "power8-code";

// The family the profile's power8-code names: jerasure when absent or empty. -EINVAL, naming the key and
// its values, for anything else.
int read_code_family(const Profile &profile, CodeFamily *family, std::ostream *ss);

// isa's verdict on the profile's technique, k and m, its defaults written back as isa writes them. 0 with
// params filled, -ENOENT for a technique isa does not know, -EINVAL for a value isa refuses (isa reports
// some of them as "revert to ..." but refuses the profile all the same). max_m: the release's isa bound
// on m (Ceph 20.2: 32), 0 for none but the field's.
int parse_isa_profile(Profile &profile, unsigned max_m, CodeParameters *params, std::ostream *ss);

} // namespace ec::codec

#endif
