# SPDX-License-Identifier: LGPL-2.1-or-later
# Registry of SIMD kernel variants.
#
# ec_add_simd_variant(NAME <variant> SOURCES <files...> [COMPILE_OPTIONS <flags...>] [QEMU_CPU <model>])
# makes the object library ec_simd_<variant>, built with only the flags that variant needs, which must
# define `const ec::simd::Kernels ec::simd::kernels_<variant>`. The plugin then builds
# libec_power8_<variant>.so from it, and the tests run it against the reference.
# Variants are registered worst first, each after every variant it outranks: the probe's order reversed
# (test/simd/cpu_probe_test holds the two together). QEMU_CPU is the qemu-user -cpu model under which the
# probe picks this variant first; qa/ runs the variant there. src/simd/CMakeLists.txt writes the list,
# best first, to <build>/src/simd/variants.tsv, which qa/lib/variants.sh reads.
define_property(GLOBAL PROPERTY EC_SIMD_VARIANTS
  BRIEF_DOCS "SIMD variants built" FULL_DOCS "Names of the ec_simd_<variant> object libraries")

# A kernel unit's debug information: line tables and function names (-g1), what a backtrace and perf
# read, where the build asks for any. Full -g on the unrolled templates doubles gcc 12's compile time of
# a unit (an AVX-512 one: 18 CPU s, 11 with -g1) for variables no debugger shows in vector registers;
# the code is the same either way (the .text of the avx512_gfni unit compared byte for byte).
string(TOUPPER "${CMAKE_BUILD_TYPE}" _ec_build_type)
set(EC_KERNEL_OPTIONS ${EC_SANITIZE_KERNEL_OPTIONS})
if(" ${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${_ec_build_type}} " MATCHES " -g(gdb)?[23]? ")
  list(APPEND EC_KERNEL_OPTIONS -g1)
endif()

# EC_SIMD_ONLY: the variants to build, where a tree needs only some (the ThreadSanitizer tree's thread
# tests: the shared state is the codec's and each variant library's, alike in every variant); empty: all.
set(EC_SIMD_ONLY "" CACHE STRING "Build only these SIMD variants (a ;-list; empty: every variant)")

function(ec_add_simd_variant)
  cmake_parse_arguments(V "" "NAME;QEMU_CPU" "SOURCES;COMPILE_OPTIONS" ${ARGN})
  if(EC_SIMD_ONLY AND NOT V_NAME IN_LIST EC_SIMD_ONLY)
    return()
  endif()
  add_library(ec_simd_${V_NAME} OBJECT ${V_SOURCES})
  target_include_directories(ec_simd_${V_NAME} PUBLIC ${CMAKE_SOURCE_DIR}/src)
  target_compile_options(ec_simd_${V_NAME} PRIVATE ${V_COMPILE_OPTIONS} ${EC_KERNEL_OPTIONS})
  target_link_libraries(ec_simd_${V_NAME} PUBLIC ec_gf ec_cpu_probe)
  set_property(GLOBAL APPEND PROPERTY EC_SIMD_VARIANTS ${V_NAME})
  if(V_QEMU_CPU)
    set_property(GLOBAL PROPERTY EC_SIMD_VARIANT_QEMU_CPU_${V_NAME} ${V_QEMU_CPU})
  endif()
endfunction()

# ec_simd_variant_qemu_cpu(VARIANT OUT): VARIANT's QEMU_CPU in OUT, empty where it has none.
function(ec_simd_variant_qemu_cpu variant out)
  get_property(_cpu GLOBAL PROPERTY EC_SIMD_VARIANT_QEMU_CPU_${variant})
  set(${out} "${_cpu}" PARENT_SCOPE)
endfunction()
