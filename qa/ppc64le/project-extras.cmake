# Stop-gap until test/CMakeLists.txt lists the "vectors" layer and tools/CMakeLists.txt the "ppc64le"
# tools: -DCMAKE_PROJECT_INCLUDE=<this file> adds them at the end of the top-level directory, unless the
# tree already did. (Deferred calls may not add_subdirectory, so the folders' lists are include()d; they
# name their files by CMAKE_CURRENT_LIST_DIR for that reason.)
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL _ec_ppc64le_extras)
macro(_ec_ppc64le_extras)
  if(EC_BUILD_TESTS AND NOT TARGET vectors_test)
    include(${CMAKE_SOURCE_DIR}/test/vectors/CMakeLists.txt)
  endif()
  if(EC_BUILD_TOOLS AND NOT TARGET ec_ppc64le_bench AND CMAKE_CROSSCOMPILING
     AND EXISTS ${CMAKE_SOURCE_DIR}/tools/ppc64le/CMakeLists.txt)
    include(${CMAKE_SOURCE_DIR}/tools/ppc64le/CMakeLists.txt)
  endif()
endmacro()
