#!/usr/bin/env bash
# Builds the DocC catalogs (Sources/<Module>/<Module>.docc) with swift-docc-plugin, a warning (an unresolved
# ``Symbol`` link, a missing article) failing the build, so a renamed API cannot leave a dead link behind.
# The archives go to .build/plugins/Swift-DocC/outputs/<Module>.doccarchive. CONTRIBUTING.md says how to read one.
# One invocation for every catalog: the plugin then starts and plans once (about 30 s less than one call each).
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(CompositionalLayout LayoutEngine LayoutSpec CompositionalLayoutUIKit)
arguments=()
for target in "${targets[@]}"; do arguments+=(--target "$target"); done
echo "docs: ${targets[*]}" >&2
swift package generate-documentation "${arguments[@]}" --disable-indexing --warnings-as-errors >/dev/null
echo "docs: the ${#targets[@]} catalogs build without warnings" >&2
