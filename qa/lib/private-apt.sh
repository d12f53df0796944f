# SPDX-License-Identifier: LGPL-2.1-or-later
# A private apt configuration: its own lists, cache and an empty dpkg status, reading the Debian archive
# of the system's apt sources (qa/lib/apt-sources.sh: any format), so downloads for another architecture
# (or source packages) never touch the host's apt state.
# Source it, then: private_apt_config DIR deb ppc64el   (binary packages of that architecture)
#              or: private_apt_config DIR deb-src       (source packages)
#              or: private_apt_config DIR TYPE ARCH SUITE  (only SUITE of the system's mirror, main)
# and export APT_CONFIG=DIR/apt.conf.
. "$(dirname "${BASH_SOURCE[0]}")/apt-retry.sh"
. "$(dirname "${BASH_SOURCE[0]}")/apt-sources.sh"
private_apt_config() {
  local dir=$1 type=$2 arch=${3:-} suite=${4:-}
  mkdir -p "$dir"/lists/partial "$dir"/archives/partial "$dir"/cache "$dir"/sl
  : >"$dir/empty"
  : >"$dir/status"
  apt_private_sources "$type" "$arch" "$dir/sl/private.sources" "$suite" || return 1
  {
    echo "Dir::Etc::sourcelist \"$dir/empty\";"
    echo "Dir::Etc::sourceparts \"$dir/sl\";"
    echo "Dir::State::lists \"$dir/lists\";"
    echo "Dir::State::status \"$dir/status\";"
    echo "Dir::Cache \"$dir/cache\";"
    echo "Dir::Cache::archives \"$dir/archives\";"
    if [ -n "$arch" ]; then
      echo "APT::Architecture \"$arch\";"
      echo "APT::Architectures { \"$arch\"; };"
    fi
  } >"$dir/apt.conf"
}

# private_apt_download APTDIR ARCH DEBDIR PKG...: the debs of PKG... and of everything they depend on, for
# ARCH, in DEBDIR, downloaded with a private configuration in APTDIR unless every PKG is there already.
# With the private (empty) dpkg status, `install --download-only` fetches the whole dependency closure,
# so library package names that differ between Debian suites need no list. Leaves APT_CONFIG exported.
private_apt_download() {
  local aptdir=$1 arch=$2 debdir=$3 p missing=()
  shift 3
  private_apt_config "$aptdir" deb "$arch" || return 1
  export APT_CONFIG=$aptdir/apt.conf
  mkdir -p "$debdir/partial"
  for p in "$@"; do
    compgen -G "$debdir/${p}_*_$arch.deb" >/dev/null || missing+=("$p")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  printf '\n==> %s\n' "private apt ($arch): update; download $* and their dependencies" >&2
  apt_retried _private_apt_fetch "$aptdir" "$debdir" "$@" && return 0
  if grep -qE 'File has unexpected size|Hash Sum mismatch' "$aptdir/update.log"; then
    _private_apt_fetch_as_served "$aptdir" "$arch" "$debdir" "$@"
  elif _private_apt_not_served "$aptdir"; then
    _private_apt_fetch_earlier_updates "$aptdir" "$arch" "$debdir"
  else
    return 1
  fi
}

# _private_apt_unserved_urls APTDIR: the URLs of the debs the last download (APTDIR/download.log) met that
# the index lists and the archive does not serve (404), one a line; _private_apt_not_served: whether any.
_private_apt_unserved_urls() {
  sed -n 's/^E: Failed to fetch \(http[^ ]*\.deb\) \+404.*/\1/p' "$1/download.log" 2>/dev/null | sort -u
}
_private_apt_not_served() { [ -n "$(_private_apt_unserved_urls "$1")" ]; }

