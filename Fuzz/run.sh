#!/usr/bin/env bash
# Runs the fuzz target built by Fuzz/build.sh. Seeds: every rule's examples (written by the
# target itself) and Examples/**/*.swift, in Fuzz/seeds/ (not committed: regenerated each run so
# they follow the rules). New inputs go to .build/fuzz/corpus, crashes and slow inputs to
# .build/fuzz/artifacts. Extra arguments go to libFuzzer, e.g.
#   Fuzz/run.sh -max_total_time=1800 -timeout=10
#   Fuzz/run.sh -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -max_total_time=1800 -timeout=10
#   Fuzz/run.sh .build/fuzz/artifacts/crash-…          (replay one input)
set -euo pipefail
cd "$(dirname "$0")/.."
target=.build/fuzz/fuzz-actorlint
[ -x "$target" ] || { echo "error: $target is missing; run Fuzz/build.sh first" >&2; exit 2; }

rm -rf Fuzz/seeds
ACTORLINT_FUZZ_WRITE_SEEDS=Fuzz/seeds "$target"
find Examples -name '*.swift' -print0 | while IFS= read -r -d '' file; do
    cp "$file" "Fuzz/seeds/example-$(echo "$file" | tr '/' '-')"
done
mkdir -p .build/fuzz/corpus .build/fuzz/artifacts
# Swift's own backtracer would take the crash signal first, and libFuzzer would then write no
# crash file.
export SWIFT_BACKTRACE=enable=no

# A file argument (not an option) replays inputs instead of fuzzing.
for argument in "$@"; do
    if [ -f "$argument" ]; then exec "$target" "$@"; fi
done
exec "$target" -dict=Fuzz/swift.dict -artifact_prefix=.build/fuzz/artifacts/ -max_len=8192 \
    "$@" .build/fuzz/corpus Fuzz/seeds
