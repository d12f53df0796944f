// SPDX-License-Identifier: LGPL-2.1-or-later
// make_power8_codec (common/make_power8_codec.h): a codec of the adapter built, the class its folder's
// adapter_codec.h names.
#include "erasure-code/power8/common/make_power8_codec.h"

#include "adapter_codec.h" // from the folder of ${CEPH_INTERFACE}: defines AdapterCodec

namespace ec::power8 {

ceph::ErasureCodeInterfaceRef make_power8_codec(const simd::Kernels &kernels,
                                                std::shared_ptr<codec::DecodeCache> decode_cache) {
  return std::make_shared<AdapterCodec>(kernels, std::move(decode_cache));
}

} // namespace ec::power8
