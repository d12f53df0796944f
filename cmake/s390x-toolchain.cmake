# SPDX-License-Identifier: LGPL-2.1-or-later
# Cross build for s390x (IBM Z, big-endian) with Debian's g++-s390x-linux-gnu; tests run under qemu-s390x.
# Pass it by absolute path (a relative one resolves against the build directory):
#   cmake -S . -B build-s390x -G Ninja -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/s390x-toolchain.cmake \
#         -DCEPH_VERSION=16.2.15 -DEC_S390X_SYSROOT=$(bash qa/cross/sysroot.sh s390x)
# The rest is every cross build's (DebianCrossToolchain.cmake).
set(EC_CROSS_PROCESSOR s390x)
set(EC_CROSS_TRIPLE s390x-linux-gnu)
set(EC_CROSS_SYSROOT_VAR EC_S390X_SYSROOT)
set(EC_CROSS_LOADER lib/ld64.so.1)
set(EC_CROSS_QEMU qemu-s390x) # its default CPU model is max: the vector facility
include(${CMAKE_CURRENT_LIST_DIR}/DebianCrossToolchain.cmake)
