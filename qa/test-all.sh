#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs every test of the project, on a fresh Debian 12 machine too (it installs what it needs).
# Stages live in qa/stages/NN-name.sh and run in order; each prints what it does and fails loudly.
# EC_STAGES="10 20" runs only the stages whose number is listed.
# When stage 70 (the other Ceph releases, each in a Debian root) is to run, its roots are made and filled in
# the background from the end of stage 10 on (qa/lib/release-root.sh, release_roots_prepare): mostly
# downloads and dpkg, which overlap the host's stages. EC_PREPARE_ROOTS=0 leaves it all to stage 70.
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

prepare_pid=""
# A run that stops early leaves no root half-made behind it (an unfinished root is remade next time).
trap '[ -z "$prepare_pid" ] || kill_tree "$prepare_pid"' EXIT

# The background preparation of stage 70's roots, once the installed release is known (stage 10 installs it).
start_prepare() {
  [ -z "$prepare_pid" ] && selected 70 && [ "${EC_PREPARE_ROOTS:-1}" != 0 ] || return 0
  local releases
  releases=$(release_others_to_run 2>/dev/null) || return 0
  [ -n "$releases" ] || return 0
  ensure_packages mmdebstrap util-linux
  # shellcheck disable=SC2086 # release names are words
  release_roots_prepare $releases
  prepare_pid=$!
}

failed=()
passed=()
total_start=$(date +%s)
for stage in "$EC_TOP"/qa/stages/[0-9][0-9]-*.sh; do
  name=$(basename "$stage" .sh)
  num=${name%%-*}
  selected "$num" || continue
  [ "$num" = 10 ] || start_prepare
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
# The job is over once stage 70 has run (it waits for it); otherwise it has nothing left to serve.
if [ -n "$prepare_pid" ] && selected 70 && [ ${#failed[@]} -eq 0 ]; then prepare_pid=""; fi

log "summary"
for s in "${passed[@]}"; do echo "  ok    $s"; done
for s in "${failed[@]}"; do echo "  FAIL  $s"; done
total=$(( $(date +%s) - total_start ))
echo "total: ${total}s ($((total / 60)) min $((total % 60)) s)"
echo "stages: ${#passed[@]} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
