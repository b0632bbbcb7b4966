#!/usr/bin/env bash
# Renders `actorlint migrate plan --format html` in headless Chromium and takes a screenshot, so
# that the report is looked at as a browser shows it (CI runs it; look at the PNG after a change).
#   Scripts/migration-report-screenshot.sh [PATH] [OUT-DIR]    (defaults: Examples, .build/migration-report)
# Writes OUT-DIR/report.html and OUT-DIR/report.png; fails if Chromium cannot render the page.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-Examples}
out=${2:-.build/migration-report}
mkdir -p "$out"
out=$(cd "$out" && pwd)

browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    echo "error: no Chromium found; on Debian: apt-get install -y chromium" >&2
    exit 1
fi

swift build --product actorlint >/dev/null
.build/debug/actorlint migrate plan "$target" --format html >"$out/report.html"
# The page loads nothing from the network; a fresh profile keeps the run independent of the machine's.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
    --window-size=1280,2400 --screenshot="$out/report.png" "file://$out/report.html" 2>"$out/chromium.log" >/dev/null
test -s "$out/report.png" || { echo "error: Chromium wrote no screenshot (see $out/chromium.log)" >&2; exit 1; }
echo "$out/report.png"
