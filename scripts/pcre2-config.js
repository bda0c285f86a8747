"use strict";
// Called by binding.gyp and native/CMakeLists.txt: `node scripts/pcre2-config.js cflags|static-lib`.
// Prints PCRE2's compiler flags, or the full path of its static 32-bit library,
// from pkg-config (whose PKG_CONFIG_LIBDIR picks another architecture's PCRE2
// when cross-building) or else from the pcre2-config script PCRE2 installs.
const { spawnSync } = require("child_process");
const fs = require("fs");
const path = require("path");

const NOT_FOUND =
  "tool-input-schema: PCRE2 development files not found (libpcre2-32 via pkg-config or pcre2-config). " +
  "Install them: Debian/Ubuntu `apt-get install libpcre2-dev`, Fedora `dnf install pcre2-devel pcre2-static`, " +
  "macOS `brew install pcre2`.";

function fail(message) {
  process.stderr.write(message + "\n");
  process.exit(1);
}

/** A command's output, or null when it is missing or fails. */
function run(command, args) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** { cflags, libdir } of the 32-bit library. */
function locate() {
  const cflags = run("pkg-config", ["--cflags", "libpcre2-32"]);
  const pkgLibdir = run("pkg-config", ["--variable=libdir", "libpcre2-32"]);
  if (cflags !== null && pkgLibdir !== null) return { cflags, libdir: pkgLibdir };
  // pcre2-config names the library by its link flags (-L<libdir> -lpcre2-32),
  // without -L where it is in the compiler's own directories: Debian's
  // multiarch one, or lib64, or lib, under its prefix.
  const libs = run("pcre2-config", ["--libs32"]);
  const prefix = run("pcre2-config", ["--prefix"]);
  if (libs === null || prefix === null) fail(NOT_FOUND);
  const multiarch = run(process.env.CC || "cc", ["-print-multiarch"]);
  const candidates = [libs.match(/-L(\S+)/)?.[1], multiarch && path.join(prefix, "lib", multiarch), path.join(prefix, "lib64"), path.join(prefix, "lib")];
  const libdir = candidates.find((dir) => dir && fs.existsSync(path.join(dir, "libpcre2-32.a"))) ?? path.join(prefix, "lib");
  return { cflags: run("pcre2-config", ["--cflags"]) ?? "", libdir };
}

switch (process.argv[2]) {
  case "cflags":
    console.log(locate().cflags);
    break;
  case "static-lib": {
    const lib = path.join(locate().libdir, "libpcre2-32.a");
    if (!fs.existsSync(lib)) {
      fail(
        `tool-input-schema: PCRE2's static library ${lib} not found; the addon links it statically. ` +
          "Install it: Fedora `dnf install pcre2-static` (Debian/Ubuntu libpcre2-dev and Homebrew pcre2 include it).",
      );
    }
    console.log(lib);
    break;
  }
  default:
    fail("usage: node scripts/pcre2-config.js cflags|static-lib");
}
