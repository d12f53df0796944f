# SPDX-License-Identifier: LGPL-2.1-or-later
# A private apt configuration: its own lists, cache and an empty dpkg status, reading the system's Debian
# sources, so downloads for another architecture (or source packages) never touch the host's apt state.
# Source it, then: private_apt_config DIR deb ppc64el   (binary packages of that architecture)
#              or: private_apt_config DIR deb-src       (source packages)
# and export APT_CONFIG=DIR/apt.conf.
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
