#!/usr/bin/env bash
# Unpacks Debian's arm64 Node.js and the libraries it needs into a folder
# (not installed: dpkg-deb -x), for scripts/pack-check.sh to run the arm64
# addon with `qemu-aarch64 -L DIR DIR/usr/bin/node`. Reuses a folder that
# already has it. Needs the arm64 architecture in apt's lists:
#   dpkg --add-architecture arm64 && apt-get update
#
#   bash scripts/arm64-node.sh DIR
set -euo pipefail
dir="${1:?usage: bash scripts/arm64-node.sh DIR}"
fail() { echo "arm64-node: $*" >&2; exit 1; }
[ -x "$dir/usr/bin/node" ] && exit 0

# Debian 12's names. Without node-acorn, node-cjs-module-lexer and
# node-undici, Debian's Node.js stops at start ("Cannot load externalized
# builtin").
packages="nodejs:arm64 libnode108:arm64 libuv1:arm64 libicu72:arm64 libssl3:arm64 libc-ares2:arm64
  libbrotli1:arm64 libnghttp2-14:arm64 zlib1g:arm64 libstdc++6:arm64 libgcc-s1:arm64 libc6:arm64
  node-acorn node-cjs-module-lexer node-undici"
debs="$(mktemp -d)"
trap 'rm -rf "$debs"' EXIT
# shellcheck disable=SC2086
(cd "$debs" && apt-get download $packages >"$debs/log" 2>&1) || {
  cat "$debs/log" >&2
  fail "apt-get download failed; add the architecture first: dpkg --add-architecture arm64 && apt-get update"
}
mkdir -p "$dir"
for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$dir"; done
[ -x "$dir/usr/bin/node" ] || fail "no usr/bin/node in the unpacked packages"
