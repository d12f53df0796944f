# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The Debian architectures the tests emulate, one row each: Debian's name, qemu-user's program for it, the
# kernel's name (uname -m, what `ceph osd metadata` reports) and the cross build's directory under the
# tree (its stage's). The cross builds' own facts (compiler triple, loader) are their toolchain files'
# (cmake/*-toolchain.cmake).
EC_CROSS_ARCHES='ppc64el qemu-ppc64le ppc64le build-ppc64le
s390x qemu-s390x s390x build-s390x
arm64 qemu-aarch64 aarch64 build-arm64'

# ec_cross_arch_field ARCH N: field N (2: qemu, 3: uname, 4: build directory) of ARCH's row; fails naming
# the known ones.
ec_cross_arch_field() {
  local row
  row=$(awk -v a="$1" '$1 == a' <<<"$EC_CROSS_ARCHES")
  if [ -z "$row" ]; then
    echo "error: '$1' is no emulated architecture ($(awk '{print $1}' <<<"$EC_CROSS_ARCHES" | paste -sd' '))" >&2
    return 1
  fi
  awk -v n="$2" '{print $n}' <<<"$row"
}
ec_cross_qemu() { ec_cross_arch_field "$1" 2; }
ec_cross_uname() { ec_cross_arch_field "$1" 3; }
ec_cross_build_dir() { ec_cross_arch_field "$1" 4; }
