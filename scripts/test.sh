#!/usr/bin/env bash
# Sets up the machine and runs every test (unit, golden, property, CLI) in a build with every trait
# (README "Optional parts"): import, the PostgreSQL store and the dashboard are all tested. CI runs this
# through .ci/run, which also builds the default (lean) set and smokes it (scripts/lean-smoke.sh). XCTest runs
# too: LayoutSnapshotTesting's assertion is tested from both Swift Testing and XCTest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
swift build --build-tests --enable-all-traits
swift test --skip-build --enable-all-traits
