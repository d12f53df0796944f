#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Valgrind memcheck on encode/decode round trips through Ceph's tool, with the optimised plugin build of
# stage 10 (the sanitizers of stage 20 instrument the code; this checks the code as shipped).
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/record.sh"
. "$EC_TOP/qa/lib/proof-cache.sh"
ensure_packages valgrind
[ -e "$EC_BUILD/lib/libec_power8.so" ] || die "$EC_BUILD/lib/libec_power8.so missing: run stage 10 (the build) first"
EC_PROOF_TREES=$EC_BUILD/lib ec_proof_step valgrind-round-trip "$EC_TOP/qa/tool/valgrind-round-trip" "$EC_BUILD/lib"
