#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The Debian package: build ceph-erasure-code-power8 from a clean copy of the tree (dpkg-buildpackage -b),
# lintian (no errors), install it beside Ceph's ceph-test, check that Ceph loads plugin=power8 from the
# system plugin directory with no build-tree path anywhere (ceph-erasure-code-tool without
# --erasure_code_dir, shards equal to jerasure's, the installed ceph-ec-power8-benchmark, and Ceph's own
# ceph_erasure_code_benchmark where ceph-test ships it: qa/tool/ceph-benchmark-test), run the EC-pool
# cluster test against the installed plugin, and remove the package again. Then the ppc64el, s390x and arm64
# packages, cross-built without `dpkg --add-architecture` (debian/README.source), checked under qemu with
# Debian's ceph-erasure-code-tool of each (qa/cross/ceph-tool-test).
#   EC_DEB_POOL_PARTS  parts of qa/standalone/ec-pool-test to run against the installed package (default
#                      "lrc bad", ~1 min: daemons that load the installed libraries from the system plugin
#                      directory encode, decode and refuse bad profiles; the whole test, ~5 min, is what
#                      stage 40 ran through the same libraries of the build tree: "all" runs it again,
#                      "none" skips it)
#   EC_DEB_CROSS       the cross-built packages' architectures (default "ppc64el s390x arm64"; 0: none)
#   EC_DEB_CROSS_STOCK  of those, the ones whose stock plugins run beside the package in Debian's tool as
#                      controls (default none: stages 30, 32 and 34 ran them on the same sysroots)
#   EC_DEB_KEEP=1      keep the work directory (packages, build log)
set -euo pipefail
# shellcheck source=qa/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/tool-shards.sh"
. "$EC_TOP/qa/lib/record.sh"
. "$EC_TOP/qa/lib/variants.sh"
. "$EC_TOP/qa/lib/cross-package.sh"

PKG=$EC_DEB_PACKAGE
T0=$SECONDS
# shellcheck source=SCRIPTDIR/../cluster/step.sh
. "$EC_TOP/qa/cluster/step.sh"

# Build: dpkg-dev/debhelper/fakeroot and the Build-Depends of debian/control (checked below);
# lintian; the cluster test: ceph-mon, ceph-mgr, ceph-osd (ceph-objectstore-tool), jq.
# lintian runs where the package's lintian verdict is proved (release_lints_package).
lints=$(release_lints_package "$(release_installed)" && echo lintian || true)
ensure_packages dpkg-dev debhelper fakeroot $lints build-essential libjerasure-dev libisal-dev \
  cmake ninja-build ceph-base librados-dev libradospp-dev \
  ceph-mon ceph-mgr ceph-osd jq python3

MULTIARCH=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
SYSDIR=/usr/lib/$MULTIARCH/ceph/erasure-code

was_installed=0
if dpkg-query -W -f='${Status}' "$PKG" 2>/dev/null | grep -q '^install ok installed$'; then
  was_installed=1
fi
if [ $was_installed = 1 ]; then
  die "$PKG is already installed ($(dpkg-query -W -f='${Version}' "$PKG")): this stage installs and removes it; remove it first (dpkg -r $PKG)"
fi
# Same check for stray plugin files a manual install may have left in the system directory.
if compgen -G "$SYSDIR/libec_power8*.so" >/dev/null; then
  die "$SYSDIR already holds libec_power8*.so not owned by the package: remove them first"
fi

# One fixed directory per release under the tree (ignored by git, like every build*): its copy of the
# tree, and the obj-* directory in it, sit as deep under ccache's base directory ($EC_TOP) as the tested
# trees that stages 10 (in a release root) and 30 configured with the package's flags
# (ec_deb_configure), so ccache serves the package's objects from theirs.
WORK=$EC_TOP/build-deb-$(release_installed)
rm -rf "$WORK"
mkdir -p "$WORK"
installed_here=0
cleanup() {
  local rc=$?
  if [ $installed_here = 1 ]; then
    step "removing $PKG"
    dpkg --purge "$PKG" >&2 || rc=1
  fi
  if [ "${EC_DEB_KEEP:-0}" = 1 ] || [ $rc -ne 0 ]; then
    step "work directory kept: $WORK"
  else
    rm -rf "$WORK"
  fi
  exit $rc
}
trap cleanup EXIT

