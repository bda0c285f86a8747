"use strict";
// Called by binding.gyp: `node scripts/pcre2-config.js cflags|static-lib`.
// Prints PCRE2's compiler flags, or the full path of its static 32-bit library.
const { spawnSync } = require("child_process");
const fs = require("fs");
const path = require("path");

const NOT_FOUND =
  "tool-input-schema: PCRE2 development files not found (libpcre2-32 via pkg-config). " +
  "Install them: Debian/Ubuntu `apt-get install libpcre2-dev`, Fedora `dnf install pcre2-devel`, " +
  "macOS `brew install pcre2`.";

function fail(message) {
  process.stderr.write(message + "\n");
  process.exit(1);
}

function pkgConfig(...args) {
  const result = spawnSync("pkg-config", [...args, "libpcre2-32"], { encoding: "utf8" });
  if (result.status !== 0) fail(NOT_FOUND);
  return result.stdout.trim();
}

switch (process.argv[2]) {
  case "cflags":
    console.log(pkgConfig("--cflags"));
    break;
  case "static-lib": {
    const lib = path.join(pkgConfig("--variable=libdir"), "libpcre2-32.a");
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
