# SPDX-License-Identifier: LGPL-2.1-or-later
# What every cross build's toolchain file shares (ppc64le-, s390x-, aarch64-toolchain.cmake): Debian's
# cross compiler, a sysroot of Debian's packages of that architecture, and qemu-user to run what it builds.
# The including file sets:
#   EC_CROSS_PROCESSOR   CMAKE_SYSTEM_PROCESSOR (ppc64le, s390x, aarch64)
#   EC_CROSS_TRIPLE      Debian's multiarch triple, the compilers' prefix (powerpc64le-linux-gnu)
#   EC_CROSS_SYSROOT_VAR the CMake or environment variable naming the sysroot (EC_PPC64LE_SYSROOT)
#   EC_CROSS_LOADER      the dynamic linker's path in a root (lib64/ld64.so.2), which says a sysroot is one
#   EC_CROSS_QEMU        qemu-user's program for the architecture (qemu-ppc64le)
# Headers and libraries that Debian has no cross package for (rados, isa-l, jerasure) come from the sysroot
# that qa/cross/sysroot.sh unpacks (its path in that variable); without one, only the toolchain's own
# libraries are there, enough for the engine, its kernels and their tests.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${EC_CROSS_PROCESSOR})
set(CMAKE_C_COMPILER ${EC_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${EC_CROSS_TRIPLE}-g++)

if(NOT ${EC_CROSS_SYSROOT_VAR} AND DEFINED ENV{${EC_CROSS_SYSROOT_VAR}})
  set(${EC_CROSS_SYSROOT_VAR} $ENV{${EC_CROSS_SYSROOT_VAR}})
endif()
set(_ec_sysroot ${${EC_CROSS_SYSROOT_VAR}})
# try_compile projects re-read the toolchain file without the cache: hand the variable on.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES ${EC_CROSS_SYSROOT_VAR})

# The cross toolchain's own libc/libstdc++ first; the Debian sysroot only adds what the toolchain lacks.
# (Not --sysroot: the unpacked debs hold no crt files or libc.so linker script.)
set(CMAKE_FIND_ROOT_PATH /usr/${EC_CROSS_TRIPLE} ${_ec_sysroot})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_LIBRARY_ARCHITECTURE ${EC_CROSS_TRIPLE})
if(EXISTS ${_ec_sysroot}/usr/include)
  # -idirafter: the sysroot's headers never shadow the toolchain's libc or libstdc++ headers.
  set(CMAKE_C_FLAGS_INIT "-idirafter ${_ec_sysroot}/usr/include")
  set(CMAKE_CXX_FLAGS_INIT "-idirafter ${_ec_sysroot}/usr/include")
  # Libraries from the sysroot link, and their own NEEDED entries resolve, without installing them.
  foreach(_d ${_ec_sysroot}/usr/lib/${EC_CROSS_TRIPLE} ${_ec_sysroot}/lib/${EC_CROSS_TRIPLE})
    string(APPEND CMAKE_EXE_LINKER_FLAGS_INIT " -Wl,-rpath-link,${_d}")
    string(APPEND CMAKE_SHARED_LINKER_FLAGS_INIT " -Wl,-rpath-link,${_d}")
  endforeach()
endif()

# Tests and generators run under qemu-user; the CPU model comes from QEMU_CPU in each test's environment.
# -L makes the guest's absolute paths (the dynamic linker, /usr/lib/...) resolve inside a root: the
# Debian sysroot when there is one (its glibc and libstdc++ are the versions the cross toolchain ships,
# and it also holds librados, libceph-common and the stock plugins that tests load), else the
# toolchain's own libc.
if(EXISTS ${_ec_sysroot}/${EC_CROSS_LOADER})
  set(_ec_guest_root ${_ec_sysroot})
else()
  set(_ec_guest_root /usr/${EC_CROSS_TRIPLE})
endif()
find_program(EC_QEMU_${EC_CROSS_PROCESSOR} ${EC_CROSS_QEMU} REQUIRED)
set(_ec_emulator ${EC_QEMU_${EC_CROSS_PROCESSOR}} -L ${_ec_guest_root})
# EC_CROSS_EMULATOR_LAUNCHER (optional): a command qemu runs through (qa/: its CPU slots).
if(EC_CROSS_EMULATOR_LAUNCHER)
  list(PREPEND _ec_emulator ${EC_CROSS_EMULATOR_LAUNCHER})
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR "${_ec_emulator}" CACHE STRING
    "Runs ${EC_CROSS_PROCESSOR} programs on the build machine" FORCE)
