# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The supported Ceph releases, read from ceph-releases.tsv (the one place that lists them). Source it.
#   release_names                 every release, in table order (oldest first)
#   release_field RELEASE COLUMN  one field of a release's row (columns as named in the table's header)
#   release_of_version X.Y.Z      the release whose series X.Y the version belongs to (fails if none)
#   release_installed             the release of the Ceph installed here (ceph-base's version)
#   release_tentacle_or_later RELEASE  true when RELEASE is, in table order, the first release of interface
#                                 generation 'tentacle' (20.2) or a later one: FastEC (allow_ec_optimizations),
#                                 ceph-objectstore-tool reading stores read-only
#   release_others_to_run         the releases stage 70 runs: $EC_RELEASES, or every release but the installed one
#   release_source_tests RELEASE  the ctests that need RELEASE's own source (release_real_headers), one a line,
#                                 none for a release that runs none: on Tentacle and later test/abi's pin and
#                                 Ceph's TestErasureCodePlugins.cc (test/conformance); on Reef its
#                                 TestErasureCodeJerasure.cc (test/conformance/jerasure)
#   release_real_headers RELEASE  fetch RELEASE's own headers from Debian's source package (test/abi's pin of
#                                 the Tentacle declarations) unless there; prints their directory
#                                 ($EC_CEPH_SOURCE_DIR, default /var/tmp/ec-power8-src/ceph-<version>)

EC_RELEASES_TABLE=${EC_RELEASES_TABLE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/ceph-releases.tsv}

release_names() { awk -F'\t' '/^[a-z]/ {print $1}' "$EC_RELEASES_TABLE"; }

release_field() {
  local release=$1 column=$2
  awk -F'\t' -v r="$release" -v c="$column" '
    /^#release\t/ { sub(/^#/, ""); for (i = 1; i <= NF; i++) col[$i] = i; next }
    /^[a-z]/ && $1 == r { if (!(c in col)) exit 2; print $(col[c]); found = 1; exit }
    END { if (!found) exit 1 }' "$EC_RELEASES_TABLE" ||
    { echo "ceph-releases.tsv: no $column for release '$release'" >&2; return 1; }
}

release_of_version() {
  local series r
  series=$(sed -n 's/^\([0-9]*\.[0-9]*\)\.[0-9]*.*/\1/p' <<<"$1")
  for r in $(release_names); do
    [ "$(release_field "$r" series)" = "$series" ] && { echo "$r"; return 0; }
  done
  echo "Ceph $1 is not a supported release (ceph-releases.tsv lists: $(release_names | tr '\n' ' '))" >&2
  return 1
}

release_installed() {
  local v
  v=$(dpkg-query -W -f='${Version}' ceph-base 2>/dev/null | sed 's/^[0-9]*://') ||
    { echo "ceph-base is not installed" >&2; return 1; }
  release_of_version "$v"
}

release_tentacle_or_later() {
  local r seen=""
  for r in $(release_names); do
    [ -n "$seen" ] || [ "$(release_field "$r" interface)" != tentacle ] || seen=1
    [ "$r" != "$1" ] || { [ -n "$seen" ]; return; }
  done
  echo "release '$1' is not in ceph-releases.tsv" >&2
  return 1
}

# Is RELEASE trimmed in the test command: another release than the installed one, not the newest, declared
# alike with the installed one (Reef beside Pacific)? qa/release/run says what such a release runs.
# EC_RELEASE_FULL=1: none is. In a release's root the installed one is that release: qa/release/run names
# the host's in EC_HOST_RELEASE.
release_trimmed() {
  local host newest
  host=${EC_HOST_RELEASE:-$(release_installed)} || return 1
  newest=$(release_names | tail -1)
  [ "$1" != "$host" ] && [ "$1" != "$newest" ] &&
    [ "$(release_field "$1" interface)" = "$(release_field "$host" interface)" ] &&
    [ "${EC_RELEASE_FULL:-0}" != 1 ]
}

# release_lints_package RELEASE: whether RELEASE's stage 60 runs lintian on the package: every release's
# but a trimmed one's (its package's debian/ is the one the host's and the newest release's lintian check;
# only the version bounds differ), whose root is made without lintian (qa/lib/release-root.sh).
release_lints_package() { ! release_trimmed "$1"; }

# Does RELEASE's Debian ceph-test ship Ceph's test clients (ceph_test_rados, the librados API suites)? From
# 18.2 on; 16.2.15's holds only a Java jar.
release_has_ceph_test_clients() {
  local series
  series=$(release_field "$1" series) || return 1
  [ "${series%%.*}" -ge 18 ]
}

release_others_to_run() {
  local host
  if [ -n "${EC_RELEASES:-}" ]; then echo "$EC_RELEASES"; return 0; fi
  host=$(release_installed) || return 1
  release_names | grep -vx "$host"
}

release_source_tests() {
  if [ "$(release_field "$1" interface)" = tentacle ]; then
    printf '%s\n' abi.layout.real_headers ceph.plugins.stock ceph.plugins.power8
  elif [ "$1" = reef ]; then
    # Not Pacific's: bookworm's Sources index lists 16.2.15's orig tarball, but the archive does not serve
    # it (test/conformance/README.md#pacific).
    printf '%s\n' ceph.jerasure.stock ceph.jerasure.power8
  fi
}

release_real_headers() {
  local version dir
  version=$(release_field "$1" debian) || return 1
  dir=${EC_CEPH_SOURCE_DIR:-/var/tmp/ec-power8-src/ceph-$version}
  "$(dirname "$EC_RELEASES_TABLE")/test/abi/tentacle/real-headers" "$version" "$(release_field "$1" suite)" "$dir" || return 1
  echo "$dir"
}