# ---------------------------------------------------------------- clean copy of the tree
log "clean copy of the source tree in $WORK/src"
ec_tree_copy "$WORK/src"
step "copied $(find "$WORK/src" -type f | wc -l) files"

# ---------------------------------------------------------------- build
log "dpkg-buildpackage -us -uc -b (log: $WORK/build.log)"
(cd "$WORK/src" && dpkg-checkbuilddeps) || die "build dependencies missing (see above)"
t=$SECONDS
if ! (cd "$WORK/src" && DEB_BUILD_OPTIONS="$(ec_deb_build_options)" ec_build dpkg-buildpackage-amd64 dpkg-buildpackage -us -uc -b) \
  >"$WORK/build.log" 2>&1; then
  tail -40 "$WORK/build.log" >&2
  die "dpkg-buildpackage failed"
fi
grep -E '^debian/rules: building for Ceph|selected variant|^dpkg-deb: building' "$WORK/build.log" >&2 || true
step "built in $((SECONDS - t))s"
deb=$(ls "$WORK"/${PKG}_*_"$(dpkg-architecture -qDEB_HOST_ARCH)".deb)
changes=$(ls "$WORK"/${PKG}_*.changes)
dpkg-deb -f "$deb" Package Version Depends >&2
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print "  /" substr($6, 3)}' >&2

# The package holds the loader, the variants of this architecture, the benchmark and the adopt command.
contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for f in ./usr/bin/ceph-ec-power8-benchmark ./usr/bin/ceph-ec-power8 ./usr/share/man/man8/ceph-ec-power8.8.gz; do
  grep -qxF "$f" <<<"$contents" || die "$f is not in $deb"
