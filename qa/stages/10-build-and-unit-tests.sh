#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The build (as the package's, with the tests), then the ctest suite: GF vs libjerasure and libisal, every
# kernel variant the CPU runs vs the reference, the codec and plugin, Ceph's ceph-erasure-code-tool against
# the plugin (with jerasure's codes against plugin=jerasure, with power8-code=isa against plugin=isa).
# Where the release's own source is run against (qa/lib/releases.sh's release_source_tests), the same build
# directory is then given Ceph's real headers (Debian's source package): on Tentacle and later for test/abi's
# pin of our declarations and Ceph's plugin conformance suite (test/conformance: TestErasureCodePlugins.cc
# against the stock plugins and power8), on Reef for its TestErasureCodeJerasure.cc against its jerasure and
# power8 (test/conformance/jerasure); the stage fails unless each of those tests was registered.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/record.sh"
. "$EC_TOP/qa/lib/proof-cache.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}"
release=$(release_installed)
cd "$EC_TOP"
# This stage's build directory: build, or build-<release> in a release root. It proves the release's
# compiler (-Werror, its optimiser) and feeds the later stages' tests. It is configured as debian/rules
# configures the package (ec_deb_configure: dpkg-buildflags' hardened flags), tests and tools added, so
# stage 60's package build is served by ccache from it; the README's plain cmake build is qa/demo.sh's.
build=$(realpath --relative-to=. "$EC_BUILD")
ensure_packages dpkg-dev debhelper
# In another release's root (EC_UNIT_SCOPE=release, qa/release/run) the engine's suites are left out of the
# tree (the host's build runs them), and a trimmed release's tree leaves out the research tools too (the
# host's compiler and the newest release's build them).
tree_args=()
if [ "${EC_UNIT_SCOPE:-all}" = release ]; then
  tree_args+=(-DEC_BUILD_ENGINE_TESTS=OFF)
  ! release_trimmed "$release" || tree_args+=(-DEC_BUILD_RESEARCH_TOOLS=OFF)
fi
log "$build configured as the Ceph $release package's build (debian/rules), tests and tools added ${tree_args[*]}"
ec_step configure ec_native_configure "$EC_TOP/$build" "${tree_args[@]}"
ec_build build cmake --build "$build" -j"$(nproc)"

source_tests=$(release_source_tests "$release")
if [ -n "$source_tests" ]; then
  # Ceph's own headers and tests, from Debian's source package. python3-yaml: real-headers generates Ceph's
  # option headers with Ceph's own y2c.py.
  ensure_packages libboost-dev libfmt-dev python3-yaml
  headers=$(release_real_headers "$release")
  log "the same build with Ceph's real headers: $(echo $source_tests)"
  ec_step configure-real-headers cmake -S . -B "$build" -G Ninja -DEC_CEPH_SOURCE_DIR="$headers" >/dev/null
  ec_build build-real-headers cmake --build "$build" -j"$(nproc)"
fi
# In another release's root only what differs for that release: the engine's suites (GF, codec, golden
# chunks, kernel vectors, the codec's threads, allocations and cache bounds: not built there), its
# exhaustive decode and the release-independent qa checks are the host's (same compiler family, same
# code); the kernels against the reference stay, for that compiler's optimiser.
scope=()
if [ "${EC_UNIT_SCOPE:-all}" = release ]; then
  scope=(-E "^decode\\.every_pattern|$EC_TREE_CHECKS_PATTERN")
  log "unit suite: what differs for Ceph $release (the engine's suites ran on the host)"
fi
EC_PROOF_TREES=$EC_TOP/$build ec_proof_step ctest ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "${scope[@]}"
for t in $source_tests; do
  # ctest -N lists what was registered: a configure that dropped one must not pass quietly.
  ctest --test-dir "$build" -N -R "^${t//./\\.}\$" | grep -q 'Total Tests: 1$' ||
    die "Ceph $release: $t (built from Ceph's own source) was not registered"
done
[ -z "$source_tests" ] || log "Ceph $release: the tests built from Ceph's own source passed: $(echo $source_tests)"
