# Installs the libraries, their headers and a CMake package so that
# `find_package(presburger)` works from an installed prefix.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(_targets presburger)
if(TARGET penguin)
  list(APPEND _targets penguin)
endif()
install(TARGETS ${_targets} presburger_warnings EXPORT presburgerTargets
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
