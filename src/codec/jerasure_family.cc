// SPDX-License-Identifier: LGPL-2.1-or-later
// jerasure's w=8 codes as plugin=jerasure has them: reed_sol_van, reed_sol_r6_op, cauchy_orig and
// cauchy_good, with its profile keys (technique, k, m, w, packetsize, jerasure-per-chunk-alignment), the
// release's defaults, its matrices and its get_alignment() and get_chunk_size().
#include <cerrno>
#include <climits>

#include "codec/code_family.h"

namespace ec::codec {
namespace {

// jerasure's LARGEST_VECTOR_WORDSIZE: its alignment rules are written in terms of it.
constexpr std::uint64_t kLargestVectorWordSize = 16;
constexpr std::uint64_t kSizeofInt = 4;
// Larger alignments would let a chunk size overflow the 32 bits Ceph keeps it in.
constexpr std::uint64_t kMaxAlignment = std::uint64_t{1} << 30;

// 0, or -ENOENT for a name jerasure does not know either (as jerasure answers), or -EINVAL for one of
// jerasure's bitmatrix-only techniques that this plugin does not implement.
int parse_technique(const std::string &name, Technique *technique, std::ostream *ss) {
  for (Technique t : {Technique::reed_sol_van, Technique::reed_sol_r6_op, Technique::cauchy_orig,
                      Technique::cauchy_good}) {
    if (name == technique_name(t)) {
      *technique = t;
      return 0;
    }
  }
  if (name == "liberation" || name == "blaum_roth" || name == "liber8tion") {
    *ss << "technique=" << name << " is not implemented by plugin=power8 (it implements reed_sol_van, "
        << "reed_sol_r6_op, cauchy_orig and cauchy_good); use plugin=jerasure for " << name << std::endl;
    return -EINVAL;
  }
  *ss << "technique=" << name << " is not a valid coding technique. Choose one of the following: "
      << "reed_sol_van, reed_sol_r6_op, cauchy_orig, cauchy_good";
  if (name == "cauchy")
    *ss << " (cauchy is plugin=isa's technique: power8-code=isa selects isa's codes)";
  *ss << std::endl;
  return -ENOENT;
}

class JerasureFamily final : public CodeFamilyRules {
public:
  const char *name() const override { return "jerasure"; }
  int parse(Profile &profile, const ReleaseDefaults &defaults, CodeParameters *params,
            std::ostream *ss) const override;
  gf::Matrix coding_matrix(const CodeParameters &p) const override;
  std::uint64_t chunk_alignment(const CodeParameters &p) const override;
  std::uint64_t chunk_size(const CodeParameters &p, std::uint64_t stripe_width) const override;
};

int JerasureFamily::parse(Profile &profile, const ReleaseDefaults &defaults, CodeParameters *params,
                          std::ostream *ss) const {
  std::string technique;
  read_string(profile, "technique", "reed_sol_van", &technique);
  int r = parse_technique(technique, &params->technique, ss);
  if (r)
    return r;
  const bool raid6 = params->technique == Technique::reed_sol_r6_op;

  int k = 0, m = 0, w = 0;
  if ((r = read_int(profile, "k", static_cast<int>(defaults.k), 2, gf::kMaxChunks - 1, &k, ss)))
    return r;
  if ((r = read_int(profile, "m", static_cast<int>(raid6 ? defaults.raid6_m : defaults.m), 1, gf::kMaxChunks - 1,
                    &m, ss)))
    return r;
  if ((r = read_int(profile, "w", kW, INT_MIN, INT_MAX, &w, ss)))
    return r;
  if (raid6 && m != 2) {
    *ss << "m=" << m << " is not valid for technique=reed_sol_r6_op: RAID6 has exactly m=2" << std::endl;
    return -EINVAL;
  }
  if (w != static_cast<int>(kW)) {
    *ss << "w=" << w << " is not supported: plugin=power8 implements w=8 only (jerasure's w=16 and w=32 "
        << "need plugin=jerasure)" << std::endl;
    return -EINVAL;
  }
  if (k + m > static_cast<int>(gf::kMaxChunks)) {
    *ss << "k=" << k << " m=" << m << " is not valid: k+m=" << k + m << " must be at most " << gf::kMaxChunks
        << " for w=8" << std::endl;
    return -EINVAL;
  }
  params->k = static_cast<unsigned>(k);
  params->m = static_cast<unsigned>(m);

  // jerasure's RAID6 class never reads jerasure-per-chunk-alignment (so it is always off there).
  if (!raid6)
    read_bool(profile, "jerasure-per-chunk-alignment", "false", &params->per_chunk_alignment);

  if (is_bitmatrix(params->technique)) {
    int packetsize = 0;
    if ((r = read_int(profile, "packetsize", static_cast<int>(defaults.packetsize), 1, INT_MAX, &packetsize, ss)))
      return r;
    params->packetsize = static_cast<unsigned>(packetsize);
    if (params->per_chunk_alignment && (kW * params->packetsize) % 16) {
      *ss << "packetsize=" << packetsize << " is not valid with jerasure-per-chunk-alignment=true: packetsize "
          << "must be even, so that every chunk holds whole groups of w*packetsize bytes" << std::endl;
      return -EINVAL;
    }
  }
  // With jerasure-per-chunk-alignment the alignment itself is only w*packetsize, but a group of k data
  // chunks' packets is still k*w*packetsize*4 bytes of scratch for jerasure and of chunk for Ceph: the
  // same bound in both modes (packetsize up to 2^27 with k=1 would make 1 GiB chunks otherwise).
  const std::uint64_t group = std::uint64_t{params->k} * kW * params->packetsize * 4;
  if (chunk_alignment(*params) > kMaxAlignment || group > kMaxAlignment) {
    *ss << "packetsize=" << params->packetsize << " is too large for k=" << k << ": k*w*packetsize*4 = " << group
        << " must be at most " << kMaxAlignment << " (with or without jerasure-per-chunk-alignment)" << std::endl;
    return -EINVAL;
  }
  return 0;
}

gf::Matrix JerasureFamily::coding_matrix(const CodeParameters &p) const {
  switch (p.technique) {
  case Technique::reed_sol_van:
    return gf::reed_sol_van_matrix(p.k, p.m);
  case Technique::reed_sol_r6_op:
    return gf::reed_sol_r6_op_matrix(p.k);
  case Technique::cauchy_orig:
    return gf::cauchy_orig_matrix(p.k, p.m);
  case Technique::cauchy_good:
    return gf::cauchy_good_matrix(p.k, p.m);
  default: // another family's technique: parse() never sets one
    return {};
  }
}

std::uint64_t JerasureFamily::chunk_alignment(const CodeParameters &p) const {
  if (is_bitmatrix(p.technique)) {
    if (p.per_chunk_alignment)
      return round_up(std::uint64_t{kW} * p.packetsize, kLargestVectorWordSize);
    std::uint64_t per_data_chunk = std::uint64_t{kW} * p.packetsize * kSizeofInt;
    if (per_data_chunk % kLargestVectorWordSize)
      return std::uint64_t{p.k} * kW * p.packetsize * kLargestVectorWordSize;
    return p.k * per_data_chunk;
  }
  // Reed-Solomon: jerasure's RAID6 class never parses jerasure-per-chunk-alignment, so it stays false
  // there (parse() does not set it for reed_sol_r6_op).
  if (p.per_chunk_alignment)
    return kW * kLargestVectorWordSize;
  if ((kW * kSizeofInt) % kLargestVectorWordSize)
    return std::uint64_t{p.k} * kW * kLargestVectorWordSize;
  return std::uint64_t{p.k} * kW * kSizeofInt;
}

std::uint64_t JerasureFamily::chunk_size(const CodeParameters &p, std::uint64_t stripe_width) const {
  const std::uint64_t alignment = chunk_alignment(p);
  if (p.per_chunk_alignment)
    return rounded_chunk(stripe_width, p.k, alignment);
  // The padded stripe is a multiple of k*something for every technique, so it divides exactly.
  return round_up(stripe_width, alignment) / p.k;
}

const JerasureFamily kJerasureFamily{};

} // namespace

const CodeFamilyRules &jerasure_family() { return kJerasureFamily; }

} // namespace ec::codec
