// SPDX-License-Identifier: LGPL-2.1-or-later
#include "gfni_baseline_codec.h"

#include <cerrno>
#include <ostream>

#include "baseline_loop.h"
#include "gf/expand.h"
#include "gf/matrix.h"

namespace gfni_baseline {

int GfniBaselineCodec::init_code(ceph::ErasureCodeProfile &profile, std::ostream *ss) {
  if (int r = ErasureCodePower8::init_code(profile, ss))
    return r;
  const auto &p = parameters();
  // The loop is compiled for a few shapes only.
  if (p.technique != ec::codec::Technique::reed_sol_van || !gfni_baseline::shape_built(p.k, p.m)) {
    *ss << "plugin=gfni_baseline encodes only technique=reed_sol_van with k+m 4+2, 6+2, 8+3 or 10+4 (got "
        << ec::codec::technique_name(p.technique) << " k=" << p.k << " m=" << p.m << ")" << std::endl;
    return -EINVAL;
  }
  const ec::gf::Matrix coding = ec::gf::reed_sol_van_matrix(p.k, p.m);
  matrices_.clear();
  for (std::uint8_t c : coding)
    matrices_.push_back(ec::gf::affine_matrix(c));
  return 0;
}

int GfniBaselineCodec::encode_prepared(unsigned len, const std::uint8_t *const *data, std::uint8_t *const *parity) {
  const auto &p = parameters();
  return gfni_baseline::encode(p.k, p.m, true, len, matrices_.data(), data, parity) ? 0 : -EINVAL;
}

} // namespace gfni_baseline
