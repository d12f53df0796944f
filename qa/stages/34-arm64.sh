#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# arm64 without the hardware: cross-build the plugin and the kernels' suite (what depends on the CPU: the
# engine's portable suites are the host's, the plugin's are stage 30's: ec_cross_configure) with Debian's
# arm64 toolchain; run it under qemu-aarch64 as each variant's CPU model, each run asserting the variant
# the probe picks; then Debian's own arm64 ceph-erasure-code-tool under qemu with the cross-built plugin
# against the amd64 tool's shards, with Debian's arm64 jerasure (NEON) and isa plugins as the controls.
# Installed release only: Reef's and Tentacle's arm64 builds are not run.
#   EC_ARM64_BUILD  build directory (default $EC_TOP/build-arm64)
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/cross-suite.sh"

ec_cross_stage arm64 "${EC_ARM64_BUILD:-$EC_TOP/$(ec_cross_build_dir arm64)}"
