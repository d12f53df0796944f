# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The Debian package for another architecture, built once per tree and release: the stage that first needs
# it builds it (35, whose emulated arm64 OSD loads its libraries; 60, which checks and uses every package;
# in a release's root, 30 ahead of both: qa/release/run), the others take it. Source it after common.sh
# and record.sh.
#   ec_tree_copy DEST            a clean copy of the work tree in DEST: tracked and new (not ignored) files
#                                as they are, so uncommitted changes are what is packaged; no build tree
#   ec_cross_package ARCH        ceph-erasure-code-power8 for Debian architecture ARCH (ppc64el, s390x,
#                                arm64) of the installed release, cross-built (dpkg-buildpackage -a ARCH)
#                                against ARCH's sysroot from a clean copy of the tree; prints its directory:
#                                the .deb, .changes and build log (cross.log), the copy with its obj-*
#                                build (src/), the package unpacked (root/). Reused while the tree, the
#                                sysroot and the cross compiler are those it was built from.

EC_DEB_PACKAGE=ceph-erasure-code-power8

ec_tree_copy() {
  local dest=$1
  mkdir -p "$dest"
  if git -C "$EC_TOP" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$EC_TOP" && git ls-files -z --cached --others --exclude-standard |
      while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
      tar --null -T - -cf -) | tar -xf - -C "$dest"
  else
    # No git (a release's root): the top-level entries but the build trees, each archived whole; not "."
    # itself, beside which other tests make and remove their build trees meanwhile, which tar reports as
    # "file changed as we read it" (exit 1) for the directory.
    local entry entries=()
    for entry in "$EC_TOP"/* "$EC_TOP"/.[!.]*; do
      case ${entry##*/} in build* | .cache | .git) continue ;; esac
      [ ! -e "$entry" ] || entries+=("${entry##*/}")
    done
    tar -C "$EC_TOP" -cf - "${entries[@]}" | tar -xf - -C "$dest"
  fi
}

# The package's directory: one per release and architecture under the tree (ignored by git, like every
# build*), as deep under ccache's base directory ($EC_TOP) as the tested trees configured with the
# package's flags (ec_deb_configure), so ccache serves its objects from theirs.
ec_cross_package_dir() {
  local release
  release=$(release_installed) || return
  echo "$EC_TOP/build-deb-$release-$1"
}

ec_cross_package() {
  local arch=$1 dir sysroot debs key compiler
  dir=$(ec_cross_package_dir "$arch")
  sysroot=$(bash "$EC_TOP/qa/cross/sysroot.sh" "$arch") || return 1
  debs=$(ec_cross_cache "$arch")/debs
  compiler=g++-$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null)
  ensure_packages dpkg-dev debhelper fakeroot "$compiler" >&2
  . "$EC_TOP/qa/lib/proof-cache.sh"
  key=$({ echo "${EC_TREE_HASH:-$(ec_tree_hash)}"; cat "$sysroot/.ec-sysroot-done"
          dpkg-query -W -f='${Version}\n' "$compiler"; } | sha256sum | cut -c1-64)
  # Stages 35 and 60 may ask at once: the second waits for the first's build and takes it.
  mkdir -p "$EC_TOP/build-deb-locks"
  exec {lock}>"$EC_TOP/build-deb-locks/$(basename "$dir")"
  flock "$lock"
  if [ "$(cat "$dir/key" 2>/dev/null)" = "$key" ] && compgen -G "$dir/${EC_DEB_PACKAGE}_*_$arch.deb" >/dev/null; then
    log "the $arch package of this tree, built before: $dir"
    ec_record_note "reused the $arch package built by an earlier stage"
  else
    rm -rf "$dir"
    ec_tree_copy "$dir/src"
    log "dpkg-buildpackage -a $arch -d -us -uc -b (log: $dir/cross.log)"
    if ! (cd "$dir/src" && EC_CROSS_SYSROOT=$sysroot EC_CROSS_DEBS=$debs \
      DEB_BUILD_OPTIONS="$(ec_deb_build_options)" ec_build "dpkg-buildpackage-$arch" dpkg-buildpackage -a "$arch" -d -us -uc -b) \
      >"$dir/cross.log" 2>&1; then
      tail -40 "$dir/cross.log" >&2
      exec {lock}>&-
      die "$arch dpkg-buildpackage failed"
    fi
    dpkg-deb -x "$(ls "$dir"/${EC_DEB_PACKAGE}_*_"$arch".deb)" "$dir/root"
    echo "$key" >"$dir/key"
  fi
  exec {lock}>&-
  echo "$dir"
}
