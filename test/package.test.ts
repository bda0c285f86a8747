import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
// Loads the addon into this process, as the addon test below expects.
import "../src/pattern/native";

/** The built package (lib/, from `npm install`), loaded by its own name both ways. */
const root = path.join(__dirname, "..");
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
    expect(run(["--input-type=module", "-e", `import { validate } from "tool-input-schema"; console.log(${call})`])).toBe(
      'invalid arguments: a: must match the pattern ^x, got "y"',
    );
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
    const child = run(["-e", 'require("tool-input-schema"); console.log(Object.keys(require.cache).filter((f) => f.endsWith(".node")).join())']);
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
    const [packed] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--ignore-scripts", "--json"], { cwd: root, encoding: "utf8" }));
    const files = packed.files.map((file: { path: string }) => file.path);
    expect(files.filter((file: string) => file.startsWith("examples/")).sort()).toEqual(["examples/calls.jsonl", "examples/tools.json"]);
    const tools = JSON.parse(readFileSync(path.join(root, "examples/tools.json"), "utf8"));
    expect(tools).toMatchObject({ package: "@modelcontextprotocol/server-everything", capturedWith: "scripts/capture-catalog.mjs" });
    expect(tools.tools.map((tool: { name: string }) => tool.name)).toContain("get-sum");
  });

  it("says how to report a problem with what the tarball holds: a command that needs only the package's name, no web address", () => {
    const security = readFileSync(path.join(root, "SECURITY.md"), "utf8");
    const reporting = security.slice(security.indexOf("## Reporting a problem"));
    expect(reporting).toContain("`npm owner ls tool-input-schema`");
    expect(reporting).not.toMatch(/https?:|github|repository/i);
  });
});
