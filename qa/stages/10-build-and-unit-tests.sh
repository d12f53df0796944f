#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Native build (RelWithDebInfo, -Werror) and the ctest suite: GF vs libjerasure and libisal, every kernel
# variant the CPU runs vs the reference, the codec and plugin, Ceph's ceph-erasure-code-tool against the
# plugin (with jerasure's codes against plugin=jerasure, with power8-code=isa against plugin=isa).
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}"
configure=()
release=$(release_installed)
if [ "$(release_field "$release" interface)" = tentacle ]; then
  # test/abi pins our Tentacle declarations against Ceph's real headers, from Debian's source package.
  ensure_packages libboost-dev libfmt-dev
  headers=${EC_CEPH_SOURCE_DIR:-/var/tmp/ec-power8-src/ceph-$(release_field "$release" debian)}
  "$EC_TOP/test/abi/tentacle/real-headers" "$(release_field "$release" debian)" "$(release_field "$release" suite)" "$headers"
  configure+=(-DEC_CEPH_SOURCE_DIR="$headers")
fi
cmake -S "$EC_TOP" -B "$EC_BUILD" -G Ninja "${configure[@]}"
cmake --build "$EC_BUILD" -j"$(nproc)"
ctest --test-dir "$EC_BUILD" --output-on-failure -j"$(nproc)"
