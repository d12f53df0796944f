// SPDX-License-Identifier: LGPL-2.1-or-later
// isa's codes as plugin=isa has them, selected by power8-code=isa: its techniques reed_sol_van and cauchy
// (other matrices than jerasure's of the same names), its keys (technique, k, m), defaults and limits,
// its matrices and its 32-byte chunk alignment, so that the chunks are plugin=isa's byte for byte.
#include <cerrno>

#include "codec/code_family.h"
#include "gf/isa_matrices.h"

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
// isa's EC_ISA_ADDRESS_ALIGNMENT: each chunk is a multiple of it.
constexpr std::uint64_t kIsaChunkAlignment = 32;

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

class IsaFamily final : public CodeFamilyRules {
public:
  const char *name() const override { return "isa"; }
  int parse(Profile &profile, const ReleaseDefaults &defaults, CodeParameters *params,
            std::ostream *ss) const override;
  gf::Matrix coding_matrix(const CodeParameters &p) const override;
  std::uint64_t chunk_alignment(const CodeParameters &) const override { return kIsaChunkAlignment; }
  // Each chunk is rounded up, not the whole stripe.
  std::uint64_t chunk_size(const CodeParameters &p, std::uint64_t stripe_width) const override {
    return rounded_chunk(stripe_width, p.k, chunk_alignment(p));
  }
};

// isa reports some refused values as "revert to ..." but refuses the profile all the same.
int IsaFamily::parse(Profile &profile, const ReleaseDefaults &defaults, CodeParameters *params,
                     std::ostream *ss) const {
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
  // The release's isa bound on m (Ceph 20.2: 32), 0 for none but the field's.
  const unsigned max_m = defaults.isa_max_m;
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

gf::Matrix IsaFamily::coding_matrix(const CodeParameters &p) const {
  // isa computes m = 1 as the XOR of the data for both its techniques (not its matrices' first row).
  if (p.m == 1)
    return gf::Matrix(p.k, 1);
  switch (p.technique) {
  case Technique::isa_reed_sol_van:
    return gf::isa_reed_sol_van_matrix(p.k, p.m);
  case Technique::isa_cauchy:
    return gf::isa_cauchy_matrix(p.k, p.m);
  default: // another family's technique: parse() never sets one
    return {};
  }
}

const IsaFamily kIsaFamily{};

} // namespace

const CodeFamilyRules &isa_family() { return kIsaFamily; }

} // namespace ec::codec
