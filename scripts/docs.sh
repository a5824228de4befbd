#!/usr/bin/env bash
# Builds the DocC catalogs (Sources/<Module>/<Module>.docc) with warnings as errors (an unresolved ``Symbol``
# link, a missing article), so a renamed API cannot leave a dead link behind. The archives go to
# .build/docs/<Module>.doccarchive; CONTRIBUTING.md says how to read one.
#
# It reads the modules of the test build (README's test command, scripts/test.sh, which CI runs first): their
# symbol graphs are extracted (`swift symbolgraph-extract`, public API, extension blocks as swift-docc-plugin
# makes them) and each catalog is converted with `docc convert`. About 20 s, where `swift package
# generate-documentation` built the four modules again first (about 80 s in CI). It does not build: a build
# here, in another environment than the test script's, would plan the build again. A module
# older than one of its sources exits 2 and says so. The plugin stays the way to make one module's archive by
# hand (README, CONTRIBUTING.md "API documentation").
set -euo pipefail
cd "$(dirname "$0")/.."
# The test build's folders (incremental, or whole-module in CI: scripts/lib/test-build.sh).
# shellcheck source=lib/test-build.sh
. scripts/lib/test-build.sh
targets=(CompositionalLayout LayoutEngine LayoutSpec CompositionalLayoutUIKit)
modules="$test_build_products/Modules"
echo "docs: ${targets[*]}" >&2
# The build's database is written by every build; a source newer than it was not built yet (a module file
# itself keeps its old time when a build leaves its interface as it was).
for target in "${targets[@]}"; do
  if [ ! -e "$modules/$target.swiftmodule" ] || [ ! -e "$test_build_scratch/build.db" ] \
    || [ -n "$(find "Sources/$target" -name '*.swift' -newer "$test_build_scratch/build.db" -print -quit)" ]; then
    echo "docs: $target is not built in $test_build_products, or changed since the last build: run" \
      "scripts/test.sh first" >&2
    exit 2
  fi
done
out=.build/docs
rm -rf "$out"
mkdir -p "$out"
# The C modules some targets import (LayoutSpec: libyaml), found through their module maps.
c_modules=()
for map in Sources/C*/module.modulemap; do c_modules+=(-Xcc "-fmodule-map-file=$PWD/$map"); done
for target in "${targets[@]}"; do
  graphs="$out/symbol-graphs/$target"
  mkdir -p "$graphs"
  swift symbolgraph-extract -module-name "$target" -I "$modules" "${c_modules[@]}" \
    -minimum-access-level public -emit-extension-block-symbols -output-dir "$graphs"
  # docc prints its diagnostics (file, line, the dead link) with its progress, on stdout: shown on failure.
  if ! docc convert "Sources/$target/$target.docc" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$target" --fallback-bundle-identifier "$target" \
    --output-path "$out/$target.doccarchive" --warnings-as-errors >"$out/$target.log" 2>&1; then
    cat "$out/$target.log" >&2
    echo "docs: $target's catalog has the errors above (Sources/$target/$target.docc)" >&2
    exit 1
  fi
done
echo "docs: the ${#targets[@]} catalogs build without warnings" >&2
