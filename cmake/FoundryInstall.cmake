#===- FoundryInstall.cmake - cmake --install and find_package(Foundry) ---===#
#
# `cmake --install BUILD --prefix P` puts under P the headers (with the
# generated .inc files), the libraries, the tools, FoundryPlugin.so and
# lib/cmake/foundry/FoundryConfig.cmake, which a project loads with
# find_package(Foundry) (examples/consumer, built and run against the
# installed tree by scripts/test.sh).
#
#===----------------------------------------------------------------------===#
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(FOUNDRY_INSTALLED_LIBRARIES FoundrySupport FoundryDialect
  FoundryFingerprint FoundryTransforms FoundryPipelines FoundryInitAll
  FoundryTarget FoundryEvolve)
set(FOUNDRY_INSTALLED_TOOLS foundry-opt foundry-evolve foundry-library
  foundry-compile foundry-cpu-run)
if(FOUNDRY_HAVE_RUNTIME)
  list(APPEND FOUNDRY_INSTALLED_LIBRARIES FoundryRuntime)
  list(APPEND FOUNDRY_INSTALLED_TOOLS foundry-run)
  install(DIRECTORY runtime/include/foundry
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
else()
  set(FOUNDRY_HAVE_RUNTIME OFF)
endif()
foreach(library ${FOUNDRY_INSTALLED_LIBRARIES})
  target_include_directories(${library}
    INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()

install(TARGETS ${FOUNDRY_INSTALLED_LIBRARIES} EXPORT FoundryTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS ${FOUNDRY_INSTALLED_TOOLS}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS FoundryPlugin LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY include/foundry DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/foundry
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.inc" PATTERN "CMakeFiles" EXCLUDE)

set(FOUNDRY_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/foundry)
install(EXPORT FoundryTargets DESTINATION ${FOUNDRY_CMAKE_DIR})
configure_package_config_file(cmake/FoundryConfig.cmake.in
  ${PROJECT_BINARY_DIR}/FoundryConfig.cmake
  INSTALL_DESTINATION ${FOUNDRY_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR
            CMAKE_INSTALL_LIBDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/FoundryConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/FoundryConfig.cmake
  ${PROJECT_BINARY_DIR}/FoundryConfigVersion.cmake
  DESTINATION ${FOUNDRY_CMAKE_DIR})
