#!/usr/bin/env bash
# README's test command: installs what is missing, builds, and runs the whole test suite
# (ctest starts and stops its own private PostgreSQL). Ends with ctest's summary.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/packaging/install-deps.sh"
DEDUP_WERROR="${DEDUP_WERROR:-ON}" "$here/packaging/build.sh"
cd "${BUILD_DIR:-$here/build}"
ctest --output-on-failure -j"${JOBS:-2}"
