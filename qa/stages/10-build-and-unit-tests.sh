#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The build as the README's Install section has an operator type it (cmake with defaults: RelWithDebInfo,
# -Werror; nothing but the installed Ceph), then the ctest suite: GF vs libjerasure and libisal, every
# kernel variant the CPU runs vs the reference, the codec and plugin, Ceph's ceph-erasure-code-tool against
# the plugin (with jerasure's codes against plugin=jerasure, with power8-code=isa against plugin=isa).
# On Tentacle and later the same build directory is then given Ceph's real headers (Debian's source
# package) for test/abi's pin of our declarations and for Ceph's own plugin conformance suite
# (test/conformance: TestErasureCodePlugins.cc against the stock plugins and power8), and the stage fails
# unless both ran.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}"
release=$(release_installed)
cd "$EC_TOP"
# The operator's command, with this stage's build directory (build, or build-<release> in a release root).
build=$(realpath --relative-to=. "$EC_BUILD")
log "cmake -S . -B $build -G Ninja && cmake --build $build   (the README's plain build, Ceph $release)"
cmake -S . -B "$build" -G Ninja
cmake --build "$build" -j"$(nproc)"

pinned=0
if [ "$(release_field "$release" interface)" = tentacle ]; then
  # test/abi pins our Tentacle declarations against Ceph's real headers, from Debian's source package.
  # python3-yaml: real-headers generates Ceph's option headers with Ceph's own y2c.py.
  ensure_packages libboost-dev libfmt-dev python3-yaml
  headers=$(release_real_headers "$release")
  log "the same build with Ceph's real headers: test/abi's abi.layout.real_headers, test/conformance's ceph.plugins.*"
  cmake -S . -B "$build" -G Ninja -DEC_CEPH_SOURCE_DIR="$headers" >/dev/null
  cmake --build "$build" -j"$(nproc)"
  pinned=1
fi
ctest --test-dir "$build" --output-on-failure -j"$(nproc)"
if [ $pinned = 1 ]; then
  # ctest -N lists what was registered: a configure that dropped the pin must not pass quietly.
  ctest --test-dir "$build" -N -R '^abi\.layout\.real_headers$' | grep -q 'Total Tests: 1$' ||
    die "Ceph $release: abi.layout.real_headers was not registered, so our declarations were not pinned against Ceph's headers"
  log "Ceph $release: our interface declarations pinned against Ceph's real headers (abi.layout.real_headers passed)"
  ctest --test-dir "$build" -N -R '^ceph\.plugins\.(stock|power8)$' | grep -q 'Total Tests: 2$' ||
    die "Ceph $release: ceph.plugins.stock and ceph.plugins.power8 (Ceph's TestErasureCodePlugins.cc) were not registered"
  log "Ceph $release: Ceph's plugin conformance suite passed for its stock plugins and for power8 (ceph.plugins.*)"
fi