done
# packaged_libraries_are_listed BUILD DEB CONTENTS DIR: the package DEB (CONTENTS: its `dpkg-deb -c` paths)
# holds exactly the loader and the variants its build BUILD lists (qa/lib/variants.sh), each in DIR.
packaged_libraries_are_listed() {
  local build=$1 deb=$2 contents=$3 dir=${4#/} listed packaged f
  listed=$(ec_variant_libraries "$build")
  packaged=$(grep -o '[^/]*libec_power8[^/]*\.so$' <<<"$contents" | LC_ALL=C sort)
  [ "$listed" = "$packaged" ] ||
    die "$deb: plugin libraries listed by the build ($(tr '\n' ' ' <<<"$listed")) and packaged ($(tr '\n' ' ' <<<"$packaged")) differ"
  for f in $listed; do grep -qxF "./$dir/$f" <<<"$contents" || die "$deb lacks /$dir/$f"; done
}
packaged_libraries_are_listed "$WORK/src/obj-$(dpkg-architecture -qDEB_HOST_GNU_TYPE)" "$deb" "$contents" "$SYSDIR"
# The Ceph dependency is the upstream version the plugin was compiled for.
ceph_up=$(dpkg-query -W -f='${Version}' ceph-base | sed 's/^[0-9]*://; s/[-+~].*//')
dpkg-deb -f "$deb" Depends | grep -qF "ceph-base (>= $ceph_up)" || die "Depends lacks ceph-base (>= $ceph_up)"
[[ $(dpkg-deb -f "$deb" Version) == *+ceph$ceph_up ]] || die "version $(dpkg-deb -f "$deb" Version) does not name Ceph $ceph_up"
step "package contents and Depends ok"

# ---------------------------------------------------------------- lintian
if [ -z "$lints" ]; then
  step "lintian: not in Ceph $(release_installed)'s root: the host's and the newest release's lintian check the package (release_lints_package)"
else
  log "lintian (the .changes: it and every .deb it lists)"
  # One run shows every tag, overridden ones as "O:"; the verdict is its "E:" lines (--fail-on error would
  # count an overridden error once --show-overrides prints it).
  lintian_out=$(lintian --fail-on none -I --pedantic --show-overrides "$changes" 2>&1) ||
    die "lintian could not check $changes: $lintian_out"
  lintian_out=$(grep -v 'running with root privileges' <<<"$lintian_out") || true
  ! grep -q '^E:' <<<"$lintian_out" || {
    echo "$lintian_out" >&2
    die "lintian reported errors"
  }
  echo "${lintian_out:-  (no tags)}" >&2
  step "lintian: $(grep -c '^E:' <<<"$lintian_out" || true) errors, $(grep -c '^W:' <<<"$lintian_out" || true) warnings"
fi

# ---------------------------------------------------------------- install
# Beside Ceph's test package (its benchmark and rados test clients): no path of the package may be one of
# Ceph's, which dpkg would refuse to overwrite.
ensure_packages ceph-test
log "install $deb (beside ceph-test $(dpkg-query -W -f='${Version}' ceph-test))"
installed_here=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$deb" >&2
dpkg -L "$PKG" | grep "^$SYSDIR/" >&2

# ---------------------------------------------------------------- Ceph loads it from the system directory
log "ceph-erasure-code-tool with its default erasure_code_dir"
CHK=$WORK/check
mkdir -p "$CHK"
cd "$CHK"
unset LD_LIBRARY_PATH LD_PRELOAD
tool() { timeout 120 ceph-erasure-code-tool -c /dev/null --crash_dir "$CHK/crash" "$@"; }
default_dir=$(ceph-conf -c /dev/null --show-config-value erasure_code_dir)
[ "$default_dir" = "$SYSDIR" ] || die "Ceph's default erasure_code_dir is $default_dir, not $SYSDIR"
# No path of the build tree in anything installed (RUNPATH, debug paths, strings).
leaks=$(dpkg -L "$PKG" | while read -r f; do [ -f "$f" ] && grep -lF "$WORK" "$f"; done || true)
[ -z "$leaks" ] || die "installed files name the build directory $WORK: $leaks"

out=$(tool validate-profile plugin=power8,technique=reed_sol_van,k=4,m=2 2>"$CHK/err") ||
  die "validate-profile failed: $(tail -3 "$CHK/err")"
echo "$out" >&2
grep -qx 'chunk_count: 6' <<<"$out" || die "validate-profile: expected chunk_count: 6"
grep -h 'ceph-ec-power8: selected variant' "$CHK/err" >&2 || true
# Where the dynamic linker really took the plugin from.
LD_DEBUG=files tool validate-profile plugin=power8,technique=reed_sol_van,k=4,m=2 chunk_count >/dev/null 2>"$CHK/lddebug" ||
  die "validate-profile (LD_DEBUG) failed"
loaded=$(sed -n 's/.*file=\([^ ]*libec_power8[^ ]*\.so\) .*dynamically loaded by.*/\1/p' "$CHK/lddebug" | sort -u)
[ -n "$loaded" ] || die "LD_DEBUG shows no libec_power8*.so loaded"
while read -r l; do echo "  dlopen: $l"; done <<<"$loaded" >&2
! grep -qv "^$SYSDIR/" <<<"$loaded" || die "a power8 library was loaded from outside $SYSDIR"
for tech in reed_sol_r6_op cauchy_orig cauchy_good; do
  tool validate-profile "plugin=power8,technique=$tech,k=4,m=2" chunk_count >/dev/null 2>"$CHK/err" ||
    die "validate-profile technique=$tech failed: $(tail -3 "$CHK/err")"
done
step "validate-profile ok for reed_sol_van, reed_sol_r6_op, cauchy_orig, cauchy_good"

log "encode with plugin=power8 and plugin=jerasure (both from $SYSDIR): identical shards, cross decode"
head -c 1000003 /dev/urandom >"$CHK/object"
# Ceph 20.2.4's tool writes no parity shards and decodes into the object from shard m on
# (qa/lib/tool-shards.sh): then the data shards are compared, and power8 decodes from libjerasure's parity.
tool_parity=yes
tool_writes_parity "$CHK/probe" tool || { tool_parity=no; oracle=$(reference_shards_build "$CHK"); }
for profile in "technique=reed_sol_van,k=4,m=2" "technique=cauchy_good,k=3,m=2" "technique=reed_sol_r6_op,k=4,m=2"; do
  k=$(sed -n 's/.*k=\([0-9]*\).*/\1/p' <<<"$profile")
  m=$(sed -n 's/.*m=\([0-9]*\).*/\1/p' <<<"$profile")
  technique=$(sed -n 's/.*technique=\([a-z0-9_]*\).*/\1/p' <<<"$profile")
  n=$((k + m))
  all=$(seq -s, 0 $((n - 1)))
  survivors=$(seq -s, "$m" $((n - 1)))
  unit=$(tool calc-chunk-size "plugin=jerasure,$profile" $((k * 4096)) 2>/dev/null)
  rm -rf p j d && mkdir p j d
  for plugin in power8 jerasure; do
    dir=${plugin:0:1}
    cp "$CHK/object" "$dir/"
    (cd "$dir" && tool encode "plugin=$plugin,$profile" "$unit" "$all" object >log 2>&1) ||
      die "$plugin encode $profile failed: $(tail -3 "$dir/log")"
  done
  compared=$n decoder=jerasure
  if [ $tool_parity = no ]; then
    compared=$k decoder=power8
    for ((i = k; i < n; i++)); do
      if [ -e "p/object.$i" ] || [ -e "j/object.$i" ]; then die "$profile: parity shard $i written, the probe found none"; fi
    done
    "$oracle" -t "$technique" "$k" "$m" "$unit" j/object || die "jerasure-shards $profile failed"
    for ((i = k; i < n; i++)); do cp "j/object.$i" "p/"; done
  fi
  for ((i = 0; i < compared; i++)); do
    cmp -s "p/object.$i" "j/object.$i" || die "$profile: shard $i differs between power8 and $([ $tool_parity = yes ] && echo jerasure || echo libjerasure)"
  done
  # $decoder rebuilds the object from power8's shards (with libjerasure's parity) without the first m.
  cp p/object.* d/
  for ((i = 0; i < m; i++)); do rm -f "d/object.$i"; done
  (cd d && tool decode "plugin=$decoder,$profile" "$unit" "$survivors" object >log 2>&1) ||
    die "$decoder could not decode power8's shards ($profile): $(tail -3 d/log)"
  off=$(decoded_offset "$CHK/object" d/object "$k" "$m" "$unit") || die "$profile: $decoder's decode of power8's shards: $off"
  if [ $tool_parity = yes ]; then
    step "  $profile: $n shards identical (stripe unit $unit), jerasure decodes power8's shards without 0..$((m - 1))"
  else
    step "  $profile: $k data shards identical (the tool writes no parity), power8 decodes libjerasure's parity without 0..$((m - 1)) (object from byte $off)"
  fi
done

log "/usr/bin/ceph-ec-power8-benchmark with Ceph's default erasure_code_dir"
for plugin in power8 jerasure; do
  for wl in encode decode; do
    extra=()
    [ $wl = decode ] && extra=(--erasures 2 --erasures-generation exhaustive)
    out=$(timeout 120 ceph-ec-power8-benchmark --plugin $plugin --workload $wl --iterations 8 \
      --size 1048576 -P k=4 -P m=2 -P technique=reed_sol_van "${extra[@]}" 2>"$CHK/err") ||
      die "benchmark $plugin $wl failed: $(tail -3 "$CHK/err")"
    grep -qE '^[0-9]+\.[0-9]{6}	[0-9]+$' <<<"$out" || die "benchmark $plugin $wl: no result line ($out)"
    ! grep -q 'error:' "$CHK/err" || die "benchmark $plugin $wl: $(grep 'error:' "$CHK/err")"
    step "  benchmark $plugin $wl: $out (seconds, KB)"
  done
done

# Ceph's own benchmark, where the release's ceph-test ships it (18.2 and later), against the installed
# plugin with the stock plugins as controls.
ceph_bench=/usr/bin/ceph_erasure_code_benchmark
if dpkg -L ceph-test | grep -qxF "$ceph_bench"; then
  log "Ceph's $ceph_bench (ceph-test) with power8, jerasure and isa from $SYSDIR"
  ec_step ceph-benchmark bash "$EC_TOP/qa/tool/ceph-benchmark-test" "$ceph_bench"
else
  step "ceph-test $(dpkg-query -W -f='${Version}' ceph-test) ships no ceph_erasure_code_benchmark"
fi

log "/usr/bin/ceph-ec-power8 (installed): runs, and is the tree's tools/ceph-ec-power8"
cmp -s /usr/bin/ceph-ec-power8 "$EC_TOP/tools/ceph-ec-power8" || die "/usr/bin/ceph-ec-power8 differs from tools/ceph-ec-power8"
out=$(/usr/bin/ceph-ec-power8 --help) || die "ceph-ec-power8 --help failed"
grep -q 'adopt' <<<"$out" || die "ceph-ec-power8 --help does not list adopt: $out"
step "  ceph-ec-power8 --help: $(head -1 <<<"$out")"
cd "$EC_TOP"

# ---------------------------------------------------------------- EC pools on a local cluster
parts=${EC_DEB_POOL_PARTS:-lrc bad}
[ "$parts" = all ] && parts=""
if [ "$parts" != none ]; then
  # The cluster's daemons get a private erasure_code_dir of symlinks to $SYSDIR (qa/cluster/lib.sh), and
  # preload power8 (osd_erasure_code_plugins): the mon and every OSD load the installed libraries.
  log "qa/standalone/ec-pool-test ${parts:-(all parts)} with plugin dir $SYSDIR (the installed package)"
  t=$SECONDS
  # shellcheck disable=SC2086 # the parts are words
  EC_QA_PLUGIN_DIR=$SYSDIR ec_step ec-pool-test bash "$EC_TOP/qa/standalone/ec-pool-test" $parts
  step "ec-pool-test passed in $((SECONDS - t))s"
fi

log "remove $PKG"
installed_here=0
dpkg --purge "$PKG" >&2
! compgen -G "$SYSDIR/libec_power8*.so" >/dev/null || die "libec_power8*.so left in $SYSDIR after removal"
for f in /usr/bin/ceph-ec-power8-benchmark /usr/bin/ceph-ec-power8; do
  [ ! -e "$f" ] || die "$f left after removal"
done
step "amd64 package ok ($((SECONDS - T0))s)"

# ---------------------------------------------------------------- the cross-built packages
# cross_package ARCH: the package for Debian architecture ARCH (ppc64el, s390x, arm64), cross-built against
# its sysroot (qa/lib/cross-package.sh: or taken from the stage that built it first, 35 or a release's 30),
# lintian-clean, its libraries those the build lists, and the packaged libraries, unpacked, in Debian's
# ceph-erasure-code-tool of ARCH under qemu as each CPU model of its variants (qa/cross/ceph-tool-test
# --one-case: shards of jerasure's and isa's codes equal to the amd64 tool's, the loader's pick per model).
# Where no other stage of this release ran that tool (EC_DEB_CROSS_STOCK), the stock plugins of ARCH run
# beside it as the controls.
cross_package() {
  local arch=$1 sysroot dir triple pdeb psys pcontents pbuild plint stock=(--no-stock)
  ec_cross_qemu "$arch" >/dev/null || die "EC_DEB_CROSS: no cross package for '$arch'"
  log "$arch sysroot (qa/cross/sysroot.sh: private apt configuration, dpkg -x)"
  sysroot=$(ec_step "sysroot-$arch" bash "$EC_TOP/qa/cross/sysroot.sh" "$arch")
  triple=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)
  dir=$(ec_cross_package "$arch") || die "the $arch package failed to build"
  pdeb=$(ls "$dir"/${PKG}_*_"$arch".deb)
  dpkg-deb -f "$pdeb" Architecture Depends >&2
  psys=usr/lib/$triple/ceph/erasure-code
  pcontents=$(dpkg-deb -c "$pdeb" | awk '{print $6}')
  pbuild=$dir/src/obj-$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null)
  packaged_libraries_are_listed "$pbuild" "$pdeb" "$pcontents" "$psys"
  if [ -n "$lints" ]; then
    plint=$(lintian --fail-on error "$(ls "$dir"/${PKG}_*_"$arch".changes)" 2>&1) || {
      echo "$plint" >&2
      die "lintian reported errors on the $arch package"
    }
    step "$arch lintian: $(grep -c '^E:' <<<"$plint" || true) errors, $(grep -c '^W:' <<<"$plint" || true) warnings"
  fi
  ! grep -qw "$arch" <<<"${EC_DEB_CROSS_STOCK:-}" || stock=()
  ec_step "tool-$arch" bash "$EC_TOP/qa/cross/ceph-tool-test" --arch "$arch" --sysroot "$sysroot" --build "$pbuild" \
    --plugin-dir "$dir/root/$psys" --one-case "${stock[@]}" >&2 ||
    die "$arch: Debian's $arch ceph-erasure-code-tool under qemu with the packaged plugin failed (above)"
}

CROSS_ARCHES=${EC_DEB_CROSS:-ppc64el s390x arm64}
[ "$CROSS_ARCHES" != 0 ] || CROSS_ARCHES=""
if [ -n "$CROSS_ARCHES" ]; then
  # shellcheck disable=SC2046
  ensure_packages qemu-user libjerasure-dev libisal-dev \
    $(for a in $CROSS_ARCHES; do echo "g++-$(dpkg-architecture -a"$a" -qDEB_HOST_GNU_TYPE 2>/dev/null)"; done)
  for a in $CROSS_ARCHES; do
    cross_package "$a"
  done
fi
step "debian package stage ok ($((SECONDS - T0))s)"
