// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/code_family.h"

#include <array>
#include <cerrno>
#include <cstddef>

namespace ec::codec {
namespace {

// Every family, indexed by CodeFamily: the default (jerasure) first.
const std::array<const CodeFamilyRules *, 2> &all_families() {
  static const std::array<const CodeFamilyRules *, 2> families{&jerasure_family(), &isa_family()};
  return families;
}

} // namespace

const CodeFamilyRules &family_rules(CodeFamily family) { return *all_families()[static_cast<std::size_t>(family)]; }

int read_code_family(const Profile &profile, CodeFamily *family, std::ostream *ss) {
  const auto &families = all_families();
  auto it = profile.find(kCodeKey);
  if (it == profile.end() || it->second.empty()) {
    *family = CodeFamily::jerasure;
    return 0;
  }
  for (std::size_t i = 0; i < families.size(); i++) {
    if (it->second == families[i]->name()) {
      *family = static_cast<CodeFamily>(i);
      return 0;
    }
  }
  *ss << kCodeKey << "=" << it->second << " is not valid: " << kCodeKey << " must be ";
  for (std::size_t i = 0; i < families.size(); i++) {
    const char *name = families[i]->name();
    if (i)
      *ss << (i + 1 == families.size() ? " or " : ", ");
    *ss << name << " (" << (i == 0 ? "the default: " : "") << name << "'s codes, chunks identical to plugin="
        << name << ")";
  }
  *ss << std::endl;
  return -EINVAL;
}

} // namespace ec::codec
