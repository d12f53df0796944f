# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A Debian root per supported Ceph release, made from Debian's archive, where that release's own binaries
# (daemons, ceph-erasure-code-tool, compiler) run the project's tests. Source it after common.sh.
#
#   release_root_ensure RELEASE   make the root of RELEASE's Debian suite (mmdebstrap, then that suite's
#                                 Ceph and build tools inside) unless one with the same inputs exists;
#                                 prints its path
#   release_root_run RELEASE CMD  run CMD (a bash command line) in it, as root, in the work tree
#
# Roots live in $EC_ROOTS (default /var/tmp/ec-power8-roots: outside the work tree, so fresh clones on one
# machine share them) and are rebuilt when their inputs change (suite, package list, this file). CMD runs
# in a private mount namespace: /proc, /sys, /dev and the work tree (at its own path) are mounted for it
# alone and vanish when it exits, so nothing is left mounted on the host. EC_ROOT_BINDS lists more host
# directories to bind at their own paths (e.g. a cluster directory shared with the host's daemons).
# Daemons started in a root share the host's network namespace (127.0.0.1, ports picked free).

. "$EC_TOP/qa/lib/apt-sources.sh"
. "$EC_TOP/qa/lib/record.sh"

EC_ROOTS=${EC_ROOTS:-/var/tmp/ec-power8-roots}

# What every release's stages need inside its root (the stages' own ensure_packages then find it all):
# Boost, fmt and python3-yaml for stage 10's tests built from Ceph's source (release_source_tests), here so
# that their installation happens while the root is made in the background, not in stage 10. The cross
# compilers are those of release_cross_arches.
EC_ROOT_PACKAGES=(ca-certificates build-essential cmake ninja-build googletest libgtest-dev pkg-config
                  ceph-base ceph-osd ceph-mon ceph-mgr ceph-common libradospp-dev librados-dev
                  libjerasure-dev libgf-complete-dev libisal-dev jq python3 iproute2 procps binutils qemu-user
                  dpkg-dev debhelper fakeroot
                  libboost-dev libfmt-dev python3-yaml python3-rados ccache ceph-test)

# The architectures whose packages RELEASE's stage 60 cross-builds: for a trimmed release
# (release_trimmed) those whose Debian tool no other stage of it runs, s390x and arm64 (its stage 30 runs
# the ppc64el one).
release_cross_packages() { if release_trimmed "$1"; then echo "s390x arm64"; else echo "ppc64el s390x arm64"; fi; }
# The other architectures RELEASE's stages build for, in its root, and run under qemu: stage 30's ppc64el
# and stage 60's. Their sysroots and cross compilers.
release_cross_arches() {
  # shellcheck disable=SC2046 # the architectures are words
  printf '%s\n' ppc64el $(release_cross_packages "$1") | awk '!seen[$0]++' | paste -sd' '
}

# release_root_packages RELEASE: the packages of RELEASE's root.
release_root_packages() {
  local a
  ensure_packages dpkg-dev >&2 # dpkg-architecture names the cross compilers' packages
  echo "${EC_ROOT_PACKAGES[@]}"
  # lintian and its ~130 Perl packages only where stage 60 runs it.
  ! release_lints_package "$1" || echo lintian
  for a in $(release_cross_arches "$1"); do echo "g++-$(dpkg-architecture -a"$a" -qDEB_HOST_GNU_TYPE 2>/dev/null)"; done
}

# release_root_key SUITE "PACKAGES": what a root is made from (this file's recipe too), for its cache.
release_root_key() {
  { echo "$1"; echo "$2"; cat "${BASH_SOURCE[0]}"; } | sha256sum | cut -c1-16
}

