# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A Debian root per supported Ceph release, made from Debian's archive, where that release's own binaries
# (daemons, ceph-erasure-code-tool, compiler) run the project's tests. Source it after common.sh.
#
#   release_root_ensure RELEASE   make the root of RELEASE's Debian suite (mmdebstrap, then that suite's
#                                 Ceph and build tools inside) unless one with the same inputs exists;
#                                 prints its path
#   release_root_run RELEASE CMD  run CMD (a bash command line) in it, as root, in the work tree
#   release_early_start RELEASE LANE  in the background: stage 70's part for RELEASE (its root, then its
#                                 stages in it: qa/stages/70-releases.sh --in-root), with its clusters'
#                                 ports in lane LANE (qa/cluster/lib.sh, cl_free_port); output in
#                                 $EC_ROOTS/early-RELEASE.log
#   release_early_started RELEASE  whether this test run started RELEASE early (EC_EARLY_PIDS)
#   release_early_wait RELEASE    wait for it to end, print its log, return its exit status
#   release_early_failed          the first release started early that has already failed, if any
#
# Roots live in $EC_ROOTS (default /var/tmp/ec-power8-roots: outside the work tree, so fresh clones on one
# machine share them) and are rebuilt when their inputs change (suite, package list, this file). CMD runs
# in a private mount namespace: /proc, /sys, /dev and the work tree (at its own path) are mounted for it
# alone and vanish when it exits, so nothing is left mounted on the host. EC_ROOT_BINDS lists more host
# directories to bind at their own paths (e.g. a cluster directory shared with the host's daemons).
# Daemons started in a root share the host's network namespace (127.0.0.1, ports picked free).

. "$EC_TOP/qa/lib/apt-sources.sh"

EC_ROOTS=${EC_ROOTS:-/var/tmp/ec-power8-roots}

# What every release's stages need inside its root (the stages' own ensure_packages then find it all):
# Boost, fmt and python3-yaml for stage 10's tests built from Ceph's source (release_source_tests), here so
# that their installation happens while the root is made in the background, not in stage 10.
EC_ROOT_PACKAGES=(ca-certificates build-essential cmake ninja-build googletest pkg-config
                  ceph-base ceph-osd ceph-mon ceph-mgr ceph-common libradospp-dev librados-dev
                  libjerasure-dev libgf-complete-dev libisal-dev jq python3 iproute2 procps binutils
                  g++-powerpc64le-linux-gnu qemu-user dpkg-dev debhelper fakeroot lintian
                  libboost-dev libfmt-dev python3-yaml)

release_root_key() {
  local suite=$1
  { echo "$suite"; echo "${EC_ROOT_PACKAGES[*]}"; cat "${BASH_SOURCE[0]}"; } | sha256sum | cut -c1-16
}

release_root_ensure() {
  local release=$1 suite mirror root key
  suite=$(release_field "$release" suite) || return 1
  root=$EC_ROOTS/$suite
  key=$(release_root_key "$suite")
  if [ -f "$root/.ec-root-key" ] && [ "$(cat "$root/.ec-root-key")" = "$key" ]; then
    echo "$root"
    return 0
  fi
  ensure_packages mmdebstrap util-linux >&2
  mirror=$(apt_debian_mirror) || return 1
  log "root for $release: Debian $suite from $mirror into $root (mmdebstrap, then Ceph and the build tools)"
  mkdir -p "$EC_ROOTS"
  apt_retried _release_root_bootstrap "$suite" "$root" "$mirror" ||
    { rm -rf "$root"; die "mmdebstrap of $suite failed"; }
  # The root's apt sources in the one-line format debootstrap and Debian's installer write (mmdebstrap may
  # write deb822): the private apt configurations of the stages in the root (qa/lib/apt-sources.sh) read
  # this format there, whatever format the host's are in.
  rm -f "$root/etc/apt/sources.list.d/debian.sources"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" >"$root/etc/apt/sources.list"
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  echo "$key" >"$root/.ec-root-key"
  log "root for $release ready: $(chroot "$root" dpkg-query -W -f='ceph-base ${Version}' ceph-base), $(chroot "$root" g++ --version | head -1)"
  echo "$root"
}

