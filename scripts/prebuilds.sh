#!/usr/bin/env bash
# Builds the prebuilt addons the package ships (`npm run prebuilds`):
#   prebuilds/linux-x64/tool-input-schema.glibc.node    with the host's g++
#   prebuilds/linux-arm64/tool-input-schema.glibc.node  with Debian's aarch64
#                                                       cross compiler
# prebuildify (N-API, stripped, tagged glibc so that musl systems build from
# source instead) builds each in a scratch copy of the sources, so the
# checkout's build/Release, the addon the tests load, is left as it is.
# Runs on linux-x64; scripts/pack-check.sh then checks both.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
fail() { echo "prebuilds: $*" >&2; exit 1; }

host="$(node -p 'process.platform + "-" + process.arch')"
[ "$host" = linux-x64 ] || fail "builds on linux-x64 only (this is $host)"
for tool in g++ strip aarch64-linux-gnu-g++ aarch64-linux-gnu-strip pkg-config; do
  command -v "$tool" >/dev/null ||
    fail "no $tool; install it (Debian: apt-get install g++ g++-aarch64-linux-gnu pkg-config)"
done
[ -x node_modules/.bin/prebuildify ] || fail "no node_modules/.bin/prebuildify; run npm ci first"

# Build against the running Node.js's own headers (N-API needs nothing newer),
# so node-gyp downloads none.
if [ -z "${npm_config_nodedir:-}" ]; then
  prefix="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
  [ ! -f "$prefix/include/node/node_api.h" ] || export npm_config_nodedir="$prefix"
fi
target="$(node -p process.versions.node)"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cp package.json binding.gyp "$scratch/"
mkdir "$scratch/native" "$scratch/scripts"
cp native/*.cc native/*.h "$scratch/native/"
cp scripts/pcre2-config.js "$scratch/scripts/"
ln -s "$root/node_modules" "$scratch/node_modules"
rm -rf prebuilds/linux-x64 prebuilds/linux-arm64

# build ARCH STRIP [VARIABLE=value...]
build() {
  local arch="$1" strip="$2"
  shift 2
  local start=$SECONDS log="$scratch/$arch.log"
  if ! (cd "$scratch" && env "$@" "$root/node_modules/.bin/prebuildify" --napi --strip --strip-bin="$strip" \
    --tag-libc --arch="$arch" --target="$target" --out "$root" >"$log" 2>&1); then
    cat "$log" >&2
    fail "the linux-$arch build failed"
  fi
  local file="prebuilds/linux-$arch/tool-input-schema.glibc.node"
  [ -f "$file" ] || fail "prebuildify wrote no $file"
  echo "prebuilds: $file ($(du -k "$file" | cut -f1) KiB, $((SECONDS - start)) s)"
}

build x64 strip
# PCRE2 for arm64 (Debian: libpcre2-dev:arm64) through its own pkg-config files.
[ -f /usr/lib/aarch64-linux-gnu/libpcre2-32.a ] ||
  fail "no arm64 PCRE2; install it (Debian: dpkg --add-architecture arm64 && apt-get update && apt-get install libpcre2-dev:arm64)"
build arm64 aarch64-linux-gnu-strip CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++ \
  LINK=aarch64-linux-gnu-g++ AR=aarch64-linux-gnu-ar \
  PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig
