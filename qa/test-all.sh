#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs every test of the project, on a fresh Debian 12 machine too (it installs what it needs).
# The stages (qa/stages on the host, qa/release/run for the other Ceph releases in their Debian roots and
# the upgrades) are ctest tests of qa/suite, ordered by their fixtures and run side by side (ctest -j,
# each test's PROCESSORS); qa/suite/CMakeLists.txt says which needs what.
#   EC_STAGES="10 40"  only the host's stages with these numbers ("70": the other releases and the
#                      upgrades), with the tests they need (ctest adds a fixture's setup)
#   EC_AFFECTED_SINCE=REV  only the tests the files changed since REV can affect (qa/suite/affected)
#   EC_JOBS            ctest's parallel level (default 9 on 2 cores: a build or a qemu cluster counts 2,
#                      a cluster test or a root 1, so a build is not starved by cluster tests; a cluster
#                      test keeps about a quarter of a core busy: the machine idled a fifth of the run
#                      with 6, 11% with 8, 6% with 9)
#   EC_CTEST_ARGS      more ctest arguments (e.g. "-L tentacle")
#   EC_PROOF_CACHE=off  rerun every proof (by default a unit suite that passed with the same inputs is
#                      reused: qa/lib/proof-cache.sh)
# Each run writes build-qa/record.tsv (every test and step: wall and CPU seconds, what it reused),
# build-qa/results.xml (JUnit) and build-qa/logs/TEST.log, and prints the record's summary at the end.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"
. "$EC_TOP/qa/lib/record.sh"
. "$EC_TOP/qa/lib/proof-cache.sh"

# What ctest, the installed release's name (ceph-base) and the other releases' roots need; the rest of the
# host's packages come with the first test (qa/stages/00-packages.sh), while the roots are made.
# ninja-build: the generator of the suite's (empty) build system, which a minimal Debian has no make for.
ensure_packages cmake ninja-build ceph-base mmdebstrap util-linux binutils python3

qa=$EC_TOP/build-qa
mkdir -p "$qa"
# Configured anew each run (it is a list of tests): a cache of another generator would refuse Ninja.
rm -rf "$EC_RECORD" "$qa/logs" "$qa/results.xml" "$qa/CMakeCache.txt" "$qa/CMakeFiles"
cmake -S "$EC_TOP/qa/suite" -B "$qa" -G Ninja -DEC_HOST_RELEASE="$(release_installed)" >/dev/null

args=()
if [ -n "${EC_STAGES:-}" ]; then
  re=""
  for s in $EC_STAGES; do
    if [ "$s" = 70 ]; then
      for r in $(release_others_to_run) upgrade; do re+="${re:+|}^$r\\."; done
    else
      re+="${re:+|}^host\\.$s\\."
    fi
  done
  args+=(-R "$re")
fi
if [ -n "${EC_AFFECTED_SINCE:-}" ]; then
  re=$("$EC_TOP/qa/suite/affected" "$EC_AFFECTED_SINCE")
  [ -n "$re" ] || { log "nothing since $EC_AFFECTED_SINCE affects a test"; exit 0; }
  log "the tests a change since $EC_AFFECTED_SINCE can affect: $re"
  args+=(-R "$re")
fi
# shellcheck disable=SC2206
args+=(${EC_CTEST_ARGS:-})

# The work tree's content, part of every reusable proof's key (qa/lib/proof-cache.sh): read once, before
# any test writes into the tree.
EC_TREE_HASH=$(ec_tree_hash)
export EC_TREE_HASH
start=$(date +%s)
# busy_cpu: the CPU seconds every process of the machine has used since boot (/proc/stat: user, nice,
# system, irq, softirq, steal), the clusters' detached daemons included (the record has those its clusters
# stopped), and everything outside the tests.
busy_cpu() { awk -v hz="$(getconf CLK_TCK)" '$1 == "cpu" {print int(($2 + $3 + $4 + $7 + $8 + $9) / hz)}' /proc/stat; }
busy0=$(busy_cpu)
rc=0
# kill_tree PID: PID and every process below it (a run stopped early leaves no test behind; the cluster
# tests stop their clusters on SIGTERM).
kill_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
ctest --test-dir "$qa" -j"${EC_JOBS:-9}" --output-on-failure --test-output-size-failed 1000000 \
  --output-junit "$qa/results.xml" "${args[@]}" &
ctest_pid=$!
trap 'kill_tree $ctest_pid; exit 143' TERM INT HUP
wait $ctest_pid || rc=$?
trap - TERM INT HUP
total=$(( $(date +%s) - start ))

log "record ($EC_RECORD): wall and CPU seconds of each test and step"
"$EC_TOP/qa/suite/report" "$EC_RECORD"
cpu=$(lscpu | awk -F': *' '/^Model name/ {n = $2} /^CPU family/ {f = $2} /^Model:/ {m = $2} END {print n " (family " f ", model " m ")"}')
echo "test command: ${total}s ($((total / 60)) min $((total % 60)) s) on $cpu, $(nproc) cores"
busy=$(( $(busy_cpu) - busy0 ))
echo "machine CPU seconds, daemons included: $busy of $((total * $(nproc))) ($((100 * busy / (total * $(nproc) + 1)))% busy)"
"$EC_TOP/qa/suite/projection" "$EC_RECORD" "$total"
[ $rc -eq 0 ] || "$EC_TOP/qa/suite/failure-digest" "$qa/results.xml"
exit $rc
