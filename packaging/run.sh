#!/usr/bin/env bash
# README's main command: installs what is missing, builds, and runs Dedup Console on its
# embedded default, a private PostgreSQL demo store that the project starts itself (under
# your data directory; as root under /var/lib/dedup-console/demo). Closing the window or
# Ctrl-C stops the server it started. Without a display, runs the terminal demo instead.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/packaging/install-deps.sh"
"$here/packaging/build.sh"
bin="${BUILD_DIR:-$here/build}/bin"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec "$bin/dedup-console" --demo "$@"
fi
echo "run: no display found; running the terminal demo (dedupctl demo) instead" >&2
exec "$bin/dedupctl" demo "$@"
