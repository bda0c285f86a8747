#!/usr/bin/env bash
# Builds the prebuilt addons the package ships (`npm run prebuilds`):
#   prebuilds/linux-x64/tool-input-schema.glibc.node    with the host's g++
#   prebuilds/linux-arm64/tool-input-schema.glibc.node  with Debian's aarch64
#                                                       cross compiler
# PCRE2 is built from deps/pcre2 for each, so the cross compiler is all the
# arm64 build needs. prebuildify (N-API, stripped, tagged glibc so that musl
# systems build from source instead) builds each in a scratch copy of the
# sources, so the checkout's build/Release, the addon the tests load, is left
# as it is. Any other module the build writes under build/Release (a `.node`
# or `.shim` file, outside obj.target/) goes beside the addon, stripped, at
# the same path relative to the folder (fast-call/node-v115.shim, say); the
# fast-call shims of the other Node.js majors join it there (shims below).
# Runs on linux-x64; scripts/pack-check.sh then checks both.
#
# With TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1 it builds this machine's prebuild
# alone (linux-x64 or linux-arm64, with the host's g++), for a pack that
# scripts/prepack.sh then lets through (docs/contributing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
fail() { echo "prebuilds: $*" >&2; exit 1; }

host="$(node -p 'process.platform + "-" + process.arch')"
if [ "${TOOL_INPUT_SCHEMA_PACK_HOST_ONLY:-}" = 1 ]; then
  [ "$host" = linux-x64 ] || [ "$host" = linux-arm64 ] || fail "builds on linux-x64 or linux-arm64 only (this is $host)"
  tools="g++ strip"
  install="install it (Debian: apt-get install g++)"
else
  [ "$host" = linux-x64 ] ||
    fail "builds on linux-x64 only (this is $host); TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1 builds this machine's alone"
  tools="g++ strip aarch64-linux-gnu-g++ aarch64-linux-gnu-strip"
  install="install it (Debian: apt-get install g++ g++-aarch64-linux-gnu), or build this machine's prebuild alone: TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1 npm run prebuilds"
fi
for tool in $tools; do
  command -v "$tool" >/dev/null || fail "no $tool; $install"
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
cp -r package.json binding.gyp native deps "$scratch/"
mkdir "$scratch/scripts" && cp scripts/gcc-lto.js "$scratch/scripts/"
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
  local folder="prebuilds/linux-$arch" file="prebuilds/linux-$arch/tool-input-schema.glibc.node"
  [ -f "$file" ] || fail "prebuildify wrote no $file"
  echo "prebuilds: $file ($(du -k "$file" | cut -f1) KiB, $((SECONDS - start)) s)"
  # prebuildify moved the addon out of build/Release; the rest stay there.
  local module modules
  modules="$(cd "$scratch/build/Release" && find . -path ./obj.target -prune -o -type f \( -name '*.node' -o -name '*.shim' \) -printf '%P\n' | sort)"
  while IFS= read -r module; do
    [ -n "$module" ] || continue
    # The make build also leaves a copy of a module built into a subfolder at
    # the top of build/Release: it ships once, where it was built.
    if [[ "$module" != */* ]] && grep -qF "/$module" <<<"$modules"; then continue; fi
    mkdir -p "$folder/$(dirname "$module")"
    cp "$scratch/build/Release/$module" "$folder/$module"
    "$strip" --strip-all "$folder/$module"
    echo "prebuilds: $folder/$module ($(du -k "$folder/$module" | cut -f1) KiB)"
  done <<<"$modules"
}

# shims ARCH STRIP [VARIABLE=value...]: the fast-call shim (native/fast-call/)
# for each other Node.js major whose layout was checked, beside the addon:
# the shim uses V8's C++ API, so each major has its own, named by its module
# version. Each is built by that Node.js from the npm registry
# (scripts/node-majors.sh), against its headers; only the shim's target.
shims() {
  local arch="$1" strip="$2"
  shift 2
  local prefix log="$scratch/shim-$arch.log" folder="prebuilds/linux-$arch/fast-call"
  for prefix in $(bash scripts/node-majors.sh fetch); do
    rm -rf "$scratch/build"
    # npm's own settings (npm_config_nodedir above, the target npm passes on)
    # would have node-gyp build against the running Node.js instead.
    if ! (cd "$scratch" && unset "${!npm_config_@}" && env "$@" "$prefix/bin/node" node_modules/node-gyp/bin/node-gyp.js configure --arch="$arch" --nodedir="$prefix" >"$log" 2>&1 &&
      env "$@" make -C build BUILDTYPE=Release fast_call >>"$log" 2>&1); then
      cat "$log" >&2
      fail "the linux-$arch fast-call shim for $("$prefix/bin/node" --version) failed"
    fi
    local shim
    for shim in "$scratch"/build/Release/fast-call/*.shim; do
      mkdir -p "$folder"
      cp "$shim" "$folder/"
      "$strip" --strip-all "$folder/$(basename "$shim")"
      echo "prebuilds: $folder/$(basename "$shim") ($(du -k "$folder/$(basename "$shim")" | cut -f1) KiB)"
    done
  done
}

ARM64=(CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++ LINK=aarch64-linux-gnu-g++ AR=aarch64-linux-gnu-ar)
if [ "${TOOL_INPUT_SCHEMA_PACK_HOST_ONLY:-}" = 1 ]; then
  build "${host#linux-}" strip
  shims "${host#linux-}" strip
  exit 0
fi
build x64 strip
build arm64 aarch64-linux-gnu-strip "${ARM64[@]}"
shims x64 strip
shims arm64 aarch64-linux-gnu-strip "${ARM64[@]}"
