#!/usr/bin/env bash
# Builds the libFuzzer targets native/fuzz/dfa-fuzzer and
# native/fuzz/pcre2-fuzzer (clang, ASan, UBSan; native/CMakeLists.txt
# through cmake-js) and runs each for N seconds, default 60, from its
# committed seed corpus, one after the other. Exits non-zero when either
# finds a crash, a leak or a slow unit, and leaves the input that caused it
# in build/fuzz/ (named after the target).
#   npm run fuzz            # one minute each, as .ci/run does
#   npm run fuzz -- 3600    # an hour each
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out=build/fuzz

# cmake-js wants Node's headers (the fuzzers themselves need none); the ones
# installed beside node keep the build offline.
export npm_config_nodedir="${npm_config_nodedir:-$(node -p 'require("path").resolve(process.execPath, "../..")')}"
mkdir -p "$out/corpus" "$out/corpus-pcre2"
{
  npx cmake-js build --directory native --out "$out" --cc clang --cxx clang++ \
    --CDFUZZ=ON --target dfa-fuzzer --log-level warn &&
    cmake --build "$out" --target pcre2-fuzzer
} >"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }

# New inputs go to build/fuzz/corpus*; native/fuzz/corpus* are only read.
# -timeout: one input takes milliseconds (dfa-fuzzer: a program of at most
# 40 instructions and a few subjects of at most 40 code points, each
# searched about six times and checked by a quadratic reference;
# pcre2-fuzzer: a pattern of at most 1,500 instructions and a few subjects
# of up to 60,000 code points, searched by PCRE2 twice and the DFA once);
# seconds would mean a hang. Each run prints its stat:: lines.
status=0
run() {
  local target="$1" corpus="$2"
  echo "== $target"
  "$out/$target" -max_total_time="$seconds" -timeout=10 -max_len=4096 \
    -artifact_prefix="$out/$target-" -print_final_stats=1 \
    "$out/$corpus" "native/fuzz/$corpus" || status=1
}
run dfa-fuzzer corpus
run pcre2-fuzzer corpus-pcre2
exit "$status"
