import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Catalog, validate, validateSchema, type Result } from "../../../src/index";

interface ToolFixture {
  name: string;
  description: string;
  inputSchema: unknown;
  valid: unknown[];
  invalid: { arguments: unknown; kind: string; message: string }[];
}

const directory = join(__dirname, "../../../fixtures/tools");
const fixtures: ToolFixture[] = readdirSync(directory)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => JSON.parse(readFileSync(join(directory, file), "utf8")));

describe("fixtures/tools: the coding-agent tools", () => {
  it("has the nine tools and the todo tool, each with valid and invalid cases", () => {
    expect(fixtures.map((fixture) => fixture.name)).toEqual([
      "edit_file",
      "glob",
      "grep",
      "list_dir",
      "read_file",
      "run_command",
      "search_code",
      "todo",
      "web_fetch",
      "write_file",
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
        expect(validate(fixture.inputSchema, c.arguments)).toMatchObject({
          ok: false,
          kind: c.kind,
          message: c.message,
        });
      });
    });
  }

  it("gives the same results through a catalog of all ten", () => {
    const catalog = new Catalog();
    expect(catalog.publish(fixtures)).toEqual({ ok: true, tools: 10, refused: [] });
    for (const fixture of fixtures) {
      for (const args of fixture.valid) expect(catalog.validate(fixture.name, args)).toEqual({ ok: true });
      for (const c of fixture.invalid)
        expect(catalog.validate(fixture.name, c.arguments)).toMatchObject({ kind: c.kind, message: c.message });
    }
  });
});

interface CapturedCatalog {
  package: string;
  version: string;
  capturedWith: string;
  tools: { name: string; inputSchema: unknown }[];
}

const catalogDirectory = join(__dirname, "../../../fixtures/catalogs");
const catalogFiles = readdirSync(catalogDirectory)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => join("fixtures/catalogs", file));

function statusOf(result: Result): string {
  if (result.ok) return "ok";
  return result.kind === "unsupported_capability" ? "unsupported" : "malformed";
}

describe("fixtures/catalogs: tools/list captured from real MCP servers", () => {
  const catalogs: CapturedCatalog[] = catalogFiles.map((file) =>
    JSON.parse(readFileSync(join(__dirname, "..", "..", "..", file), "utf8")),
  );

  it("holds at least three catalogs, each with its package@version", () => {
    expect(catalogs.length).toBeGreaterThanOrEqual(3);
    for (const catalog of catalogs) {
      expect(`${catalog.package}@${catalog.version}`).toMatch(/^(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+/);
      expect(catalog.tools.length).toBeGreaterThan(0);
    }
  });

  it("runs through `check`: each tool's status is its preflight's, with and without --profile extended", () => {
    // lib/ is built by `npm install` (the prepare script).
    for (const profile of ["core", "extended"] as const) {
      const run = spawnSync(
        process.execPath,
        ["lib/cli/main.js", "check", "--json", "--profile", profile, ...catalogFiles],
        {
          cwd: join(__dirname, "..", "..", ".."),
          encoding: "utf8",
          maxBuffer: 256 << 20,
        },
      );
      expect(run.stderr).toBe("");
      const report = JSON.parse(run.stdout);
      const expected = catalogs.map((catalog) =>
        catalog.tools.map((tool) => {
          const core = validateSchema(tool.inputSchema);
          const extended = validateSchema(tool.inputSchema, { profile: "extended" });
          const status = statusOf(profile === "core" ? core : extended);
          return profile === "core" && status !== "ok"
            ? { name: tool.name, status, extended: statusOf(extended) }
            : { name: tool.name, status };
        }),
      );
      const reported = report.files.map((file: { tools: { name: string; status: string; extended?: string }[] }) =>
        file.tools.map(({ name, status, extended }) =>
          extended === undefined ? { name, status } : { name, status, extended },
        ),
      );
      expect(reported).toEqual(expected);
      const tools = expected.flat();
      expect(report.summary).toMatchObject({
        profile,
        tools: tools.length,
        ok: tools.filter((tool) => tool.status === "ok").length,
      });
      expect(run.status).toBe(report.summary.ok === tools.length ? 0 : 1);
    }
  }, 60_000);
});
