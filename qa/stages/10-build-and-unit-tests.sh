#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Native build (RelWithDebInfo, -Werror) and the ctest suite: GF vs libjerasure, every kernel variant the
# CPU runs vs the reference, the codec and plugin, Ceph's ceph-erasure-code-tool against the plugin.
# On Tentacle also Ceph's own plugin conformance suite from its source (test/conformance), which must run.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}"
configure=()
release=$(release_installed)
if [ "$(release_field "$release" interface)" = tentacle ]; then
  # test/abi pins our Tentacle declarations against Ceph's real headers, from Debian's source package.
  ensure_packages libboost-dev libfmt-dev python3-yaml
  headers=${EC_CEPH_SOURCE_DIR:-/var/tmp/ec-power8-src/ceph-$(release_field "$release" debian)}
  "$EC_TOP/test/abi/tentacle/real-headers" "$(release_field "$release" debian)" "$(release_field "$release" suite)" "$headers"
  configure+=(-DEC_CEPH_SOURCE_DIR="$headers")
fi
cmake -S "$EC_TOP" -B "$EC_BUILD" -G Ninja "${configure[@]}"
cmake --build "$EC_BUILD" -j"$(nproc)"
ctest --test-dir "$EC_BUILD" --output-on-failure -j"$(nproc)"
if [ ${#configure[@]} -gt 0 ]; then
  # Ceph's conformance suite (test/conformance) is registered with the headers: a configure that dropped it
  # must not pass quietly.
  ctest --test-dir "$EC_BUILD" -N -R '^ceph\.plugins\.(stock|power8)$' | grep -q 'Total Tests: 2$' ||
    die "Ceph $release: ceph.plugins.stock and ceph.plugins.power8 (Ceph's TestErasureCodePlugins.cc) were not registered"
  log "Ceph $release: Ceph's plugin conformance suite passed for its stock plugins and for power8 (ceph.plugins.*)"
fi
