import { describe, expect, it } from "vitest";
import { compile, SchemaError, validate, validateSchema } from "../../../src/index";

const root = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

function issuesOf(schema: unknown) {
  const result = validateSchema(schema);
  if (result.ok) throw new Error("schema accepted");
  return result;
}

describe("validateSchema", () => {
  it("accepts every keyword of the table at every level", () => {
    const schema = root(
      {
        a: {
          type: ["string", "null"],
          minLength: 1,
          pattern: "^x",
          enum: ["x", null],
          description: "d",
          default: "x",
          format: "uri",
          contentEncoding: "base64",
          "x-mcp-header": "h",
        },
        b: {
          type: "array",
          items: {
            type: "object",
            properties: { c: { type: "integer", minimum: 0, maximum: 9 } },
            required: ["c"],
            additionalProperties: false,
          },
          minItems: 1,
          maxItems: 3,
        },
        d: { oneOf: [{ type: "string" }, { required: ["x"] }] },
        e: { anyOf: [true, { not: { type: "null" } }] },
        f: { additional_properties: { type: "number" } },
        g: false,
      },
      { $schema: "https://json-schema.org/draft/2020-12/schema", required: ["a"], additionalProperties: false },
    );
    expect(validateSchema(schema)).toEqual({ ok: true });
  });

  it("requires an object root with type object", () => {
    for (const schema of [true, [], "x", null, { properties: {} }, { type: ["object"] }, { type: "array" }]) {
      expect(issuesOf(schema).kind).toBe("validation");
    }
    expect(issuesOf({ type: "array" }).issues).toEqual([
      {
        kind: "validation",
        instancePath: "",
        path: [],
        schemaPath: "/type",
        keyword: "type",
        params: {},
        message: '#/type: the root schema must be an object with "type": "object"',
      },
    ]);
  });

  it("refuses keywords outside the table, even in branches no argument reaches", () => {
    const result = issuesOf(
      root({ a: { anyOf: [{ type: "string" }, { type: "object", properties: { deep: { $ref: "#/x" } } }] } }),
    );
    expect(result).toEqual({
      ok: false,
      kind: "unsupported_capability",
      message:
        'unsupported schema: #/properties/a/anyOf/1/properties/deep/$ref: keyword "$ref" is not supported (profile: "extended" supports it)',
      issues: [
        {
          kind: "unsupported_capability",
          instancePath: "",
          path: [],
          schemaPath: "/properties/a/anyOf/1/properties/deep/$ref",
          keyword: "$ref",
          params: {},
          message:
            '#/properties/a/anyOf/1/properties/deep/$ref: keyword "$ref" is not supported (profile: "extended" supports it)',
        },
      ],
    });
  });

  it.each([
    "$ref",
    "$defs",
    "const",
    "allOf",
    "prefixItems",
    "maxLength",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "uniqueItems",
    "if",
    "then",
    "else",
    "patternProperties",
    "title",
  ])("refuses %s as unsupported_capability", (keyword) => {
    const result = issuesOf(root({ a: { [keyword]: 1 } }));
    expect(result.kind).toBe("unsupported_capability");
    expect(result.issues[0].schemaPath).toBe(`/properties/a/${keyword}`);
  });

  it("refuses tuple items, unknown type names and oneOf beside anyOf", () => {
    expect(issuesOf(root({ a: { items: [{ type: "string" }] } })).issues[0]).toMatchObject({
      kind: "unsupported_capability",
      schemaPath: "/properties/a/items",
      message:
        "#/properties/a/items: tuple-style items (a list of schemas) is not supported; give one schema for every item",
    });
    expect(issuesOf(root({ a: { type: "file" } })).issues[0].message).toBe(
      '#/properties/a/type: type "file" is not supported (supported: object, array, string, integer, number, boolean, null)',
    );
    expect(issuesOf(root({ a: { oneOf: [true], anyOf: [true] } })).issues[0]).toMatchObject({
      kind: "unsupported_capability",
      keyword: "oneOf",
      message: "#/properties/a/oneOf: oneOf and anyOf in the same schema object are not supported",
    });
  });

  it.each([
    [{ type: [] }, "type", "must be a type name or a non-empty list of type names"],
    [{ type: ["string", "string"] }, "type", "must not list a type name twice"],
    [{ properties: [] }, "properties", "must be an object whose values are schemas"],
    [{ required: "a" }, "required", "must be a list of property names"],
    [{ required: ["a", "a"] }, "required", "must not list a property name twice"],
    [{ additionalProperties: 1 }, "additionalProperties", "must be a boolean or a schema"],
    [
      { additionalProperties: true, additional_properties: true },
      "additional_properties",
      "use additionalProperties or additional_properties, not both",
    ],
    [{ description: 1 }, "description", "must be a string"],
    [{ format: null }, "format", "must be a string"],
    [{ enum: "a" }, "enum", "must be a list of JSON values"],
    [{ minimum: "1" }, "minimum", "must be a finite number"],
    [{ maximum: Infinity }, "maximum", "must be a finite number"],
    [{ minLength: -1 }, "minLength", "must be a non-negative integer"],
    [{ minLength: 1.5 }, "minLength", "must be a non-negative integer"],
    [{ minItems: "2" }, "minItems", "must be a non-negative integer"],
    [{ maxItems: -2 }, "maxItems", "must be a non-negative integer"],
    [{ pattern: 1 }, "pattern", "must be a string"],
    [{ items: 1 }, "items", "must be a schema"],
    [{ oneOf: [] }, "oneOf", "must be a non-empty list of schemas"],
    [{ anyOf: {} }, "anyOf", "must be a non-empty list of schemas"],
    [{ not: [] }, "not", "must be a schema"],
  ])("calls %j malformed", (schema, keyword, message) => {
    expect(issuesOf(root({ a: schema }))).toMatchObject({
      kind: "validation",
      message: `invalid schema: #/properties/a/${keyword}: ${message}`,
      issues: [{ kind: "validation", instancePath: "", schemaPath: `/properties/a/${keyword}`, keyword }],
    });
  });

  it("calls a non-schema subschema and a non-JSON enum choice or default malformed", () => {
    expect(issuesOf(root({ a: "string" })).issues[0].message).toBe(
      "#/properties/a: a schema must be an object or a boolean",
    );
    expect(issuesOf(root({ a: { enum: ["x", { y: undefined }] } })).issues[0]).toMatchObject({
      schemaPath: "/properties/a/enum/1/y",
      message: "#/properties/a/enum/1/y: must list only JSON values; choice 1/y got undefined (not a JSON value)",
    });
    expect(issuesOf(root({ a: { default: [NaN] } })).issues[0].message).toBe(
      "#/properties/a/default/0: must be a JSON value; /0 got NaN (not a JSON value)",
    );
  });

  it("reports every problem of the schema, with the kind ranked", () => {
    const result = issuesOf(
      root({ a: { minLength: "x" }, b: { $defs: {} }, c: { pattern: "\\d" }, d: { pattern: "(" } }),
    );
    expect(result.kind).toBe("unsupported_capability");
    expect(result.issues.map((issue) => [issue.kind, issue.schemaPath])).toEqual([
      ["validation", "/properties/a/minLength"],
      ["unsupported_capability", "/properties/b/$defs"],
      ["unsupported_capability", "/properties/c/pattern"],
      ["validation", "/properties/d/pattern"],
    ]);
  });

  it("refuses a pattern over 1,024 UTF-8 bytes as malformed", () => {
    expect(validateSchema(root({ a: { pattern: "é".repeat(512) } }))).toEqual({ ok: true });
    expect(issuesOf(root({ a: { pattern: "é".repeat(513) } })).issues[0]).toMatchObject({
      kind: "validation",
      message: "#/properties/a/pattern: pattern is 1026 UTF-8 bytes long; at most 1024 are allowed",
    });
  });

  it("bounds schema depth: 100,000 levels fail cleanly", () => {
    let deep: unknown = { type: "string" };
    for (let i = 0; i < 100_000; i++) deep = { not: deep };
    const result = issuesOf(root({ a: deep }));
    expect(result.kind).toBe("validation");
    expect(result.issues[0].message).toMatch(/^#\/properties\/a(\/not)+: the schema nests deeper than 256 levels$/);
    expect(validate(root({ a: deep }), { a: 1 })).toMatchObject({ ok: false, kind: "validation" });
  });

  it("never throws, even for a schema whose getters throw", () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error("boom");
        },
      },
    );
    expect(validateSchema(hostile)).toMatchObject({
      ok: false,
      kind: "validation",
      message: "invalid schema: #: the schema could not be read (boom)",
    });
  });
});

describe("compile", () => {
  it("throws a SchemaError carrying kind, message and issues", () => {
    let thrown: unknown;
    try {
      compile(root({ a: { const: 1 } }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SchemaError);
    expect(thrown).toMatchObject({
      name: "SchemaError",
      kind: "unsupported_capability",
      message:
        'unsupported schema: #/properties/a/const: keyword "const" is not supported (profile: "extended" supports it)',
      issues: [{ keyword: "const", schemaPath: "/properties/a/const" }],
    });
  });

  it("throws a TypeError for bad options; validate returns a failure for them", () => {
    expect(() => compile(root({}), { lenient: true } as never)).toThrow(
      new TypeError('tool-input-schema: unknown option "lenient"'),
    );
    expect(validate(root({}), {}, { lenientScalars: "yes" } as never)).toMatchObject({
      ok: false,
      kind: "validation",
      message: "invalid options: options.lenientScalars must be a boolean",
    });
  });
});
