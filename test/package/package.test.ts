import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// Loads the addon into this process, as the addon test below expects.
import "../../src/pattern/native";

/** The built package (lib/, from `npm install`), loaded by its own name both ways. */
const root = path.join(__dirname, "..", "..");
const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: root, encoding: "utf8" }).trim();
const call = 'validate({type:"object",properties:{a:{type:"string",pattern:"^x"}}},{a:"y"}).message';

describe("the package", () => {
  it("ships type declarations", () => {
    expect(existsSync(path.join(root, "lib", "index.d.ts"))).toBe(true);
  });

  it("works with require()", () => {
    expect(run(["-e", `const { validate } = require("tool-input-schema"); console.log(${call})`])).toBe(
      'invalid arguments: a: must match the pattern ^x, got "y"',
    );
  });

  it("works with import", () => {
    expect(
      run(["--input-type=module", "-e", `import { validate } from "tool-input-schema"; console.log(${call})`]),
    ).toBe('invalid arguments: a: must match the pattern ^x, got "y"');
  });

  // node-gyp-build 4.8 takes build/Release before prebuilds/ (docs/contributing.md,
  // Set-up and test): in a checkout built by `npm ci`, the tests run the addon that
  // build compiled, whatever prebuilds/ holds.
  it("loads the addon node-gyp-build finds first: build/Release/tool_input_schema.node after npm ci", () => {
    const first = createRequire(__filename)("node-gyp-build").path(root) as string;
    const release = path.join(root, "build", "Release", "tool_input_schema.node");
    // CI builds the addon with npm ci on a clean checkout, so build/Release must
    // be there and be the file taken; elsewhere a checkout may have only prebuilds/.
    if (process.env.CI === "true" || existsSync(release)) expect(first).toBe(release);
    const loaded = (cache: NodeJS.Require["cache"]) => Object.keys(cache).filter((file) => file.endsWith(".node"));
    expect(loaded(createRequire(__filename).cache)).toEqual([first]);
    const child = run([
      "-e",
      'require("tool-input-schema"); console.log(Object.keys(require.cache).filter((f) => f.endsWith(".node")).join())',
    ]);
    expect(child).toBe(first);
  });

  it("says which systems it installs on: Linux and macOS (Windows is not supported)", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(pkg.os).toEqual(["linux", "darwin"]);
  });

  it("ships its examples: the captured tools/list and the calls the README's first command validates", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(pkg.files).toContain("examples/");
    // What `npm pack` would put in the tarball (scripts off: prepack asks for the prebuilds, which need not be here).
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--ignore-scripts", "--json"], { cwd: root, encoding: "utf8" }),
    );
    const files = packed.files.map((file: { path: string }) => file.path);
    expect(files.filter((file: string) => file.startsWith("examples/")).sort()).toEqual([
      "examples/calls.jsonl",
      "examples/tools.json",
    ]);
    const tools = JSON.parse(readFileSync(path.join(root, "examples/tools.json"), "utf8"));
    expect(tools).toMatchObject({
      package: "@modelcontextprotocol/server-everything",
      capturedWith: "scripts/capture-catalog.mjs",
    });
    expect(tools.tools.map((tool: { name: string }) => tool.name)).toContain("get-sum");
  });

  it("says how to report a problem with what the tarball holds: a command that needs only the package's name, no web address", () => {
    const security = readFileSync(path.join(root, "SECURITY.md"), "utf8");
    const reporting = security.slice(security.indexOf("## Reporting a problem"));
    expect(reporting).toContain("`npm owner ls tool-input-schema`");
    expect(reporting).not.toMatch(/https?:|github|repository/i);
  });

  // scripts/prepack.sh in a scratch tree of its own: the sources it compares
  // the prebuilds with, and the prebuilds asked for.
  describe("npm pack (scripts/prepack.sh)", () => {
    const host = `${process.platform}-${process.arch}`;
    const prebuild = (platform: string) => `prebuilds/${platform}/tool-input-schema.glibc.node`;
    /** Runs it with these prebuilds, written after the sources, and `edited` written after them. */
    function prepack(prebuilds: string[], env: Record<string, string> = {}, edited?: string) {
      const tree = mkdtempSync(path.join(tmpdir(), "tool-input-schema-prepack-"));
      cpSync(path.join(root, "scripts", "prepack.sh"), path.join(tree, "scripts", "prepack.sh"));
      const now = Date.now() / 1000;
      for (const source of [
        "binding.gyp",
        "scripts/gcc-lto.js",
        "native/addon.cc",
        "native/fuzz/corpus/seed",
        "deps/pcre2/src/pcre2_compile.c",
      ]) {
        mkdirSync(path.dirname(path.join(tree, source)), { recursive: true });
        writeFileSync(path.join(tree, source), "");
        const time = source === edited ? now + 60 : now - 60;
        utimesSync(path.join(tree, source), time, time);
      }
      for (const file of prebuilds) {
        mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
        writeFileSync(path.join(tree, file), "");
      }
      const { TOOL_INPUT_SCHEMA_PACK_HOST_ONLY: _, npm_command: __, ...inherited } = process.env;
      const run = spawnSync("bash", [path.join(tree, "scripts", "prepack.sh")], {
        env: { ...inherited, ...env },
        encoding: "utf8",
      });
      rmSync(tree, { recursive: true });
      return { status: run.status, stderr: run.stderr };
    }

    it("packs a release with both prebuilds, and without one says what to run, the way to pack for this machine alone included", () => {
      expect(prepack([prebuild("linux-x64"), prebuild("linux-arm64")])).toEqual({ status: 0, stderr: "" });
      expect(prepack([prebuild("linux-x64")])).toEqual({
        status: 1,
        stderr:
          "prepack: no prebuilds/linux-arm64/tool-input-schema.glibc.node; run `npm run prebuilds` first (linux-x64 only, with the aarch64 cross compiler), " +
          "or pack for this machine alone: TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1 npm run prebuilds && TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1 npm pack\n",
      });
    });

    it("with TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1, packs this machine's prebuild alone; npm publish refuses that", () => {
      const hostOnly = { TOOL_INPUT_SCHEMA_PACK_HOST_ONLY: "1" };
      expect(prepack([prebuild(host)], hostOnly)).toEqual({ status: 0, stderr: "" });
      expect(prepack([], hostOnly)).toEqual({
        status: 1,
        stderr: `prepack: no ${prebuild(host)}; run \`TOOL_INPUT_SCHEMA_PACK_HOST_ONLY=1 npm run prebuilds\` first\n`,
      });
      expect(prepack([prebuild(host)], { ...hostOnly, npm_command: "publish" })).toEqual({
        status: 1,
        stderr:
          "prepack: npm publish ships both prebuilds; unset TOOL_INPUT_SCHEMA_PACK_HOST_ONLY and run `npm run prebuilds`\n",
      });
    });

    it("refuses a prebuild older than a source it is built from (PCRE2's and the build's LTO test included), not than a fuzz seed", () => {
      const both = [prebuild("linux-x64"), prebuild("linux-arm64")];
      for (const source of ["native/addon.cc", "deps/pcre2/src/pcre2_compile.c", "scripts/gcc-lto.js"]) {
        expect(prepack(both, {}, source)).toEqual({
          status: 1,
          stderr: `prepack: prebuilds/linux-arm64/tool-input-schema.glibc.node is older than ${source}; run \`npm run prebuilds\` again\n`,
        });
      }
      expect(prepack(both, {}, "native/fuzz/corpus/seed")).toEqual({ status: 0, stderr: "" });
    });
  });
});
