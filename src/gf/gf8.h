// SPDX-License-Identifier: LGPL-2.1-or-later
// GF(2^8) arithmetic with the polynomial x^8+x^4+x^3+x^2+1 (0x11d), the field jerasure, gf-complete and
// ISA-L use for w=8, so that coefficients (and thus chunks) agree byte for byte.
#ifndef EC_GF_GF8_H
#define EC_GF_GF8_H

#include <cstdint>

namespace ec::gf {

constexpr unsigned kPolynomial = 0x11d;

std::uint8_t mul(std::uint8_t a, std::uint8_t b);
std::uint8_t div(std::uint8_t a, std::uint8_t b); // b != 0
std::uint8_t inv(std::uint8_t a);                 // a != 0
std::uint8_t pow(std::uint8_t a, unsigned n);     // pow(a, 0) == 1
std::uint8_t log(std::uint8_t a);                 // a != 0; 2 is the generator
std::uint8_t exp(unsigned e);                     // 2^e, any e

} // namespace ec::gf

#endif
