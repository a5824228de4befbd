#!/usr/bin/env bash
# The main job: sets up the machine, builds a release binary and runs it on an embedded default.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product layoutbench
bin="$(swift build -c release --show-bin-path)/layoutbench"
mkdir -p out
"$bin" solve ../shared/specs/realistic/app-store-home.yaml --format table --sections | tail -n 8
"$bin" render ../shared/specs/realistic/app-store-home.yaml -o out/app-store-home.svg
echo "wrote out/app-store-home.svg"
