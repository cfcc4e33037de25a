# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Script mode: the engine as a shared library exports the API only.
#
# LIBRARY is the engine as built: a shared library (BUILD_SHARED_LIBS=ON),
# checked as it is, or a static one, linked here into a shared library with
# the version script VERSION_SCRIPT exactly as BUILD_SHARED_LIBS=ON links
# it. Then: every function that HEADER (capi.h) declares is exported; no
# symbol of an internal namespace, no std:: or boost:: instantiation and no
# unnamed-namespace symbol is; and the C example of DOC links against the
# shared library and prints what the page shows.
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

if(LIBRARY_TYPE STREQUAL "SHARED_LIBRARY")
  set(shared ${LIBRARY})
else()
  set(shared ${WORK}/libpresburger.so)
  run(${CXX} -shared -o ${shared} -Wl,--whole-archive ${LIBRARY}
    -Wl,--no-whole-archive -Wl,--version-script=${VERSION_SCRIPT}
    -Wl,--no-undefined)
endif()

run(${NM} -D --defined-only ${shared})
set(raw "${last_output}")
run(${NM} -D -C --defined-only ${shared})
set(demangled "${last_output}")

# Every C API function is exported.
file(READ ${HEADER} header)
string(REGEX MATCHALL "\n([a-z_ *]*[ *])?(presburger_[a-z0-9_]+)\\(" decls
  "${header}")
set(count 0)
foreach(d IN LISTS decls)
  string(REGEX REPLACE ".*(presburger_[a-z0-9_]+)\\($" "\\1" name "${d}")
  math(EXPR count "${count} + 1")
  if(NOT raw MATCHES " T ${name}(@|\n)")
    message(FATAL_ERROR "${name} (capi.h) is not exported by ${shared}")
  endif()
endforeach()
if(count LESS 100)
  message(FATAL_ERROR "found only ${count} functions in ${HEADER}")
endif()

# Nothing internal is.
string(REPLACE "\n" ";" lines "${demangled}")
foreach(line IN LISTS lines)
  if(line MATCHES "presburger::(capi|difference|hulls|parser)::"
     OR line MATCHES "anonymous namespace"
     OR line MATCHES " [TtWwVvBbDdRru] (std::|boost::|__gnu_cxx::)")
    message(FATAL_ERROR "${shared} exports an internal symbol: ${line}")
  endif()
endforeach()

# The C example runs against it.
run(${EXTRACT} ${DOC} c first ${WORK}/example.c ${WORK}/expected.txt)
get_filename_component(dir ${shared} DIRECTORY)
run(${CC} -std=c99 -Wall -Wextra -pedantic -Werror -I${INCLUDE}
  ${WORK}/example.c ${shared} -Wl,-rpath,${dir} -o ${WORK}/example)
run(${WORK}/example)
file(READ ${WORK}/expected.txt expected)
if(NOT last_output STREQUAL expected)
  message(FATAL_ERROR "the example printed:\n${last_output}\nthe page shows:\n"
    "${expected}")
endif()
message(STATUS "${count} C API functions exported, nothing internal")
