# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The qa scripts' progress lines and their fatal failure, on stderr:
#   step MSG   "[HH:MM:SS +  Ns] MSG", N the seconds since T0 (set before sourcing, or now)
#   fail MSG   the same line as "FAIL: MSG", then QA_ON_FAIL (optional: a command) and, with qa/cluster/lib.sh
#              loaded, the cluster's logs (cl_dump_logs); exit 1. A background job that sets QA_FAIL_QUIET
#              leaves the logs to the shell that waits for it and fails in turn.

T0=${T0:-$SECONDS}
step() { printf '[%(%H:%M:%S)T +%3ds] %s\n' -1 $((SECONDS - T0)) "$*" >&2; }
fail() {
  printf '[%(%H:%M:%S)T +%3ds] FAIL: %s\n' -1 $((SECONDS - T0)) "$*" >&2
  if [ -z "${QA_FAIL_QUIET:-}" ]; then
    [ -z "${QA_ON_FAIL:-}" ] || $QA_ON_FAIL || true
    if declare -F cl_dump_logs >/dev/null; then cl_dump_logs || true; fi
  fi
  exit 1
}
