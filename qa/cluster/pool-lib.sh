# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Pool-level helpers for tests on a qa/cluster cluster: objects written and read back against local copies,
# daemons checked, OSDs killed and revived, deep-scrubs waited for. Source it after qa/cluster/lib.sh.
# The caller sets WORK (a scratch directory), OSDS (OSD count) and PLUGIN (the plugin under test) before
# it calls them; QA_ON_FAIL (optional) names a command fail runs before it dumps the daemons' logs.

# step and fail (qa/cluster/step.sh): progress lines, and the fatal failure that dumps the cluster's logs.
# shellcheck source=SCRIPTDIR/step.sh
. "$(dirname "${BASH_SOURCE[0]}")/step.sh"

# No daemon died, no crash dump, and no HEALTH_ERR check (scrub errors must have been repaired). Failed
# ceph-mgr modules (MGR_MODULE_*) do not count: they say nothing about EC pools, and Debian 13's Reef mgr
# cannot import its Python modules (see cl_crash_dumps).
check_health() {
  local h
  h=$(cl_query "health" detail=detail)
  step "  health: $(jq -r '.status + " " + ([.checks | to_entries[] | .key] | join(" "))' <<<"$h")"
  ! jq -e '[.checks // {} | to_entries[] | select(.key | startswith("MGR_MODULE_") | not)
            | .value.severity] | any(. == "HEALTH_ERR")' <<<"$h" >/dev/null ||
    fail "cluster is HEALTH_ERR: $(jq -c .checks <<<"$h")"
}

check_daemons() {
  local dead
  dead=$(cl_dead_daemons)
  [ -z "$dead" ] || fail "daemon(s) not running: $dead (crashed: $(cl_crashed_daemons))"
  local dumps
  dumps=$(cl_crash_dumps)
  [ -z "$dumps" ] || fail "crash dumps in $CL_DIR/crash: $dumps"
}

# Which libec_<plugin>*.so files the running OSDs and the mon have mapped (evidence the daemons use it).
plugin_evidence() {
  local n pid libs
  for n in mon.a $(for i in $(seq 0 $((OSDS - 1))); do echo "osd.$i"; done); do
    pid=$(cl_pid "$n")
    libs=$(grep -o "libec_${PLUGIN}[^ ]*\.so" "/proc/$pid/maps" 2>/dev/null | sort -u | tr '\n' ' ')
    [ -n "$libs" ] || fail "$n (pid $pid) has no libec_$PLUGIN*.so mapped"
    echo "$n $libs"
  done | awk '{ n = $1; $1 = ""; by[$0] = by[$0] " " n } END { for (l in by) print l " in" by[l] }' |
    while read -r line; do step "  mapped: $line"; done
  # What the plugin itself says (it logs to the daemons' stderr, captured before they daemonize).
  grep -ah "ceph-ec-$PLUGIN:" "$CL_DIR/log/daemon-stdio.log" 2>/dev/null | sort | uniq -c | sed 's/^ */  /' |
    while read -r line; do step "  plugin log: $line"; done || true
}

# put_obj POOL OBJ FILE: write, read back, compare; record it for later checks.
put_obj() {
  cl_rados -p "$1" put "$2" "$3" || fail "rados put $1/$2 failed"
  echo "$2 $3" >>"$WORK/objects.$1"
  get_check "$1" "$2" "$3"
}
get_check() { # POOL OBJ FILE; its scratch file is the calling process's, so pools can be read at once
  local out=$WORK/get.$BASHPID
  rm -f "$out"
  cl_rados -p "$1" get "$2" "$out" || fail "rados get $1/$2 failed"
  cmp -s "$out" "$3" || fail "$1/$2: content read back differs from what was written ($(wc -c <"$out") vs $(wc -c <"$3") bytes)"
}
# verify_pools WHAT POOL...: every object recorded for the pools ($WORK/objects.POOL, "object file" lines)
# reads back exact (qa/cluster/rados-objects: one client for them all).
verify_pools() {
  local what=$1 pool specs=()
  shift
  for pool in "$@"; do specs+=("$pool=$WORK/objects.$pool"); done
  timeout "$(cl_scale 600)" /usr/bin/python3 "$CL_RADOS_OBJECTS" verify "${specs[@]}" >"$WORK/verify.err" 2>&1 ||
    fail "$what: $(head -20 "$WORK/verify.err")"
  step "  $what: all $(for pool in "$@"; do cat "$WORK/objects.$pool"; done | wc -l) objects of $# pool(s) exact"
}

# ---------------------------------------------------------------- ceph helpers
pool_json() { cl_query "osd pool ls" detail=detail | jq -c --arg p "$1" '.[] | select(.pool_name == $p)'; }

create_pool() { # create_pool POOL PROFILE [min_size]
  cl_ceph osd pool create "$1" 8 8 erasure "$2" >"$WORK/out" 2>&1 || fail "pool create $1 with profile $2 failed: $(cat "$WORK/out")"
  cl_ceph osd pool application enable "$1" rados >/dev/null 2>&1
  if [ -n "${3:-}" ]; then cl_ceph osd pool set "$1" min_size "$3" >/dev/null 2>&1 || fail "min_size $3 on $1"; fi
  cl_wait_clean "$1" "$(cl_scale 120)"
  : >"$WORK/objects.$1"
}

delete_pool() {
  cl_ceph osd pool delete "$1" "$1" --yes-i-really-really-mean-it >/dev/null 2>&1 || fail "pool delete $1"
}

