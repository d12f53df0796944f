# SPDX-License-Identifier: LGPL-2.1-or-later
# A private apt configuration: its own lists, cache and an empty dpkg status, reading the system's Debian
# sources, so downloads for another architecture (or source packages) never touch the host's apt state.
# Source it, then: private_apt_config DIR deb ppc64el   (binary packages of that architecture)
#              or: private_apt_config DIR deb-src       (source packages)
# and export APT_CONFIG=DIR/apt.conf.
. "$(dirname "${BASH_SOURCE[0]}")/apt-retry.sh"
private_apt_config() {
  local dir=$1 type=$2 arch=${3:-}
  mkdir -p "$dir"/lists/partial "$dir"/archives/partial "$dir"/cache "$dir"/sl
  : >"$dir/empty"
  : >"$dir/status"
  # Without the security suite: its ppc64el index is not always in sync with the mirror, and what the
  # project downloads is in bookworm itself.
  local sources
  sources=$(awk 'BEGIN{RS="";ORS="\n\n"} !/security/' /etc/apt/sources.list.d/debian.sources)
  if [ "$type" = deb-src ]; then
    sed 's/^Types: deb$/Types: deb-src/' <<<"$sources" >"$dir/sl/private.sources"
  else
    sed "/^Types: deb\$/a Architectures: $arch" <<<"$sources" >"$dir/sl/private.sources"
  fi
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
  private_apt_config "$aptdir" deb "$arch"
  export APT_CONFIG=$aptdir/apt.conf
  mkdir -p "$debdir/partial"
  for p in "$@"; do
    compgen -G "$debdir/${p}_*_$arch.deb" >/dev/null || missing+=("$p")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  printf '\n==> %s\n' "private apt ($arch): update; download $* and their dependencies" >&2
  apt_retried _private_apt_fetch "$debdir" "$@"
}

# One try of private_apt_download: the indexes, then the debs (an update each try, see apt_retried).
_private_apt_fetch() {
  local debdir=$1
  shift
  apt-get update -q >&2 &&
    apt-get install -q -y --download-only --no-install-recommends -o Dir::Cache::archives="$debdir" "$@" >&2
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
