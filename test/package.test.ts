import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

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
});
