import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Catalog, compile, validate, validateSchema } from "../../../src/index";
import { CATALOG_FULL } from "../../../src/api/catalog";
import { compilePattern, NO_ROOM } from "../../../src/pattern/compile-pattern";
import { NO_MEMORY, type CompiledPattern } from "../../../src/pattern/native";
import { PatternError } from "../../../src/pattern/syntax";
import { startSearches } from "../../support/searches";
import { MiB, residentGrowth } from "../../support/memory";

// What compiled patterns hold and what compiling them costs: classes whose
// code points lie in distinct pages of 256, schemas, catalogs and
// validate() rotations full of them, and patterns leaving the cache while
// validators still search them (docs/bounds.md, "Compiled patterns").
// bench/pattern-memory.mjs times the same cases; nothing here measures time.

/** "a" and `points` code points, each in a page of 256 of its own: a class of 2 × points + 2 boundaries. */
function sparseClass(n: number, points = 300): string {
  let body = "a";
  for (let page = 1 + (Math.floor(n / 251) % 16), written = 0; written < points; page++) {
    if (page >= 0xd8 && page <= 0xdf) continue;
    body += String.fromCodePoint(page * 256 + 1 + (n % 251));
    written++;
  }
  return `[${body}]`;
}

function stringSchema(patterns: readonly string[]) {
  return { type: "object", properties: { s: { type: "string", allOf: patterns.map((pattern) => ({ pattern })) } } };
}

const EXTENDED = { profile: "extended" } as const;

function compiledAlone(pattern: string): CompiledPattern {
  const compiled = compilePattern(pattern, "extended");
  if (compiled instanceof PatternError) throw new Error(compiled.message);
  return compiled;
}

/** Compiles distinct patterns until the pattern cache (2,048 entries) has let go of everything it held before. */
function churnPatternCache(tag: string): void {
  for (let i = 0; i < 2100; i++) compiledAlone(`^${tag}${i}$`);
}

describe("a class of scattered code points", () => {
  it("holds a few KB (two classes and its boundaries), not a table for every page it touches", () => {
    const klass = sparseClass(7);
    const compiled = compiledAlone(klass);
    expect(compiled.engine).toBe("dfa");
    expect(compiled.bytes).toBeLessThan(16 * 1024);
    const points = [...klass.slice(2, -1)];
    startSearches();
    expect(points.every((c) => compiled.test(c) === 1)).toBe(true);
    expect(points.every((c) => compiled.test(String.fromCodePoint(c.codePointAt(0)! + 1)) === 0)).toBe(true);
  });

  it("by the thousand in one schema is refused at preflight once compiling them would pass the schema's share", () => {
    const result = validateSchema(stringSchema(Array.from({ length: 1000 }, (_, i) => sparseClass(i))), EXTENDED);
    expect(result).toMatchObject({ ok: false, kind: "unsupported_capability" });
    expect(!result.ok && result.issues[0]).toStrictEqual({
      kind: "unsupported_capability",
      instancePath: "",
      path: [],
      schemaPath: "/properties/s/allOf/353/pattern",
      keyword: "pattern",
      params: {},
      message: `#/properties/s/allOf/353/pattern: ${NO_ROOM}`,
    });
  });

  it("350 of them in one schema compile and answer, within a few MB", () => {
    const patterns = Array.from({ length: 350 }, (_, i) => sparseClass(5000 + i));
    const { growth, value: validator } = residentGrowth(() => compile(stringSchema(patterns), EXTENDED));
    expect(validator.validate({ s: "a" })).toStrictEqual({ ok: true });
    expect(validator.validate({ s: "b" })).toMatchObject({ ok: false, kind: "validation" });
    expect(growth).toBeLessThan(64 * MiB);
  });
});

describe("a pattern leaving the cache", () => {
  it("stays compiled for the validators that hold it, which answer as before", () => {
    const pattern = "^held-[a-z]+$";
    const validator = compile({ type: "object", properties: { s: { type: "string", pattern } } });
    expect(validator.validate({ s: "held-abc" })).toStrictEqual({ ok: true });
    const before = compiledAlone(pattern);
    churnPatternCache("churn-a");
    // The cache compiles it again for others; the validator keeps its own.
    expect(compiledAlone(pattern)).not.toBe(before);
    for (let i = 0; i < 20; i++) {
      expect(validator.validate({ s: "held-abc" })).toStrictEqual({ ok: true });
      expect(validator.validate({ s: "held-ABC" })).toMatchObject({ ok: false, kind: "validation" });
    }
  });

  it("is freed at once when no one else holds it: a search of it is then out of memory, never compiled again", () => {
    const alone = compiledAlone("^unheld-[a-z]+$");
    startSearches("unheld-x");
    expect(alone.test("unheld-x")).toBe(1);
    churnPatternCache("churn-b");
    startSearches("unheld-x");
    expect(alone.test("unheld-x")).toBe(NO_MEMORY);
  });

  it("while a validation runs is freed only once it has ended, so the running validation answers", () => {
    const catalog = new Catalog();
    const schema = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string", pattern: "^deferred-y+$" } },
      required: ["a", "b"],
    };
    expect(catalog.publish([{ name: "t", inputSchema: schema }])).toMatchObject({ ok: true });
    const args = {
      get a() {
        // The catalog lets go of the running validator, and the cache of its pattern.
        catalog.publish([{ name: "t", inputSchema: { type: "object" } }]);
        churnPatternCache("churn-c");
        return "x";
      },
      b: "deferred-yyy",
    };
    expect(catalog.validate("t", args)).toStrictEqual({ ok: true });
  });
});

