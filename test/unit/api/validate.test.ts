import { describe, expect, it } from "vitest";
import { compile, SchemaError, validate, violation, type Issue, type Result } from "../../../src/index";
import { oneIssueFailure } from "../../support/issues";

const tool = {
  type: "object",
  properties: {
    path: { type: "string", minLength: 1, pattern: "^[^\\u0000]+$".replace("\\u0000", "\0") },
    mode: { enum: ["read", "write"] },
    timeout: { type: "integer", minimum: 1, maximum: 600 },
    edits: {
      type: "array",
      minItems: 1,
      maxItems: 3,
      items: {
        type: "object",
        properties: { old_string: { type: "string" }, new_string: { type: "string" } },
        required: ["old_string", "new_string"],
        additionalProperties: false,
      },
    },
    options: { type: "object", properties: { recursive: { type: "boolean" } } },
  },
  required: ["path"],
  additionalProperties: false,
};
const validator = compile(tool);

describe("validate: results and messages", () => {
  it("returns { ok: true } for valid arguments", () => {
    expect(validator.validate({ path: "a.txt" })).toEqual({ ok: true });
    expect(
      validator.validate({
        path: "a",
        mode: "read",
        timeout: 30.0,
        edits: [{ old_string: "a", new_string: "b" }],
        options: {},
      }),
    ).toEqual({ ok: true });
  });

  it("names each problem by its readable path, with shape words", () => {
    expect(validator.validate({ path: 5, edits: [{ old_string: "a" }], timeout: 1.5 })).toEqual({
      ok: false,
      kind: "validation",
      message:
        "invalid arguments: path: expected a string, got a number (5); timeout: expected an integer, got a number (1.5); edits[0].new_string: missing (required)",
      issues: [
        {
          kind: "validation",
          instancePath: "/path",
          path: ["path"],
          schemaPath: "/properties/path/type",
          keyword: "type",
          params: { type: "string" },
          message: "path: expected a string, got a number (5)",
        },
        {
          kind: "validation",
          instancePath: "/timeout",
          path: ["timeout"],
          schemaPath: "/properties/timeout/type",
          keyword: "type",
          params: { type: "integer" },
          message: "timeout: expected an integer, got a number (1.5)",
        },
        {
          kind: "validation",
          instancePath: "/edits/0/new_string",
          path: ["edits", 0, "new_string"],
          schemaPath: "/properties/edits/items/required",
          keyword: "required",
          params: { missingProperty: "new_string" },
          message: "edits[0].new_string: missing (required)",
        },
      ],
    });
  });

  it.each([
    [{}, "path: missing (required)"],
    [[], "arguments: expected an object, got a list"],
    [
      { path: "" },
      'path: must be at least 1 character long, got ""; path: must match the pattern ^[^\\u0000]+$, got ""',
    ],
    [{ path: "a\0b" }, 'path: must match the pattern ^[^\\u0000]+$, got "a\\u0000b"'],
    [{ path: "a", mode: "Read" }, 'mode: must be one of "read", "write", got "Read"'],
    [{ path: "a", timeout: 0 }, "timeout: must be at least 1, got 0"],
    [{ path: "a", timeout: 601 }, "timeout: must be at most 600, got 601"],
    [{ path: "a", edits: [] }, "edits: must have at least 1 item, got 0"],
    [
      { path: "a", edits: Array(4).fill({ old_string: "", new_string: "" }) },
      "edits: must have at most 3 items, got 4",
    ],
    [{ path: "a", extra: 1 }, "extra: unexpected property; allowed: path, mode, timeout, edits, options"],
    [
      { path: "a", edits: [{ old_string: "", new_string: "", x: 1 }] },
      "edits[0].x: unexpected property; allowed: old_string, new_string",
    ],
    [{ path: "a", options: null }, "options: expected an object, got null"],
    [{ path: "a", options: { recursive: "yes" } }, 'options.recursive: expected a boolean, got a string ("yes")'],
  ])("%j → %s", (args, message) => {
    expect(validator.validate(args)).toMatchObject({
      ok: false,
      kind: "validation",
      message: `invalid arguments: ${message}`,
    });
  });

  it("reads null as a value, not as missing: null arguments are wrong for an object schema, as null anywhere is where it is not allowed", () => {
    const root = {
      kind: "validation",
      instancePath: "",
      path: [],
      schemaPath: "/type",
      keyword: "type",
      params: { type: "object" },
      message: "arguments: expected an object, got null",
    };
    expect(validator.validate(null)).toEqual({
      ok: false,
      kind: "validation",
      message: "invalid arguments: arguments: expected an object, got null",
      issues: [root],
    });
    expect(validator.validateJson("null")).toEqual(validator.validate(null));
    expect(violation(tool, { path: null })).toBe("invalid arguments: path: expected a string, got null");
    // Absent is "missing".
    expect(violation(tool, {})).toBe("invalid arguments: path: missing (required)");
  });

  it("tells the model to send a list or object itself when it sent JSON text", () => {
    expect(violation(tool, { path: "a", edits: '[{"old_string":"a","new_string":"b"}]' })).toBe(
      'invalid arguments: edits: expected a list, got a string ("[{\\"old_string\\":\\"a\\",\\"new_string\\":\\"b\\"}]"); send the list itself, not JSON text',
    );
    expect(violation(tool, { path: "a", options: ' {"recursive": true}' })).toBe(
      'invalid arguments: options: expected an object, got a string (" {\\"recursive\\": true}"); send the object itself, not JSON text',
    );
    expect(violation(tool, { path: "a", options: "{not json" })).toBe(
      'invalid arguments: options: expected an object, got a string ("{not json")',
    );
  });

  it("reports at most five problems and says how many more there were", () => {
    const schema = {
      type: "object",
      properties: Object.fromEntries("abcdefgh".split("").map((k) => [k, { type: "string" }])),
    };
    const args = Object.fromEntries("abcdefgh".split("").map((k) => [k, 1]));
    const result = validate(schema, args);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(8);
    expect(result.message).toBe(
      "invalid arguments: a: expected a string, got a number (1); b: expected a string, got a number (1); c: expected a string, got a number (1); d: expected a string, got a number (1); e: expected a string, got a number (1) (and 3 more problems)",
    );
  });

  it("writes paths for keys that are not identifiers, and escapes pointers", () => {
    const schema = {
      type: "object",
      properties: { "a/b": { type: "object", properties: { "x y": { type: "string" }, "~": { type: "string" } } } },
    };
    expect(validate(schema, { "a/b": { "x y": 1, "~": 2 } })).toMatchObject({
      message:
        'invalid arguments: ["a/b"]["x y"]: expected a string, got a number (1); ["a/b"]["~"]: expected a string, got a number (2)',
      issues: [{ instancePath: "/a~1b/x y" }, { instancePath: "/a~1b/~0" }],
    });
  });

  it("shortens long values in messages", () => {
    expect(violation({ type: "object", properties: { a: { enum: ["x"] } } }, { a: "y".repeat(100) })).toBe(
      `invalid arguments: a: must be one of "x", got "${"y".repeat(58)}…`,
    );
  });

  it("violation returns null for a valid call", () => {
    expect(violation(tool, { path: "x" })).toBeNull();
  });
});

