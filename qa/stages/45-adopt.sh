#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tools/ceph-ec-power8 on a throw-away local cluster of the installed Ceph release (bluestore): jerasure
# pools of every power8 technique, an lrc pool (jerasure and isa layers) and isa pools of both techniques
# adopted by power8 in place with objects written, OSDs restarted one at a time under reads, then with no
# jerasure or isa library: reads, a killed OSD, degraded reads and writes, backfill, deep-scrub; reverted
# to jerasure and isa with no power8 library: everything exact; refusals (power8 not preloaded, a power8
# default profile merged by the monitor, liberation, w=16, lrc k/m/l). First the tool's profile rules
# without a cluster (qa/tool/ceph-ec-power8-rules-test: power8's verdicts come from the built plugin through
# ceph-erasure-code-tool). Needs the plugin built by stage 10 in $EC_BUILD/lib.
# EC_QA_PLUGIN_DIR / EC_QA_STOCK_PLUGIN_DIR / EC_QA_ADOPT_TOOL / EC_QA_KEEP pass through (see the script).
set -euo pipefail
# shellcheck source=SCRIPTDIR/../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/record.sh"
ensure_packages ceph-mon ceph-mgr ceph-osd ceph-common jq python3 iproute2 coreutils
plugin_dir=${EC_QA_PLUGIN_DIR:-$EC_BUILD/lib}
[ -e "$plugin_dir/libec_power8.so" ] || die "$plugin_dir/libec_power8.so missing: run stage 10 (the build) first"
# Each step a proof of the tree, the plugin libraries and the release's packages (qa/lib/proof-cache.sh):
# not run again while they are unchanged.
. "$EC_TOP/qa/lib/proof-cache.sh"
export EC_PROOF_TREES=$plugin_dir
log "ceph-ec-power8's profile rules (no cluster)"
ec_proof_step rules-test python3 "$EC_TOP/qa/tool/ceph-ec-power8-rules-test" --erasure-code-dir "$plugin_dir" \
  "${EC_QA_ADOPT_TOOL:-$EC_TOP/tools/ceph-ec-power8}"
log "qa/standalone/adopt-test"
ec_proof_step adopt-test "$EC_TOP/qa/standalone/adopt-test" "$@"
