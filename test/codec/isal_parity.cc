// SPDX-License-Identifier: LGPL-2.1-or-later
#include "isal_parity.h"

#include "jerasure_parity.h"

extern "C" {
#include <isa-l/erasure_code.h>
#include <isa-l/raid.h>
}

namespace ec::test {

std::vector<std::string> isal_parity(codec::Technique technique, unsigned k_, unsigned m_,
                                     const std::vector<std::string> &data, std::size_t chunk) {
  const int k = static_cast<int>(k_), m = static_cast<int>(m_), len = static_cast<int>(chunk);
  std::vector<std::string> in = data; // ISA-L takes non-const pointers
  std::vector<std::string> coding(m_, std::string(chunk, '\0'));
  std::vector<unsigned char *> dp, cp;
  for (auto &d : in)
    dp.push_back(reinterpret_cast<unsigned char *>(d.data()));
  for (auto &c : coding)
    cp.push_back(reinterpret_cast<unsigned char *>(c.data()));
  if (m == 1) {
    // The XOR isa's plugin computes (xor_gen for aligned buffers, byte by byte otherwise: the same bytes);
    // the base version takes any alignment and length.
    std::vector<void *> vectors(dp.begin(), dp.end());
    vectors.push_back(cp[0]);
    xor_gen_base(k + 1, len, vectors.data());
    return coding;
  }
  std::vector<unsigned char> generator(static_cast<std::size_t>(k + m) * k);
  if (technique == codec::Technique::isa_cauchy)
    gf_gen_cauchy1_matrix(generator.data(), k + m, k);
  else
    gf_gen_rs_matrix(generator.data(), k + m, k);
  std::vector<unsigned char> tables(static_cast<std::size_t>(32) * k * m);
  ec_init_tables(k, m, generator.data() + static_cast<std::size_t>(k) * k, tables.data());
  ec_encode_data(len, k, m, tables.data(), dp.data(), cp.data());
  return coding;
}

std::vector<std::string> stock_plugin_parity(codec::Technique technique, unsigned k, unsigned m, unsigned packetsize,
                                             const std::vector<std::string> &data, std::size_t chunk) {
  if (codec::code_family(technique) == codec::CodeFamily::isa)
    return isal_parity(technique, k, m, data, chunk);
  return jerasure_parity(technique, k, m, packetsize, data, chunk);
}

} // namespace ec::test
