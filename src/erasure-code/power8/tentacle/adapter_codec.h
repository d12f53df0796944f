// SPDX-License-Identifier: LGPL-2.1-or-later
// The codec plugin=power8 makes for Ceph 20.2 (common/make_power8_codec.cc).
#ifndef EC_POWER8_ADAPTER_CODEC_H
#define EC_POWER8_ADAPTER_CODEC_H

#include "erasure-code/power8/tentacle/ErasureCodeTentacle.h"

namespace ec::power8 {
using AdapterCodec = ErasureCodeTentacle;
} // namespace ec::power8

#endif
