#!/usr/bin/env bash
# Runs actorlint over every app folder of CORPUS into OUT/APP.json (JSON, no cache), as
# recheck.py and sample.py read them. SELECT defaults to the default and preview sets, so the
# rules of both are measured.
#     Scripts/review/run-apps.sh CORPUS OUT [SELECT] [ACTORLINT]
set -euo pipefail
corpus=$1 out=$2 select=${3:-default,preview}
bin=${4:-"$(dirname "$0")/../../.build/release/actorlint"}
mkdir -p "$out"
for app in "$corpus"/*/; do
    name=$(basename "$app")
    status=0
    "$bin" check "$app" --format json --no-cache --select "$select" >"$out/$name.json" 2>"$out/$name.err" || status=$?
    # 0 clean, 1 findings; 3: some files could not be analysed (named in the JSON).
    if [ "$status" -gt 1 ] && [ "$status" -ne 3 ]; then echo "$name: exit $status" >&2; cat "$out/$name.err" >&2; fi
done
