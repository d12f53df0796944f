# SPDX-License-Identifier: LGPL-2.1-or-later
# Which Ceph release the plugin is built for, from ceph-releases.tsv (the list of supported releases).
#
# CEPH_VERSION is the exact version string __erasure_code_version() returns: Ceph's registry refuses a
# plugin that claims another. Detected from the installed ceph-base (or ceph-osd --version); override
# with -DCEPH_VERSION=x.y.z (e.g. a cross build). Its major.minor selects the row, which sets
#   CEPH_RELEASE, CEPH_DEBIAN_VERSION, CEPH_DEBIAN_SUITE, CEPH_INTERFACE, CEPH_ABI_DIR (our declarations of
#   that interface generation; CEPH_ABI_INCLUDE_DIRS adds the shared ones), EC_JERASURE_DEFAULT_K / _M / _R6_M / _PACKETSIZE, EC_JERASURE_CHUNK_RULES, EC_ISA_MAX_M,
#   EC_DATA_CHUNK_BUFFERS (true where CMAKE_SYSTEM_PROCESSOR is one of the row's crc32c_scalar).
# A version of a series the table does not list stops configure with the list of supported ones.
set(EC_RELEASES_TABLE ${CMAKE_CURRENT_LIST_DIR}/../ceph-releases.tsv)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${EC_RELEASES_TABLE})

set(CEPH_VERSION "" CACHE STRING "Ceph version the plugin is built for (empty: detect)")
if(NOT CEPH_VERSION)
  execute_process(COMMAND dpkg-query -W [=[-f=${Version}]=] ceph-base
                  OUTPUT_VARIABLE _ceph_pkg_version ERROR_QUIET RESULT_VARIABLE _rc)
  if(_rc EQUAL 0 AND _ceph_pkg_version MATCHES "^([0-9]+:)?([0-9]+\\.[0-9]+\\.[0-9]+)")
    set(_detected ${CMAKE_MATCH_2})
  else()
    execute_process(COMMAND ceph-osd --version OUTPUT_VARIABLE _ceph_out ERROR_QUIET)
    if(_ceph_out MATCHES "ceph version ([0-9]+\\.[0-9]+\\.[0-9]+)")
      set(_detected ${CMAKE_MATCH_1})
    endif()
  endif()
  if(NOT _detected)
    message(FATAL_ERROR "Cannot detect the Ceph version (no ceph-base package, no ceph-osd): "
                        "install Ceph or pass -DCEPH_VERSION=<x.y.z>")
  endif()
  set(CEPH_VERSION ${_detected} CACHE STRING "Ceph version the plugin is built for (empty: detect)" FORCE)
endif()
if(NOT CEPH_VERSION MATCHES "^([0-9]+\\.[0-9]+)\\.[0-9]+$")
  message(FATAL_ERROR "CEPH_VERSION=${CEPH_VERSION}: expected a Ceph version x.y.z")
endif()
set(_series ${CMAKE_MATCH_1})

file(STRINGS ${EC_RELEASES_TABLE} _rows REGEX "^[a-z]")
set(_supported "")
unset(_row)
foreach(_line IN LISTS _rows)
  string(REPLACE "\t" ";" _fields "${_line}")
  list(LENGTH _fields _n)
  if(NOT _n EQUAL 13)
    message(FATAL_ERROR "${EC_RELEASES_TABLE}: a row needs 13 tab-separated fields: '${_line}'")
  endif()
  list(GET _fields 0 _name)
  list(GET _fields 1 _row_series)
  list(GET _fields 2 _debian)
  list(GET _fields 3 _suite)
  string(APPEND _supported "\n  ${_row_series}.x (${_name}; Debian ${_suite} ships ${_debian})")
  if(_row_series STREQUAL _series)
    set(_row ${_fields})
  endif()
endforeach()
if(NOT DEFINED _row)
  message(FATAL_ERROR "CEPH_VERSION=${CEPH_VERSION} is not a supported Ceph release. Supported "
                      "(ceph-releases.tsv):${_supported}")
endif()

list(GET _row 0 CEPH_RELEASE)
list(GET _row 2 CEPH_DEBIAN_VERSION)
list(GET _row 3 CEPH_DEBIAN_SUITE)
list(GET _row 5 CEPH_INTERFACE)
list(GET _row 6 EC_JERASURE_DEFAULT_K)
list(GET _row 7 EC_JERASURE_DEFAULT_M)
list(GET _row 8 EC_JERASURE_DEFAULT_R6_M)
list(GET _row 9 EC_JERASURE_DEFAULT_PACKETSIZE)
list(GET _row 10 EC_JERASURE_CHUNK_RULES)
list(GET _row 11 EC_ISA_MAX_M)
list(GET _row 12 _crc32c_scalar)
# Whether this build's processor is one of the release's crc32c_scalar ones (C++ true/false).
string(REPLACE "," ";" _crc32c_scalar "${_crc32c_scalar}")
if(CMAKE_SYSTEM_PROCESSOR IN_LIST _crc32c_scalar)
  set(EC_DATA_CHUNK_BUFFERS true)
else()
  set(EC_DATA_CHUNK_BUFFERS false)
endif()

# What the codec implements; a release whose jerasure sizes chunks otherwise needs code, not just a row.
set(_implemented_chunk_rules jerasure-v1)
if(NOT EC_JERASURE_CHUNK_RULES IN_LIST _implemented_chunk_rules)
  message(FATAL_ERROR "ceph-releases.tsv: ${CEPH_RELEASE} sizes chunks by '${EC_JERASURE_CHUNK_RULES}', "
                      "which the codec does not implement (it implements: ${_implemented_chunk_rules})")
endif()
set(CEPH_ABI_DIR ${CMAKE_CURRENT_LIST_DIR}/../src/ceph-abi/${CEPH_INTERFACE})
if(NOT EXISTS ${CEPH_ABI_DIR}/erasure-code/ErasureCodeInterface.h)
  message(FATAL_ERROR "ceph-releases.tsv: ${CEPH_RELEASE} uses interface '${CEPH_INTERFACE}', but "
                      "${CEPH_ABI_DIR} declares none")
endif()
get_filename_component(CEPH_ABI_DIR ${CEPH_ABI_DIR} REALPATH)
# What the plugin includes: the generation's declarations, then those every generation shares (the plugin
# base class and registry, unchanged since Pacific).
get_filename_component(_abi_common ${CMAKE_CURRENT_LIST_DIR}/../src/ceph-abi/common REALPATH)
set(CEPH_ABI_INCLUDE_DIRS ${CEPH_ABI_DIR} ${_abi_common})
message(STATUS "Building erasure-code plugins for Ceph ${CEPH_VERSION} (${CEPH_RELEASE}, "
               "interface ${CEPH_INTERFACE})")

# ec_calls_map_overloads(TARGET): TARGET calls the std::set / std::map overloads of the interface on purpose
# (tests and tools of the calls Ceph's legacy EC path and tools make). Tentacle marks them [[deprecated]]
# for its callers; the warning would stop the build.
function(ec_calls_map_overloads target)
  if(CEPH_INTERFACE STREQUAL "tentacle")
    target_compile_options(${target} PRIVATE -Wno-deprecated-declarations)
  endif()
endfunction()
