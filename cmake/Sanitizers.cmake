# SPDX-License-Identifier: LGPL-2.1-or-later
# EC_SANITIZE=address,undefined or EC_SANITIZE=thread builds everything instrumented (a test job).
set(EC_SANITIZE "" CACHE STRING "Comma-separated -fsanitize= list (empty: none)")
if(EC_SANITIZE)
  add_compile_options(-fsanitize=${EC_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${EC_SANITIZE})
  # The SIMD kernels (cmake/SimdVariants.cmake) without ASan's stack redzones: their locals are arrays of
  # vector registers, fully unrolled, which clang's stack instrumentation turns into the larger part of the
  # sanitizer build (the AVX-512 kernels: 150-170 s of CPU each, 80 s without it). What a kernel could
  # overrun stays checked: the regions it reads and writes (heap, ASan) and every index into a local array
  # of known size (UBSan's array-bounds, part of undefined).
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang" AND EC_SANITIZE MATCHES "address")
    set(EC_SANITIZE_KERNEL_OPTIONS -mllvm -asan-stack=0)
  endif()
endif()
