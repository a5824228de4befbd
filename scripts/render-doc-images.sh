#!/usr/bin/env bash
# Re-renders every picture of the docs: docs/examples/NAME.yaml -> docs/images/NAME.svg, with the debug
# build of `layoutbench render` (built first if needed), the README's report screenshot
# (docs/images/report.png: a short debug bench of the realistic app-store-home spec, its report shot in
# headless Chromium at 1280 px) and, when asked by name, the live dashboard's (docs/images/dashboard.png: a
# real `watch --serve` of a shelf and a grid saved four times, shot at 1100 × 760; it needs a build with the
# Dashboard trait, kept in its own scratch folder, DASHBOARD_SCRATCH, .build/dashboard by default, so the
# default build stays as it is). Run it after a change to the rules, the renderer, the report or the
# dashboard, and commit the pictures that changed.
#   scripts/render-doc-images.sh            # all of them but the dashboard
#   scripts/render-doc-images.sh grid list  # only these
#   scripts/render-doc-images.sh report     # only the report screenshot
#   scripts/render-doc-images.sh dashboard  # only the dashboard screenshot
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
  [ "$name" = report ] || [ "$name" = dashboard ] && continue
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

if [[ " $* " == *" dashboard "* ]]; then
  scratch="${DASHBOARD_SCRATCH:-.build/dashboard}"
  swift build --traits Dashboard --product layoutbench --scratch-path "$scratch" >/dev/null
  dashboard_bin="$(swift build --traits Dashboard --scratch-path "$scratch" --show-bin-path)/layoutbench"
  shot="$(mktemp -d)"
  mkdir -p "$shot/specs"
  home() {
    cat <<SPEC
version: 1
name: home
container: { width: 390, height: 520 }
sections:
  - items: 6
    orthogonalScrollingBehavior: continuous
    contentInsets: 10
    interGroupSpacing: 10
    group:
      horizontal:
        size: { width: fractionalWidth(0.8), height: absolute(120) }
        subitems:
          - item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } }
  - items: 12
    contentInsets: 10
    group:
      horizontal:
        size: { width: fractionalWidth(1), height: absolute(90) }
        subitem: { item: { size: { width: fractionalWidth(0.25), height: fractionalHeight(1) } } }
        count: 4
# save $1
SPEC
  }
  home 0 >"$shot/specs/home.yaml"
  "$dashboard_bin" watch "$shot/specs" --serve 127.0.0.1:0 --log "$shot/watch.jsonl" \
    --store "$shot/results.sqlite" >"$shot/out.txt" 2>"$shot/err.txt" &
  daemon=$!
  trap 'kill "$daemon" 2>/dev/null; rm -rf "$shot"' EXIT
  ok_runs() { local n; n="$(grep -c '"status":"ok"' "$shot/watch.jsonl" 2>/dev/null)" || true; echo "${n:-0}"; }
  wait_runs() {  # until N ok runs are logged, at most 120 s
    for _ in $(seq 1 1200); do [ "$(ok_runs)" -ge "$1" ] && return 0; sleep 0.1; done
    echo "the watch logged no run $1: $(cat "$shot/err.txt")" >&2; exit 1
  }
  wait_runs 1
  for save in 1 2 3; do home "$save" >"$shot/specs/home.yaml"; wait_runs $((save + 1)); done
  url="$(grep -o 'url=http://127.0.0.1:[0-9]*/' "$shot/err.txt" | head -1 | cut -d= -f2)"
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,760 \
    --user-data-dir="$shot/profile" --screenshot=docs/images/dashboard.png "$url" 2>/dev/null
  echo "docs/images/dashboard.png"
fi
