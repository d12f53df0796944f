// SPDX-License-Identifier: LGPL-2.1-or-later
// The codec plugin=power8 makes for Ceph 16.2 and 18.2 (common/make_power8_codec.cc): their interface
// is the std::set / std::map calls ErasureCodePower8 implements, and nothing more.
#ifndef EC_POWER8_ADAPTER_CODEC_H
#define EC_POWER8_ADAPTER_CODEC_H

#include "erasure-code/power8/common/ErasureCodePower8.h"

namespace ec::power8 {
using AdapterCodec = ErasureCodePower8;
} // namespace ec::power8

#endif
