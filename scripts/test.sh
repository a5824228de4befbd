#!/usr/bin/env bash
# Sets up the machine and runs every test (unit, golden, property, CLI) in a build with every trait
# (README "Optional parts"): import, the PostgreSQL store and the dashboard are all tested. CI runs this
# through .ci/run, which also builds the default (lean) set and smokes it (scripts/lean-smoke.sh). XCTest runs
# too: LayoutSnapshotTesting's assertion is tested from both Swift Testing and XCTest.
#
# The tests write their temporary files (stores, specs, servers' folders, pictures) under one folder of this
# run (TMPDIR), removed when every test passed and kept, with its path printed, otherwise. The build keeps
# the caller's TMPDIR: a build with another TMPDIR than the last compiled every module again (seen here: 223
# s for 636 steps, where the same TMPDIR was a 1-second no-op), so a per-run folder made every run of this
# script a full build.
#
#   scripts/test.sh           sets up, builds and runs every test
#   scripts/test.sh --build   sets up and builds only (CI builds first, then runs the tests in a step of their own)
set -euo pipefail
cd "$(dirname "$0")/.."
build_only=false
case "${1:-}" in
  "") ;;
  --build) build_only=true ;;
  *) echo "usage: scripts/test.sh [--build]" >&2; exit 2 ;;
esac
# A short name (PostgreSQL's socket path, inside it, has a 107-byte limit), readable by the server's own user.
files="$(mktemp -d "${TMPDIR:-/tmp}/lbt.XXXXXX")"
chmod 755 "$files"
status=0
scripts/setup.sh --tests || status=$?
# The CLI tests run the built `layoutbench`: removed first, so that the build links it again (a build after
# `swift test` once linked only the test bundle, leaving the CLI tests an older binary).
rm -f .build/debug/layoutbench
[ "$status" -ne 0 ] || swift build --build-tests --enable-all-traits || status=$?
if $build_only; then
  rm -rf "$files"
  exit "$status"
fi
if [ "$status" -eq 0 ] && [ "$(uname -s)" = Linux ]; then
  # The test bundle is run directly, XCTest's tests and then Swift Testing's, as `swift test` runs it on
  # Linux, without `swift test` planning the build again (and compiling the package's plugins).
  # `.build/debug` rather than `swift build --show-bin-path`: that plans again too (a build after it compiled
  # every module, 438 steps, seen twice here).
  bundle=.build/debug/LayoutBenchPackageTests.xctest
  TMPDIR="$files" "$bundle" || status=$?
  TMPDIR="$files" "$bundle" --testing-library swift-testing || status=$?
elif [ "$status" -eq 0 ]; then
  TMPDIR="$files" swift test --skip-build --enable-all-traits || status=$?
fi
if [ "$status" -eq 0 ]; then
  rm -rf "$files"
else
  echo "test.sh: the tests' files are kept in $files" >&2
fi
exit "$status"