# release_root_ensure RELEASE [--check-archive]: with --check-archive (the root's own test, before any
# stage uses it) a cached root is also held to Debian's archive: any of its packages that the archive now
# has in another version makes it rebuilt, so a cached root proves what a fresh one would.
release_root_ensure() {
  local release=$1 check=${2:-} suite mirror root packages key newer
  suite=$(release_field "$release" suite) || return 1
  root=$EC_ROOTS/$suite
  packages=$(release_root_packages "$release" | paste -sd' ')
  key=$(release_root_key "$suite" "$packages")
  if [ -f "$root/.ec-root-key" ] && [ "$(cat "$root/.ec-root-key")" = "$key" ]; then
    if [ "$check" != --check-archive ]; then
      echo "$root"
      return 0
    fi
    newer=$(_release_root_exec "$root" / 'apt-get -q update >/dev/null 2>&1 && apt-get -s dist-upgrade 2>/dev/null' |
            awk '/^Inst / {print $2}') || newer="(apt-get update failed)"
    if [ -z "$newer" ]; then
      log "root for $release reused: $root (recipe $key, every package as the archive has it)"
      ec_record_note "reused the $suite root ($release, recipe $key)"
      echo "$root"
      return 0
    fi
    log "root for $release: the archive changed ($(echo $newer | head -c 300)): rebuilding it"
  fi
  ensure_packages mmdebstrap util-linux >&2
  mirror=$(apt_debian_mirror) || return 1
  log "root for $release: Debian $suite from $mirror into $root (mmdebstrap, then Ceph and the build tools)"
  mkdir -p "$EC_ROOTS"
  apt_retried _release_root_bootstrap "$suite" "$root" "$mirror" "$packages" ||
    { rm -rf "$root"; die "mmdebstrap of $suite failed"; }
  # The root's apt sources in the one-line format debootstrap and Debian's installer write (mmdebstrap may
  # write deb822): the private apt configurations of the stages in the root (qa/lib/apt-sources.sh) read
  # this format there, whatever format the host's are in.
  rm -f "$root/etc/apt/sources.list.d/debian.sources"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" >"$root/etc/apt/sources.list"
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  echo "$key" >"$root/.ec-root-key"
  log "root for $release ready: $(chroot "$root" dpkg-query -W -f='ceph-base ${Version}' ceph-base), $(chroot "$root" g++ --version | head -1)"
  ec_record_note "made the $suite root ($release, recipe $key)"
  echo "$root"
}

# One try of release_root_ensure's mmdebstrap SUITE ROOT MIRROR "PACKAGES", from an empty ROOT.
_release_root_bootstrap() {
  local suite=$1 root=$2 mirror=$3 packages=$4
  rm -rf "$root"
  # Check-Valid-Until=false: an archive copy may serve a Release file past its Valid-Until date (sid).
  # force-unsafe-io: dpkg without an fsync per unpacked file, as in Debian's container images (a test root).
  mmdebstrap --variant=minbase --aptopt='Acquire::Check-Valid-Until "false"' --dpkgopt=force-unsafe-io \
    --include="$(tr ' ' , <<<"$packages")" \
    --customize-hook='printf "#!/bin/sh\nexit 101\n" >"$1/usr/sbin/policy-rc.d"; chmod +x "$1/usr/sbin/policy-rc.d"' \
    "$suite" "$root" "$mirror" >&2
}

release_root_run() {
  local release=$1 cmd=$2 root
  root=$(release_root_ensure "$release") || return 1
  # Only the project's exported variables cross into the root; PATH and HOME are the root's (ccache's
  # settings too: common.sh sets them there for the root's own ccache).
  local envs=(PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" CI="${CI:-}")
  local v
  for v in $(compgen -e | grep -E '^(EC_|CL_)'); do
    case $v in EC_TOP | EC_ROOTS | EC_ROOT_* | EC_RELEASES_TABLE) continue ;; esac
    envs+=("$v=${!v}")
  done
  _release_root_exec "$root" "$EC_TOP" "$cmd" "${envs[@]}"
}

# _release_root_exec ROOT DIR CMD [VAR=VALUE...]: CMD in ROOT, in DIR, with only the VARs (and PATH) set; the
# work tree, the shared caches ($EC_CACHE) and $EC_ROOT_BINDS bound at their own paths.
_release_root_exec() {
  local root=$1 dir=$2 cmd=$3 binds=() b
  shift 3
  mkdir -p "$EC_CACHE"
  for b in $EC_TOP $EC_CACHE ${EC_ROOT_BINDS:-}; do binds+=("$b"); done
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
    dir=$1; cmd=$2; shift 2
    exec chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@" bash -c "cd \"\$0\" && $cmd" "$dir"
  ' _ "$root" "${#binds[@]}" "${binds[@]}" "$dir" "$cmd" "$@"
}
