# shellcheck shell=bash
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
# gcc), one cache per ccache version: the key is the compiler's content, its arguments, the source and the
# headers it read, with paths under the work tree made relative so that another clone hits too. Depend
# mode: those headers are the compiler's own -MD list, so a miss runs no preprocessor pass of ccache's (8% of
# a test unit's compile; every hit here is a direct one, so the preprocessed-source lookup it saved found
# nothing: 0 of 1128 in a rehearsal's two runs).
# The locale debhelper builds the package in (its ninja runs under LC_ALL=C.UTF-8): ccache's key includes
# it, and the trees ec_deb_configure makes are to serve the package's build.
export LC_ALL=C.UTF-8
# Every compiler, and every test of a cross tree under qemu, runs in one of the machine's CPU slots
# (qa/lib/cpu-slot): no more of them at once than cores, whichever build or suite they are of.
export EC_CPU_SLOTS=${EC_CPU_SLOTS:-$(nproc)} EC_CPU_SLOTS_DIR=$EC_CACHE/cpu-slots
export CMAKE_C_COMPILER_LAUNCHER=$EC_TOP/qa/lib/cpu-slot CMAKE_CXX_COMPILER_LAUNCHER=$EC_TOP/qa/lib/cpu-slot
if command -v ccache >/dev/null; then
  CMAKE_C_COMPILER_LAUNCHER+=";ccache" CMAKE_CXX_COMPILER_LAUNCHER+=";ccache"
  export CCACHE_DIR=${CCACHE_DIR:-$EC_CACHE/ccache/$(ccache --version | awk 'NR == 1 {print $NF}')}
  export CCACHE_BASEDIR=$EC_TOP CCACHE_NOHASHDIR=1 CCACHE_COMPILERCHECK=content CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-6G} \
    CCACHE_DEPEND=1
fi
# Where the sysroot of Debian architecture ARCH (ppc64el, s390x, arm64) for the installed Ceph release
# (qa/cross/sysroot.sh) and its downloads live: one per release, so a release's root and the host share
# the cache.
ec_cross_cache() {
  local release
  release=$(release_installed) || return
  echo "$EC_CACHE/$1/$release"
}
ec_cross_sysroot() {
  local cache
  cache=$(ec_cross_cache "$1") || return
  echo "$cache/sysroot"
}
# ec_cross_qemu ARCH and the emulated architectures' other facts.
. "$EC_TOP/qa/lib/cross-arch.sh"
# ec_deb_configure BUILD ARCH [CMAKE_ARG...]: configure BUILD as debian/rules configures the package's
# build (dpkg-buildflags' hardened flags, CMAKE_BUILD_TYPE=None, the Ceph version of ceph-base) for ARCH
# (empty: this machine's; ppc64el, s390x, arm64: the cross build against the installed release's sysroot), plus
# CMAKE_ARGs (the tests). Stage 60's package build compiles the same objects with the same flags from a
# copy of the tree at the same depth under $EC_TOP, so ccache serves it from the tree the tests proved.
ec_deb_configure() {
  local build=$1 arch=$2
  shift 2
  local run=(env)
  if [ -n "$arch" ]; then
    local sysroot
    sysroot=$(bash "$EC_TOP/qa/cross/sysroot.sh" "$arch") || return 1
    run=(env EC_CROSS_SYSROOT="$sysroot" EC_CROSS_DEBS="$(ec_cross_cache "$arch")/debs" dpkg-architecture -a"$arch" -c)
  fi
  # The flags are cached by the first configure: a tree configured otherwise starts over.
  mkdir -p "$build"
  rm -f "$build/CMakeCache.txt"
  (cd "$EC_TOP" && "${run[@]}" debian/rules override_dh_auto_configure EC_DEB_BUILDDIR="$build" \
    EC_DEB_CMAKE_ARGS="-DCMAKE_VERBOSE_MAKEFILE=OFF $*") >"$build/deb-configure.log" 2>&1 || {
    tail -20 "$build/deb-configure.log" >&2
    die "configuring $build as the package's build failed (log: $build/deb-configure.log)"
  }
}
# The ctests of the tree's own qa scripts and docs, which no compiler or release changes: stage 10's suite on
# the host runs them, no other suite (a ctest -E pattern).
# shellcheck disable=SC2034 # read by the stages that source this file
EC_TREE_CHECKS_PATTERN='^qa\.(apt_sources|apt_retry|proof_cache|budget_table|schedule_replay)$|^doc_links'
# What the trees qa tests add to the package's configuration: the tests, without debug information, their
# own code at -O1 (test/CMakeLists.txt).
EC_QA_TREE_ARGS=(-DEC_BUILD_TESTS=ON -DEC_TESTS_DEBUG_INFO=OFF -DEC_TESTS_UNITY_BUILD=ON -DEC_TESTS_O1=ON)
# DEB_BUILD_OPTIONS of the packages the tests build: without debhelper's automatic -dbgsym package, which no
# test installs or reads (the .deb they check holds the same bytes either way); about a tenth of a build.
ec_deb_build_options() { echo "parallel=${EC_DEB_PARALLEL:-2} noautodbgsym"; }
# ec_native_configure BUILD [CMAKE_ARG...]: stage 10's tree of the installed release in BUILD, tests and
# tools included (CMAKE_ARGs after them: what a release's tree leaves out).
ec_native_configure() {
  local build=$1
  shift
  ec_deb_configure "$build" "" "${EC_QA_TREE_ARGS[@]}" -DEC_BUILD_RESEARCH_TOOLS=ON "$@"
}
# ec_cross_configure BUILD ARCH [CMAKE_ARG...]: the cross build for Debian architecture ARCH of the
# installed release in BUILD, tests included. The engine's suites (GF, codec, golden chunks, vectors:
# portable code) run on the host and, big-endian, in the s390x tree; the ppc64el tree, little-endian and
# 64-bit as the host, leaves them out and runs what depends on the CPU, the loader and the plugin's
# suites, which the s390x and arm64 trees leave out (their plugin runs in Debian's tool of their
# architecture, stages 32 and 34): the arm64 tree runs what depends on the CPU alone. No cross tree
# builds the suites no architecture changes (threads, memory bounds, all-hooks).
ec_cross_configure() {
  local build=$1 arch=$2 scope=(-DEC_BUILD_ARCH_NEUTRAL_TESTS=OFF)
  shift 2
  case $arch in
    ppc64el) scope+=(-DEC_BUILD_ENGINE_TESTS=OFF) ;;
    s390x) scope+=(-DEC_BUILD_PLUGIN_TESTS=OFF) ;;
    arm64) scope+=(-DEC_BUILD_ENGINE_TESTS=OFF -DEC_BUILD_PLUGIN_TESTS=OFF) ;;
  esac
  # Its tests run under qemu in a CPU slot, as compilers do.
  ec_deb_configure "$build" "$arch" "${EC_QA_TREE_ARGS[@]}" "${scope[@]}" \
    -DEC_CROSS_EMULATOR_LAUNCHER="$EC_TOP/qa/lib/cpu-slot" "$@"
}

