# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The test command's record: one tab-separated line per test and per step within it, with wall and CPU
# seconds (user + system of every process the step waited for; daemons that detach are not counted: a
# cluster adds them as a "daemons" row when it stops, qa/cluster/lib.sh).
# Source it after common.sh.
#   ec_step NAME CMD...   run CMD, append "TEST<tab>NAME<tab>wall<tab>cpu<tab>status" to $EC_RECORD and
#                         return CMD's status (TEST is $EC_RECORD_TEST, the ctest test running, or "-")
#   ec_record_note TEXT   append "TEST<tab>note<tab>TEXT": what a run reused (roots, caches)
# $EC_RECORD defaults to $EC_TOP/build-qa/record.tsv (qa/test-all.sh starts it anew each run).

EC_RECORD=${EC_RECORD:-$EC_TOP/build-qa/record.tsv}
export EC_RECORD

# _ec_children_cpu: sets _EC_CPU to the CPU seconds this shell's waited-for children have used so far
# (bash's `times`, second line). A variable, not output: a command substitution would be another shell.
_ec_children_cpu() {
  local f u s
  f=$(mktemp)
  times >"$f"
  read -r u s < <(sed -n 2p "$f")
  rm -f "$f"
  _EC_CPU=$(awk -v u="$u" -v s="$s" 'function sec(t, m) { m = t; sub(/m.*/, "", m); sub(/^[0-9]*m/, "", t); sub(/s$/, "", t); return m * 60 + t }
    BEGIN { printf "%.1f", sec(u) + sec(s) }')
}

ec_step() {
  local name=$1 t0 c0 rc=0
  shift
  t0=$(date +%s.%N)
  _ec_children_cpu
  c0=$_EC_CPU
  "$@" || rc=$?
  _ec_children_cpu
  mkdir -p "$(dirname "$EC_RECORD")"
  printf '%s\t%s\t%.1f\t%.1f\t%s\n' "${EC_RECORD_TEST:--}" "$name" \
    "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" \
    "$(awk -v a="$c0" -v b="$_EC_CPU" 'BEGIN { print b - a }')" \
    "$([ $rc = 0 ] && echo ok || echo "failed($rc)")" >>"$EC_RECORD"
  return $rc
}

ec_record_note() {
  mkdir -p "$(dirname "$EC_RECORD")"
  printf '%s\tnote\t%s\n' "${EC_RECORD_TEST:--}" "$*" >>"$EC_RECORD"
}

# ec_build NAME CMD...: ec_step for a build, noting how many of its compilations ccache served.
ec_build() {
  local name=$1 slog rc=0
  shift
  slog=$(mktemp)
  CCACHE_STATSLOG=$slog ec_step "$name" "$@" || rc=$?
  [ ! -s "$slog" ] ||
    ec_record_note "$name: ccache $(grep -c '_cache_hit$' "$slog") hits, $(grep -c '^cache_miss$' "$slog") misses"
  rm -f "$slog"
  return $rc
}
