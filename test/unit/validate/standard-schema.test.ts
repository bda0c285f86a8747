import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Catalog, compile, SchemaError, type Result, type Validator } from "../../../src/index";
import { readablePath } from "../../../src/runtime/paths";
import { argsArbitrary, rootSchemaArbitrary } from "../../support/arbitraries";

/*
 * Every compiled validator is a Standard Schema v1 with Standard JSON
 * Schema v1 (src/validate/standard-schema.ts): its answers are validate()'s,
 * its issues validate()'s issues with the place said once.
 */

const edit = {
  type: "object",
  properties: {
    path: { type: "string", minLength: 1 },
    edits: {
      type: "array",
      items: {
        type: "object",
        properties: { old_string: { type: "string" }, new_string: { type: "string" } },
        required: ["old_string", "new_string"],
      },
    },
  },
  required: ["path"],
};

describe('"~standard"', () => {
  it("is Standard Schema v1 from this vendor, frozen, the same object on every read", () => {
    const validator = compile(edit);
    const standard = validator["~standard"];
    expect(standard).toMatchObject({ version: 1, vendor: "tool-input-schema" });
    expect(Object.isFrozen(standard) && Object.isFrozen(standard.jsonSchema)).toBe(true);
    expect(validator["~standard"]).toBe(standard);
  });

  it("answers { value } with the very object given, synchronously", () => {
    const args = { path: "a.ts", edits: [{ old_string: "a", new_string: "b" }] };
    const result = compile(edit)["~standard"].validate(args);
    expect(result).toEqual({ value: args });
    expect((result as { value: unknown }).value).toBe(args);
  });

  it("answers issues with each problem's message and its path as keys and indices: the place is said once", () => {
    expect(compile(edit)["~standard"].validate({ path: "", edits: [{ old_string: "a" }] })).toEqual({
      issues: [
        { message: 'must be at least 1 character long, got ""', path: ["path"] },
        { message: "missing (required)", path: ["edits", 0, "new_string"] },
      ],
    });
    // The readable path cuts long names; the path holds them whole, and the message loses its place all the same.
    const long = "k".repeat(100);
    expect(
      compile({ type: "object", properties: { [long]: { type: "string" } } })["~standard"].validate({ [long]: 1 }),
    ).toEqual({
      issues: [{ message: "expected a string, got a number (1)", path: [long] }],
    });
  });

  it("keeps the whole message of a problem with the arguments themselves, without a path", () => {
    const standard = compile(edit)["~standard"];
    expect(standard.validate(null)).toEqual({ issues: [{ message: "arguments: expected an object, got null" }] });
    expect(standard.validate({ path: "a", extra: undefined })).toEqual({
      issues: [{ message: "got undefined (not a JSON value)", path: ["extra"] }],
    });
  });

  it("gives an execution_failure as an issue, never a throw", () => {
    const standard = compile({ type: "object", properties: { v: { type: "string", pattern: "a(?:a|bc){2000}c" } } })[
      "~standard"
    ];
    expect(standard.validate({ v: "a".repeat(10_000) })).toEqual({
      issues: [
        {
          message:
            "checking the pattern a(?:a|bc){2000}c took more than the regex engine's work limit; send a shorter or simpler value",
          path: ["v"],
        },
      ],
    });
  });

  it("equals validate(): valid exactly when there are no issues, and the issues are validate()'s, on random schemas and arguments", () => {
    const agree = (validator: Validator, args: unknown, result: Result) => {
      const standard = validator["~standard"].validate(args);
      if (result.ok) {
        expect(standard).toEqual({ value: args });
        expect((standard as { value: unknown }).value).toBe(args);
        return;
      }
      expect(standard.issues).toHaveLength(result.issues.length);
      standard.issues!.forEach((issue, i) => {
        const { path, message } = result.issues[i];
        if (path.length === 0) {
          expect(issue).toEqual({ message });
        } else {
          expect(issue.path).toEqual(path);
          expect(`${readablePath(path)}: ${issue.message}`).toBe(message);
        }
      });
    };
    fc.assert(
      fc.property(
        rootSchemaArbitrary(true, undefined, true),
        fc.array(argsArbitrary, { minLength: 1, maxLength: 4 }),
        (schema, calls) => {
          let validator: Validator;
          try {
            validator = compile(schema, { profile: "extended" });
          } catch (error) {
            if (error instanceof SchemaError) return;
            throw error;
          }
          for (const args of calls) agree(validator, args, validator.validate(args));
        },
      ),
      { seed: 27, numRuns: 300 },
    );
  });
});

