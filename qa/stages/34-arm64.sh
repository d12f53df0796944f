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
. "$EC_TOP/qa/lib/record.sh"
. "$EC_TOP/qa/lib/proof-cache.sh"
. "$EC_TOP/qa/lib/variants.sh"
. "$EC_TOP/qa/lib/cross-suite.sh"

BUILD=${EC_ARM64_BUILD:-$EC_TOP/build-arm64}
ec_cross_prepare arm64 "$BUILD"
cpus=$(ec_variant_qemu_cpus "$BUILD")
ec_build build cmake --build "$BUILD" -j"$(nproc)"

ec_cross_unit_suite "$BUILD" "$(ec_cross_qemu arm64)" "$cpus"

log "Debian's arm64 ceph-erasure-code-tool under qemu vs the amd64 tool"
ec_proof_step ceph-tool-test bash "$EC_TOP/qa/cross/ceph-tool-test" --arch arm64 --sysroot "$SYSROOT" --build "$BUILD" \
  --cpus "$(tr '\n' ' ' <<<"$cpus")"
