// SPDX-License-Identifier: LGPL-2.1-or-later
#include "jerasure_parity.h"

extern "C" {
#include <cauchy.h>
#include <jerasure.h>
#include <reed_sol.h>
}

#include <cstdlib>

namespace ec::test {

std::vector<std::string> jerasure_parity(codec::Technique technique, unsigned k_, unsigned m_, unsigned packetsize,
                                         std::vector<std::string> data, std::size_t chunk) {
  using codec::Technique;
  std::vector<std::string> coding(m_, std::string(chunk, '\0'));
  std::vector<char *> dp, cp;
  for (auto &d : data)
    dp.push_back(d.data());
  for (auto &c : coding)
    cp.push_back(c.data());
  const int k = static_cast<int>(k_), m = static_cast<int>(m_), size = static_cast<int>(chunk);
  int *matrix = nullptr;
  switch (technique) {
  case Technique::reed_sol_van:
    matrix = reed_sol_vandermonde_coding_matrix(k, m, 8);
    jerasure_matrix_encode(k, m, 8, matrix, dp.data(), cp.data(), size);
    break;
  case Technique::reed_sol_r6_op:
    reed_sol_r6_encode(k, 8, dp.data(), cp.data(), size);
    break;
  case Technique::cauchy_orig:
  case Technique::cauchy_good: {
    matrix = technique == Technique::cauchy_orig ? cauchy_original_coding_matrix(k, m, 8)
                                                 : cauchy_good_general_coding_matrix(k, m, 8);
    int *bitmatrix = jerasure_matrix_to_bitmatrix(k, m, 8, matrix);
    int **schedule = jerasure_smart_bitmatrix_to_schedule(k, m, 8, bitmatrix);
    jerasure_schedule_encode(k, m, 8, schedule, dp.data(), cp.data(), size, static_cast<int>(packetsize));
    jerasure_free_schedule(schedule);
    std::free(bitmatrix);
    break;
  }
  case Technique::isa_reed_sol_van:
  case Technique::isa_cauchy:
    return {}; // not jerasure's codes (isal_parity.h is their oracle): no parity, so a comparison fails
  }
  std::free(matrix);
  return coding;
}

} // namespace ec::test
