#!/usr/bin/env bash
# npm's prepack hook (npm pack, npm publish): refuses to pack without the
# prebuilt addons, or with one older than the native sources, so no tarball
# ships without a binary or with a stale one. A release packs both prebuilds
# (linux-x64 and linux-arm64). With TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1, a pack
# for trying the package out needs only this machine's (`npm run prebuilds`
# builds only that one then); elsewhere the tarball builds from source.
# npm publish refuses it.
set -euo pipefail
cd "$(dirname "$0")/.."
host_only="${TOOL_INPUT_SCHEMA_PACK_HOST_ONLY:-}"
fail() { echo "prepack: $*" >&2; exit 1; }

if [ -n "$host_only" ]; then
  [ "$host_only" = 1 ] || fail "TOOL_INPUT_SCHEMA_PACK_HOST_ONLY is 1 or unset, not \"$host_only\""
  [ "${npm_command:-}" != publish ] ||
    fail "npm publish ships both prebuilds; unset TOOL_INPUT_SCHEMA_PACK_HOST_ONLY and run \`npm run prebuilds\`"
  host="$(node -p 'process.platform + "-" + process.arch')"
  required=("prebuilds/$host/tool-input-schema.glibc.node")
  how="TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1 npm run prebuilds"
else
  required=(prebuilds/linux-x64/tool-input-schema.glibc.node prebuilds/linux-arm64/tool-input-schema.glibc.node)
  how="npm run prebuilds"
fi
for file in "${required[@]}"; do
  if [ ! -f "$file" ]; then
    [ -n "$host_only" ] && fail "no $file; run \`$how\` first"
    fail "no $file; run \`$how\` first (linux-x64 only, with the aarch64 cross compiler), or pack for this machine alone: TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1 npm run prebuilds && TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1 npm pack"
  fi
done
# Every prebuild that would ship, the required ones and any other there,
# against the sources it is built from (the fuzz targets' are not).
while IFS= read -r file; do
  newer="$(find binding.gyp scripts/gcc-lto.js native deps -path native/fuzz -prune -o -type f \( -name binding.gyp -o -name gcc-lto.js -o -name '*.c' -o -name '*.cc' -o -name '*.h' \) \
    -newer "$file" -print | head -n 1)"
  [ -z "$newer" ] || fail "$file is older than $newer; run \`$how\` again"
done < <(find prebuilds -type f -name '*.node' 2>/dev/null | sort)
