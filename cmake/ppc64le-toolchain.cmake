# SPDX-License-Identifier: LGPL-2.1-or-later
# Cross build for ppc64le (POWER8 and later, little-endian) with Debian's g++-powerpc64le-linux-gnu; tests
# run under qemu-ppc64le. Pass it by absolute path (a relative one resolves against the build directory):
#   cmake -S . -B build-ppc64le -G Ninja -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/ppc64le-toolchain.cmake \
#         -DCEPH_VERSION=16.2.15 -DEC_PPC64LE_SYSROOT=$(bash qa/cross/sysroot.sh ppc64el)
# The rest is every cross build's (DebianCrossToolchain.cmake).
set(EC_CROSS_PROCESSOR ppc64le)
set(EC_CROSS_TRIPLE powerpc64le-linux-gnu)
set(EC_CROSS_SYSROOT_VAR EC_PPC64LE_SYSROOT)
set(EC_CROSS_LOADER lib64/ld64.so.2)
set(EC_CROSS_QEMU qemu-ppc64le) # its default CPU model is power9
include(${CMAKE_CURRENT_LIST_DIR}/DebianCrossToolchain.cmake)
