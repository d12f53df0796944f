# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Proofs made once: a test step (a unit suite, under qemu, ASan or valgrind; a cluster test) that passed is
# not run again while everything that decides its result is unchanged. Source it after record.sh.
#   ec_proof_step NAME CMD...   as ec_step NAME CMD..., unless a step of the same test and NAME passed with
#                               the same key: then it says so, records the step as "reused" and returns 0
# The key is the SHA-256 of:
#   - the work tree's content (every file but the build trees and .git: sources, tests, their data, qa);
#   - the trees the step runs from ($EC_PROOF_TREES: each executable, library and CTestTestfile.cmake in
#     them, by content: the unit suites' build trees, the plugin libraries a cluster loads) and the files
#     in $EC_PROOF_FILES (e.g. the ppc64el sysroot's package stamp);
#   - every installed package and its version (the host's, or the release root's the step runs in:
#     compilers, Ceph, qemu, libraries), and those of the roots in $EC_PROOF_ROOTS (the other releases'
#     roots an upgrade test runs daemons in);
#   - the CPU (vendor, family, model, stepping, flags: the variant the loader picks) and the kernel;
#   - the test, the step, its command line and the environment that steers it (EC_*, QEMU_*, LD_*,
#     *SAN_OPTIONS; not the per-run port lane or record path).
# Only passes are kept, never failures. A cluster test's workload is fixed by these inputs (its seed is a
# constant or the tree's hash); what timing varies between two runs of one tree (when the thrasher's
# events land, ceph_test_rados' own draws) is not an input: a changed tree or EC_PROOF_CACHE=off runs it
# anew. The fuzz runs are seeded so too (their inputs follow from the seed). The thread runs do not use it:
# their schedules are the point of running them again. EC_PROOF_CACHE=off runs every step. Kept in
# $EC_CACHE/proofs, the newest 400.
#   ec_seeded CMD...            CMD with EC_QA_SEED set from the tree's hash (the first 7 hex digits) unless
#                               it is set: every change of the tree draws another workload, one tree always
#                               the same

EC_PROOF_DIR=${EC_PROOF_DIR:-$EC_CACHE/proofs}

# ec_tree_hash: the work tree's content, computed once per test command (test-all.sh exports it).
ec_tree_hash() {
  (cd "$EC_TOP" && find . \( -path './build*' -o -path ./.git -o -path ./.cache -o -path ./.ppc-apt \
    -o -name __pycache__ \) -prune -o -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) |
    sha256sum | cut -c1-64
}

ec_seeded() {
  local seed=${EC_QA_SEED:-} from="EC_QA_SEED"
  if [ -z "$seed" ]; then
    seed=$((16#$(cut -c1-7 <<<"${EC_TREE_HASH:-$(ec_tree_hash)}")))
    from="the work tree's hash"
  fi
  log "seed $seed (from $from)"
  EC_QA_SEED=$seed "$@"
}
# _ec_proof_inputs CMD...: one line per input of the key, "NAME SHA256" (what decides the result).
_ec_proof_inputs() {
  local t
  echo "tree ${EC_TREE_HASH:-$(ec_tree_hash)}"
  echo "trees $(for t in ${EC_PROOF_TREES:-}; do
    echo "$t"
    [ ! -d "$t" ] || (cd "$t" && find . -path '*/CMakeFiles' -prune -o -type f \
      \( -perm -u+x -o -name '*.so*' -o -name '*.a' -o -name CTestTestfile.cmake \) -print0 |
      LC_ALL=C sort -z | xargs -0 -r sha256sum)
  done | sha256sum | cut -c1-64)"
  echo "files $(for t in ${EC_PROOF_FILES:-}; do echo "$t"; sha256sum <"$t"; done | sha256sum | cut -c1-64)"
  echo "packages $(_ec_installed_packages / | sha256sum | cut -c1-64)"
  [ -z "${EC_PROOF_ROOTS:-}" ] ||
    echo "roots $(for t in $EC_PROOF_ROOTS; do echo "$t"; _ec_installed_packages "$t"; done | sha256sum | cut -c1-64)"
  echo "cpu $({ awk '/^$/ {exit} /^(vendor_id|cpu family|model|stepping|flags)/' /proc/cpuinfo; uname -r; } |
    sha256sum | cut -c1-64)"
  echo "command $({ echo "test ${EC_RECORD_TEST:--}"; printf '%s\n' "$@"
    env | grep -E '^(EC_|QEMU_|LD_|[A-Z]*SAN_OPTIONS=)' |
      grep -vE '^EC_(PORT_LANES?|RECORD|RECORD_TEST|PROOF_[A-Z]*|TREE_HASH|JOBS)=' | LC_ALL=C sort
  } | sha256sum | cut -c1-64)"
}

# _ec_installed_packages ROOT: the packages installed in the system at ROOT, a line each with its version.
# Those dpkg keeps installed (a removed one's leftover configuration is not code), whatever their passing
# state: while stage 60 installs or purges this project's own package (left out too), man-db awaits its
# trigger for a moment, and a key read then must not differ.
_ec_installed_packages() {
  dpkg-query --admindir="${1%/}/var/lib/dpkg" -W -f '${db:Status-Abbrev} ${binary:Package} ${Version}\n' |
    awk '$1 ~ /^i/ && $2 !~ /^ceph-erasure-code-power8/ {print $2, $3}' | LC_ALL=C sort
}

ec_proof_step() {
  local name=$1 inputs key entry last why rc=0
  if [ "${EC_PROOF_CACHE:-on}" = off ]; then
    ec_step "$@"
    return
  fi
  inputs=$(_ec_proof_inputs "$@") || die "ec_proof_step $name: cannot read its inputs"
  key=$(sha256sum <<<"$inputs" | cut -c1-64)
  entry=$EC_PROOF_DIR/${EC_RECORD_TEST:--}.$name.$key
  if [ -f "$entry" ]; then
    log "$name: reused: this proof passed on $(head -1 "$entry") with the same inputs (key ${key:0:16}; EC_PROOF_CACHE=off reruns it)"
    printf '%s\t%s\t0\t0\treused\n' "${EC_RECORD_TEST:--}" "$name" >>"$EC_RECORD"
    ec_record_note "$name: passed on $(head -1 "$entry") with the same inputs"
    return 0
  fi
  # Why it runs: which inputs differ from the newest proof of this step, if there is one.
  last=$(find "$EC_PROOF_DIR" -maxdepth 1 -type f -name "${EC_RECORD_TEST:--}.$name.*" -printf '%T@ %p\n' 2>/dev/null |
    sort -rn | head -1 | cut -d' ' -f2- || true)
  if [ -n "$last" ]; then
    why=$(tail -n +2 "$last" | diff - <(echo "$inputs") | awk '/^>/ {printf "%s%s", sep, $2; sep = ", "}' || true)
    log "$name: runs: its ${why:-inputs} changed since its proof of $(head -1 "$last")"
  fi
  ec_step "$@" || rc=$?
  if [ $rc = 0 ]; then
    mkdir -p "$EC_PROOF_DIR"
    { date -u '+%F %H:%M UTC'; echo "$inputs"; } >"$entry.tmp" && mv "$entry.tmp" "$entry"
    # Bounded: the newest 400 proofs.
    find "$EC_PROOF_DIR" -maxdepth 1 -type f -printf '%T@ %p\n' | sort -rn | tail -n +401 | cut -d' ' -f2- |
      xargs -r rm -f
  fi
  return $rc
}
