# SPDX-License-Identifier: LGPL-2.1-or-later
# Cross build for ppc64le (POWER8 and later, little-endian) with Debian's g++-powerpc64le-linux-gnu; tests
# run under qemu-ppc64le. Pass it by absolute path (a relative one resolves against the build directory):
#   cmake -S . -B build-ppc64le -G Ninja -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/ppc64le-toolchain.cmake \
#         -DCEPH_VERSION=16.2.15
# Headers and libraries that Debian has no cross package for (rados, isa-l, jerasure) come from the sysroot
# that qa/ppc64le/sysroot.sh unpacks from Debian's ppc64el packages: EC_PPC64LE_SYSROOT (a CMake or
# environment variable) says where; without it, the sysroot of the first release of ceph-releases.tsv.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ppc64le)
set(CMAKE_C_COMPILER powerpc64le-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER powerpc64le-linux-gnu-g++)

if(NOT EC_PPC64LE_SYSROOT)
  if(DEFINED ENV{EC_PPC64LE_SYSROOT})
    set(EC_PPC64LE_SYSROOT $ENV{EC_PPC64LE_SYSROOT})
  else()
    get_filename_component(EC_PPC64LE_SYSROOT ${CMAKE_CURRENT_LIST_DIR}/../.ppc-sysroot/pacific ABSOLUTE)
  endif()
endif()
# try_compile projects re-read this file without the cache: hand the variable on.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES EC_PPC64LE_SYSROOT)

# The cross toolchain's own libc/libstdc++ first; the Debian sysroot only adds what the toolchain lacks.
# (Not --sysroot: the unpacked debs hold no crt files or libc.so linker script.)
set(CMAKE_FIND_ROOT_PATH /usr/powerpc64le-linux-gnu ${EC_PPC64LE_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_LIBRARY_ARCHITECTURE powerpc64le-linux-gnu)
if(EXISTS ${EC_PPC64LE_SYSROOT}/usr/include)
  # -idirafter: the sysroot's headers never shadow the toolchain's libc or libstdc++ headers.
  set(CMAKE_C_FLAGS_INIT "-idirafter ${EC_PPC64LE_SYSROOT}/usr/include")
  set(CMAKE_CXX_FLAGS_INIT "-idirafter ${EC_PPC64LE_SYSROOT}/usr/include")
  # Libraries from the sysroot link, and their own NEEDED entries resolve, without installing them.
  set(_ec_libdirs ${EC_PPC64LE_SYSROOT}/usr/lib/powerpc64le-linux-gnu ${EC_PPC64LE_SYSROOT}/lib/powerpc64le-linux-gnu)
  foreach(_d ${_ec_libdirs})
    string(APPEND CMAKE_EXE_LINKER_FLAGS_INIT " -Wl,-rpath-link,${_d}")
    string(APPEND CMAKE_SHARED_LINKER_FLAGS_INIT " -Wl,-rpath-link,${_d}")
  endforeach()
endif()

# Tests and generators run under qemu-user; the CPU model comes from QEMU_CPU in each test's environment
# (qemu's default is power9). -L makes the guest's absolute paths (ld64.so.2, /usr/lib/...) resolve
# inside a root: the Debian sysroot when there is one (its glibc and libstdc++ are the versions the cross
# toolchain ships, and it also holds librados, libceph-common and the stock plugins that tests load),
# else the toolchain's own libc.
if(EXISTS ${EC_PPC64LE_SYSROOT}/lib64/ld64.so.2)
  set(_ec_guest_root ${EC_PPC64LE_SYSROOT})
else()
  set(_ec_guest_root /usr/powerpc64le-linux-gnu)
endif()
find_program(EC_QEMU_PPC64LE qemu-ppc64le REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${EC_QEMU_PPC64LE};-L;${_ec_guest_root} CACHE STRING
    "Runs ppc64le programs on the build machine" FORCE)
