# SPDX-License-Identifier: LGPL-2.1-or-later
# cmake -DGEN=make_vectors -DEMU="emulator;args" -DFILE=kernels.vec -P compare_vectors.cmake
execute_process(COMMAND ${EMU} ${GEN} OUTPUT_VARIABLE generated RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "make_vectors failed (${rc})")
endif()
file(READ ${FILE} checked_in)
if(NOT generated STREQUAL checked_in)
  message(FATAL_ERROR "${FILE} is not what make_vectors writes now: regenerate it only for a deliberate change")
endif()
message(STATUS "kernels.vec is current")
