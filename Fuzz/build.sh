#!/usr/bin/env bash
# Builds the libFuzzer target .build/fuzz/fuzz-actorlint: ActorlintKit compiled from source with
# -sanitize=fuzzer (so libFuzzer sees its coverage), linked with Fuzz/FuzzActorlint.swift and
# the toolchain's prebuilt SwiftSyntax (not instrumented: coverage comes from our code only).
# SwiftPM's own products are not used because they are built without coverage instrumentation.
#   Fuzz/build.sh            optimised build (-O), what fuzzing runs want
#   FUZZ_DEBUG=1 Fuzz/build.sh   -Onone, for a readable backtrace of a crash
#   FUZZ_SANITIZE=fuzzer,address Fuzz/build.sh   add AddressSanitizer (about 2x slower)
set -euo pipefail
cd "$(dirname "$0")/.."

host="$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift/host"
out=.build/fuzz
mkdir -p "$out"
sanitize="-sanitize=${FUZZ_SANITIZE:-fuzzer}"
optimise=(-O)
if [ "${FUZZ_DEBUG:-0}" = 1 ]; then optimise=(-Onone -g); fi

sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done < <(find Sources/ActorlintKit -name '*.swift' -print0 | sort -z)

echo "== ActorlintKit (${#sources[@]} files, $sanitize ${optimise[*]})"
swiftc "${optimise[@]}" -wmo -parse-as-library -swift-version 6 "$sanitize" \
    -module-name ActorlintKit -emit-module -emit-module-path "$out/ActorlintKit.swiftmodule" \
    -emit-library -static -o "$out/libActorlintKit.a" \
    -I "$host" "${sources[@]}"

echo "== fuzz-actorlint"
swiftc "${optimise[@]}" -parse-as-library -swift-version 6 "$sanitize" \
    -I "$out" -I "$host" Fuzz/FuzzActorlint.swift \
    -L "$out" -lActorlintKit \
    -L "$host" -lSwiftSyntax -lSwiftParser -lSwiftParserDiagnostics -lSwiftOperators -lSwiftDiagnostics \
    -lSwiftBasicFormat -Xlinker -rpath -Xlinker "$host" \
    -o "$out/fuzz-actorlint"
echo "built $out/fuzz-actorlint"
