#!/usr/bin/env bash
# Checks the package as npm would publish it, from the outside:
#   1. `npm pack` holds lib/ (JavaScript and types, none stale), both prebuilt
#      addons (linux-x64, linux-arm64), the sources to rebuild them, README.md,
#      LICENSE, SECURITY.md, CHANGELOG.md, docs/ and examples/, and nothing else;
#   2. installed into an empty folder with `npm install --ignore-scripts` (as
#      npm 12 does for dependencies), it validates a call with require() and
#      import, the README's first command runs on its examples/, and scripts/smoke.js (the fixtures' tools and patterns of every
#      kind) gets the expected answers from the linux-x64 prebuild, which
#      needs nothing but the C and C++ runtimes;
#   3. the linux-arm64 prebuild is an aarch64 ELF that needs nothing but the C
#      and C++ runtimes, and under qemu-aarch64 with Debian's arm64 Node.js
#      (scripts/arm64-node.sh) loads and gives the same answers as x64;
#   4. without a prebuild (and so, with scripts off, without a compiler), the
#      load error names the platform, the cause and the fix.
# Run after `npm run prebuilds`; needs qemu-aarch64 (Debian: qemu-user) and
# apt's arm64 lists for the arm64 Node.js. .ci/run runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
fail() { echo "pack-check: $*" >&2; exit 1; }
# The release pack: both prebuilds, whatever the caller's environment says.
unset TOOL_INPUT_SCHEMA_PACK_HOST_ONLY
# The newest glibc symbol version a binary needs; at most 2.28, which Node.js 20 needs itself.
glibc() {
  local version
  version="$(readelf -V "$1" | grep -oE 'Name: GLIBC_[0-9.]+' | sed 's/.*GLIBC_//' | sort -V | tail -n 1)"
  [ "$(printf '%s\n2.28\n' "$version" | sort -V | tail -n 1)" = 2.28 ] || fail "$1 needs glibc $version (over 2.28)"
  echo "$version"
}
x64=prebuilds/linux-x64/tool-input-schema.glibc.node
arm64=prebuilds/linux-arm64/tool-input-schema.glibc.node

[ "$(node -p 'process.platform + "-" + process.arch')" = linux-x64 ] || fail "runs on linux-x64 only"
for prebuild in "$x64" "$arm64"; do
  [ -f "$prebuild" ] || fail "no $prebuild; run npm run prebuilds first"
done
command -v qemu-aarch64 >/dev/null || fail "no qemu-aarch64; install it (Debian: apt-get install qemu-user)"
arm64_node="${ARM64_NODE_ROOT:-$root/build/arm64-node}"
bash scripts/arm64-node.sh "$arm64_node"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 1. The tarball's contents.
tarball="$work/$(npm pack --silent --pack-destination "$work" | tail -n 1)"
tar -tzf "$tarball" | sed 's|^package/||' | sort >"$work/contents"
required="package.json README.md LICENSE SECURITY.md lib/index.js lib/index.d.ts lib/pattern/native.js
  binding.gyp native/addon.cc native/dfa.cc native/pcre2-pattern.cc native/proof.cc native/program.cc
  deps/pcre2/config.h deps/pcre2/LICENCE.md deps/pcre2/src/pcre2.h deps/pcre2/src/pcre2_compile.c
  deps/pcre2/deps/sljit/LICENSE deps/pcre2/deps/sljit/sljit_src/sljitLir.c $x64 $arm64
  native/fast-entry.h native/fast-call/fast-call.cc native/fast-call/fast-api-layout.h"
# The fast-call shim of each Node.js major whose layout was checked, for each architecture.
for arch in x64 arm64; do
  for abi in 115 127 137; do required="$required prebuilds/linux-$arch/fast-call/node-v$abi.shim"; done
done
# Written by hand and listed in package.json: in the tarball whenever the checkout has them.
for file in CHANGELOG.md $(find docs examples -type f 2>/dev/null | sort); do
  [ ! -f "$file" ] || required="$required $file"
