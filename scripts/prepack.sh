#!/usr/bin/env bash
# npm's prepack hook (npm pack, npm publish): refuses to pack without both
# prebuilt addons, or with one older than the native sources, so no tarball
# ships without a binary or with a stale one.
set -euo pipefail
cd "$(dirname "$0")/.."
for file in prebuilds/linux-x64/tool-input-schema.glibc.node prebuilds/linux-arm64/tool-input-schema.glibc.node; do
  if [ ! -f "$file" ]; then
    echo "prepack: no $file; run \`npm run prebuilds\` first" >&2
    exit 1
  fi
  newer="$(find binding.gyp native -maxdepth 1 -type f -newer "$file" | head -n 1)"
  if [ -n "$newer" ]; then
    echo "prepack: $file is older than $newer; run \`npm run prebuilds\` again" >&2
    exit 1
  fi
done