describe("a validator searching a pattern that was freed", () => {
  // Nothing the package does frees a pattern a live validator holds; if
  // anything did, the search must fail closed, never compile it again and
  // never pass. Both search paths, on both tiers, in a child process.
  const script = `
    const { compile } = require(${JSON.stringify(join(__dirname, "..", "..", "..", "lib", "index.js"))});
    const { compilePattern } = require(${JSON.stringify(join(__dirname, "..", "..", "..", "lib", "pattern", "compile-pattern.js"))});
    const validator = compile({ type: "object", properties: { s: { type: "string", pattern: "^freed-[a-z]+$" } } });
    const answers = [];
    for (let i = 0; i < 12; i++) {
      if (i === 10) {
        validator.release();
        for (let j = 0; j < 2100; j++) compilePattern("^freed-churn" + j + "$");
      }
      const result = validator.validate({ s: "freed-abc" });
      answers.push(result.ok ? "ok" : result.kind + ": " + result.message);
    }
    process.stdout.write(JSON.stringify(answers));
  `;

  it.each([
    ["on", {}],
    ["off", { TOOL_INPUT_SCHEMA_FAST_CALL: "off" }],
  ])(
    "fails with execution_failure, fast call %s",
    (_name, env) => {
      const child = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env: { ...process.env, ...env } });
      expect(child.stderr).toBe("");
      const answers = JSON.parse(child.stdout) as string[];
      expect(answers.slice(0, 10)).toStrictEqual(Array(10).fill("ok"));
      expect(answers.slice(10)).toStrictEqual(
        Array(2).fill(expect.stringMatching(/^execution_failure: could not check the arguments: s: .*memory/)),
      );
    },
    60_000,
  );
});

describe("catalogs", () => {
  it("of 60 tools of 100 scattered classes publish and answer within a bounded growth", () => {
    const tools = Array.from({ length: 60 }, (_, t) => ({
      name: `tool${t}`,
      inputSchema: stringSchema(Array.from({ length: 100 }, (_, i) => sparseClass(20_000 + t * 100 + i))),
    }));
    const catalog = new Catalog();
    const { growth } = residentGrowth(() => {
      expect(catalog.publish({ tools }, EXTENDED)).toMatchObject({ ok: true, tools: 60 });
      for (const { name } of tools) expect(catalog.validate(name, { s: "a" })).toStrictEqual({ ok: true });
    });
    expect(growth).toBeLessThan(192 * MiB);
  }, 60_000);

  it("refuse the tools whose patterns would take the catalog past 256 MiB together", () => {
    // Each schema holds about 15 MB of compiled patterns (eight of 100,000 instructions); shared patterns count for each tool.
    const patterns = Array.from({ length: 8 }, (_, i) => `a{0,49900}b${i}`);
    const inputSchema = {
      type: "object",
      properties: Object.fromEntries(patterns.map((pattern, i) => [`p${i}`, { type: "string", pattern }])),
    };
    const tools = Array.from({ length: 30 }, (_, t) => ({ name: `big${t}`, inputSchema }));
    const catalog = new Catalog();
    const published = catalog.publish({ tools }, { mode: "passthrough" });
    expect(published).toMatchObject({ ok: true, tools: 30 });
    const refused = catalog.refused();
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(30);
    expect(refused[0]).toMatchObject({
      name: `big${30 - refused.length}`,
      kind: "unsupported_capability",
      message: `unsupported schema: ${CATALOG_FULL}`,
    });
    expect(catalog.validate("big0", { p0: "ab0" })).toStrictEqual({ ok: true });
    expect(catalog.validate("big29", { p0: "ab0" })).toMatchObject({ ok: false, kind: "unsupported_capability" });
    expect(new Catalog().publish({ tools })).toMatchObject({ ok: false });
  });
});

describe("validate() over schemas in rotation", () => {
  it("keeps its memory bounded when the schemas' objects are kept, and answers after a schema left its cache", () => {
    // Each schema holds about 10 MB of compiled patterns (a class of 18 code points is the DFA's, unproven): the cache keeps a
    // few, and lets go of the patterns of those it drops.
    const wide = sparseClass(0, 17);
    const schemas = Array.from({ length: 20 }, (_, k) => ({
      type: "object",
      properties: Object.fromEntries(
        Array.from({ length: 100 }, (_, i) => [`p${i}`, { type: "string", pattern: `^${wide}{0,4000}x${k}-${i}$` }]),
      ),
    }));
    const { growth } = residentGrowth(() => {
      for (let round = 0; round < 2; round++) {
        schemas.forEach((schema, k) => {
          expect(validate(schema, { p0: `aax${k}-0` })).toStrictEqual({ ok: true });
          expect(validate(schema, { p0: "aab" })).toMatchObject({ ok: false, kind: "validation" });
        });
      }
    });
    expect(growth).toBeLessThan(160 * MiB);
  }, 120_000);
});