done
for file in $required; do
  grep -qxF "$file" "$work/contents" || fail "the tarball lacks $file"
done
unexpected="$(grep -vE '^(package\.json|README\.md|LICENSE|SECURITY\.md|CHANGELOG\.md|docs/.+|examples/.+|binding\.gyp|scripts/gcc-lto\.js|deps/pcre2/.+|lib/.+\.(js|d\.ts)|native/(fast-call/)?[a-z0-9-]+\.(cc|h)|prebuilds/linux-(x64|arm64)/tool-input-schema\.glibc\.node|prebuilds/linux-(x64|arm64)/fast-call/node-v[0-9]+\.shim)$' "$work/contents" || true)"
[ -z "$unexpected" ] || fail "the tarball holds files it should not: $unexpected"
# A lib/ file without its source is left over from an older build.
while read -r file; do
  case "$file" in
    lib/*.d.ts) source="src/${file#lib/}" && source="${source%.d.ts}.ts" ;;
    lib/*.js) source="src/${file#lib/}" && source="${source%.js}.ts" ;;
    *) continue ;;
  esac
  [ -f "$source" ] || fail "stale $file in the tarball: no $source"
done <"$work/contents"
echo "pack-check: $(basename "$tarball"): $(wc -l <"$work/contents") files, $(du -k "$tarball" | cut -f1) KiB"

# 2. Installed into an empty folder, without install scripts.
app="$work/app"
mkdir "$app"
cd "$app"
npm init -y >/dev/null
npm install --ignore-scripts --no-audit --no-fund --loglevel=error "$tarball" >/dev/null
installed="$app/node_modules/tool-input-schema"
[ ! -e "$installed/build" ] || fail "the installed package has a build/ directory"
expected='invalid arguments: a: must match the pattern ^x, got "y"'
call='validate({ type: "object", properties: { a: { type: "string", pattern: "^x" } } }, { a: "y" }).message'
[ "$(node -e "const { validate } = require('tool-input-schema'); console.log($call)")" = "$expected" ] ||
  fail "require() did not validate the call"
[ "$(node --input-type=module -e "import { validate } from 'tool-input-schema'; console.log($call)")" = "$expected" ] ||
  fail "import did not validate the call"
# The README's first command, as an installed package's user runs it: exit status 1, some calls fail.
examples="node_modules/tool-input-schema/examples"
summary="$(npx --no-install tool-input-schema validate --catalog "$examples/tools.json" --calls "$examples/calls.jsonl" --summary)" &&
  fail "the examples' calls all passed"
grep -q '^9 calls: 4 valid, 5 failed (5 validation); 0 bad lines; ' <<<"$summary" ||
  fail "the examples' summary is not the README's: $summary"
node "$root/scripts/smoke.js" "$installed" "$root/fixtures/tools" >"$work/smoke-x64" ||
  { cat "$work/smoke-x64"; fail "scripts/smoke.js failed on linux-x64"; }
[ "$(tail -n 1 "$work/smoke-x64")" = "addon: $x64" ] || fail "x64 $(tail -n 1 "$work/smoke-x64"), not $x64"
# The installed package takes V8's fast call with the prebuilt shim of this Node.js.
fast="$(node -p "JSON.stringify(require('tool-input-schema').patternEngine.fastCall)")"
grep -q '"on":true' <<<"$fast" || fail "the installed package does not take the fast call: $fast"
# PCRE2 is linked in: its code is in the file, and no libpcre2 is needed.
# (grep -c reads to the end: with pipefail, grep -q could fail the pipe.)
for prebuild in "$x64" "$arm64"; do
  [ "$(readelf -d "$installed/$prebuild" | grep -c 'NEEDED.*libpcre2')" = 0 ] || fail "$prebuild needs libpcre2 at run time"
  [ "$(readelf --dyn-syms -W "$installed/$prebuild" | grep -c ' pcre2_')" = 0 ] || fail "$prebuild exports PCRE2's symbols"
  [ "$(strings "$installed/$prebuild" | grep -c '^10\.47 2025-10-21$')" = 1 ] || fail "$prebuild holds no PCRE2 10.47"
done
others="$(ldd "$installed/$x64" | grep -vE '^\s*(linux-vdso|/lib64/ld-linux|lib(c|m|stdc\+\+|gcc_s)\.so)' || true)"
[ -z "$others" ] || fail "the x64 prebuild needs libraries beyond the C and C++ runtimes: $others"
glibc_x64="$(glibc "$installed/$x64")"
echo "pack-check: linux-x64: installed with --ignore-scripts; validates with require() and import; the examples command summarizes its calls;" \
  "$(($(wc -l <"$work/smoke-x64") - 2)) smoke cases as expected from $x64; ldd shows only the C and C++ runtimes (PCRE2 linked in);" \
  "glibc $glibc_x64 or later"

# 3. The arm64 prebuild: its headers, then the same cases under qemu.
readelf -h "$installed/$arm64" | grep -qE 'Machine:\s+AArch64' || fail "$arm64 is not an aarch64 ELF"
needed="$(readelf -d "$installed/$arm64" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p' | sort | xargs)"
others="$(tr ' ' '\n' <<<"$needed" | grep -vE '^(|lib(c|m|stdc\+\+|gcc_s)\.so\.[0-9]+|ld-linux-aarch64\.so\.1)$' || true)"
[ -z "$others" ] || fail "the arm64 prebuild needs libraries beyond the C and C++ runtimes: $others"
glibc_arm64="$(glibc "$installed/$arm64")"
start=$SECONDS
qemu-aarch64 -L "$arm64_node" "$arm64_node/usr/bin/node" "$root/scripts/smoke.js" "$installed" "$root/fixtures/tools" \
  >"$work/smoke-arm64" || { cat "$work/smoke-arm64"; fail "scripts/smoke.js failed on linux-arm64 under qemu"; }
[ "$(tail -n 1 "$work/smoke-arm64")" = "addon: $arm64" ] || fail "arm64 $(tail -n 1 "$work/smoke-arm64"), not $arm64"
diff <(sed '$d' "$work/smoke-x64") <(sed '$d' "$work/smoke-arm64") >&2 ||
  fail "linux-arm64 answered differently from linux-x64"
arm64_node_version="$(qemu-aarch64 -L "$arm64_node" "$arm64_node/usr/bin/node" -p 'process.arch + " " + process.version')"
echo "pack-check: linux-arm64: aarch64 ELF needing only $needed (glibc $glibc_arm64 or later); under qemu-aarch64 (node $arm64_node_version)," \
  "the same $(($(wc -l <"$work/smoke-arm64") - 2)) smoke cases as x64 from $arm64 in $((SECONDS - start)) s"

# 4. No prebuild and no build: the load error says what to do.
rm -rf "$installed/prebuilds"
node -e '
  let message;
  try { require("tool-input-schema"); } catch (error) { message = error.message; }
  const lines = (message || "").split("\n");
  const expected = [
    `tool-input-schema: cannot load its native addon for ${process.platform}-${process.arch} (Node.js ${process.version}, ABI ${process.versions.modules}).`,
    `Cause: No native build was found for platform=${process.platform} arch=${process.arch} runtime=node abi=${process.versions.modules}`,
    "Fix: install a C++ toolchain and Python 3 (the addon builds with node-gyp; PCRE2 comes with the package), then run `npm rebuild tool-input-schema`.",
  ];
  const ok = lines[0] === expected[0] && (lines[1] || "").startsWith(expected[1]) && lines[lines.length - 1] === expected[2];
  if (!ok) { console.error("pack-check: unexpected load error:\n" + message); process.exit(1); }
' || exit 1
echo "pack-check: without a prebuild, the load error names the platform, the cause and the fix"
