#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs every test of the project, on a fresh Debian 12 machine too (it installs what it needs).
# Stages live in qa/stages/NN-name.sh and run in order; each prints what it does and fails loudly.
# EC_STAGES="10 20" runs only the stages whose number is listed.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

failed=()
passed=()
for stage in "$EC_TOP"/qa/stages/[0-9][0-9]-*.sh; do
  name=$(basename "$stage" .sh)
  num=${name%%-*}
  if [ -n "${EC_STAGES:-}" ] && ! grep -qw "$num" <<<"$EC_STAGES"; then
    continue
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

log "summary"
for s in "${passed[@]}"; do echo "  ok    $s"; done
for s in "${failed[@]}"; do echo "  FAIL  $s"; done
echo "stages: ${#passed[@]} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
