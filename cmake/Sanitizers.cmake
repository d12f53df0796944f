# SPDX-License-Identifier: LGPL-2.1-or-later
# EC_SANITIZE=address,undefined or EC_SANITIZE=thread builds everything instrumented (a test job).
set(EC_SANITIZE "" CACHE STRING "Comma-separated -fsanitize= list (empty: none)")
if(EC_SANITIZE)
  add_compile_options(-fsanitize=${EC_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${EC_SANITIZE})
endif()
