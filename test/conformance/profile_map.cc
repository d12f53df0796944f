// SPDX-License-Identifier: LGPL-2.1-or-later
#include "profile_map.h"

#include <map>
#include <set>
#include <sstream>

namespace ec_conformance {
namespace {

// The suite's own split: tokens separated by single spaces, each key=value (value may be empty).
std::vector<std::pair<std::string, std::string>> split(const std::string &profile) {
  std::vector<std::pair<std::string, std::string>> kv;
  std::stringstream ss(profile);
  std::string token;
  while (std::getline(ss, token, ' ')) {
    auto eq = token.find('=');
    kv.emplace_back(token.substr(0, eq), eq == std::string::npos ? "" : token.substr(eq + 1));
  }
  return kv;
}

std::string join(const std::vector<std::pair<std::string, std::string>> &kv) {
  std::string out;
  for (const auto &[k, v] : kv)
    out += (out.empty() ? "" : " ") + k + "=" + v;
  return out;
}

// power8's codes: jerasure's techniques with w=8 (README "Profile keys") but these, which it refuses; isa's
// two (power8-code=isa).
const std::set<std::string> jerasure_techniques_power8_refuses = {"liberation", "blaum_roth", "liber8tion"};

Row map_one(const std::string &profile, bool isa_rows) {
  Row row{profile, "", ""};
  auto kv = split(profile);
  std::map<std::string, std::string> keys(kv.begin(), kv.end());
  const std::string plugin = keys["plugin"];
  if (plugin == "jerasure") {
    if (jerasure_techniques_power8_refuses.count(keys["technique"])) {
      row.why = "jerasure's " + keys["technique"] + ": power8 refuses it (EINVAL, use plugin=jerasure)";
    } else if (keys.count("w") && keys["w"] != "8") {
      row.why = "w=" + keys["w"] + ": power8 implements w=8 only (EINVAL)";
    } else {
      for (auto &[k, v] : kv)
        if (k == "plugin")
          v = "power8";
      row.power8 = join(kv);
    }
  } else if (plugin == "isa") {
    if (!isa_rows) {
      row.why = "isa's code: power8-code=isa rows not enabled (EC_CONFORMANCE_POWER8_ISA=OFF)";
    } else {
      decltype(kv) out;
      for (const auto &[k, v] : kv) {
        out.emplace_back(k, k == "plugin" ? "power8" : v);
        if (k == "plugin")
          out.emplace_back("power8-code", "isa");
      }
      row.power8 = join(out);
    }
  } else {
    row.why = "plugin=" + plugin + ": not a code power8 implements";
  }
  return row;
}

} // namespace

std::vector<Row> map_profiles(const std::vector<std::string> &ceph_profiles, bool isa_rows) {
  std::vector<Row> rows;
  for (const auto &p : ceph_profiles)
    rows.push_back(map_one(p, isa_rows));
  return rows;
}

std::vector<const char *> power8_params(const std::vector<Row> &rows) {
  std::vector<const char *> params;
  for (const auto &row : rows)
    if (!row.power8.empty())
      params.push_back(row.power8.c_str());
  return params;
}

} // namespace ec_conformance