describe("validate: semantics", () => {
  it("counts code points for minLength", () => {
    const schema = { type: "object", properties: { s: { type: "string", minLength: 2 } } };
    expect(validate(schema, { s: "😀😀" }).ok).toBe(true);
    expect(validate(schema, { s: "😀" }).ok).toBe(false);
    expect(validate(schema, { s: "\ud800\ud800" }).ok).toBe(true);
    expect(validate(schema, { s: "ab" }).ok).toBe(true);
  });

  it("treats 1.0 and bigints as integers, and compares bigints with bounds", () => {
    const schema = { type: "object", properties: { n: { type: "integer", minimum: 0, maximum: 10 } } };
    expect(validate(schema, { n: 1.0 }).ok).toBe(true);
    expect(validate(schema, { n: 5n }).ok).toBe(true);
    expect(violation(schema, { n: 11n })).toBe("invalid arguments: n: must be at most 10, got 11");
    expect(violation(schema, { n: 1.5 })).toBe("invalid arguments: n: expected an integer, got a number (1.5)");
    expect(validate({ type: "object", properties: { n: { type: "number" } } }, { n: 2n ** 80n }).ok).toBe(true);
  });

  it("applies keywords without a type only to values of their kind", () => {
    const schema = {
      type: "object",
      properties: { v: { minimum: 5, minLength: 3, minItems: 2, required: ["a"], pattern: "^x" } },
    };
    for (const v of [10, "xyz", [1, 2], { a: 1 }, null, true]) expect(validate(schema, { v }).ok).toBe(true);
    for (const v of [1, "ab", "abc", [1], {}]) expect(validate(schema, { v }).ok).toBe(false);
  });

  it("accepts any JSON value under {} and true, and no value under false", () => {
    const schema = { type: "object", properties: { a: {}, b: true, c: false } };
    expect(validate(schema, { a: [{ x: null }], b: "x" }).ok).toBe(true);
    expect(violation(schema, { c: 1 })).toBe("invalid arguments: c: no value is allowed here");
  });

  it("compares enum choices as JSON values", () => {
    const schema = { type: "object", properties: { v: { enum: [1, "A", null, [1, 2], { a: 1, b: [true] }] } } };
    for (const v of [1, 1.0, 1n, "A", null, [1, 2], { b: [true], a: 1 }]) expect(validate(schema, { v }).ok).toBe(true);
    for (const v of [true, "a", "1", [2, 1], [1, 2, 3], { a: 1 }, { a: 1, b: [1] }, { a: 1, b: [true], c: 0 }, 0])
      expect(validate(schema, { v }).ok).toBe(false);
    expect(validate({ type: "object", properties: { v: { enum: [false] } } }, { v: 0 }).ok).toBe(false);
  });

  it("rejects every value with an empty enum, and enum narrows the type", () => {
    expect(violation({ type: "object", properties: { v: { enum: [] } } }, { v: 1 })).toBe(
      "invalid arguments: v: no value is allowed here (the list of choices is empty), got 1",
    );
    expect(violation({ type: "object", properties: { v: { type: "string", enum: ["a", 1] } } }, { v: 1 })).toBe(
      "invalid arguments: v: expected a string, got a number (1)",
    );
  });

  it("applies additionalProperties schemas, and the snake_case alias", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string" } },
      additional_properties: { type: "integer" },
    };
    expect(validate(schema, { a: "x", b: 1 }).ok).toBe(true);
    expect(violation(schema, { a: "x", b: "1" })).toBe('invalid arguments: b: expected an integer, got a string ("1")');
    expect(violation({ type: "object", additionalProperties: false }, { a: 1 })).toBe(
      "invalid arguments: a: unexpected property; no properties are allowed here",
    );
  });

  it("unions of types accept any listed type", () => {
    const schema = { type: "object", properties: { v: { type: ["string", "null"] } } };
    expect(validate(schema, { v: null }).ok).toBe(true);
    expect(violation(schema, { v: 1 })).toBe("invalid arguments: v: expected a string or null, got a number (1)");
  });
});