describe("detached methods", () => {
  it("of a validator, its Standard Schema and a catalog work taken off their object, and never throw", () => {
    const { validate: check, validateJson, "~standard": standard } = compile(edit);
    const { validate: standardValidate, jsonSchema } = standard;
    const { input } = jsonSchema;
    expect(check({})).toMatchObject({ ok: false, message: "invalid arguments: path: missing (required)" });
    expect(validateJson("{")).toMatchObject({ ok: false, kind: "validation" });
    expect(standardValidate({ path: "a" })).toEqual({ value: { path: "a" } });
    expect(input({ target: "draft-07" })).toEqual(edit);
    const { publish, validate: validateCall, validateJson: validateCallJson, names, refused, tool } = new Catalog();
    expect(publish([{ name: "edit", inputSchema: edit }])).toEqual({ ok: true, tools: 1, refused: [] });
    expect(validateCall("edit", {})).toMatchObject({
      ok: false,
      message: "invalid arguments: path: missing (required)",
    });
    expect(validateCallJson("edit", '{"path": "a"}')).toEqual({ ok: true });
    expect([names(), refused()]).toEqual([["edit"], []]);
    expect(tool("edit")?.validate({ path: "a" })).toEqual({ ok: true });
  });

  it("answer anything with a result, as the methods do", () => {
    const { validate: check, validateJson } = compile(edit);
    const standard = compile(edit)["~standard"].validate;
    const hostile = [
      undefined,
      null,
      1,
      "x",
      Symbol("s"),
      () => 1,
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error("no keys");
          },
        },
      ),
    ];
    for (const value of hostile) {
      expect(check(value)).toMatchObject({ ok: false });
      expect(validateJson(value as string)).toMatchObject({ ok: false });
      expect(standard(value)).toHaveProperty("issues");
    }
  });
});

describe("a catalog's tools", () => {
  const tools = [
    { name: "edit", inputSchema: edit },
    { name: "weather", inputSchema: { type: "object", title: "weather", properties: { city: { type: "string" } } } },
  ];

  it("are Standard Schemas: tool(name) gives a published tool's validator, undefined for another name", () => {
    const catalog = new Catalog();
    catalog.publish(tools, { profile: "extended" });
    const validator = catalog.tool("edit")!;
    expect(validator["~standard"].validate({})).toEqual({
      issues: [{ message: "missing (required)", path: ["path"] }],
    });
    expect(validator).toBe(catalog.tool("edit"));
    expect([catalog.tool("nope"), catalog.tool(1)]).toEqual([undefined, undefined]);
  });

  it("whose schema is refused (passthrough) fail every call, with the refusal whole as their one issue; their JSON Schema is the schema unchanged", () => {
    const catalog = new Catalog();
    catalog.publish(tools, { mode: "passthrough" });
    const weather = catalog.tool("weather")!;
    const refusal =
      'tool "weather" cannot be called: the fault is in its schema, not in this call, and retrying will not help (unsupported schema: #/title: keyword "title" is not supported (profile: "extended" supports it))';
    expect(weather.validate({ city: "Oslo" })).toEqual(catalog.validate("weather", { city: "Oslo" }));
    expect(weather.validateJson("not json")).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      message: refusal,
    });
    expect(weather["~standard"].validate({ city: "Oslo" })).toEqual({ issues: [{ message: refusal }] });
    // Passthrough registers the descriptor unchanged: a framework lists the tool, and every call to it fails.
    for (const target of ["draft-2020-12", "draft-07"])
      expect(weather["~standard"].jsonSchema.input({ target })).toEqual(tools[1].inputSchema);
    expect(() => weather["~standard"].jsonSchema.output({ target: "openapi-3.0" })).toThrow(
      /^tool-input-schema: no JSON Schema for the target "openapi-3.0"/,
    );
    expect(weather).toBe(catalog.tool("weather"));
    // Each result is the caller's own.
    const first = weather.validate({});
    if (!first.ok) first.issues[0].message = "spoiled";
    expect(weather.validate({})).toMatchObject({
      issues: [{ message: '#/title: keyword "title" is not supported (profile: "extended" supports it)' }],
    });
  });
});
