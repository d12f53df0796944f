# SPDX-License-Identifier: LGPL-2.1-or-later
# libceph-common.so.2, as the imported target Ceph::common, for the programs that host Ceph code in-process
# (tests, benchmarks, fuzzers): it holds the bufferlist code, g_ceph_context and the CrushWrapper and assert
# symbols the stock plugins need resolved at dlopen(RTLD_NOW). The plugins themselves never link it (inside
# ceph-osd and ceph-mon their Ceph symbols bind to the daemon).
#
# Debian installs it in <libdir>/ceph (a private directory) without a development symlink, so it is found
# by its file name there. EC_CEPH_LIBDIR is that directory (a cache variable: override it for another
# layout); the stock plugins are in its erasure-code/ subdirectory. In a cross build the toolchain file's
# sysroot is searched first (CMAKE_FIND_ROOT_PATH). Include it where it is needed: a build of the plugins
# alone does not require Ceph's libraries.
include_guard(GLOBAL)

if(CMAKE_LIBRARY_ARCHITECTURE)
  set(_ec_ceph_libdir /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/ceph)
else()
  set(_ec_ceph_libdir /usr/lib/ceph)
endif()
set(EC_CEPH_LIBDIR ${_ec_ceph_libdir} CACHE PATH "Directory holding libceph-common.so.2")
find_file(EC_CEPH_COMMON_LIBRARY libceph-common.so.2 PATHS ${EC_CEPH_LIBDIR} NO_DEFAULT_PATH REQUIRED)

add_library(Ceph::common SHARED IMPORTED GLOBAL)
set_target_properties(Ceph::common PROPERTIES IMPORTED_LOCATION ${EC_CEPH_COMMON_LIBRARY})
