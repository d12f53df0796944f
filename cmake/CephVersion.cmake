# The version string __erasure_code_version() must return: the host refuses a plugin that claims another.
# Detected from the installed Ceph, overridable with -DCEPH_VERSION=16.2.15 (e.g. for a cross build).
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
if(NOT CEPH_VERSION MATCHES "^16\\.2\\.")
  message(FATAL_ERROR "CEPH_VERSION=${CEPH_VERSION}: this plugin declares the Ceph 16.2 (Pacific) "
                      "interface only")
endif()
message(STATUS "Building erasure-code plugins for Ceph ${CEPH_VERSION}")
