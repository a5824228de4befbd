#!/usr/bin/env bash
# Formats the Swift sources in place with the toolchain's `swift format`, per .swift-format at the root:
# 4-space indents, 120 columns (comments are wrapped near 110; longer code lines are what it rewraps), and
# semicolon-joined statements, `let a = x, b = y` and `case let .x(a, b)` allowed, as the code writes them.
#
#   scripts/format.sh          # format in place
#   scripts/format.sh --lint   # only report what it would change; exits 1 when anything would
set -euo pipefail
cd "$(dirname "$0")/.."

mode=format
case "${1:-}" in
  "") ;;
  --lint) mode=lint ;;
  *) echo "usage: scripts/format.sh [--lint]" >&2; exit 2 ;;
esac

# Tests/Fixtures holds inputs (Swift files the importer reads at known lines): never reformatted.
paths=(Package.swift Sources Tests/*Tests Benchmarks/Package.swift Benchmarks/Benchmarks Fuzz/Package.swift Fuzz/Sources)
if [ "$mode" = lint ]; then
  swift format lint --strict --configuration .swift-format --recursive --parallel "${paths[@]}"
else
  swift format format --in-place --configuration .swift-format --recursive --parallel "${paths[@]}"
fi
