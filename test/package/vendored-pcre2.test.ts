import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile, patternEngine, patternInfo } from "../../src/index";
import { compileProgram, MATCH } from "../../src/pattern/native";
import { encodeProgram } from "../../src/pattern/program";
import { parsePattern } from "../../src/pattern/syntax";
import { startSearches } from "../support/searches";

/**
 * PCRE2 is the package's own: built from deps/pcre2 (its README.md says
 * which version and how to upgrade), never looked up on the system, linked
 * into the addon and hidden there.
 */
const root = path.join(__dirname, "..", "..");
const VERSION = "10.47 2025-10-21";
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const tool = (command: string, args: string[]) => execFileSync(command, args, { encoding: "utf8" });

/** binding.gyp is a Python literal; without its comment lines it is JSON. */
const gyp = JSON.parse(read("binding.gyp").replace(/^\s*#.*$/gm, "")) as {
  variables: { pcre2_sources: string[] };
  targets: { target_name: string; sources?: string[]; libraries?: string[]; defines?: string[] }[];
};

describe("PCRE2 is built from deps/pcre2", () => {
  it("is the version deps/pcre2 holds", () => {
    const header = read("deps/pcre2/src/pcre2.h");
    const define = (name: string) => header.match(new RegExp(`^#define ${name}\\s+(\\S+)`, "m"))?.[1];
    expect(`${define("PCRE2_MAJOR")}.${define("PCRE2_MINOR")} ${define("PCRE2_DATE")}`).toBe(VERSION);
    expect({ version: patternEngine.pcre2Version, jit: patternEngine.jit }).toEqual({ version: VERSION, jit: true });
  });

  it("by binding.gyp and native/CMakeLists.txt alike: every C file of deps/pcre2/src, and nothing looked up on the system", () => {
    const sources = readdirSync(path.join(root, "deps/pcre2/src"))
      .filter((file) => file.endsWith(".c"))
      .map((file) => `deps/pcre2/src/${file}`);
    expect([...gyp.variables.pcre2_sources].sort()).toEqual(sources.sort());
    // The 32-bit library and the 8-bit one, each from all of them.
    for (const [name, width] of [
      ["pcre2", 32],
      ["pcre2_8", 8],
    ] as const) {
      const library = gyp.targets.find((target) => target.target_name === name);
      expect(library?.sources).toEqual(["<@(pcre2_sources)"]);
      expect(library?.defines).toContain(`PCRE2_CODE_UNIT_WIDTH=${width}`);
    }
    expect(gyp.targets.flatMap((target) => target.libraries ?? [])).toEqual([]);
    // The two commands binding.gyp runs find node-addon-api's headers and ask whether the compilers are one GCC.
    const gypText = read("binding.gyp");
    expect(gypText.split("<!").length - 1).toBe(2);
    expect(gypText).toContain(`"<!(node -p \\"require('node-addon-api').include_dir\\")"`);
    expect(gypText).toContain(`"<!(node scripts/gcc-lto.js)"`);
    const cmake = read("native/CMakeLists.txt");
    expect(cmake).toContain("file(GLOB PCRE2_SOURCES ${PCRE2_DIR}/src/*.c)");
    expect(cmake).not.toMatch(/pkg[-_]?config|find_package|find_library|pcre2-config/i);
  });

  // node-gyp's make build writes each object's headers (a .d file) and each
  // link's command under build/Release/.deps. After `npm ci` the tests load
  // build/Release (test/package/package.test.ts); a checkout that loads a prebuild
  // has no build log to read, and the binary checks below still hold.
  it("into the addon node-gyp built: PCRE2's headers from deps/pcre2 only, its static library linked", () => {
    const build = path.join(root, "build");
    const addon = path.join(build, "Release", "tool_input_schema.node");
    if (!existsSync(addon)) {
      expect(process.env.CI, "CI runs npm ci on a clean checkout: build/Release must be there").not.toBe("true");
      return;
    }
    const deps = path.join(build, "Release", ".deps", "Release", "obj.target");
    const logs = readdirSync(deps, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".d"));
    const headers = new Set<string>();
    for (const log of logs.filter((file) => file.endsWith(".o.d"))) {
      for (const word of readFileSync(path.join(deps, log), "utf8").split(/\s+/)) {
        if (/\.h:?$/.test(word)) headers.add(path.resolve(build, word.replace(/:$/, "")));
      }
    }
    // Named as PCRE2's and sljit's headers are (the addon's own pcre2-pattern.h is not).
    const pcre2Headers = [...headers].filter((file) => /^(pcre2(_\w+)?|sljit\w*|config)\.h$/.test(path.basename(file)));
    expect(pcre2Headers).toContain(path.join(root, "deps/pcre2/src/pcre2.h"));
    expect(pcre2Headers.filter((file) => !file.startsWith(path.join(root, "deps/pcre2") + path.sep))).toEqual([]);
    const link = readFileSync(path.join(deps, "tool_input_schema.node.d"), "utf8");
    expect(link).toContain(" Release/obj.target/pcre2.a ");
    expect(link).toContain(" Release/obj.target/pcre2_8.a ");
    expect(link).not.toMatch(/-lpcre2|libpcre2|-L/);
    // Its code is in the file (the build is not stripped; link-time
    // optimization may name a function's specialized copy `name.constprop.0`).
    const symbols = tool("nm", [addon]);
    expect(symbols).toMatch(/ pcre2_jit_match_32(\.\w+)*$/m);
    expect(symbols).toMatch(/ pcre2_compile_32(\.\w+)*$/m);
    expect(symbols).toMatch(/ pcre2_jit_match_8(\.\w+)*$/m);
  });

  it("linked into the addon the tests load and into every prebuild: no libpcre2 needed at run time, no PCRE2 symbol exported, 10.47 inside", () => {
    const loaded = createRequire(__filename)("node-gyp-build").path(root) as string;
    const prebuilds = path.join(root, "prebuilds");
    const shipped = existsSync(prebuilds)
      ? readdirSync(prebuilds, { recursive: true, encoding: "utf8" })
          .filter((file) => file.endsWith(".node"))
          .map((file) => path.join(prebuilds, file))
      : [];
    for (const file of new Set([loaded, ...shipped])) {
      const needed = tool("readelf", ["-d", "-W", file])
        .split("\n")
        .filter((line) => line.includes("(NEEDED)"));
      expect(needed.join("\n"), file).toMatch(/libc\.so/);
      expect(
        needed.filter((line) => /pcre/i.test(line)),
        file,
      ).toEqual([]);
      // Dynamic symbols, defined or not: none of PCRE2's is exported, or imported.
      const dynamic = tool("nm", ["-D", file]);
      expect(dynamic, file).toMatch(/ napi_register_module_v1$/m);
      expect(
        dynamic.split("\n").filter((line) => /pcre2_/.test(line)),
        file,
      ).toEqual([]);
      expect(readFileSync(file).includes(VERSION), file).toBe(true);
    }
  });
});

