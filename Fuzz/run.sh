#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets and runs each for FUZZ_SECONDS (default 60).
#
#   Fuzz/run.sh                 every target
#   Fuzz/run.sh json linkheader only these
#   FUZZ_SECONDS=10 Fuzz/run.sh
#
# How it is built (SwiftPM cannot build libFuzzer executables itself):
#  1. swift-collections, which the core needs for OrderedDictionary and Deque, is taken from
#     SwiftPM's own debug build (`swift build` must have run; `make fuzz` does it): its object
#     files go into one archive and its .swiftmodule files into .build/fuzz/modules. It is not
#     instrumented: only our code is fuzzed.
#  2. Sources/InfinilistCore is compiled into a static module with `-sanitize=fuzzer,address`
#     (coverage for libFuzzer, AddressSanitizer for memory errors) and `-enable-testing`.
#  3. Each target is its entry file (Fuzz/Targets/NAME.swift, which defines
#     LLVMFuzzerTestOneInput) plus the loader sources it exercises, compiled as one module and
#     linked with the two libraries above.
# Crashes are written to .build/fuzz/artifacts/NAME/; the grown corpus to .build/fuzz/corpus/NAME
# (seeded from Fuzz/Corpus/NAME). A crash makes the script exit non-zero; turn each crashing input
# into a test in Tests/InfinilistCoreTests/FuzzRegressionTests.swift.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH="${FUZZ_SECONDS:-60}"
SWIFTC="${SWIFTC:-swiftc}"
OUT=.build/fuzz
DEBUG=.build/debug
COLLECTIONS=.build/checkouts/swift-collections/Sources
LOADER=Sources/InfinilistLoader

# The loader sources each target needs besides its entry file (they must not import NIO).
URL_SOURCES="$LOADER/HTTP/RequestURL.swift $LOADER/HTTP/URLText.swift $LOADER/HTTP/URLReference.swift $LOADER/HTTP/WebOrigin.swift $LOADER/HTTP/PagingText.swift $LOADER/Source/OneLine.swift"
declare -A LOADER_SOURCES=(
  [json]=""
  [jsonpath]=""
  [items]=""
  [terminaltext]=""
  [urltemplate]="$LOADER/HTTP/URLTemplate.swift $LOADER/HTTP/QueryAwareFiller.swift $LOADER/HTTP/URLText.swift $LOADER/Source/OneLine.swift"
  [linkheader]="$LOADER/HTTP/LinkHeader.swift $LOADER/HTTP/HeaderField.swift $LOADER/HTTP/PagingText.swift $LOADER/Source/OneLine.swift"
  [requesturl]="$URL_SOURCES"
  [nexturl]="$URL_SOURCES $LOADER/HTTP/NextURL.swift $LOADER/HTTP/RedirectPolicy.swift $LOADER/Source/PageLoadError.swift $LOADER/HTTP/LinkHeader.swift $LOADER/HTTP/HeaderField.swift"
  [retryafter]="$LOADER/Retry/RetryAfter.swift $LOADER/Retry/HTTPDate.swift $LOADER/Retry/RateLimit.swift $LOADER/HTTP/HeaderField.swift"
)
ALL_TARGETS=(json jsonpath items terminaltext urltemplate linkheader retryafter requesturl nexturl)
# Fuzz/Support/Check.swift (assertions that keep their message under -O) goes into every target.
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi

if [ ! -d "$COLLECTIONS" ] || [ ! -d "$DEBUG/Modules" ]; then
  echo "fuzz: run 'swift build' first (swift-collections is taken from SwiftPM's build)" >&2
  exit 1
fi
mkdir -p "$OUT/modules" "$OUT/lib"

echo "fuzz: swift-collections from $DEBUG"
rm -f "$OUT/modules/"* "$OUT/lib/libcollections.a"
objects=()
for dir in "$COLLECTIONS"/*/; do
  module=$(basename "$dir")
  [ -f "$DEBUG/Modules/$module.swiftmodule" ] || continue
  ln -sf "$(pwd)/$DEBUG/Modules/$module.swiftmodule" "$OUT/modules/$module.swiftmodule"
  while IFS= read -r -d '' object; do objects+=("$object"); done < <(find "$DEBUG/$module.build" -name '*.o' -print0)
done
ar rcs "$OUT/lib/libcollections.a" "${objects[@]}"

echo "fuzz: InfinilistCore, instrumented"
mapfile -d '' core < <(find Sources/InfinilistCore -name '*.swift' -print0)
"$SWIFTC" -module-name InfinilistCore -parse-as-library -swift-version 6 -O -enable-testing \
  -sanitize=fuzzer,address -I "$OUT/modules" \
  -emit-library -static -o "$OUT/lib/libInfinilistCore.a" \
  -emit-module -emit-module-path "$OUT/InfinilistCore.swiftmodule" "${core[@]}"

failed=()
for target in "${TARGETS[@]}"; do
  entry="Fuzz/Targets/$target.swift"
  [ -f "$entry" ] || { echo "fuzz: no target $target" >&2; exit 1; }
  extra=()
  for source in ${LOADER_SOURCES[$target]-}; do
    if [ -f "$source" ]; then extra+=("$source"); else echo "fuzz: $target: $source is missing, skipped" >&2; fi
  done
  echo "fuzz: building $target"
  "$SWIFTC" -module-name "Fuzz_$target" -parse-as-library -swift-version 6 -O -sanitize=fuzzer,address \
    -I "$OUT" -I "$OUT/modules" "$entry" Fuzz/Support/Check.swift "${extra[@]}" \
    -L "$OUT/lib" -lInfinilistCore -lcollections -o "$OUT/fuzz-$target" 2> >(grep -v "Cannot export local symbol" >&2)
  mkdir -p "$OUT/corpus/$target" "$OUT/artifacts/$target"
  [ -d "Fuzz/Corpus/$target" ] && cp -n Fuzz/Corpus/"$target"/* "$OUT/corpus/$target/" 2>/dev/null || true
  echo "fuzz: running $target for ${SECONDS_EACH} s"
  # The Swift runtime's backtracer would race libFuzzer and ASan for the crash; they report it.
  if ! SWIFT_BACKTRACE=enable=no "$OUT/fuzz-$target" -max_total_time="$SECONDS_EACH" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix="$OUT/artifacts/$target/" "$OUT/corpus/$target" \
       > "$OUT/$target.log" 2>&1; then
    failed+=("$target")
    tail -n 40 "$OUT/$target.log" >&2
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$OUT/$target.log" | sed "s/^/fuzz: $target: /" || true
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashes in: ${failed[*]} (inputs in $OUT/artifacts/)" >&2
  exit 1
fi
echo "fuzz: no crashes"
