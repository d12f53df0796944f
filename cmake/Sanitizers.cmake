# SPDX-License-Identifier: LGPL-2.1-or-later
# EC_SANITIZE=address,undefined or EC_SANITIZE=thread builds everything instrumented (a test job).
set(EC_SANITIZE "" CACHE STRING "Comma-separated -fsanitize= list (empty: none)")
if(EC_SANITIZE)
  add_compile_options(-fsanitize=${EC_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${EC_SANITIZE})
  # The SIMD kernels (cmake/SimdVariants.cmake) without ASan: their fully unrolled templates of vector
  # registers are most of the sanitizer build once instrumented (an AVX-512 variant: minutes of CPU each,
  # under a minute without). Their reads and writes stay bounded by test/simd's page_boundary_test, which
  # puts every buffer flush against a guard page in every build, and the code around them stays
  # instrumented; UBSan (array bounds of their locals, shifts) still covers them.
  set(EC_SANITIZE_KERNEL_OPTIONS "")
  if(EC_SANITIZE MATCHES "address")
    list(APPEND EC_SANITIZE_KERNEL_OPTIONS -fno-sanitize=address)
  endif()
  # Nor UBSan's pointer-overflow check, which instruments every pointer step of their unrolled loops: 4x
  # the compile time of a kernel unit under clang 14 (an AVX-512 one: 84 CPU s, 22 without). Such a step
  # could only wrap by leaving its buffer, which the guard-page test catches.
  # Nor its object-size, null and alignment checks (under clang 14 half an AVX-512 unit's compile time): the
  # buffers are the caller's, of a size no kernel can see, and are never null (the codec checks), and every
  # load and store is an unaligned intrinsic or a memcpy; the bounds of their own arrays are checked.
  if(EC_SANITIZE MATCHES "undefined")
    list(APPEND EC_SANITIZE_KERNEL_OPTIONS -fno-sanitize=pointer-overflow,object-size,null,alignment)
  endif()
endif()