# osd_map POOL OBJ: "pgid primary acting..."
osd_map() {
  cl_query "osd map" pool="$1" object="$2" | jq -r '"\(.pgid) \(.acting_primary) \(.acting | map(tostring) | join(" "))"'
}

# revive_osds ID...: memstore lost its data with the SIGKILL: re-create empty (same id/uuid); bluestore: restart.
revive_osds() {
  local id
  for id in "$@"; do
    if [ "$CL_STORE" = memstore ]; then cl_osd_recreate "$id"; else cl_osd_start "$id"; fi
  done
}

kill_osds() { # kill_osds ID...: SIGKILL, then tell the mon right away
  local id
  for id in "$@"; do cl_daemon_stop "osd.$id" KILL; done
  for id in "$@"; do cl_ceph osd down "osd.$id" >/dev/null 2>&1 || true; done
}

# wait_degraded POOL: every PG active, none peering, and the mgr already shows some undersized/degraded
# (so stale pre-kill stats cannot pass for "active").
wait_degraded() {
  local pool=$1 start=$SECONDS st limit
  limit=$(cl_scale 120)
  while :; do
    cl_wait_active "$1" "$limit"
    st=$(cl_pg_states "$pool")
    grep -qE 'undersized|degraded' <<<"$st" && return 0
    [ $((SECONDS - start)) -lt "$limit" ] || fail "PGs of $pool not degraded after ${limit}s with OSDs down: $st"
    sleep "$CL_POLL"
  done
}

# osds_have_map: every OSD runs and has processed the osdmap epoch the monitor holds now (newest_map of
# its admin socket's status): whatever the cluster's maps so far did to the OSDs has happened by then.
osds_have_map() {
  local epoch id got="" start=$SECONDS limit
  limit=$(cl_scale 120)
  epoch=$(cl_query "osd dump" | jq -r .epoch) || fail "osd dump"
  for id in $(seq 0 $((OSDS - 1))); do
    until got=$(timeout "$CL_TIMEOUT_CMD" ceph --admin-daemon "$CL_DIR/run/osd.$id.asok" status 2>/dev/null | jq -r .newest_map) &&
      [ "$got" -ge "$epoch" ] 2>/dev/null; do
      cl_fail_if_crashed "waiting for osd.$id to process osdmap epoch $epoch"
      [ $((SECONDS - start)) -lt "$limit" ] || fail "osd.$id has not processed osdmap epoch $epoch after ${limit}s (its newest: ${got:-none})"
      sleep "$CL_POLL"
    done
  done
}

# pg_stamps POOL...: "pgid stamp" of the last deep-scrub of every PG of the pools.
pg_stamps() {
  local pool
  for pool in "$@"; do
    cl_query "pg ls-by-pool" poolstr="$pool" | jq -r '.pg_stats[] | "\(.pgid) \(.last_deep_scrub_stamp)"'
  done | sort
}

# scrub_pgs "POOL..." PGID...: deep-scrub the PGs (of those pools; all of theirs when none is given) at
# once and wait until each one finished; sets SCRUBBED to how many.
scrub_pgs() {
  local pools=$1
  shift
  local before pgs pg pending start=$SECONDS limit
  limit=$(cl_scale 300)
  # shellcheck disable=SC2086
  before=$(pg_stamps $pools)
  if [ $# -gt 0 ]; then pgs=("$@"); else mapfile -t pgs < <(awk '{print $1}' <<<"$before"); fi
  # One request per PG, not `osd pool deep-scrub`: Tentacle 20.2.4 can leave one PG of a thrashed pool
  # unscrubbed by that for 900 s with every PG active+clean.
  for pg in "${pgs[@]}"; do cl_ceph pg deep-scrub "$pg" >/dev/null 2>&1 || fail "pg deep-scrub $pg"; done
  while :; do
    # PGs whose stamp has not moved yet.
    # shellcheck disable=SC2086
    pending=$(comm -12 <(grep -E "^($(IFS='|'; echo "${pgs[*]//./\\.}")) " <<<"$before") <(pg_stamps $pools) | wc -l)
    [ "$pending" -eq 0 ] && break
    [ $((SECONDS - start)) -lt "$limit" ] || fail "deep-scrub of $pending PG(s) of $pools not done after ${limit}s ($(cl_pg_states))"
    cl_fail_if_crashed "deep-scrubbing $pools"
    sleep "$CL_POLL"
  done
  SCRUBBED=${#pgs[@]}
}

# deep_scrub POOL [PGID...]: deep-scrub the PGs (all of POOL's by default) and wait until each finished.
deep_scrub() {
  local pool=$1 start=$SECONDS
  shift
  scrub_pgs "$pool" "$@"
  step "  deep-scrubbed $SCRUBBED PG(s) of $pool in $((SECONDS - start))s"
}

inconsistent_pgs() { cl_rados list-inconsistent-pg "$1" | jq -r '.[]' | tr '\n' ' '; }

# scrub_clean POOL...: deep-scrub every PG of the pools at once; none may be inconsistent.
scrub_clean() {
  local pool inc start=$SECONDS
  scrub_pgs "$*"
  for pool in "$@"; do
    inc=$(inconsistent_pgs "$pool")
    [ -z "$inc" ] || fail "deep-scrub found inconsistent PGs in $pool: $inc"
  done
  step "  deep-scrub of $SCRUBBED PGs in $((SECONDS - start))s: nothing inconsistent"
}

