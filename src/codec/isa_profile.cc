// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/isa_profile.h"

#include <cerrno>

#include "gf/matrix.h"

namespace ec::codec {
namespace {

// isa's defaults, the same in Ceph 16.2, 18.2 and 20.2 (ErasureCodeIsaDefault::DEFAULT_K and _M).
constexpr int kIsaDefaultK = 7;
constexpr int kIsaDefaultM = 3;
// isa's bounds on its Vandermonde code, the shapes for which it is known to be MDS: its matrix is not
// MDS for every k and m (a Cauchy matrix is, up to the field's 256 points).
constexpr int kVandermondeMaxK = 32;
constexpr int kVandermondeMaxM = 4;
constexpr int kVandermondeMaxKAtM4 = 21;

// isa's checks of the Vandermonde code, in isa's order.
int check_vandermonde(int k, int m, std::ostream *ss) {
  if (k > kVandermondeMaxK) {
    *ss << "k=" << k << " is not valid for power8-code=isa technique=reed_sol_van: isa's Vandermonde code is "
        << "MDS only up to k=" << kVandermondeMaxK << " (technique=cauchy has no such bound)" << std::endl;
    return -EINVAL;
  }
  if (m > kVandermondeMaxM) {
    *ss << "m=" << m << " is not valid for power8-code=isa technique=reed_sol_van: isa's Vandermonde code is "
        << "MDS only up to m=" << kVandermondeMaxM << " (technique=cauchy has no such bound)" << std::endl;
    return -EINVAL;
  }
  if (m == kVandermondeMaxM && k > kVandermondeMaxKAtM4) {
    *ss << "k=" << k << " is not valid with m=" << m << " for power8-code=isa technique=reed_sol_van: isa's "
        << "Vandermonde code is MDS with m=" << m << " only up to k=" << kVandermondeMaxKAtM4 << std::endl;
    return -EINVAL;
  }
  return 0;
}

} // namespace

int read_code_family(const Profile &profile, CodeFamily *family, std::ostream *ss) {
  auto it = profile.find(kCodeKey);
  if (it == profile.end() || it->second.empty() || it->second == "jerasure") {
    *family = CodeFamily::jerasure;
    return 0;
  }
  if (it->second == "isa") {
    *family = CodeFamily::isa;
    return 0;
  }
  *ss << kCodeKey << "=" << it->second << " is not valid: " << kCodeKey << " must be jerasure (the default: "
      << "jerasure's codes, chunks identical to plugin=jerasure) or isa (isa's codes, chunks identical to "
      << "plugin=isa)" << std::endl;
  return -EINVAL;
}

int parse_isa_profile(Profile &profile, unsigned max_m, CodeParameters *params, std::ostream *ss) {
  // isa writes its default technique only where the key is missing: an empty one is an unknown name.
  auto technique = profile.find("technique");
  if (technique == profile.end())
    technique = profile.emplace("technique", "reed_sol_van").first;
  if (technique->second == "reed_sol_van") {
    params->technique = Technique::isa_reed_sol_van;
  } else if (technique->second == "cauchy") {
    params->technique = Technique::isa_cauchy;
  } else {
    *ss << "technique=" << technique->second << " is not a valid coding technique for power8-code=isa. Choose "
        << "one of the following: reed_sol_van, cauchy (jerasure's techniques need no power8-code)" << std::endl;
    return -ENOENT;
  }

  int k = 0, m = 0;
  if (int r = read_int(profile, "k", kIsaDefaultK, 2, gf::kMaxChunks - 1, &k, ss))
    return r;
  if (int r = read_int(profile, "m", kIsaDefaultM, 1, gf::kMaxChunks - 1, &m, ss))
    return r;
  if (max_m && static_cast<unsigned>(m) > max_m) {
    *ss << "m=" << m << " is not valid for power8-code=isa: isa of this Ceph release codes at most m=" << max_m << std::endl;
    return -EINVAL;
  }
  if (params->technique == Technique::isa_reed_sol_van) {
    if (int r = check_vandermonde(k, m, ss))
      return r;
  }
  // isa itself accepts more Cauchy chunks, but its matrix's points stop being distinct field elements:
  // the code is no longer MDS.
  if (k + m > static_cast<int>(gf::kMaxChunks)) {
    *ss << "k=" << k << " m=" << m << " is not valid: k+m=" << k + m << " must be at most " << gf::kMaxChunks
        << " (isa's Cauchy matrix has 256 distinct points)" << std::endl;
    return -EINVAL;
  }
  params->k = static_cast<unsigned>(k);
  params->m = static_cast<unsigned>(m);
  return 0;
}

} // namespace ec::codec
