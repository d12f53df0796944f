#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# EC pools with plugin=power8 on throw-away local Ceph clusters (1 mon, 1 mgr, 6 or 7 OSDs on 127.0.0.1),
# in parts that each start their own cluster, so the test command runs them side by side:
#   pools      qa/standalone/ec-pool-test: profiles and stripe widths, put/get, degraded reads/writes,
#              recovery, deep-scrub + detected corruption + repair, an lrc profile whose layers use
#              power8, refused bad profiles.
#   overwrite  before Tentacle: ec-pool-test's overwrites on bluestore (allow_ec_overwrites), healthy and
#              degraded. From Tentacle on the thrash part's legacy pool (allow_ec_overwrites, power8,
#              bluestore) takes partial overwrites, appends and truncates through kills and recovery,
#              verified and checked against the stores: this part would repeat that proof.
#   fastec     Tentacle and later: qa/standalone/fastec-test with plugin=power8 (EC_QA_PLUGIN): 7 bluestore
#              OSDs, allow_ec_optimizations, parity-delta writes, an OSD killed mid-writes.
#   thrash     Tentacle and later: qa/standalone/thrash-test --short: model clients and Ceph's
#              ceph_test_rados (its ec-small-objects-overwrites workload, up to 600 ops each, 0 errors)
#              on FastEC pools of power8 (reed_sol_van, isa's Cauchy code power8-code=isa technique=cauchy), jerasure
#              and isa (the controls) and a legacy power8 pool while OSDs are killed (two at once), marked
#              out, PGs split and merged, primaries moved, shard reads failed; at the end every shard of
#              the model clients' objects in the stores against a re-encode (which covers power8's isa
#              Cauchy pool, so fastec does not run a second time with that code).
#   rados      Reef and later: qa/standalone/ceph-rados-test --short: Ceph's own clients from ceph-test,
#              ceph_test_rados with its erasure-code suites' op weights and the librados API suites' EC
#              fixtures, on power8 in both code families beside jerasure and isa. The only part of a
#              trimmed release (Reef).
#   io-sequence Tentacle and later: qa/standalone/ceph-io-sequence-test --short: Ceph's EC I/O exerciser
#              (ceph_test_rados_io_sequence, ceph-test) on power8 serving as jerasure: reed_sol_van with and
#              without FastEC, cauchy_good, each with and without --testrecovery; a failure rerun on
#              Ceph's jerasure.
#   40-ceph-cluster.sh [PART...]       the parts (default: every part of the installed release)
#   40-ceph-cluster.sh --parts RELEASE the parts of RELEASE, one line (qa/suite makes one test of each)
# Needs the plugin built by stage 10 in $EC_BUILD/lib. EC_QA_* variables pass through (see the scripts).
# Each part is a proof (qa/lib/proof-cache.sh) of the tree, its plugin libraries and the release's
# packages: a part that passed is not run again while they are unchanged. The seeded parts (fastec,
# thrash) draw their seed from the tree's hash unless EC_QA_SEED is set: every change of the tree draws
# another workload, and one tree always the same.
set -euo pipefail
# shellcheck source=SCRIPTDIR/../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

parts_of() {
  # A trimmed release (qa/release/run) runs Ceph's own clients of its ceph-test only.
  if release_trimmed "$1" && release_has_ceph_test_clients "$1"; then echo "rados"
  elif release_tentacle_or_later "$1"; then echo "pools fastec thrash rados io-sequence"
  elif release_has_ceph_test_clients "$1"; then echo "pools overwrite rados"
  else echo "pools overwrite"; fi
}
if [ "${1:-}" = --parts ]; then
  [ $# -eq 2 ] || die "usage: $0 --parts RELEASE"
  parts_of "$2"
  exit 0
fi

. "$EC_TOP/qa/lib/record.sh"
ensure_packages ceph-mon ceph-mgr ceph-osd ceph-common jq python3 iproute2 coreutils
[ -e "$EC_BUILD/lib/libec_power8.so" ] || die "$EC_BUILD/lib/libec_power8.so missing: run stage 10 (the build) first"
. "$EC_TOP/qa/lib/proof-cache.sh"
export EC_PROOF_TREES=$EC_BUILD/lib
release=$(release_installed)
# shellcheck disable=SC2207
[ $# -gt 0 ] && parts=("$@") || parts=($(parts_of "$release"))
for part in "${parts[@]}"; do
  case " $(parts_of "$release") " in
    *" $part "*) ;;
    *) die "part $part: Ceph $release's parts are $(parts_of "$release")" ;;
  esac
done
for part in "${parts[@]}"; do
  case $part in
    pools) ec_proof_step ec-pool-test "$EC_TOP/qa/standalone/ec-pool-test" profiles lrc bad ;;
    overwrite) ec_proof_step ec-pool-test-overwrite "$EC_TOP/qa/standalone/ec-pool-test" overwrite ;;
    fastec)
      ensure_packages python3-rados
      log "FastEC (Ceph $release): qa/standalone/fastec-test, plugin ${EC_QA_PLUGIN:-power8}"
      ec_seeded ec_proof_step fastec-test "$EC_TOP/qa/standalone/fastec-test" ;;
    thrash)
      ensure_packages python3-rados
      log "FastEC (Ceph $release): qa/standalone/thrash-test --short (power8 beside jerasure and isa)"
      ec_seeded ec_proof_step thrash-test "$EC_TOP/qa/standalone/thrash-test" --short ;;
    rados)
      ensure_packages ceph-test python3
      log "Ceph $release's own rados EC clients (ceph-test): qa/standalone/ceph-rados-test --short"
      ec_proof_step ceph-rados-test "$EC_TOP/qa/standalone/ceph-rados-test" --short ;;
    io-sequence)
      ensure_packages ceph-test
      log "Ceph $release's EC I/O exerciser (ceph-test): qa/standalone/ceph-io-sequence-test --short"
      ec_proof_step ceph-io-sequence-test "$EC_TOP/qa/standalone/ceph-io-sequence-test" --short ;;
  esac
done
