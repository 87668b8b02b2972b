#!/usr/bin/env bash
# Refreshes docs/images/report.png, the README's picture of report.html: the top of a run's report rendered by Debian's headless
# Chromium with the flags the report's browser tests use (core/report's HeadlessChromium). Usage:
#   bench/report-screenshot.sh [RESULTS_FOLDER]   # default: the newest quick-suite run under results/
set -euo pipefail
cd "$(dirname "$0")/.."
run="${1:-}"
if [ -z "$run" ]; then
  run=$(ls -1d results/*-quick 2>/dev/null | sort | tail -n 1 || true)
  [ -n "$run" ] || { echo "no quick-suite run under results/: run ./graphperf run first, or name a results folder" >&2; exit 2; }
fi
report="$run/report.html"
[ -f "$report" ] || { echo "$report: no such file (a results folder holds report.html)" >&2; exit 2; }
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$chromium" ] || { echo "no Chromium found: apt-get install chromium" >&2; exit 2; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$chromium" --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars --user-data-dir="$profile" \
  --window-size=1280,1400 --virtual-time-budget=5000 --screenshot="$PWD/docs/images/report.png" "file://$PWD/$report" 2>/dev/null
echo "docs/images/report.png from $report"
