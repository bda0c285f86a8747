#!/usr/bin/env bash
# Checks the package as npm would publish it, from the outside:
#   1. `npm pack` holds lib/ (JavaScript and types, none stale), the prebuilt
#      addon, the sources to rebuild it and README.md, and nothing else;
#   2. installed into an empty folder with `npm install --ignore-scripts` (as
#      npm 12 does for dependencies), it loads from the prebuild, validates a
#      call with require() and import, and the addon needs nothing but the
#      C and C++ runtimes;
#   3. without a prebuild (and so, with scripts off, without a compiler), the
#      load error names the platform, the cause and the fix.
# Run after `npm run prebuild`. .ci/run runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
platform="$(node -p 'process.platform + "-" + process.arch')"
prebuild="prebuilds/$platform/tool-input-schema.node"
fail() { echo "pack-check: $*" >&2; exit 1; }

[ -f "$prebuild" ] || fail "no $prebuild; run npm run prebuild first"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 1. The tarball's contents.
tarball="$work/$(npm pack --silent --pack-destination "$work" | tail -n 1)"
tar -tzf "$tarball" | sed 's|^package/||' | sort >"$work/contents"
for required in package.json README.md lib/index.js lib/index.d.ts lib/pattern/native.js binding.gyp \
  native/addon.cc native/dfa.cc native/program.cc "$prebuild"; do
  grep -qxF "$required" "$work/contents" || fail "the tarball lacks $required"
done
unexpected="$(grep -vE '^(package\.json|README\.md|binding\.gyp|lib/.+\.(js|d\.ts)|native/[a-z-]+\.(cc|h)|prebuilds/[a-z0-9]+-[a-z0-9]+/tool-input-schema\.node)$' "$work/contents" || true)"
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
loaded="$(node -p "require('node-gyp-build').path('$installed')")"
[ "$loaded" = "$installed/$prebuild" ] || fail "the addon loads from $loaded, not the prebuild"
others="$(ldd "$loaded" | grep -vE '^\s*(linux-vdso|/lib64/ld-linux|lib(c|m|stdc\+\+|gcc_s)\.so)' || true)"
[ -z "$others" ] || fail "the prebuild needs libraries beyond the C and C++ runtimes: $others"
echo "pack-check: installed with --ignore-scripts; validates with require() and import; ldd shows only the C and C++ runtimes"

# 3. No prebuild and no build: the load error says what to do.
rm -rf "$installed/prebuilds"
node -e '
  let message;
  try { require("tool-input-schema"); } catch (error) { message = error.message; }
  const lines = (message || "").split("\n");
  const expected = [
    `tool-input-schema: cannot load its native addon for ${process.platform}-${process.arch} (Node.js ${process.version}, ABI ${process.versions.modules}).`,
    `Cause: No native build was found for platform=${process.platform} arch=${process.arch} runtime=node abi=${process.versions.modules}`,
    "Fix: run `npm rebuild tool-input-schema` with a C++ toolchain and Python installed.",
  ];
  const ok = lines[0] === expected[0] && (lines[1] || "").startsWith(expected[1]) && lines[lines.length - 1] === expected[2];
  if (!ok) { console.error("pack-check: unexpected load error:\n" + message); process.exit(1); }
' || exit 1
echo "pack-check: without a prebuild, the load error names the platform, the cause and the fix"
