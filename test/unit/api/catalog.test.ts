import { describe, expect, it } from "vitest";
import { Catalog, validate, validateSchema, type Issue } from "../../../src/index";

const readFile = {
  name: "read_file",
  inputSchema: {
    type: "object",
    properties: { path: { type: "string", minLength: 1 } },
    required: ["path"],
    additionalProperties: false,
  },
};
const listDir = { name: "list_dir", inputSchema: { type: "object", properties: { path: { type: "string" } } } };
const withRef = {
  name: "lookup",
  inputSchema: { type: "object", properties: { id: { $ref: "#/$defs/id" } }, $defs: { id: { type: "string" } } },
};
const malformed = {
  name: "sleep",
  inputSchema: { type: "object", properties: { seconds: { type: "number", minimum: "1" } } },
};

describe("Catalog.publish, strict (the default)", () => {
  it("publishes a tools/list result and validates calls with the core's results", () => {
    const catalog = new Catalog();
    expect(catalog.publish({ tools: [readFile, listDir] })).toEqual({ ok: true, tools: 2, refused: [] });
    expect(catalog.validate("read_file", { path: "a.ts" })).toEqual({ ok: true });
    expect(catalog.validate("read_file", { path: "" })).toEqual(validate(readFile.inputSchema, { path: "" }));
    expect(catalog.validate("read_file", { path: "a", mode: "r" })).toEqual({
      ok: false,
      kind: "validation",
      message: "invalid arguments: mode: unexpected property; allowed: path",
      issues: [
        {
          kind: "validation",
          instancePath: "/mode",
          path: ["mode"],
          schemaPath: "/additionalProperties",
          keyword: "additionalProperties",
          params: { additionalProperty: "mode" },
          message: "mode: unexpected property; allowed: path",
        },
      ],
    });
    expect(catalog.names()).toEqual(["read_file", "list_dir"]);
  });

  it("refuses the whole set when one schema fails, lists every failing tool and keeps the previous set", () => {
    const catalog = new Catalog();
    catalog.publish([listDir]);
    const result = catalog.publish([readFile, withRef, malformed]);
    expect(result).toEqual({
      ok: false,
      message: "not published: 2 of 3 tools refused (lookup, sleep)",
      failures: [
        { index: 1, name: "lookup", ...failureOf(validateSchema(withRef.inputSchema)) },
        { index: 2, name: "sleep", ...failureOf(validateSchema(malformed.inputSchema)) },
      ],
    });
    expect(
      result.ok || result.failures.map((failure) => [failure.kind, failure.issues.map((issue) => issue.schemaPath)]),
    ).toEqual([
      ["unsupported_capability", ["/properties/id/$ref", "/$defs"]],
      ["validation", ["/properties/seconds/minimum"]],
    ]);
    expect(catalog.names()).toEqual(["list_dir"]);
    expect(catalog.validate("list_dir", {})).toEqual({ ok: true });
    expect(catalog.validate("read_file", { path: "a" }).ok).toBe(false);
  });

  it("makes the whole new set visible at once, dropping tools that are gone", () => {
    const catalog = new Catalog();
    catalog.publish([listDir]);
    expect(catalog.publish([readFile]).ok).toBe(true);
    expect(catalog.names()).toEqual(["read_file"]);
    expect(catalog.validate("list_dir", {})).toMatchObject({
      ok: false,
      message: 'unknown tool "list_dir"; the nearest known tools are "read_file"',
    });
  });

  it("refuses duplicate names and descriptors without a name or schema", () => {
    const catalog = new Catalog();
    const result = catalog.publish([
      readFile,
      { name: "read_file", inputSchema: { type: "object" } },
      { inputSchema: {} },
    ]);
    expect(result).toEqual({
      ok: false,
      message: "not published: 2 of 3 tools refused (read_file, tools[2])",
      failures: [
        {
          index: 1,
          name: "read_file",
          kind: "validation",
          message: 'tools[1]: duplicate tool name "read_file" (first at tools[0])',
          issues: [
            {
              kind: "validation",
              instancePath: "",
              path: [],
              schemaPath: "",
              keyword: "name",
              params: {},
              message: 'tools[1]: duplicate tool name "read_file" (first at tools[0])',
            },
          ],
        },
        {
          index: 2,
          name: null,
          kind: "validation",
          message: "tools[2].name: expected a non-empty string, got undefined",
          issues: [
            {
              kind: "validation",
              instancePath: "",
              path: [],
              schemaPath: "",
              keyword: "name",
              params: {},
              message: "tools[2].name: expected a non-empty string, got undefined",
            },
          ],
        },
      ],
    });
    expect(catalog.names()).toEqual([]);
  });

  it("refuses a value that is not a tool list", () => {
    expect(new Catalog().publish({ name: "read_file" })).toEqual({
      ok: false,
      message: 'not published: expected a tools/list result ({ "tools": [...] }) or a list of tools, got an object',
      failures: [],
    });
  });

  it("publishes an empty list", () => {
    const catalog = new Catalog();
    expect(catalog.publish({ tools: [] })).toEqual({ ok: true, tools: 0, refused: [] });
    expect(catalog.validate("read_file", {})).toMatchObject({
      message: 'unknown tool "read_file"; no tools are published',
    });
  });

  it("throws TypeError for bad options and changes nothing", () => {
    const catalog = new Catalog();
    catalog.publish([listDir]);
    expect(() => catalog.publish([readFile], { mode: "lenient" as never })).toThrow(
      new TypeError('tool-input-schema: options.mode must be "strict" or "passthrough"'),
    );
    expect(() => catalog.publish([readFile], { profile: "full" as never })).toThrow(
      new TypeError('tool-input-schema: options.profile must be "core" or "extended"'),
    );
    expect(() => catalog.publish([readFile], { strict: true } as never)).toThrow(
      new TypeError('tool-input-schema: unknown option "strict"'),
    );
    expect(() => catalog.publish([readFile], "strict" as never)).toThrow(TypeError);
    expect(catalog.names()).toEqual(["list_dir"]);
  });
});

