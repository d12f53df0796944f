// SPDX-License-Identifier: LGPL-2.1-or-later
// power8's coding engine (ec::codec::Codec, no Ceph type) built for a profile, with the kernels plugin=power8
// would pick on this CPU: what encode_chunks_bare times on the very buffers encode_chunks gets, so the
// ratio of the two is what Tentacle's interface costs on top of the kernels.
#ifndef EC_BENCH_BARE_CODEC_H
#define EC_BENCH_BARE_CODEC_H

#include <memory>
#include <ostream>

#include "codec/codec.h"
#include "erasure-code/ErasureCodeInterface.h"

namespace ec_bench {

class BareCodec {
public:
  // The variant is the profile's power8-variant if set (it must be built and runnable here), else the
  // probe's first choice, as the loader does. 0, or -EINVAL with the reason in *err.
  int init(const ceph::ErasureCodeProfile &profile, std::ostream *err);
  const ec::codec::Codec &codec() const { return *codec_; }
  const char *variant() const { return codec_->kernels().name; }

private:
  std::unique_ptr<ec::codec::Codec> codec_;
};

} // namespace ec_bench

#endif
