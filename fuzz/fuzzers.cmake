# Adds the fuzz targets to a clang build of the whole project without touching its top-level list:
#   CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
#     -DEC_SANITIZE=address,undefined,fuzzer-no-link -DEC_BUILD_TESTS=OFF -DEC_BUILD_TOOLS=OFF \
#     -DCMAKE_PROJECT_INCLUDE=$PWD/fuzz/fuzzers.cmake
# EC_SANITIZE instruments the codec and kernels for coverage and ASan/UBSan; the deferred call runs after
# the top-level list made the libraries (deferred calls may not add_subdirectory, so the list is include()d
# and names its files by CMAKE_CURRENT_LIST_DIR). A one-line `if(EC_BUILD_FUZZERS) add_subdirectory(fuzz)`
# in the top-level list would replace this file.
set(EC_FUZZ_LIST ${CMAKE_CURRENT_LIST_DIR}/CMakeLists.txt)
macro(_ec_add_fuzzers)
  include(${EC_FUZZ_LIST})
endmacro()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL _ec_add_fuzzers)
