# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Warnings on, kept at zero; sanitizers and fuzzing instrumentation as asked.
add_library(presburger_warnings INTERFACE)
target_compile_options(presburger_warnings INTERFACE -Wall -Wextra -Wpedantic
  -Wno-missing-field-initializers)
# GCC 12's libstdc++ makes -Wrestrict fire on ordinary std::string
# concatenation at -O2/-O3 (GCC bug 105329): a false positive, silenced.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND
   CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12)
  target_compile_options(presburger_warnings INTERFACE -Wno-restrict)
endif()
if(PRESBURGER_WERROR)
  target_compile_options(presburger_warnings INTERFACE -Werror)
endif()

if(PRESBURGER_SANITIZE)
  add_compile_options(-fsanitize=${PRESBURGER_SANITIZE} -fno-omit-frame-pointer
    -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${PRESBURGER_SANITIZE})
endif()
if(PRESBURGER_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "PRESBURGER_FUZZ needs clang (CXX=clang++)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined
    -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
