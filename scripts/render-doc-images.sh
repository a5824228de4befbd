#!/usr/bin/env bash
# Re-renders every picture of the docs: docs/examples/NAME.yaml -> docs/images/NAME.svg, with the debug
# build of `layoutbench render` (built first if needed). Run it after a change to the rules or the renderer,
# and commit the pictures that changed.
#   scripts/render-doc-images.sh            # all of them
#   scripts/render-doc-images.sh grid list  # only these
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product layoutbench >/dev/null
bin="$(swift build --show-bin-path)/layoutbench"

if [ $# -gt 0 ]; then
  names=("$@")
else
  names=()
  for spec in docs/examples/*.yaml; do names+=("$(basename "$spec" .yaml)"); done
fi

mkdir -p docs/images
for name in "${names[@]}"; do
  "$bin" render "docs/examples/$name.yaml" -o "docs/images/$name.svg"
  echo "docs/images/$name.svg"
done
