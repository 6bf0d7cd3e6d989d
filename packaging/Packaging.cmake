# Installation of the desktop integration files and the Debian package (`cpack -G DEB` or
# `cmake --build build --target package`). The executables install themselves in
# src/app and src/cli. packaging/deb-check.sh builds, installs and checks the package.
include(GNUInstallDirs)

set(DEDUP_APP_ID "org.dedupconsole.DedupConsole")
set(_pkg "${PROJECT_SOURCE_DIR}/packaging")

install(FILES "${_pkg}/${DEDUP_APP_ID}.desktop"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
install(FILES "${_pkg}/${DEDUP_APP_ID}.metainfo.xml"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")
install(FILES "${PROJECT_SOURCE_DIR}/resources/icons/${DEDUP_APP_ID}.svg"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")

# Debian policy wants man pages compressed with gzip -9n (no name or time stamp, so the
# package is reproducible).
set(_man "${CMAKE_CURRENT_BINARY_DIR}/man/dedupctl.1")
add_custom_command(OUTPUT "${_man}.gz"
    COMMAND "${CMAKE_COMMAND}" -E copy "${_pkg}/dedupctl.1" "${_man}"
    COMMAND gzip -9nf "${_man}"
    DEPENDS "${_pkg}/dedupctl.1"
    COMMENT "Compressing the dedupctl man page"
    VERBATIM)
add_custom_target(dedup_manpage ALL DEPENDS "${_man}.gz")
install(FILES "${_man}.gz" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")

# AppStream releases are a literal history, so a version bump needs a new entry by hand.
file(READ "${_pkg}/${DEDUP_APP_ID}.metainfo.xml" _metainfo)
if(NOT _metainfo MATCHES "<release version=\"${PROJECT_VERSION}\"")
    message(WARNING "${DEDUP_APP_ID}.metainfo.xml has no release entry for ${PROJECT_VERSION}")
endif()

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "dedup-console")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "Dedup Console developers")
set(CPACK_PACKAGE_CONTACT "Dedup Console developers <dev@dedup.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_SECTION "database")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# The extended description under the summary line; CPack indents it and turns the empty
# line into the " ." paragraph separator that deb-control(5) wants.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Dedup Console is a Qt desktop console over a shared PostgreSQL idempotency
(dedup) database: browse runs and steps live, act on stuck runs and the
manual review queue with audited reasons, and check the audit log's hash chain.

dedupctl is its command-line companion: schema migrations, retention, stuck-run
listing, audit verification and a self-contained demo database.")
# The library dependencies (Qt 6, libpq, qtkeychain) come from dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The PostgreSQL server binaries are only used for the private demo cluster (`dedupctl demo`,
# `dedup-console --demo`); everything else talks to any server through libpq. So the server
# is a Recommends (apt installs it by default) rather than a Depends, which would force a
# system cluster onto every operator workstation. The package follows DEDUP_PG_BINDIR.
if(DEDUP_PG_BINDIR MATCHES "^/usr/lib/postgresql/([0-9]+)/bin/?$")
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "postgresql-${CMAKE_MATCH_1}")
else()
    message(STATUS "DEDUP_PG_BINDIR is not a Debian PostgreSQL path: no server Recommends")
endif()

include(CPack)
