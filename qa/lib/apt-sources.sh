# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The Debian archive this system's apt uses, as apt itself sees it: whatever the format of its
# configuration (one-line /etc/apt/sources.list as debootstrap and the installer write it, deb822
# *.sources, several files, comments, [signed-by=...] options), `apt-get indextargets` lists what
# `apt-get update` would fetch, without needing the lists to be there. Source it.
#   apt_debian_entries     one line "URI SUITE COMPONENT..." per binary (deb) source, the security
#                          archive left out (its ppc64el and source indexes lag the mirror's, and what
#                          the project downloads is in the release itself)
#   apt_debian_mirror      the URI of the first of them (no trailing slash): the Debian mirror
#   apt_private_sources TYPE ARCH FILE [SUITE]
#                          FILE: the same entries as deb822 stanzas of TYPE (deb or deb-src), for ARCH
#                          (deb only), only SUITE's when given (with main), for a private apt configuration
# EC_HOST_APT_CONFIG names another apt configuration to read instead of the system's (the tests use it);
# otherwise APT_CONFIG is ignored, so a private configuration exported earlier is never taken for the host's.

_apt_host_indextargets() {
  local format='$(TARGET_OF) $(REPO_URI) $(RELEASE) $(COMPONENT)'
  if [ -n "${EC_HOST_APT_CONFIG:-}" ]; then
    APT_CONFIG=$EC_HOST_APT_CONFIG apt-get indextargets --no-release-info --format "$format" "Identifier: Packages"
  else
    env -u APT_CONFIG apt-get indextargets --no-release-info --format "$format" "Identifier: Packages"
  fi
}

apt_debian_entries() {
  local out
  out=$(_apt_host_indextargets) || { echo "apt-get indextargets failed: cannot read apt's sources" >&2; return 1; }
  # One line per (URI, suite) in apt's order, its components gathered; a suite may be listed twice.
  out=$(awk '$1 == "deb" && $3 !~ /-security$/ && $2 !~ /security/ {
      uri = $2; sub(/\/+$/, "", uri); key = uri " " $3
      if (!(key in comps)) { order[++n] = key; comps[key] = "" }
      if (index(" " comps[key] " ", " " $4 " ") == 0) comps[key] = comps[key] " " $4
    }
    END { for (i = 1; i <= n; i++) print order[i] comps[order[i]] }' <<<"$out")
  [ -n "$out" ] || { echo "apt's sources list no Debian archive (deb lines or Types: deb stanzas)" >&2; return 1; }
  echo "$out"
}

apt_debian_mirror() {
  local entries
  entries=$(apt_debian_entries) || return 1
  awk '{print $1; exit}' <<<"$entries"
}

apt_private_sources() {
  local type=$1 arch=$2 file=$3 suite=${4:-} entries uri s comps keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  if [ -n "$suite" ]; then
    entries="$(apt_debian_mirror) $suite main" || return 1
  else
    entries=$(apt_debian_entries) || return 1
  fi
  while read -r uri s comps; do
    echo "Types: $type"
    echo "URIs: $uri"
    echo "Suites: $s"
    echo "Components: $comps"
    [ "$type" != deb ] || echo "Architectures: $arch"
    [ ! -e "$keyring" ] || echo "Signed-By: $keyring"
    echo
  done <<<"$entries" >"$file"
}
