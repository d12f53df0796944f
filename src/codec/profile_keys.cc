// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/profile_keys.h"

#include <cerrno>
#include <cstdlib>

namespace ec::codec {
namespace {

// The value the profile holds for key, after writing default_value there if it holds none.
const std::string &value_or_default(Profile &profile, const std::string &key,
                                    const std::string &default_value) {
  std::string &v = profile[key];
  if (v.empty())
    v = default_value;
  return v;
}

bool parse_long(const std::string &text, long *out) {
  if (text.empty())
    return false;
  errno = 0;
  char *end = nullptr;
  long v = std::strtol(text.c_str(), &end, 10);
  if (errno != 0 || end == text.c_str())
    return false;
  while (*end == ' ' || *end == '\t')
    end++;
  if (*end != '\0')
    return false;
  *out = v;
  return true;
}

} // namespace

int read_int(Profile &profile, const std::string &key, int default_value, long min, long max,
             int *value, std::ostream *ss) {
  // The default lives in a named string: g++ 14's -Wdangling-reference flags a reference returned by a call
  // that was given a temporary, even though value_or_default returns one into the profile.
  const std::string fallback = std::to_string(default_value);
  const std::string &text = value_or_default(profile, key, fallback);
  long v = 0;
  if (!parse_long(text, &v) || v < min || v > max) {
    // "must be >= MIN" as in Ceph's ErasureCode::sanity_check_k_m() ("k=1 must be >= 2"), the words Ceph's
    // own TestErasureCodeJerasure.cc looks for (test/conformance/jerasure).
    *ss << key << "=" << text << " is not valid: " << key << " must be >= " << min << " and <= " << max
        << " (an integer)" << std::endl;
    return -EINVAL;
  }
  *value = static_cast<int>(v);
  return 0;
}

void read_bool(Profile &profile, const std::string &key, const std::string &default_value,
               bool *value) {
  const std::string &text = value_or_default(profile, key, default_value);
  *value = text == "true" || text == "yes";
}

void read_string(Profile &profile, const std::string &key, const std::string &default_value,
                 std::string *value) {
  *value = value_or_default(profile, key, default_value);
}

} // namespace ec::codec
