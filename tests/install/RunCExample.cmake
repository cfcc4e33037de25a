# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Script mode: the C example of DOC (its first ```c block) compiled as C99
# with CC and the flags `pkg-config --cflags --libs presburger` gives for
# the installed PREFIX, run, and its output compared with the block after
# it on the page.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
    ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "command failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()
if(NOT CC OR NOT PKG_CONFIG)
  message(FATAL_ERROR "needs a C compiler and pkg-config (scripts/deps.sh)")
endif()
run(${EXTRACT} ${DOC} c first ${WORK}/example.c ${WORK}/expected.txt)
set(ENV{PKG_CONFIG_PATH} ${PREFIX}/${LIBDIR}/pkgconfig)
run(${PKG_CONFIG} --cflags --libs presburger)
string(STRIP "${last_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CC} -std=c99 -Wall -Wextra -pedantic -Werror ${WORK}/example.c
  ${flags} -o ${WORK}/example)
run(${WORK}/example)
file(READ ${WORK}/expected.txt expected)
if(NOT last_output STREQUAL expected)
  message(FATAL_ERROR "the example printed:\n${last_output}\nthe page shows:\n"
    "${expected}")
endif()
