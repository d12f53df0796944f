# SPDX-License-Identifier: LGPL-2.1-or-later
# Cross build for aarch64 (Debian's arm64) with Debian's g++-aarch64-linux-gnu; tests run under qemu-aarch64.
# Pass it by absolute path (a relative one resolves against the build directory):
#   cmake -S . -B build-arm64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/aarch64-toolchain.cmake \
#         -DCEPH_VERSION=16.2.15 -DEC_AARCH64_SYSROOT=$(bash qa/cross/sysroot.sh arm64)
# The rest is every cross build's (DebianCrossToolchain.cmake).
set(EC_CROSS_PROCESSOR aarch64)
set(EC_CROSS_TRIPLE aarch64-linux-gnu)
set(EC_CROSS_SYSROOT_VAR EC_AARCH64_SYSROOT)
set(EC_CROSS_LOADER lib/ld-linux-aarch64.so.1)
set(EC_CROSS_QEMU qemu-aarch64) # its default CPU model is max (SHA3, SVE)
include(${CMAKE_CURRENT_LIST_DIR}/DebianCrossToolchain.cmake)
