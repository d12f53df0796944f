// SPDX-License-Identifier: LGPL-2.1-or-later
// Debian's libjerasure as the oracle for whole chunks: the parity the stock jerasure plugin computes.
#ifndef EC_TEST_CODEC_JERASURE_PARITY_H
#define EC_TEST_CODEC_JERASURE_PARITY_H

#include <cstddef>
#include <string>
#include <vector>

#include "codec/technique.h"

namespace ec::test {

// The m parity chunks libjerasure computes from data (k chunks of `chunk` bytes), called the way the
// stock plugin calls it for this technique.
std::vector<std::string> jerasure_parity(codec::Technique technique, unsigned k, unsigned m, unsigned packetsize,
                                         std::vector<std::string> data, std::size_t chunk);

} // namespace ec::test

#endif
