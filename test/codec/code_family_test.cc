// SPDX-License-Identifier: LGPL-2.1-or-later
// The seam (codec/code_family.h): each technique's family is the one whose power8-code value selects it,
// and each family's parser knows its own techniques only.
#include <gtest/gtest.h>

#include <cerrno>
#include <sstream>
#include <string>

#include "codec/code_family.h"
#include "codec/codec.h"
#include "codec_helpers.h"
#include "simd/variants.h"

namespace ec::codec::test {
namespace {

TEST(CodeFamily, power8_code_selects_the_family_of_each_technique) {
  for (Technique t : {Technique::reed_sol_van, Technique::reed_sol_r6_op, Technique::cauchy_orig,
                      Technique::cauchy_good, Technique::isa_reed_sol_van, Technique::isa_cauchy}) {
    const CodeFamilyRules &rules = family_rules(t);
    SCOPED_TRACE(std::string(rules.name()) + " " + technique_name(t));
    Profile profile{{kCodeKey, rules.name()}, {"technique", technique_name(t)}, {"k", "4"}, {"m", "2"}};
    Codec codec(simd::kernels_reference, nullptr);
    std::ostringstream errors;
    ASSERT_EQ(codec.init(profile, kPacific, &errors), 0) << errors.str();
    EXPECT_EQ(codec.parameters().technique, t);
  }
}

TEST(CodeFamily, a_family_refuses_the_other_familys_techniques) {
  Profile isa_on_jerasure{{"technique", "cauchy"}};
  Profile jerasure_on_isa{{"technique", "cauchy_good"}};
  CodeParameters params;
  std::ostringstream errors;
  EXPECT_EQ(jerasure_family().parse(isa_on_jerasure, kPacific, &params, &errors), -ENOENT);
  EXPECT_EQ(isa_family().parse(jerasure_on_isa, kPacific, &params, &errors), -ENOENT);
}

} // namespace
} // namespace ec::codec::test
