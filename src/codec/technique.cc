// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/technique.h"

#include <cerrno>

#include "gf/isa_matrices.h"

namespace ec::codec {
namespace {

// jerasure's LARGEST_VECTOR_WORDSIZE: its alignment rules are written in terms of it.
constexpr std::uint64_t kLargestVectorWordSize = 16;
constexpr std::uint64_t kSizeofInt = 4;
// isa's EC_ISA_ADDRESS_ALIGNMENT: each chunk is a multiple of it.
constexpr std::uint64_t kIsaChunkAlignment = 32;

std::uint64_t round_up(std::uint64_t x, std::uint64_t to) { return (x + to - 1) / to * to; }

} // namespace

CodeFamily code_family(Technique t) {
  return t == Technique::isa_reed_sol_van || t == Technique::isa_cauchy ? CodeFamily::isa : CodeFamily::jerasure;
}

bool is_bitmatrix(Technique t) { return t == Technique::cauchy_orig || t == Technique::cauchy_good; }

const char *technique_name(Technique t) {
  switch (t) {
  case Technique::reed_sol_van:
    return "reed_sol_van";
  case Technique::reed_sol_r6_op:
    return "reed_sol_r6_op";
  case Technique::cauchy_orig:
    return "cauchy_orig";
  case Technique::cauchy_good:
    return "cauchy_good";
  case Technique::isa_reed_sol_van:
    return "reed_sol_van";
  case Technique::isa_cauchy:
    return "cauchy";
  }
  return "?";
}

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

gf::Matrix coding_matrix(const CodeParameters &p) {
  if (code_family(p.technique) == CodeFamily::isa && p.m == 1)
    return gf::Matrix(p.k, 1);
  switch (p.technique) {
  case Technique::reed_sol_van:
    return gf::reed_sol_van_matrix(p.k, p.m);
  case Technique::reed_sol_r6_op:
    return gf::reed_sol_r6_op_matrix(p.k);
  case Technique::cauchy_orig:
    return gf::cauchy_orig_matrix(p.k, p.m);
  case Technique::cauchy_good:
    return gf::cauchy_good_matrix(p.k, p.m);
  case Technique::isa_reed_sol_van:
    return gf::isa_reed_sol_van_matrix(p.k, p.m);
  case Technique::isa_cauchy:
    return gf::isa_cauchy_matrix(p.k, p.m);
  }
  return {};
}

std::uint64_t chunk_alignment(const CodeParameters &p) {
  if (code_family(p.technique) == CodeFamily::isa)
    return kIsaChunkAlignment;
  if (is_bitmatrix(p.technique)) {
    if (p.per_chunk_alignment)
      return round_up(std::uint64_t{kW} * p.packetsize, kLargestVectorWordSize);
    std::uint64_t per_data_chunk = std::uint64_t{kW} * p.packetsize * kSizeofInt;
    if (per_data_chunk % kLargestVectorWordSize)
      return std::uint64_t{p.k} * kW * p.packetsize * kLargestVectorWordSize;
    return p.k * per_data_chunk;
  }
  // Reed-Solomon: jerasure's RAID6 class never parses jerasure-per-chunk-alignment, so it stays false
  // there (the codec does not set it for reed_sol_r6_op).
  if (p.per_chunk_alignment)
    return kW * kLargestVectorWordSize;
  if ((kW * kSizeofInt) % kLargestVectorWordSize)
    return std::uint64_t{p.k} * kW * kLargestVectorWordSize;
  return std::uint64_t{p.k} * kW * kSizeofInt;
}

std::uint64_t chunk_size(const CodeParameters &p, std::uint64_t stripe_width) {
  const std::uint64_t alignment = chunk_alignment(p);
  // isa, like jerasure with per-chunk alignment, rounds each chunk up rather than the whole stripe.
  if (p.per_chunk_alignment || code_family(p.technique) == CodeFamily::isa)
    return round_up((stripe_width + p.k - 1) / p.k, alignment);
  // The padded stripe is a multiple of k*something for every technique, so it divides exactly.
  return round_up(stripe_width, alignment) / p.k;
}

} // namespace ec::codec
