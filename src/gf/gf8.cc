// SPDX-License-Identifier: LGPL-2.1-or-later
#include "gf/gf8.h"

#include <array>

namespace ec::gf {
namespace {

// log/exp tables built at compile time from the generator 2; exp is doubled so mul needs no modulo.
struct LogExpTables {
  std::array<std::uint8_t, 256> log{};
  std::array<std::uint8_t, 512> exp{};
};

constexpr LogExpTables make_tables() {
  LogExpTables t{};
  unsigned x = 1;
  for (unsigned e = 0; e < 255; e++) {
    t.exp[e] = static_cast<std::uint8_t>(x);
    t.exp[e + 255] = static_cast<std::uint8_t>(x);
    t.log[x] = static_cast<std::uint8_t>(e);
    x <<= 1;
    if (x & 0x100)
      x ^= kPolynomial;
  }
  t.exp[510] = t.exp[0];
  t.exp[511] = t.exp[1];
  return t;
}

constexpr LogExpTables kTables = make_tables();

} // namespace

std::uint8_t mul(std::uint8_t a, std::uint8_t b) {
  if (a == 0 || b == 0)
    return 0;
  return kTables.exp[kTables.log[a] + kTables.log[b]];
}

std::uint8_t div(std::uint8_t a, std::uint8_t b) {
  if (a == 0)
    return 0;
  return kTables.exp[kTables.log[a] + 255 - kTables.log[b]];
}

std::uint8_t inv(std::uint8_t a) { return div(1, a); }

std::uint8_t pow(std::uint8_t a, unsigned n) {
  if (n == 0)
    return 1;
  if (a == 0)
    return 0;
  return kTables.exp[(kTables.log[a] * static_cast<unsigned long long>(n)) % 255];
}

std::uint8_t log(std::uint8_t a) { return kTables.log[a]; }

std::uint8_t exp(unsigned e) { return kTables.exp[e % 255]; }

} // namespace ec::gf
