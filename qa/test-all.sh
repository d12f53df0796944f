#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs every test of the project, on a fresh Debian 12 machine too (it installs what it needs).
# Stages live in qa/stages/NN-name.sh and run in order; each prints what it does and fails loudly.
# EC_STAGES="10 20" runs only the stages whose number is listed.
# When stage 70 (the other Ceph releases, each in a Debian root) is to run, each release's part of it (its
# root, then its stages in it) starts in the background once stage 10 has built the installed release, and
# runs beside the host's stages 20-60 (qa/lib/release-root.sh, release_early_start): a cluster test alone
# keeps about a third of two cores busy, the rest goes to the other releases' builds and clusters. Stage
# 70 waits for them, prints their logs and runs the upgrade tests; a release that failed stops the run at
# the next stage. EC_RELEASES_EARLY=0 leaves it all to stage 70, one release after another.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"
. "$EC_TOP/qa/lib/release-root.sh"

selected() { [ -z "${EC_STAGES:-}" ] || grep -qw "$1" <<<"$EC_STAGES"; }

# kill_tree PID: PID and every process below it.
kill_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

early_started=0
# A run that stops early leaves no job behind it (their cluster tests stop their clusters on SIGTERM).
stop_early() {
  local job
  for job in ${EC_EARLY_PIDS:-}; do kill_tree "${job#*:}"; done
}
trap stop_early EXIT

# The other releases' parts of stage 70, started once the installed release is known and built (stage 10),
# each with a lane of cluster ports of its own (the host's stages keep lane 0).
start_early() {
  [ $early_started = 0 ] && selected 70 && [ "${EC_RELEASES_EARLY:-1}" != 0 ] || return 0
  early_started=1
  export EC_EARLY_PIDS=""
  local releases r lane=0
  releases=$(release_others_to_run 2>/dev/null) || return 0
  [ -n "$releases" ] || return 0
  # Installed here, before the jobs start: apt on the host from two processes at once would fight for its lock.
  ensure_packages mmdebstrap util-linux binutils
  export EC_PORT_LANES=$(( $(wc -w <<<"$releases") + 1 )) EC_PORT_LANE=0
  for r in $releases; do
    lane=$((lane + 1))
    release_early_start "$r" "$lane"
    EC_EARLY_PIDS+="${EC_EARLY_PIDS:+ }$r:$!"
  done
}

failed=()
passed=()
total_start=$(date +%s)
for stage in "$EC_TOP"/qa/stages/[0-9][0-9]-*.sh; do
  name=$(basename "$stage" .sh)
  num=${name%%-*}
  selected "$num" || continue
  [ "$num" = 10 ] || start_early
  if r=$(release_early_failed); then
    failed+=("70-releases ($r, early)")
    release_early_wait "$r" || true
    log "stage 70-releases FAILED: $r's stages in its root (started early, log above)"
    break
  fi
  log "stage $name"
  start=$(date +%s)
  if bash "$stage"; then
    passed+=("$name ($(( $(date +%s) - start ))s)")
  else
    failed+=("$name")
    log "stage $name FAILED"
    # Later stages depend on the build: stop at the first failure.
    break
  fi
done
# Stage 70 has waited for the jobs; a run that failed before it stops them (the trap).

log "summary"
for s in "${passed[@]}"; do echo "  ok    $s"; done
for s in "${failed[@]}"; do echo "  FAIL  $s"; done
total=$(( $(date +%s) - total_start ))
echo "total: ${total}s ($((total / 60)) min $((total % 60)) s)"
echo "stages: ${#passed[@]} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
