# SPDX-License-Identifier: LGPL-2.1-or-later
# Shared helpers for qa/ scripts. Source it: . "$(dirname "$0")/../lib/common.sh" (or from qa/).
# Everything here is bounded and prints what it does.

EC_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export EC_TOP
# The native build every stage shares (configured and built by stage 10).
EC_BUILD=${EC_BUILD:-$EC_TOP/build}
export EC_BUILD

. "$EC_TOP/qa/lib/releases.sh"
. "$EC_TOP/qa/lib/apt-retry.sh"

# What test runs on one machine keep for the next (fresh clones included), each keyed by what decides its
# content: compiler caches, the ppc64el sysroots and their downloads; release roots are in $EC_ROOTS
# (qa/lib/release-root.sh). A root's stages see the same directory (bound at the same path).
EC_CACHE=${EC_CACHE:-/var/cache/ec-power8}
export EC_CACHE
# ccache for every compiler cmake configures (host gcc and clang, the ppc64le cross compiler, each root's
# gcc), one cache per ccache version: the key is the compiler's content, its arguments and the
# preprocessed source, with paths under the work tree made relative so that another clone hits too.
if command -v ccache >/dev/null; then
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
  export CCACHE_DIR=${CCACHE_DIR:-$EC_CACHE/ccache/$(ccache --version | awk 'NR == 1 {print $NF}')}
  export CCACHE_BASEDIR=$EC_TOP CCACHE_NOHASHDIR=1 CCACHE_COMPILERCHECK=content CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-6G}
fi
# Where the ppc64el sysroot of the installed Ceph release (qa/ppc64le/sysroot.sh) and its downloads live:
# one per release, so a release's root and the host share the cache.
ec_ppc_sysroot() { echo "$EC_CACHE/ppc64le/$(release_installed)/sysroot"; }
ec_ppc_cache() { echo "$EC_CACHE/ppc64le/$(release_installed)"; }
# ec_ppc_configure BUILD: the ppc64le cross build of the installed release in BUILD, against its sysroot
# (made first if missing), for the Ceph version of that release's ppc64el ceph-base.
ec_ppc_configure() {
  local sysroot debs
  sysroot=$(bash "$EC_TOP/qa/ppc64le/sysroot.sh") || return 1
  debs=$(ec_ppc_cache)/debs
  # Optimised as the default build, without its debug information (-g changes no code gcc generates, and
  # writing it costs compile and link time): nothing debugs the cross build's binaries here.
  cmake -S "$EC_TOP" -B "$1" -G Ninja \
    -DCMAKE_TOOLCHAIN_FILE="$EC_TOP/cmake/ppc64le-toolchain.cmake" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" \
    -DEC_PPC64LE_SYSROOT="$sysroot" \
    -DCEPH_VERSION="$(dpkg-deb -f "$(ls "$debs"/ceph-base_*_ppc64el.deb)" Version | sed 's/^[0-9]*://; s/[+-].*//')" >/dev/null
}

# The clang ASan + UBSan tree of stages 20 and 50 (configured by whichever runs first): the whole tree and
# its suite for stage 20, the libFuzzer targets for stage 50. One tree, not two: the kernels' translation
# units take minutes to build instrumented on 2 cores, and libFuzzer's coverage instrumentation
# (fuzzer-no-link) costs the suite under ASan a few seconds.
EC_ASAN_BUILD=$EC_TOP/build-asan
# Line tables only for debug information: enough for the sanitizers' reports (file and line), and
# cheaper to build than -g's full information; clang generates the same code either way.
ec_asan_configure() {
  CC=clang CXX=clang++ cmake -S "$EC_TOP" -B "$EC_ASAN_BUILD" -G Ninja \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
    -DEC_SANITIZE=address,undefined,fuzzer-no-link -DEC_BUILD_FUZZERS=ON >/dev/null
}

log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# ensure_packages PKG... : apt-get install what is missing (apt-get update once per run, and again before
# a retried install: see apt_retried).
ensure_packages() {
  local missing=()
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "apt-get install ${missing[*]}"
  apt_retried _ensure_packages_install "${missing[@]}"
}

# One try of ensure_packages: update unless this run has, then install. A failed install forgets the
# update, so the next try reads the mirror's indexes again.
_ensure_packages_install() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  # Wait for dpkg's lock instead of failing: other stages or runs on the machine may be installing too.
  if [ ! -e /tmp/.ec-power8-apt-updated ]; then
    $sudo apt-get -o DPkg::Lock::Timeout=600 update -q >&2 || return
    touch /tmp/.ec-power8-apt-updated
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -q \
    --no-install-recommends "$@" >&2 && return 0
  local rc=$?
  rm -f /tmp/.ec-power8-apt-updated
  return "$rc"
}

# The packages every build of the project needs.
EC_BUILD_PACKAGES=(build-essential cmake ninja-build googletest pkg-config
                   ceph-base ceph-osd libradospp-dev librados-dev libjerasure-dev libgf-complete-dev libisal-dev)
