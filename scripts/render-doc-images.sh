#!/usr/bin/env bash
# Re-renders every picture of the docs: docs/examples/NAME.yaml -> docs/images/NAME.svg, with the debug
# build of `layoutbench render` (built first if needed), and the README's report screenshot
# (docs/images/report.png: a short debug bench of the realistic app-store-home spec, its report shot in
# headless Chromium at 1280 px). Run it after a change to the rules, the renderer or the report, and commit the
# pictures that changed.
#   scripts/render-doc-images.sh            # all of them
#   scripts/render-doc-images.sh grid list  # only these
#   scripts/render-doc-images.sh report     # only the report screenshot
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
  [ "$name" = report ] && continue
  "$bin" render "docs/examples/$name.yaml" -o "docs/images/$name.svg"
  echo "docs/images/$name.svg"
done

if [ $# -eq 0 ] || [[ " $* " == *" report "* ]]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  "$bin" bench Tests/Fixtures/specs/realistic/app-store-home.yaml --allow-debug --scenarios full,insert,query \
    --threads 1,2 --repetitions 400 --rounds 5 --warmup 200 --json "$tmp/run.json" >/dev/null 2>&1
  "$bin" report "$tmp/run.json" --spec Tests/Fixtures/specs/realistic/app-store-home.yaml -o "$tmp/report.html"
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1500 \
    --user-data-dir="$tmp/profile" --screenshot=docs/images/report.png "file://$tmp/report.html" 2>/dev/null
  echo "docs/images/report.png"
fi
