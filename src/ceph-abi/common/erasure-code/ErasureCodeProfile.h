// SPDX-License-Identifier: LGPL-2.1-or-later
// ceph::ErasureCodeProfile, the key=value map every generation of the interface passes (Ceph declares it
// in ErasureCodeInterface.h, with the operator<< its logs use).
#ifndef CEPH_EC_POWER8_ERASURE_CODE_PROFILE_H
#define CEPH_EC_POWER8_ERASURE_CODE_PROFILE_H

#include <map>
#include <ostream>
#include <string>

namespace ceph {

typedef std::map<std::string, std::string> ErasureCodeProfile;

inline std::ostream &operator<<(std::ostream &out, const ErasureCodeProfile &profile) {
  out << "{";
  for (auto it = profile.begin(); it != profile.end(); ++it) {
    if (it != profile.begin())
      out << ",";
    out << it->first << "=" << it->second;
  }
  out << "}";
  return out;
}

} // namespace ceph

#endif
