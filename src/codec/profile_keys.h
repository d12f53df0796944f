// SPDX-License-Identifier: LGPL-2.1-or-later
// Reading erasure-code profile keys the way Ceph's plugins do.
//
// A missing or empty key takes its default, and the default is written back into the profile: Ceph's
// registry compares the profile it passed to factory() with get_profile(), and the monitor stores the
// completed profile, so every default must be visible in the map. Errors name the key, the value and what
// is accepted, and return -EINVAL.
#ifndef EC_CODEC_PROFILE_KEYS_H
#define EC_CODEC_PROFILE_KEYS_H

#include <map>
#include <ostream>
#include <string>

namespace ec::codec {

// An erasure-code profile: key=value pairs (what Ceph calls ErasureCodeProfile, the same type).
using Profile = std::map<std::string, std::string>;

// An integer in [min, max] (decimal, optional sign, surrounding blanks allowed as strtol does).
int read_int(Profile &profile, const std::string &key, int default_value, long min, long max,
             int *value, std::ostream *ss);

// A boolean as Ceph's to_bool reads it: "true" and "yes" are true, anything else is false. Ceph accepts
// any value here, and a profile accepted once must stay accepted, so this never fails.
void read_bool(Profile &profile, const std::string &key, const std::string &default_value,
               bool *value);

// A string, default written back (an empty default too: the monitor compares profiles key by key).
void read_string(Profile &profile, const std::string &key, const std::string &default_value,
                 std::string *value);

} // namespace ec::codec

#endif
