import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Catalog, validate, validateSchema } from "../src/index";

interface ToolFixture {
  name: string;
  description: string;
  inputSchema: unknown;
  valid: unknown[];
  invalid: { arguments: unknown; kind: string; message: string }[];
}

const directory = join(__dirname, "../fixtures/tools");
const fixtures: ToolFixture[] = readdirSync(directory)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => JSON.parse(readFileSync(join(directory, file), "utf8")));

describe("fixtures/tools: the coding-agent tools", () => {
  it("has the nine tools and the todo tool, each with valid and invalid cases", () => {
    expect(fixtures.map((fixture) => fixture.name)).toEqual([
      "edit_file", "glob", "grep", "list_dir", "read_file", "run_command", "search_code", "todo", "web_fetch", "write_file",
    ]);
    for (const fixture of fixtures) {
      expect(fixture.valid.length, fixture.name).toBeGreaterThan(0);
      expect(fixture.invalid.length, fixture.name).toBeGreaterThan(0);
    }
  });

  for (const fixture of fixtures) {
    describe(fixture.name, () => {
      it("passes preflight", () => {
        expect(validateSchema(fixture.inputSchema)).toEqual({ ok: true });
      });

      it.each(fixture.valid.map((args) => [JSON.stringify(args), args]))("accepts %s", (_, args) => {
        expect(validate(fixture.inputSchema, args)).toEqual({ ok: true });
      });

      it.each(fixture.invalid.map((c) => [JSON.stringify(c.arguments), c]))("refuses %s", (_, c) => {
        expect(validate(fixture.inputSchema, c.arguments)).toMatchObject({ ok: false, kind: c.kind, message: c.message });
      });
    });
  }

  it("gives the same results through a catalog of all ten", () => {
    const catalog = new Catalog();
    expect(catalog.publish(fixtures)).toEqual({ ok: true, tools: 10, refused: [] });
    for (const fixture of fixtures) {
      for (const args of fixture.valid) expect(catalog.validate(fixture.name, args)).toEqual({ ok: true });
      for (const c of fixture.invalid) expect(catalog.validate(fixture.name, c.arguments)).toMatchObject({ kind: c.kind, message: c.message });
    }
  });
});