describe("validate: the JSON input domain", () => {
  class Point {
    x = 1;
  }
  const anything = { type: "object" };
  it.each([
    [{ a: undefined }, "a: got undefined (not a JSON value)", "/a"],
    [{ a: [1, () => 1] }, "a[1]: got a function (not a JSON value)", "/a/1"],
    [{ a: Symbol("s") }, "a: got a symbol (not a JSON value)", "/a"],
    [{ a: NaN }, "a: got NaN (not a JSON value)", "/a"],
    [{ a: { b: -Infinity } }, "a.b: got -Infinity (not a JSON value)", "/a/b"],
    [{ a: new Date(0) }, "a: got a Date (not a JSON value)", "/a"],
    [{ a: new Map() }, "a: got a Map (not a JSON value)", "/a"],
    [{ a: new Point() }, "a: got a Point (not a JSON value)", "/a"],
    [{ a: [1, , 3] }, "a[1]: got a hole in a sparse array (not a JSON value)", "/a/1"],
    [new Point(), "arguments: got a Point (not a JSON value)", ""],
  ])("refuses %s anywhere, with its path", (args, message, instancePath) => {
    expect(validate(anything, args)).toEqual(oneIssueFailure("type", message, { instancePath }));
  });

  it("refuses non-JSON values where the schema lists them too", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "string" },
        n: { type: "number" },
        o: { type: "object" },
        l: { type: "array", items: { type: "integer" } },
        any: {},
        c: { anyOf: [{ type: "object" }] },
      },
      additionalProperties: { type: "array" },
    };
    for (const [args, path] of [
      [{ a: undefined }, "a"],
      [{ n: NaN }, "n"],
      [{ n: Infinity }, "n"],
      [{ o: new Date(0) }, "o"],
      [{ l: [1, , 3] }, "l[1]"],
      [{ l: [1, undefined] }, "l[1]"],
      [{ any: { x: [() => 1] } }, "any.x[0]"],
      [{ c: { x: Symbol("s") } }, "c.x"],
      [{ extra: [new Map()] }, "extra[0]"],
    ] as const) {
      const result = validate(schema, args);
      expect(result).toMatchObject({ ok: false, kind: "validation" });
      if (!result.ok) expect(result.message.startsWith(`invalid arguments: ${path}: got `)).toBe(true);
    }
  });

  it("reads own keys only, even when Object.prototype has an enumerable property", () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, additionalProperties: false };
    (Object.prototype as Record<string, unknown>).polluted = 1;
    try {
      expect(validate(schema, { a: "x" })).toEqual({ ok: true });
      expect(violation(schema, { a: "x", b: 1 })).toBe("invalid arguments: b: unexpected property; allowed: a");
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it("accepts null-prototype objects", () => {
    const args = Object.assign(Object.create(null), { a: 1 });
    expect(validate({ type: "object", properties: { a: { type: "integer" } } }, args).ok).toBe(true);
  });

  it("looks at own properties only: inherited names are missing", () => {
    const schema = { type: "object", required: ["toString"], properties: { constructor: { type: "string" } } };
    expect(violation(schema, {})).toBe("invalid arguments: toString: missing (required)");
    expect(validate(schema, { toString: 1 }).ok).toBe(true);
    expect(validate(schema, { toString: 1, constructor: 1 }).ok).toBe(false);
  });

  it("validates a JSON __proto__ key like any other key", () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"],"additionalProperties":false}',
    );
    expect(violation(schema, {})).toBe("invalid arguments: __proto__: missing (required)");
    expect(violation(schema, JSON.parse('{"__proto__": 1}'))).toBe(
      "invalid arguments: __proto__: expected a string, got a number (1)",
    );
    expect(validate(schema, JSON.parse('{"__proto__": "x"}')).ok).toBe(true);
  });

  it("works on deeply frozen arguments and never changes them", () => {
    const deepFreeze = (value: unknown): unknown => {
      if (typeof value === "object" && value !== null) Object.values(Object.freeze(value)).forEach(deepFreeze);
      return value;
    };
    const args = deepFreeze({ path: "a", edits: [{ old_string: "a", new_string: "b" }] });
    const before = JSON.stringify(args);
    expect(validator.validate(args)).toEqual({ ok: true });
    expect(validator.validate({ ...(args as object), timeout: "5" }).ok).toBe(false);
    expect(JSON.stringify(args)).toBe(before);
  });

  it("fails cleanly on 200,000-deep arrays", () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const result = validate({ type: "object" }, { a: deep });
    expect(result).toMatchObject({ ok: false, kind: "validation" });
    if (!result.ok) expect(result.message).toMatch(/^invalid arguments: a(\[0\])+: nests deeper than 256 levels$/);
  });
});

