#!/usr/bin/env bash
# Configures and builds Dedup Console into ./build (or $BUILD_DIR). Safe to run again.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$here/build}"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" \
      -DDEDUP_WERROR="${DEDUP_WERROR:-OFF}" >/dev/null
cmake --build "$build" -j"${JOBS:-2}"
