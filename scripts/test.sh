#!/usr/bin/env bash
# Sets up the machine and runs every test (unit, golden, property, CLI) in a build with every trait
# (README "Optional parts"): import, the PostgreSQL store and the dashboard are all tested. CI runs this
# through .ci/run, which also builds the default (lean) set and smokes it (scripts/lean-smoke.sh). XCTest runs
# too: LayoutSnapshotTesting's assertion is tested from both Swift Testing and XCTest.
#
# The tests write their temporary files (stores, specs, servers' folders, pictures) under one folder of this
# run (TMPDIR), removed when every test passed and kept, with its path printed, otherwise. The build keeps
# the caller's TMPDIR: another TMPDIR makes swift-build plan the build again (10 to 30 s).
#
# The build is incremental on a developer's machine and whole-module in CI (TEST_BUILD;
# scripts/lib/test-build.sh says why and what each costs).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/test-build.sh
. scripts/lib/test-build.sh
# A short name (PostgreSQL's socket path, inside it, has a 107-byte limit), readable by the server's own user.
files="$(mktemp -d "${TMPDIR:-/tmp}/lbt.XXXXXX")"
chmod 755 "$files"
status=0
scripts/setup.sh --tests || status=$?
# The CLI tests run the built `layoutbench`: removed first, so that the build links it again (a build after
# `swift test` once linked only the test bundle, leaving the CLI tests an older binary).
rm -f "$test_build_products/layoutbench"
# SwiftPM passes the enabled traits to the compiler as -D flags in the order of a Swift Set, which changes
# from process to process: whenever swift-build plans again (a new manifest time, `swift test`,
# `--show-bin-path`, another TMPDIR), this package's modules get other command lines and every one is compiled
# again (seen here: 403 compiles and 227 s after touching Package.swift; with the seed fixed, 4 and 11 to 31
# s). A fixed seed keeps the order from run to run. Only the planner needs it, not the tests.
export SWIFT_DETERMINISTIC_HASHING=1
[ "$status" -ne 0 ] || swift build "${test_build_options[@]}" --build-tests --enable-all-traits || status=$?
unset SWIFT_DETERMINISTIC_HASHING
if [ "$status" -eq 0 ] && [ "$(uname -s)" = Linux ]; then
  # The test bundle is run directly, XCTest's tests and then Swift Testing's, as `swift test` runs it on
  # Linux, without `swift test` planning the build again (and compiling the package's plugins).
  # The products' folder rather than `swift build --show-bin-path`, which plans again too.
  bundle="$test_build_products/LayoutBenchPackageTests.xctest"
  TMPDIR="$files" "$bundle" || status=$?
  TMPDIR="$files" "$bundle" --testing-library swift-testing || status=$?
elif [ "$status" -eq 0 ]; then
  TMPDIR="$files" SWIFT_DETERMINISTIC_HASHING=1 swift test "${test_build_options[@]}" --skip-build \
    --enable-all-traits || status=$?
fi
if [ "$status" -eq 0 ]; then
  rm -rf "$files"
else
  echo "test.sh: the tests' files are kept in $files" >&2
fi
exit "$status"