describe("validate: every result is the caller's own", () => {
  const refused = { type: "object", properties: { id: { const: 1 } } };
  const problem = '#/properties/id/const: keyword "const" is not supported (profile: "extended" supports it)';
  const expected = {
    ok: false,
    kind: "unsupported_capability",
    message: `unsupported schema: ${problem}`,
    issues: [
      {
        kind: "unsupported_capability",
        instancePath: "",
        path: [],
        schemaPath: "/properties/id/const",
        keyword: "const",
        params: {},
        message: problem,
      },
    ],
  };

  /** What a careless caller might do to a failure it was given. */
  function spoil(failure: Result | SchemaError): void {
    Object.assign(failure, { ok: true, message: "spoiled" });
    const { issues } = failure as { issues: Issue[] };
    issues[0].message = "spoiled";
    issues[0].path.push("spoiled");
    issues[0].params.spoiled = true;
    issues.push({ ...issues[0] });
  }

  it("a refused schema's cached failure, changed by one caller, is unchanged for the next", () => {
    spoil(validate(refused, { id: 1 }));
    expect(validate(refused, { id: 1 })).toEqual(expected);
    spoil(validate(refused, {}));
    expect(validate(JSON.parse(JSON.stringify(refused)), {})).toEqual(expected);
    expect(violation(refused, {})).toBe(expected.message);
  });

  it("compile throws a SchemaError whose issues are its own", () => {
    expect(() => compile(refused)).toThrow(SchemaError);
    try {
      compile(refused);
    } catch (error) {
      spoil(error as SchemaError);
    }
    expect(() => compile(JSON.parse(JSON.stringify(refused)))).toThrow(
      expect.objectContaining({ message: expected.message, issues: expected.issues }),
    );
  });
});