describe("Catalog.publish, passthrough", () => {
  it("registers every descriptor; a call to a refused tool gets the schema's kind and issues, and is told the fault is not the call's", () => {
    const catalog = new Catalog();
    const result = catalog.publish({ tools: [readFile, withRef, malformed] }, { mode: "passthrough" });
    expect(result).toEqual({
      ok: true,
      tools: 3,
      refused: [
        { index: 1, name: "lookup", ...failureOf(validateSchema(withRef.inputSchema)) },
        { index: 2, name: "sleep", ...failureOf(validateSchema(malformed.inputSchema)) },
      ],
    });
    expect(catalog.names()).toEqual(["read_file", "lookup", "sleep"]);
    expect(catalog.validate("read_file", { path: "a" })).toEqual({ ok: true });
    const refused = catalog.validate("lookup", { id: "x" });
    const schema = validateSchema(withRef.inputSchema);
    expect(refused).toEqual({
      ...schema,
      message: `tool "lookup" cannot be called: the fault is in its schema, not in this call, and retrying will not help (${failureOf(schema).message})`,
    });
    expect(refused).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      message:
        'tool "lookup" cannot be called: the fault is in its schema, not in this call, and retrying will not help (unsupported schema: #/properties/id/$ref: keyword "$ref" is not supported (profile: "extended" supports it); #/$defs: keyword "$defs" is not supported (profile: "extended" supports it))',
    });
    expect(catalog.validate("sleep", { seconds: 1 })).toMatchObject({
      ok: false,
      kind: "validation",
      message: expect.stringMatching(
        /^tool "sleep" cannot be called: the fault is in its schema, not in this call, and retrying will not help \(invalid schema: /,
      ),
    });
    expect(catalog.validateJson("lookup", '{"id":"x"}')).toEqual(refused);
  });

  it("lists the refused tools with refused(): name, kind, the schema's message and issues", () => {
    const catalog = new Catalog();
    expect(catalog.refused()).toEqual([]);
    catalog.publish({ tools: [readFile, withRef, malformed] }, { mode: "passthrough" });
    expect(catalog.refused()).toEqual([
      { index: 1, name: "lookup", ...failureOf(validateSchema(withRef.inputSchema)) },
      { index: 2, name: "sleep", ...failureOf(validateSchema(malformed.inputSchema)) },
    ]);
    expect(catalog.refused().map(({ name, kind }) => [name, kind])).toEqual([
      ["lookup", "unsupported_capability"],
      ["sleep", "validation"],
    ]);
    // A later publish replaces them; the extended profile accepts $ref.
    catalog.publish({ tools: [readFile, withRef] }, { mode: "passthrough", profile: "extended" });
    expect(catalog.refused()).toEqual([]);
    // A strict publish never leaves a refused tool published; a refused strict publish changes nothing.
    catalog.publish({ tools: [readFile, withRef] }, { mode: "passthrough" });
    expect(catalog.publish({ tools: [readFile] })).toMatchObject({ ok: true });
    expect(catalog.refused()).toEqual([]);
    catalog.publish({ tools: [withRef] }, { mode: "passthrough" });
    expect(catalog.publish({ tools: [malformed] })).toMatchObject({ ok: false });
    expect(catalog.refused().map(({ name }) => name)).toEqual(["lookup"]);
  });

  it("still refuses duplicate names", () => {
    const catalog = new Catalog();
    expect(catalog.publish([readFile, readFile], { mode: "passthrough" })).toMatchObject({
      ok: false,
      message: "not published: 1 of 2 tools refused (read_file)",
    });
  });
});

