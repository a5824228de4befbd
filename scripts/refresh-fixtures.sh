#!/usr/bin/env bash
# Refreshes the repository's copy of the spec fixtures (Tests/Fixtures/specs) from the layout contract's
# folder, ../shared/specs beside the repository, when it is there. The tests read only the copy, so a clone
# with nothing beside it still runs every golden test. Run it when the contract's fixtures change, then
# commit the result with the change that makes them pass.
set -euo pipefail
cd "$(dirname "$0")/.."
source="${1:-../shared/specs}"
if [ ! -d "$source/examples" ]; then
  echo "refresh-fixtures: no fixtures at $source (nothing to refresh; the copy in Tests/Fixtures/specs stays)" >&2
  exit 0
fi
for folder in examples realistic; do
  rm -rf "Tests/Fixtures/specs/$folder"
  mkdir -p "Tests/Fixtures/specs/$folder"
  cp "$source/$folder"/*.yaml "$source/$folder"/*.json "Tests/Fixtures/specs/$folder/"
done
echo "refresh-fixtures: copied $(ls Tests/Fixtures/specs/examples Tests/Fixtures/specs/realistic | grep -c '\.yaml$') specs from $source" >&2
git status --short Tests/Fixtures/specs | head -20