# One try of private_apt_download: the indexes, then the debs (an update each try, see apt_retried).
# apt-get update's output is kept in APTDIR/update.log. Debs the index names but the archive answers 404
# for are no mirror sync in progress (Debian's mirrors sync the pool before the indexes that name it): no
# retry mends them (APT_NO_RETRY), private_apt_download takes earlier versions at once.
_private_apt_fetch() {
  local aptdir=$1 debdir=$2 rc=0
  shift 2
  apt-get update -q >"$aptdir/update.log" 2>&1 || rc=$?
  cat "$aptdir/update.log" >&2
  [ "$rc" -eq 0 ] || return "$rc"
  _private_apt_get_debs "$debdir" "$@" && return 0
  rc=$?
  ! _private_apt_not_served "$aptdir" || return "$APT_NO_RETRY"
  return "$rc"
}

# _private_apt_get_debs DEBDIR PKG...: the debs of PKG... and their dependency closure into DEBDIR, from the
# lists apt has (the private dpkg status is empty, so nothing counts as installed).
# Its output is kept in download.log beside APT_CONFIG (APTDIR/download.log), for private_apt_download.
_private_apt_get_debs() {
  local debdir=$1
  shift
  apt-get install -q -y --download-only --no-install-recommends -o Dir::Cache::archives="$debdir" "$@" 2>&1 |
    tee "${APT_CONFIG%/*}/download.log" >&2
  return "${PIPESTATUS[0]}"
}

# The last resort of private_apt_download, when the archive keeps serving ARCH's Packages index with a
# size or hash that its signed Release file does not list. The archive copy reachable here did so for
# days with trixie's ppc64el index after Debian 13.8: a new Release, the index of the point release
# before. apt rightly refuses such an index and there is no other copy in reach, so the index is taken
# as served: put in APTDIR's lists by hand, its sources marked trusted. Every deb is still checked
# against that index (size and SHA-256), not against Debian's signature: the warning below says so.
_private_apt_fetch_as_served() {
  local aptdir=$1 arch=$2 debdir=$3 uri suite comps comp
  shift 3
  local sources=$aptdir/sl/private.sources
  uri=$(awk '/^URIs:/ {print $2; exit}' "$sources")
  printf 'WARNING: private apt (%s): the archive at %s serves %s indexes its signed Release file does not list (above); using them as served, unverified: each deb is checked against them only\n' \
    "$arch" "$uri" "$arch" >&2
  local lists=$aptdir/lists prefix
  # Every stanza of the private sources (apt_private_sources writes one suite per stanza).
  while read -r uri suite comps; do
    prefix=$(sed -e 's|^[a-z]*://||' -e 's|/*$||' -e 's|/|_|g' <<<"$uri")
    for comp in $comps; do
      local index=$lists/${prefix}_dists_${suite}_${comp}_binary-${arch}_Packages
      apt_retried /usr/lib/apt/apt-helper download-file "$uri/dists/$suite/$comp/binary-$arch/Packages.xz" \
        "$index.xz" >&2 || return 1
      /usr/lib/apt/apt-helper cat-file "$index.xz" >"$index" && rm -f "$index.xz" || return 1
    done
  done < <(awk '/^URIs:/ {u = $2} /^Suites:/ {s = $2} /^Components:/ {$1 = ""; print u, s $0}' "$sources")
  sed -i -e '/^Trusted:/d' -e '/^Components:/a Trusted: yes' "$sources"
  _private_apt_get_debs "$debdir" "$@"
}