// PCRE2's start-of-match optimizations make its JIT in 32-bit non-UTF mode
// miss matches: `(?:|A)[^\x{0}-\x{FF}]` on the subject U+0100 is "no match"
// with the JIT and a match with the interpreter, on 10.42 and on 10.47 (with
// `A?` in front too, and on U+0100 anywhere in a subject). The addon compiles
// every source with PCRE2_NO_START_OPTIMIZE (native/pcre2-pattern.cc).
describe("PCRE2's start-of-match optimizations stay off", () => {
  const pattern = "(?:|A)[^\\x00-\\xFF]";
  const options = { profile: "extended" } as const;
  const subjects = ["\u0100", "A\u0100", "AA\u0100", " \u001f\udfff\ue000", "\u{1f600}", "\u00ff", "A", ""];
  const ecmascript = (subject: string) => new RegExp(pattern, "u").test(subject);

  it("(?:|A)[^\\x00-\\xFF] runs in PCRE2, with its JIT, and answers as new RegExp(pattern, 'u') does: U+0100 matches", () => {
    expect(patternInfo(pattern, options)).toEqual({ ok: true, engine: "pcre2", reason: null });
    expect(patternEngine.jit).toBe(true);
    const validator = compile({ type: "object", properties: { s: { type: "string", pattern } } }, options);
    const before = patternEngine.searches();
    // Enough calls for the validator's generated fast check to answer too.
    for (let call = 0; call < 12; call++) {
      for (const subject of subjects) {
        expect({ subject, ok: validator.validate({ s: subject }).ok }).toEqual({ subject, ok: ecmascript(subject) });
      }
    }
    expect(ecmascript("\u0100")).toBe(true);
    const after = patternEngine.searches();
    // Every subject searched by PCRE2 at least once a call (a failed call searches again to explain).
    expect(after.pcre2 - before.pcre2).toBeGreaterThanOrEqual(12 * subjects.length);
    expect(after.dfa - before.dfa).toBe(0);
  });

  // The package writes that class as [\x{100}-\x{10ffff}], which the JIT's
  // start optimization gets right on 10.47: the defect needs a class that
  // runs to PCRE2's last 32-bit code unit, as only a negated one does. So
  // the addon is given the negated spelling itself (the same set, for
  // subjects of code points), to hold that it compiles every source with
  // the start optimizations off.
  it("the addon compiles PCRE2 sources with the start optimizations off: the negated spelling matches U+0100 too", () => {
    const words = encodeProgram(parsePattern(pattern, "extended"));
    const source = Uint32Array.from("(?:|A)[^\\x{0}-\\x{FF}]", (char) => char.codePointAt(0) as number);
    const compiled = compileProgram(words, source, "pcre2");
    if (!("test" in compiled)) throw new Error(`not compiled: ${JSON.stringify(compiled)}`);
    expect(compiled.engine).toBe("pcre2");
    for (const subject of subjects) {
      startSearches(subject);
      expect({ subject, match: compiled.test(subject) === MATCH }).toEqual({ subject, match: ecmascript(subject) });
    }
  });
});