# One try of release_root_ensure's mmdebstrap SUITE ROOT MIRROR, from an empty ROOT.
_release_root_bootstrap() {
  local suite=$1 root=$2 mirror=$3
  rm -rf "$root"
  # Check-Valid-Until=false: an archive copy may serve a Release file past its Valid-Until date (sid).
  mmdebstrap --variant=minbase --aptopt='Acquire::Check-Valid-Until "false"' \
    --include="$(IFS=,; echo "${EC_ROOT_PACKAGES[*]}")" \
    --customize-hook='printf "#!/bin/sh\nexit 101\n" >"$1/usr/sbin/policy-rc.d"; chmod +x "$1/usr/sbin/policy-rc.d"' \
    "$suite" "$root" "$mirror" >&2
}

release_root_run() {
  local release=$1 cmd=$2 root binds=() b
  root=$(release_root_ensure "$release") || return 1
  for b in $EC_TOP ${EC_ROOT_BINDS:-}; do binds+=("$b"); done
  # Only the project's exported variables cross into the root; PATH and HOME are the root's.
  local envs=(PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" CI="${CI:-}")
  local v
  for v in $(compgen -e | grep -E '^(EC_|CL_)'); do
    case $v in EC_TOP | EC_ROOTS | EC_ROOT_* | EC_RELEASES_TABLE | EC_EARLY_PIDS) continue ;; esac
    envs+=("$v=${!v}")
  done
  unshare --mount --propagation private -- bash -euc '
    root=$1; shift; n=$1; shift
    mount -t proc proc "$root/proc"
    mount -t sysfs sys "$root/sys"
    mount --rbind /dev "$root/dev"
    for ((i = 0; i < n; i++)); do
      mkdir -p "$root$1"
      mount --bind "$1" "$root$1"
      shift
    done
    top=$1; cmd=$2; shift 2
    exec chroot "$root" env -i "$@" bash -c "cd \"\$0\" && $cmd" "$top"
  ' _ "$root" "${#binds[@]}" "${binds[@]}" "$EC_TOP" "$cmd" "${envs[@]}"
}

# The early runs of qa/test-all.sh: each release's part of stage 70 starts once the installed release is
# built and runs beside the host's stages. A cluster test alone keeps about a third of two cores busy; run
# side by side, the cores stay busy throughout (the CI rehearsal on a 2-core VM: 100 -> 92 minutes).
# Their status is in files, not in `wait`: stage 70 is a child of the test run, not of the job.
_release_early_file() { echo "$EC_ROOTS/early-$1.$2"; }

release_early_start() {
  local release=$1 lane=$2 log rc
  mkdir -p "$EC_ROOTS"
  log=$(_release_early_file "$release" log) rc=$(_release_early_file "$release" rc)
  rm -f "$log" "$rc"
  log "$release: its stages start in its root in the background, beside the host's ($log)"
  (
    exec >"$log" 2>&1 </dev/null
    status=0
    EC_PORT_LANE=$lane bash "$EC_TOP/qa/stages/70-releases.sh" --in-root "$release" || status=$?
    echo "$status" >"$rc"
  ) &
}

# The PID of RELEASE's early job, from EC_EARLY_PIDS ("release:pid ...", exported by qa/test-all.sh).
_release_early_pid() { tr ' ' '\n' <<<"${EC_EARLY_PIDS:-}" | sed -n "s/^$1://p"; }

release_early_started() { [ -n "$(_release_early_pid "$1")" ]; }

release_early_wait() {
  local release=$1 pid rc t=$SECONDS
  pid=$(_release_early_pid "$release") rc=$(_release_early_file "$release" rc)
  while [ ! -f "$rc" ] && kill -0 "$pid" 2>/dev/null; do sleep 5; done
  log "$release: its stages in its root (started early; waited $((SECONDS - t))s), their output:"
  cat "$(_release_early_file "$release" log)" >&2
  [ -f "$rc" ] || { log "$release: the early job ended without a status (killed?)"; return 1; }
  return "$(cat "$rc")"
}

release_early_failed() {
  local r rc
  for r in ${EC_EARLY_PIDS:-}; do
    r=${r%%:*}
    rc=$(_release_early_file "$r" rc)
    if [ -f "$rc" ] && [ "$(cat "$rc")" != 0 ]; then echo "$r"; return 0; fi
  done
  return 1
}
