# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ctest bench.replay-example: runs presburger-replay on the bundled workload
# with the shortest timing, then checks its report (not its times).
execute_process(
  COMMAND ${REPLAY} --report ${REPORT} ${WORKLOAD}
    --benchmark_min_time=0.001 --benchmark_repetitions=1
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "presburger-replay exited with ${rc}")
endif()
execute_process(COMMAND python3 ${CHECKER} ${REPORT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the replay report is not as expected")
endif()