describe("Catalog options", () => {
  it("applies lenientScalars and profile to every tool", () => {
    const timeout = {
      name: "run",
      inputSchema: { type: "object", properties: { timeout: { type: "integer", minimum: 1 } } },
    };
    const lenient = new Catalog();
    lenient.publish([timeout], { lenientScalars: true });
    expect(lenient.validate("run", { timeout: "30" })).toEqual({ ok: true });
    const plain = new Catalog();
    plain.publish([timeout]);
    expect(plain.validate("run", { timeout: "30" })).toMatchObject({ ok: false, kind: "validation" });
  });

  it("takes every option compile takes", () => {
    const catalog = new Catalog();
    expect(
      catalog.publish([readFile], { mode: "strict", profile: "extended", lenientScalars: true, timeBudgetMs: 50 }),
    ).toEqual({ ok: true, tools: 1, refused: [] });
    expect(catalog.validate("read_file", { path: "a" })).toEqual({ ok: true });
  });

  it("preflights with the chosen profile, as validateSchema does", () => {
    const bounded = {
      name: "page",
      inputSchema: { type: "object", properties: { size: { type: "integer", exclusiveMinimum: 0 } } },
    };
    const core = new Catalog().publish([bounded]);
    const extended = new Catalog().publish([bounded], { profile: "extended" });
    expect(core.ok).toBe(validateSchema(bounded.inputSchema).ok);
    expect(extended.ok).toBe(validateSchema(bounded.inputSchema, { profile: "extended" }).ok);
  });
});

describe("Catalog.validate: the tool name", () => {
  const catalog = new Catalog();
  catalog.publish([readFile, listDir, { name: "write_file", inputSchema: { type: "object" } }]);

  it("names the nearest known tool for an unknown name", () => {
    const message = 'unknown tool "reed_file"; did you mean "read_file"?';
    expect(catalog.validate("reed_file", { path: "a" })).toEqual({
      ok: false,
      kind: "validation",
      message,
      issues: [
        { kind: "validation", instancePath: "", path: [], schemaPath: "", keyword: "name", params: {}, message },
      ],
    });
    expect(catalog.validate("file", {})).toMatchObject({
      message: 'unknown tool "file"; did you mean "read_file" or "write_file"?',
    });
    expect(catalog.validate("deploy", {})).toMatchObject({
      message: 'unknown tool "deploy"; the nearest known tools are "list_dir", "read_file", "write_file"',
    });
  });

  it("treats names as data", () => {
    expect(catalog.validate("__proto__", {})).toMatchObject({
      ok: false,
      kind: "validation",
      message: expect.stringMatching(/^unknown tool "__proto__"/),
    });
    expect(catalog.validate("toString", {})).toMatchObject({ ok: false, kind: "validation" });
  });

  it("refuses a name that is not a string, and shortens a huge one", () => {
    expect(catalog.validate(42, {})).toMatchObject({
      ok: false,
      kind: "validation",
      message: "tool name: expected a string, got a number",
    });
    const huge = catalog.validate("x".repeat(10_000), {});
    expect(huge.ok || huge.message.length).toBeLessThan(200);
  });
});

