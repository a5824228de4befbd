#!/usr/bin/env bash
# Sets up the machine and runs every test (unit, golden, property). CI runs this through .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test --skip-build --disable-xctest
