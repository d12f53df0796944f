// SPDX-License-Identifier: LGPL-2.1-or-later
// Debian's libisal as the oracle for whole chunks of isa's codes: the parity the stock isa plugin computes.
#ifndef EC_TEST_CODEC_ISAL_PARITY_H
#define EC_TEST_CODEC_ISAL_PARITY_H

#include <cstddef>
#include <string>
#include <vector>

#include "codec/technique.h"

namespace ec::test {

// The m parity chunks of data (k chunks of `chunk` bytes) as isa computes them for its technique
// (isa_reed_sol_van or isa_cauchy): m = 1 with ISA-L's XOR, otherwise ec_encode_data with the tables of
// gf_gen_rs_matrix's or gf_gen_cauchy1_matrix's rows below the identity.
std::vector<std::string> isal_parity(codec::Technique technique, unsigned k, unsigned m,
                                     const std::vector<std::string> &data, std::size_t chunk);

// The oracle of the technique's family: libjerasure's parity (jerasure_parity.h) or libisal's.
std::vector<std::string> stock_plugin_parity(codec::Technique technique, unsigned k, unsigned m, unsigned packetsize,
                                             const std::vector<std::string> &data, std::size_t chunk);

} // namespace ec::test

#endif
