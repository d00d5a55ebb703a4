# arbiter_add_game_plugin(<target> SOURCES <files...> [OUTPUT_DIRECTORY <dir>]
#                         [INSTALL [INSTALL_DESTINATION <dir>]])
#
# Builds a game plugin: a MODULE library named <target>.so that exports only
# arb_game_entry (everything else hidden). A plugin with a C++ source links
# Arbiter::sdk (C++20 helpers); one of C sources only links Arbiter::abi (the
# C99 header), so a C project needs no C++ compiler. Used the same way in the
# arbiter tree and by plugins built against the installed package
# (find_package(ArbiterSDK)).
#
# INSTALL: `cmake --install` puts the plugin beside the shipped ones, in
# ArbiterSDK_PLUGIN_DIR (set by the package: <prefix>/<libdir>/arbiter/plugins
# of the arbiter it belongs to, where that arbiter and its engines find
# plugins with no --plugin-dir), or in INSTALL_DESTINATION when given (a
# relative one is under the project's own CMAKE_INSTALL_PREFIX).
function(arbiter_add_game_plugin target)
  cmake_parse_arguments(ARG "INSTALL" "OUTPUT_DIRECTORY;INSTALL_DESTINATION" "SOURCES" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "arbiter_add_game_plugin(${target}): SOURCES is required")
  endif()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "arbiter_add_game_plugin(${target}): unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(ARG_INSTALL_DESTINATION AND NOT ARG_INSTALL)
    message(FATAL_ERROR "arbiter_add_game_plugin(${target}): INSTALL_DESTINATION without INSTALL")
  endif()
  add_library(${target} MODULE ${ARG_SOURCES})
  set(cxx_sources ${ARG_SOURCES})
  list(FILTER cxx_sources INCLUDE REGEX "\\.(cpp|cc|cxx|C|c\\+\\+)$")
  if(cxx_sources)
    target_link_libraries(${target} PRIVATE Arbiter::sdk)
    target_compile_features(${target} PRIVATE cxx_std_20)
  else()
    target_link_libraries(${target} PRIVATE Arbiter::abi)
  endif()
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  if(ARG_OUTPUT_DIRECTORY)
    set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY "${ARG_OUTPUT_DIRECTORY}")
  endif()
  if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    # A plugin must not leave undefined symbols for the host to resolve.
    target_link_options(${target} PRIVATE "-Wl,--no-undefined")
  endif()
  if(ARG_INSTALL)
    set(destination "${ARG_INSTALL_DESTINATION}")
    if(NOT destination)
      set(destination "${ArbiterSDK_PLUGIN_DIR}")
    endif()
    if(NOT destination)
      message(FATAL_ERROR "arbiter_add_game_plugin(${target}): INSTALL needs ArbiterSDK_PLUGIN_DIR "
                          "(find_package(ArbiterSDK) sets it) or INSTALL_DESTINATION")
    endif()
    install(TARGETS ${target} LIBRARY DESTINATION "${destination}")
  endif()
endfunction()
