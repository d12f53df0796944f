#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# IBM Z without the hardware: cross-build the plugin and the engine's suites (the machine is big-endian,
# which no other tree is; the plugin's suites are stage 30's: ec_cross_configure) with Debian's s390x
# toolchain; run them under qemu-s390x with the vector facility (z13) and without it (generic), each run
# asserting the variant the probe picks; then Debian's own s390x ceph-erasure-code-tool under qemu with the
# cross-built plugin against the amd64 tool's shards. Installed release only: Reef's and Tentacle's s390x
# builds are not run.
#   EC_S390X_BUILD  build directory (default $EC_TOP/build-s390x)
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/cross-suite.sh"

ec_cross_stage s390x "${EC_S390X_BUILD:-$EC_TOP/$(ec_cross_build_dir s390x)}"