describe("Catalog results are the caller's own", () => {
  /** What a careless caller might do to a failure it was given. */
  function spoil(failure: { message: string; issues: Issue[] }): void {
    Object.assign(failure, { ok: true, message: "spoiled" });
    failure.issues[0].message = "spoiled";
    failure.issues.push({ ...failure.issues[0] });
  }

  it("a refused tool's failure, changed by one caller, is unchanged for the next", () => {
    const catalog = new Catalog();
    const published = catalog.publish([withRef], { mode: "passthrough" });
    const expected = validateSchema(withRef.inputSchema);
    if (published.ok) spoil(published.refused[0]);
    spoil(catalog.validate("lookup", { id: "x" }) as { message: string; issues: Issue[] });
    spoil(catalog.refused()[0]);
    expect(catalog.validate("lookup", { id: "x" })).toMatchObject({
      kind: expected.ok ? "" : expected.kind,
      issues: expected.ok ? [] : expected.issues,
    });
    expect(catalog.refused()).toEqual([{ index: 0, name: "lookup", ...failureOf(expected) }]);
    expect(catalog.publish([withRef], { mode: "passthrough" })).toEqual({
      ok: true,
      tools: 1,
      refused: [{ index: 0, name: "lookup", ...failureOf(expected) }],
    });
  });

  it("a refused publish's failures are built for each call", () => {
    const catalog = new Catalog();
    const first = catalog.publish([withRef]);
    if (!first.ok) spoil(first.failures[0]);
    expect(catalog.publish([withRef])).toEqual({
      ok: false,
      message: "not published: 1 of 1 tool refused (lookup)",
      failures: [{ index: 0, name: "lookup", ...failureOf(validateSchema(withRef.inputSchema)) }],
    });
  });
});

function failureOf(result: ReturnType<typeof validateSchema>) {
  if (result.ok) throw new Error("expected a failure");
  const { kind, message, issues } = result;
  return { kind, message, issues };
}

describe("tool names from a hostile server", () => {
  it("stay on one line in every message, suggested whole", () => {
    const catalog = new Catalog();
    expect(catalog.publish([{ name: "read\u2028file", inputSchema: { type: "object" } }])).toEqual({
      ok: true,
      tools: 1,
      refused: [],
    });
    const message = 'unknown tool "read\\u2028fil"; did you mean "read\\u2028file"?';
    expect(catalog.validate("read\u2028fil", {})).toEqual({
      ok: false,
      kind: "validation",
      message,
      issues: [
        { kind: "validation", instancePath: "", path: [], schemaPath: "", keyword: "name", params: {}, message },
      ],
    });
    const twice = [0, 1].map(() => ({
      name: "a\u0085b",
      inputSchema: { type: "object", properties: { x: { type: "nope" } } },
    }));
    expect(catalog.publish(twice)).toMatchObject({
      ok: false,
      message: "not published: 2 of 2 tools refused (a\\u0085b, a\\u0085b)",
    });
  });

  it("are refused past 1,024 characters", () => {
    const long = "t".repeat(1025);
    expect(new Catalog().publish([{ name: long, inputSchema: { type: "object" } }])).toMatchObject({
      ok: false,
      message: "not published: 1 of 1 tool refused (tools[0])",
      failures: [
        { index: 0, name: null, message: `tools[0].name: longer than 1024 characters (1025): "${"t".repeat(58)}…` },
      ],
    });
  });

  it("are listed up to 10 in a refusal", () => {
    const tools = Array.from({ length: 12 }, (_, i) => ({
      name: `t${i}`,
      inputSchema: { type: "object", properties: { x: { type: "nope" } } },
    }));
    expect(new Catalog().publish(tools)).toMatchObject({
      ok: false,
      message: "not published: 12 of 12 tools refused (t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, … 2 more)",
    });
  });
});
