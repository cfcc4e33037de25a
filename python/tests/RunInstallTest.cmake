# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs the `python` component into PREFIX and imports the package from
# PREFIX/SITE with PYTHON.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR}
    --prefix ${PREFIX} --component python
  RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${PREFIX}/${SITE}
    ${PYTHON} -c "import presburger, presburger.testing, presburger.penguin as p; s = presburger.Set('{ [i] : 0 <= i < 4 }'); assert s.count_val() == 4; assert presburger.__file__.startswith('${PREFIX}'), presburger.__file__; print('ok', presburger.__file__)"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "import from the installed prefix failed: ${out}${err}")
endif()
message(STATUS "${out}")
