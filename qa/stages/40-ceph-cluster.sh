#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# EC pools with plugin=power8 on a throw-away local Ceph cluster (1 mon, 1 mgr, 6 OSDs on 127.0.0.1):
# profiles and stripe widths, put/get, degraded reads/writes, recovery, deep-scrub + detected corruption +
# repair, an lrc profile whose layers use power8, refused bad profiles, overwrites on bluestore.
# On Tentacle (the first release of interface generation 'tentacle' in ceph-releases.tsv: Ceph 20.2, whose
# Debian sid root stage 70 runs this stage in) and later releases also FastEC: qa/standalone/fastec-test
# with plugin=power8 (EC_QA_PLUGIN, as for ec-pool-test): 7 bluestore OSDs, allow_ec_optimizations,
# parity-delta writes, an OSD killed mid-writes; then qa/standalone/thrash-test --short: model clients on
# FastEC pools of power8 (reed_sol_van, isa's Cauchy code power8-code=isa technique=cauchy), jerasure
# and isa (the controls) and a legacy power8 pool (mapping=) while OSDs are killed (two at once), marked
# out, PGs split and merged, primaries moved, shard reads failed; at the end every shard of every pool in
# the stores against a re-encode. That end check covers power8's isa Cauchy pool, so fastec-test no
# longer runs a second time with EC_QA_CODE_KEYS="power8-code=isa technique=cauchy".
# Needs the plugin built by stage 10 in $EC_BUILD/lib. EC_QA_* variables pass through (see the scripts).
set -euo pipefail
# shellcheck source=SCRIPTDIR/../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/record.sh"
ensure_packages ceph-mon ceph-mgr ceph-osd ceph-common jq python3 iproute2 coreutils
[ -e "$EC_BUILD/lib/libec_power8.so" ] || die "$EC_BUILD/lib/libec_power8.so missing: run stage 10 (the build) first"
release=$(release_installed)
parts=("$@")
# On Tentacle and later the thrash test's legacy pool (allow_ec_overwrites, power8, bluestore) takes partial
# overwrites, appends and truncates through kills and recovery, verified and checked against the stores:
# ec-pool-test's overwrite part would repeat that proof.
if [ $# -eq 0 ] && release_tentacle_or_later "$release"; then parts=(profiles lrc bad); fi
ec_step ec-pool-test "$EC_TOP/qa/standalone/ec-pool-test" "${parts[@]}"
if release_tentacle_or_later "$release"; then
  ensure_packages python3-rados
  log "FastEC (Ceph $release): qa/standalone/fastec-test, plugin ${EC_QA_PLUGIN:-power8}"
  ec_step fastec-test "$EC_TOP/qa/standalone/fastec-test"
  log "FastEC (Ceph $release): qa/standalone/thrash-test --short (power8 beside jerasure and isa)"
  ec_step thrash-test "$EC_TOP/qa/standalone/thrash-test" --short
else
  log "FastEC: not on Ceph $release (interface $(release_field "$release" interface); allow_ec_optimizations is Tentacle's)"
fi
