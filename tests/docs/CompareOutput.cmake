# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Script mode: runs PROGRAM and compares its standard output with the file
# EXPECTED, exactly.
#
#   cmake -DPROGRAM=prog -DEXPECTED=out.txt -P CompareOutput.cmake
execute_process(COMMAND ${PROGRAM} RESULT_VARIABLE rc OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} failed (${rc}):\n${out}\n${err}")
endif()
file(READ ${EXPECTED} expected)
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "${PROGRAM} printed:\n${out}\nexpected (${EXPECTED}):\n"
    "${expected}")
endif()
