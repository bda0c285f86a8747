#!/usr/bin/env bash
# Builds the libFuzzer target native/fuzz/dfa-fuzzer (clang, ASan, UBSan;
# native/CMakeLists.txt through cmake-js) and runs it for N seconds, default
# 60, from the committed seed corpus. Exits non-zero on a crash, a leak or a
# slow unit, and leaves the input that caused it in build/fuzz/.
#   npm run fuzz            # one minute, as .ci/run does
#   npm run fuzz -- 3600    # an hour
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out=build/fuzz

# cmake-js wants Node's headers (the fuzzer itself needs none); the ones
# installed beside node keep the build offline.
export npm_config_nodedir="${npm_config_nodedir:-$(node -p 'require("path").resolve(process.execPath, "../..")')}"
mkdir -p "$out/corpus"
npx cmake-js build --directory native --out "$out" --cc clang --cxx clang++ \
  --CDFUZZ=ON --target dfa-fuzzer --log-level warn >"$out/build.log" 2>&1 ||
  { cat "$out/build.log"; exit 1; }

# New inputs go to build/fuzz/corpus; native/fuzz/corpus is only read.
# -timeout: one input (a program of at most 40 instructions, a few subjects
# of at most 40 code points, each searched about six times and checked by a
# quadratic reference) takes milliseconds; seconds would mean a hang.
exec "$out/dfa-fuzzer" -max_total_time="$seconds" -timeout=10 -max_len=4096 \
  -artifact_prefix="$out/" -print_final_stats=1 \
  "$out/corpus" native/fuzz/corpus
