// SPDX-License-Identifier: LGPL-2.1-or-later
// The one function the common plugin code (ErasureCodePluginPower8) needs from an adapter: a new,
// uninitialised codec of the interface generation built, computing with kernels and keeping its decode
// plans in decode_cache: an instance of the class the adapter folder built (pacific/, tentacle/; CMake
// picks the folder of ${CEPH_INTERFACE}) names AdapterCodec in its adapter_codec.h.
#ifndef EC_POWER8_MAKE_POWER8_CODEC_H
#define EC_POWER8_MAKE_POWER8_CODEC_H

#include <memory>

#include "codec/decode_cache.h"
#include "erasure-code/ErasureCodeInterface.h"
#include "simd/kernels.h"

namespace ec::power8 {

ceph::ErasureCodeInterfaceRef make_power8_codec(const simd::Kernels &kernels,
                                                std::shared_ptr<codec::DecodeCache> decode_cache);

} // namespace ec::power8

#endif
