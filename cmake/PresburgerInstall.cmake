# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs the libraries, their headers and a CMake package so that
# `find_package(presburger)` works from an installed prefix.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# presburger_warnings is a build-only dependency (linked through
# $<BUILD_INTERFACE:...>): it is neither installed nor exported, so the
# warning flags (and -Werror) never reach a consumer.
set(_targets presburger)
if(TARGET penguin)
  list(APPEND _targets penguin)
endif()
install(TARGETS ${_targets} EXPORT presburgerTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY presburger/include/presburger
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(TARGET penguin)
  install(DIRECTORY penguin/include/penguin
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()
foreach(_tool presburger-calc penguin-opt)
  if(TARGET ${_tool})
    install(TARGETS ${_tool} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()
install(EXPORT presburgerTargets NAMESPACE presburger::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/presburger)
configure_package_config_file(cmake/presburgerConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/presburgerConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/presburger)
write_basic_package_version_file(
  ${CMAKE_CURRENT_BINARY_DIR}/presburgerConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/presburgerConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/presburgerConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/presburger)

# pkg-config: presburger.pc in LIBDIR/pkgconfig, relocatable (its prefix is
# found from the file's own place, so `cmake --install --prefix P` works).
# A static engine is C++ inside: a C program that links it needs the C++
# runtime, so Libs carries it; a shared engine records it as Libs.private.
file(RELATIVE_PATH _pc_to_prefix
  /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" _pc_to_prefix "${_pc_to_prefix}")
set(PRESBURGER_PC_PREFIX "\${pcfiledir}/${_pc_to_prefix}")
get_target_property(_presburger_type presburger TYPE)
if(_presburger_type STREQUAL "SHARED_LIBRARY")
  set(PRESBURGER_PC_LIBS "-L\${libdir} -lpresburger")
  set(PRESBURGER_PC_LIBS_PRIVATE "-lstdc++ -lm")
else()
  set(PRESBURGER_PC_LIBS "-L\${libdir} -lpresburger -lstdc++ -lm")
  set(PRESBURGER_PC_LIBS_PRIVATE "")
endif()
configure_file(cmake/presburger.pc.in
  ${CMAKE_CURRENT_BINARY_DIR}/presburger.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/presburger.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
