#!/usr/bin/env bash
# Builds the DocC catalogs (Sources/<Module>/<Module>.docc) with swift-docc-plugin, a warning (an unresolved
# ``Symbol`` link, a missing article) failing the build, so a renamed API cannot leave a dead link behind.
# The archives go to .build/plugins/Swift-DocC/outputs/<Module>.doccarchive. CONTRIBUTING.md says how to read one.
set -euo pipefail
cd "$(dirname "$0")/.."
for target in CompositionalLayout LayoutEngine LayoutSpec CompositionalLayoutUIKit; do
  echo "docs: $target" >&2
  swift package generate-documentation --target "$target" --disable-indexing --warnings-as-errors >/dev/null
done
echo "docs: the 4 catalogs build without warnings" >&2