# The clang ASan + UBSan tree of stages 20 and 50 (configured by whichever runs first): the whole tree and
# its suite for stage 20, the libFuzzer targets for stage 50. One tree, not two: the kernels' translation
# units take minutes to build instrumented on 2 cores, and libFuzzer's coverage instrumentation
# (fuzzer-no-link) costs the suite under ASan a few seconds.
EC_ASAN_BUILD=$EC_TOP/build-asan
# Line tables only for debug information: enough for the sanitizers' reports (file and line), and
# cheaper to build than -g's full information; clang generates the same code either way. No research
# tools: isal_compare's --verify runs in stage 10's suite, through the codec the ASan suite proves. No
# architecture-neutral suites: the threads run under ThreadSanitizer (stage 50), the heap bounds and the
# all-hooks table (built uninstrumented, as kernels) under gcc in stage 10.
ec_asan_configure() {
  CC=clang CXX=clang++ cmake -S "$EC_TOP" -B "$EC_ASAN_BUILD" -G Ninja -DEC_BUILD_RESEARCH_TOOLS=OFF \
    -DEC_BUILD_ARCH_NEUTRAL_TESTS=OFF \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
    -DEC_SANITIZE=address,undefined,fuzzer-no-link -DEC_BUILD_FUZZERS=ON -DEC_TESTS_UNITY_BUILD=ON -DEC_TESTS_O1=ON >/dev/null
}

log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
# A script that set -e stops names the command that stopped it (file, line, exit status): a command whose
# own error went to /dev/null no longer ends a test without a word. errtrace: in functions too; the check
# of $- keeps it quiet where errexit is off (command substitutions, scripts without set -e).
set -E
_ec_err_trap() {
  [[ $- != *e* ]] || printf 'error: %s:%s: "%s" exited %s\n' "${BASH_SOURCE[1]#"$EC_TOP"/}" "$2" "$3" "$1" >&2
}
trap '_ec_err_trap $? "$LINENO" "$BASH_COMMAND"' ERR

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
# shellcheck disable=SC2034 # read by the stages that source this file
EC_BUILD_PACKAGES=(build-essential cmake ninja-build googletest libgtest-dev pkg-config
                   ceph-base ceph-osd libradospp-dev librados-dev libjerasure-dev libgf-complete-dev libisal-dev)
