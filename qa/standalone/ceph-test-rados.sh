# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ceph_test_rados (Debian's ceph-test), the client of Ceph's rados thrash-erasure-code suites, with those
# suites' arguments and op weights (qa/tasks/rados.py turns a suite's yaml into them), for
# qa/standalone/ceph-rados-test and qa/standalone/thrash-test. Source it after qa/cluster/pool-lib.sh
# (step); WORK is the test's work directory.
#
#   ctr_args MODE LENGTH [MAX_SECONDS]  the client's arguments, one a line: MODE legacy (a pool without
#                                       overwrites: Ceph's ec-rados-plugin=jerasure-k=2-m=1 workload, writes
#                                       become appends) or overwrite (allow_ec_overwrites, FastEC or not:
#                                       its ec-small-objects-overwrites workload); LENGTH short (the test
#                                       command's op counts) or long (Ceph's); MAX_SECONDS, when given, the
#                                       time after which it starts no more ops (long's default: 600 for
#                                       overwrite, none for legacy)
#   ctr_start POOL MODE LENGTH [MAX_SECONDS]
#                                       one client on POOL in the background, killed after CTR_TIMEOUT
#                                       seconds (default 1800): $WORK/POOL.cmd (its command line), .out, .err;
#                                       its pid in CTR_PID[POOL]
#   ctr_report POOL RC                  the line saying how the client on POOL ended (exit RC): ops done and
#                                       op kinds, or FAILED with why; returns 1 when it failed (exit not 0,
#                                       or not "0 errors.")
#   ctr_ops_done POOL                   how many ops the client on POOL completed
#   ctr_kinds POOL                      "KIND N" a line: the ops the client started, by kind
#   ctr_object_re                       an extended regex matching the names of the objects the clients of
#                                       this host write: ceph_test_rados names them HOSTNAME PID "-" N (its
#                                       context's prefix, and the op number that made the object)

# Ceph's op weights (qa/erasure-code/ec-rados-plugin=jerasure-k=2-m=1.yaml, write_append_excl: false) and
# qa/suites/rados/thrash-erasure-code/workloads/ec-small-objects-overwrites.yaml (write_append_excl left
# true: write and append each split half and half with their _excl twins).
CTR_LEGACY_OPS=(--op read 100 --op append 100 --op delete 50 --op snap_create 50 --op snap_remove 50
                --op rollback 50 --op copy_from 50 --op setattr 25 --op rmattr 25)
CTR_OVERWRITE_OPS=(--op read 100 --op write 50 --op write_excl 50 --op append 50 --op append_excl 50
                   --op delete 50 --op snap_create 50 --op snap_remove 50 --op rollback 50 --op copy_from 50
                   --op setattr 25 --op rmattr 25)
declare -gA CTR_PID=()

ctr_args() {
  local mode=$1 length=$2 seconds=${3:-}
  local -a args
  case $mode/$length in
    legacy/short) args=(--ec-pool --no-omap --max-ops 300 --objects 50 --max-in-flight 16) ;;
    legacy/long) args=(--ec-pool --no-omap --max-ops 4000 --objects 50 --max-in-flight 16) ;;
    overwrite/short) args=(--no-omap --max-ops 600 --objects 128 --max-in-flight 64) ;;
    overwrite/long) args=(--no-omap --max-ops 4000 --objects 1024 --max-in-flight 64) seconds=${seconds:-600} ;;
    *) fail "ctr_args: no workload $mode $length (legacy|overwrite short|long)" ;;
  esac
  # Object sizes (ceph_test_rados's default, and the overwrite workload's), with the strides rados.py gives
  # them: a tenth and a fifth of the object.
  if [ "$mode" = legacy ]; then
    args+=(--size 4000000 --min-stride-size 400000 --max-stride-size 800000 "${CTR_LEGACY_OPS[@]}")
  else
    args+=(--size 16384 --min-stride-size 1638 --max-stride-size 3276 "${CTR_OVERWRITE_OPS[@]}")
  fi
  [ -z "$seconds" ] || args+=(--max-seconds "$seconds")
  printf '%s\n' "${args[@]}"
}

ctr_start() {
  local pool=$1
  local -a args
  shift
  mapfile -t args < <(ctr_args "$@")
  [ ${#args[@]} -gt 0 ] || fail "ceph_test_rados on $pool: no arguments for $*"
  echo "ceph_test_rados ${args[*]} --pool $pool" >"$WORK/$pool.cmd"
  timeout "${CTR_TIMEOUT:-$(cl_scale 1800)}" ceph_test_rados "${args[@]}" --pool "$pool" >"$WORK/$pool.out" 2>"$WORK/$pool.err" &
  # shellcheck disable=SC2034 # (the sourcing test waits for it)
  CTR_PID[$pool]=$!
}

# RadosModel prints "N: <op> ..." when op N starts and "N: done" when it completes.
ctr_kinds() {
  grep -oE '^[0-9]+: [a-z_]+' "$WORK/$1.out" | awk '$2 != "done" {n[$2]++} END {for (k in n) print k, n[k]}' | sort
}
ctr_ops_done() { grep -cE '^[0-9]+: done' "$WORK/$1.out" || true; }

ctr_report() {
  local pool=$1 rc=$2 errors ops kinds
  errors=$(sed -n 's/^\([0-9][0-9]*\) errors\.$/\1/p' "$WORK/$pool.err" | tail -1)
  ops=$(ctr_ops_done "$pool")
  kinds=$(ctr_kinds "$pool" | paste -sd, - | sed 's/,/, /g')
  if [ "$rc" -ne 0 ] || [ "${errors:-x}" != 0 ]; then
    step "  FAILED ceph_test_rados on $pool: exit $rc, errors ${errors:-none reported}: $(tail -5 "$WORK/$pool.err" | tr '\n' ' ')"
    return 1
  fi
  step "  ceph_test_rados on $pool: $ops ops done, 0 errors (as it logs them: $kinds)"
}

ctr_object_re() { echo "^${HOSTNAME//./\\.}[0-9]+-[0-9]+\$"; } # (bash's HOSTNAME: gethostname(), as the client's)
