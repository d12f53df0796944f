// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/technique.h"

namespace ec::codec {

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

} // namespace ec::codec