# The last resort of private_apt_download for debs its index lists but the archive does not serve (404).
# The archive copy reachable here served trixie's ppc64el index of a point release (libc6 2.41-12+deb13u5,
# openssl 3.5.9-1~deb13u1, curl, sudo, parted...) without that point release's ppc64el debs, while earlier
# stable versions of them were there (libc6 +deb13u4, openssl 3.5.7-1~deb13u2, parted 3.6-5). apt has
# fetched every other deb when it fails; each missing one is replaced by the newest earlier version of the
# same package that the archive serves (_earlier_versions: the same upstream version's earlier stable
# updates and rebuilds first, then earlier upstream patch levels), which keeps the ABI within a stable
# release: enough for the sysroot, whose debs are unpacked, never installed. A package with no earlier
# version served is left out: the sysroot's check of the tool's libraries and the runs under qemu fail
# loudly if it was needed. Fetched by URL, without the index's hash check; the WARNING names each.
_private_apt_fetch_earlier_updates() {
  local aptdir=$1 arch=$2 debdir=$3 url dir file name version rest c got
  printf 'WARNING: private apt (%s): the archive lists debs it does not serve (404); taking earlier versions of them, unverified:\n' \
    "$arch" >&2
  for url in $(_private_apt_unserved_urls "$aptdir"); do
    dir=${url%/*}
    file=${url##*/}
    file=${file//%2b/+}
    file=${file//%7e/\~}
    IFS=_ read -r name version rest <<<"$file"
    got=
    for c in $(_earlier_versions "$version"); do
      if /usr/lib/apt/apt-helper download-file "$dir/$(sed -e 's/+/%2b/g' -e 's/~/%7e/g' <<<"${name}_${c}_$rest")" \
        "$debdir/${name}_${c}_$rest" >/dev/null 2>&1; then
        got=$c
        break
      fi
    done
    if [ -n "$got" ]; then
      printf '  %s %s: not served; took %s\n' "$name" "$version" "$got" >&2
    else
      printf '  %s %s: not served, nor an earlier version of it; left out\n' "$name" "$version" >&2
    fi
  done
}

# _earlier_versions VERSION: candidate versions of a Debian stable package before VERSION, newest first, one
# a line: VERSION's earlier stable updates (+debNNuK or ~debNNuK, K down to 1), its rebuilds (+bN) and its
# own revision; then the upstream versions before it (the last number down to 0, at most 10 of them), each
# with the revisions a stable release gives (updates, rebuilds, -1 and -2).
_earlier_versions() {
  local version=$1 upstream revision base stable=13 k n up last head
  [[ $version =~ deb([0-9]+)u[0-9]+$ ]] && stable=${BASH_REMATCH[1]}
  upstream=${version%-*}
  revision=${version##*-}
  base=${revision%%[+~]*}
  if [[ $revision =~ ^(.*)([+~])deb[0-9]+u([0-9]+)$ ]]; then
    for ((k = BASH_REMATCH[3] - 1; k >= 1; k--)); do echo "$upstream-${BASH_REMATCH[1]}${BASH_REMATCH[2]}deb${stable}u$k"; done
  fi
  for ((n = 9; n >= 1; n--)); do echo "$upstream-$base+b$n"; done
  [ "$base" = "$revision" ] || echo "$upstream-$base"
  [[ $upstream =~ ^(.*[^0-9])([0-9]+)$ ]] || return 0
  head=${BASH_REMATCH[1]} last=${BASH_REMATCH[2]}
  for ((up = last - 1; up >= 0 && up >= last - 10; up--)); do
    for base in 2 1; do
      for ((k = 5; k >= 1; k--)); do echo "$head$up-$base~deb${stable}u$k"; echo "$head$up-$base+deb${stable}u$k"; done
      for ((n = 3; n >= 1; n--)); do echo "$head$up-$base+b$n"; done
      echo "$head$up-$base"
    done
  done
}

# root_missing_libs ROOT MULTIARCH FILE...: one line "FILE needs SONAME" for every NEEDED soname of the ELF
# FILEs that none of ROOT's library directories (lib/, usr/lib/, usr/lib/ceph/ of MULTIARCH) holds.
root_missing_libs() {
  local root=$1 ma=$2 f so d found
  shift 2
  local libdirs=("$root/lib/$ma" "$root/usr/lib/$ma" "$root/usr/lib/$ma/ceph" "$root/usr/lib/$ma/ceph/erasure-code")
  for f in "$@"; do
    [ -f "$f" ] || continue
    for so in $(readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
      found=
      for d in "${libdirs[@]}"; do [ -e "$d/$so" ] && found=1 && break; done
      [ -n "$found" ] || echo "${f#"$root"/} needs $so"
    done
  done
}
