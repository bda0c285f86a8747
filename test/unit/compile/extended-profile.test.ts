import { describe, expect, it } from "vitest";
import { isMultipleOf } from "../../../src/runtime/decimal";
import { compile, validate, validateSchema, violation } from "../../../src/index";

const extended = { profile: "extended" } as const;
const wrap = (v: unknown, extra: Record<string, unknown> = {}) => ({ type: "object", properties: { v }, ...extra });
const check = (v: unknown, value: unknown) => validate(wrap(v), { v: value }, extended);
const message = (v: unknown, value: unknown) => violation(wrap(v), { v: value }, extended);

describe("profile option", () => {
  it("defaults to core, which refuses extended keywords and says the extended profile supports them", () => {
    for (const keyword of [
      "maxLength",
      "const",
      "exclusiveMinimum",
      "exclusiveMaximum",
      "multipleOf",
      "uniqueItems",
      "minProperties",
      "maxProperties",
      "propertyNames",
      "patternProperties",
      "dependentRequired",
      "prefixItems",
      "allOf",
      "$defs",
      "definitions",
      "$ref",
      "title",
      "$comment",
      "contentMediaType",
      "examples",
      "deprecated",
      "readOnly",
      "writeOnly",
    ]) {
      const result = validateSchema(wrap({ [keyword]: null }));
      expect(result).toMatchObject({ ok: false, kind: "unsupported_capability" });
      if (!result.ok)
        expect(result.issues[0].message).toBe(
          `#/properties/v/${keyword}: keyword "${keyword}" is not supported (profile: "extended" supports it)`,
        );
    }
  });

  it("keeps refusing what neither profile supports", () => {
    for (const keyword of ["if", "contains", "dependentSchemas", "unevaluatedProperties", "$anchor", "$dynamicRef"]) {
      expect(validateSchema(wrap({ [keyword]: {} }), extended)).toMatchObject({
        ok: false,
        kind: "unsupported_capability",
        issues: [{ message: `#/properties/v/${keyword}: keyword "${keyword}" is not supported` }],
      });
    }
    expect(validateSchema(wrap({ oneOf: [true], anyOf: [true] }), extended)).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
    });
    expect(validateSchema(wrap({ oneOf: [true], allOf: [true] }), extended)).toEqual({ ok: true });
  });

  it("keys compiled validators by profile", () => {
    const schema = wrap({ const: 1 });
    expect(validate(schema, { v: 1 }).ok).toBe(false);
    expect(validate(schema, { v: 1 }, extended).ok).toBe(true);
    expect(validate(schema, { v: 1 }).ok).toBe(false);
  });
});

describe("extended keywords", () => {
  it("maxLength counts code points", () => {
    expect(check({ maxLength: 2 }, "😀😀").ok).toBe(true);
    expect(message({ maxLength: 2 }, "abc")).toBe('invalid arguments: v: must be at most 2 characters long, got "abc"');
    expect(check({ maxLength: 2 }, 123).ok).toBe(true);
  });

  it("const uses JSON equality", () => {
    expect(check({ const: { a: [1, 2], b: null } }, { b: null, a: [1.0, 2] }).ok).toBe(true);
    expect(message({ const: "x" }, "y")).toBe('invalid arguments: v: must be "x", got "y"');
    expect(check({ const: false }, 0).ok).toBe(false);
  });

  it("exclusive bounds are strict", () => {
    expect(message({ exclusiveMinimum: 0 }, 0)).toBe("invalid arguments: v: must be greater than 0, got 0");
    expect(message({ exclusiveMaximum: 10 }, 10)).toBe("invalid arguments: v: must be less than 10, got 10");
    expect(check({ exclusiveMinimum: 0, exclusiveMaximum: 1 }, 0.5).ok).toBe(true);
    expect(check({ exclusiveMinimum: 0 }, "0").ok).toBe(true);
  });

  it("multipleOf is exact on decimal forms", () => {
    expect(check({ multipleOf: 0.0001 }, 0.0075).ok).toBe(true);
    expect(check({ multipleOf: 0.01 }, 19.99).ok).toBe(true);
    expect(message({ multipleOf: 0.123456789 }, 1e308)).toBe(
      "invalid arguments: v: must be a multiple of 0.123456789, got 1e+308",
    );
    expect(check({ multipleOf: 0.5 }, 1e308).ok).toBe(true);
    expect(check({ multipleOf: 3 }, 10n ** 30n).ok).toBe(false);
    expect(check({ multipleOf: 7 }, 7n * 10n ** 30n).ok).toBe(true);
  });

  it.each([
    [0.3, 0.1, true],
    [0.7, 0.1, true],
    [1.1, 0.1, true],
    [0.35, 0.1, false],
    [-4.5, 1.5, true],
    [0, 0.3, true],
    [1e-7, 1e-8, true],
    [2.5e-7, 1e-7, false],
    [1e21, 5, true], // beyond 2^53: compared as decimals, not with %
    [1e21, 3, false],
  ])("isMultipleOf(%d, %d) is %s", (value, divisor, expected) => {
    expect(isMultipleOf(value, divisor)).toBe(expected);
  });

  it("uniqueItems compares items as JSON values, key order ignored", () => {
    expect(check({ uniqueItems: true }, [1, "1", true, null, [1], { a: 1 }]).ok).toBe(true);
    expect(message({ uniqueItems: true }, [{ a: 1, b: 2 }, 3, { b: 2, a: 1 }])).toBe(
      "invalid arguments: v: must not repeat an item (items 0 and 2 are equal)",
    );
    expect(message({ uniqueItems: true }, [1, 1.0])).toBe(
      "invalid arguments: v: must not repeat an item (items 0 and 1 are equal)",
    );
    expect(check({ uniqueItems: true }, [0, false]).ok).toBe(true);
    expect(check({ uniqueItems: false }, [1, 1]).ok).toBe(true);
    // A bigint equals the number it denotes exactly, however large; one no number holds equals none.
    expect(message({ uniqueItems: true }, [2 ** 60, 2n ** 60n])).toBe(
      "invalid arguments: v: must not repeat an item (items 0 and 1 are equal)",
    );
    expect(message({ uniqueItems: true }, [1e308, BigInt(1e308)])).toBe(
      "invalid arguments: v: must not repeat an item (items 0 and 1 are equal)",
    );
    expect(check({ uniqueItems: true }, [2 ** 60, 1152921504606847000n, 2n ** 60n + 1n, -0.5, 0.5, -0]).ok).toBe(true);
    expect(message({ uniqueItems: true }, [0, -0])).toBe(
      "invalid arguments: v: must not repeat an item (items 0 and 1 are equal)",
    );
  });

  it("min/maxProperties count own properties", () => {
    expect(message({ minProperties: 2 }, { a: 1 })).toBe(
      "invalid arguments: v: must have at least 2 properties, got 1",
    );
    expect(message({ maxProperties: 1 }, { a: 1, b: 2 })).toBe(
      "invalid arguments: v: must have at most 1 property, got 2",
    );
    expect(check({ maxProperties: 0 }, []).ok).toBe(true);
  });

  it("propertyNames applies a schema to every key", () => {
    expect(message({ propertyNames: { maxLength: 3 } }, { ok: 1, toolong: 2 })).toBe(
      'invalid arguments: v.toolong: the property name "toolong" is not allowed: must be at most 3 characters long, got "toolong"',
    );
    expect(check({ propertyNames: { type: "string" } }, { a: 1 }).ok).toBe(true);
    expect(validate(wrap({ propertyNames: { type: "string" } }), { v: { a: 1 } }, extended)).toEqual({ ok: true });
  });

  it("dependentRequired requires the listed names when the key is present", () => {
    const schema = { dependentRequired: { card: ["cvv", "expiry"] } };
    expect(check(schema, { other: 1 }).ok).toBe(true);
    expect(validate(wrap(schema), { v: { card: "1", cvv: "2" } }, extended)).toMatchObject({
      message: "invalid arguments: v.expiry: missing (required when card is present)",
      issues: [
        { instancePath: "/v/expiry", schemaPath: "/properties/v/dependentRequired", keyword: "dependentRequired" },
      ],
    });
  });

  it("prefixItems checks items by position, and items the rest", () => {
    const schema = { prefixItems: [{ type: "string" }, { type: "integer" }], items: { type: "boolean" } };
    expect(check(schema, ["a", 1, true, false]).ok).toBe(true);
    expect(check(schema, ["a"]).ok).toBe(true);
    expect(message(schema, [1, "x", "y"])).toBe(
      'invalid arguments: v[0]: expected a string, got a number (1); v[1]: expected an integer, got a string ("x"); v[2]: expected a boolean, got a string ("y")',
    );
  });

  it("allOf requires every branch, beside oneOf", () => {
    const schema = {
      allOf: [{ required: ["a"] }, { required: ["b"] }],
      oneOf: [{ required: ["c"] }, { required: ["d"] }],
    };
    expect(check(schema, { a: 1, b: 1, c: 1 }).ok).toBe(true);
    expect(message(schema, { a: 1, c: 1 })).toBe("invalid arguments: v.b: missing (required)");
  });

  it("accepts the annotations and $id at the root only", () => {
    const annotated = {
      title: "t",
      $comment: "c",
      contentMediaType: "text/plain",
      examples: [1],
      deprecated: true,
      readOnly: false,
      writeOnly: false,
    };
    expect(validateSchema(wrap(annotated, { $id: "https://example.com/tool" }), extended)).toEqual({ ok: true });
    expect(validateSchema(wrap({ $id: "x" }), extended)).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      issues: [{ message: "#/properties/v/$id: $id is supported only at the root of the schema" }],
    });
    expect(validateSchema(wrap({ deprecated: "yes" }), extended)).toMatchObject({ ok: false, kind: "validation" });
  });

  it("keeps vendor extensions (x-…) as annotations of any JSON value; the core profile refuses them, x-mcp-header aside", () => {
    const annotated = wrap(
      { type: "string", "x-order": 2, "x-go-type": { import: "time" }, "x-nullable": null },
      { "x-speakeasy-name": "tool" },
    );
    expect(validateSchema(annotated, extended)).toEqual({ ok: true });
    expect(validate(annotated, { v: "a" }, extended)).toEqual({ ok: true });
    expect(validate(annotated, { v: 1 }, extended)).toMatchObject({
      ok: false,
      message: "invalid arguments: v: expected a string, got a number (1)",
    });
    expect(validateSchema(wrap({ "x-order": 2 }))).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      issues: [
        { message: '#/properties/v/x-order: keyword "x-order" is not supported (profile: "extended" supports it)' },
      ],
    });
    expect(validateSchema(wrap({ "x-mcp-header": "X-Region" }))).toEqual({ ok: true });
    expect(validateSchema(wrap({ "x-mcp-header": 1 }), extended)).toMatchObject({
      ok: false,
      issues: [{ message: "#/properties/v/x-mcp-header: must be a string" }],
    });
    expect(validateSchema(wrap({ "x-when": undefined }), extended)).toMatchObject({
      ok: false,
      kind: "validation",
      issues: [
        {
          schemaPath: "/properties/v/x-when",
          keyword: "x-when",
          message: "#/properties/v/x-when: must be a JSON value; the value got undefined (not a JSON value)",
        },
      ],
    });
    // Only the prefix makes an extension: a keyword that merely holds "x-" is unknown in both.
    expect(validateSchema(wrap({ "ax-b": 1 }), extended)).toMatchObject({ ok: false, kind: "unsupported_capability" });
  });

  it.each([
    [{ maxLength: -1 }, "maxLength", "must be a non-negative integer"],
    [{ exclusiveMinimum: true }, "exclusiveMinimum", "must be a finite number"],
    [{ multipleOf: 0 }, "multipleOf", "must be a number greater than 0"],
    [{ uniqueItems: 1 }, "uniqueItems", "must be a boolean"],
    [{ minProperties: 1.5 }, "minProperties", "must be a non-negative integer"],
    [{ propertyNames: 1 }, "propertyNames", "must be a schema"],
    [
      { dependentRequired: { a: ["b", "b"] } },
      "dependentRequired",
      "must be an object whose values are lists of distinct property names",
    ],
    [{ prefixItems: [] }, "prefixItems", "must be a non-empty list of schemas"],
    [{ allOf: [] }, "allOf", "must be a non-empty list of schemas"],
    [{ $defs: [] }, "$defs", "must be an object whose values are schemas"],
    [{ examples: {} }, "examples", "must be a list"],
    [{ const: undefined }, "const", "must be a JSON value; the value got undefined (not a JSON value)"],
  ])("calls %j malformed", (schema, keyword, problem) => {
    expect(validateSchema(wrap(schema), extended)).toMatchObject({
      ok: false,
      kind: "validation",
      issues: [
        {
          kind: "validation",
          schemaPath: `/properties/v/${keyword}`,
          keyword,
          message: `#/properties/v/${keyword}: ${problem}`,
        },
      ],
    });
  });

  it("lenient scalars: numeric keywords and const apply to the value the string denotes", () => {
    const schema = wrap({ type: "integer", exclusiveMinimum: 0, multipleOf: 5, const: 10 });
    const options = { profile: "extended", lenientScalars: true } as const;
    expect(validate(schema, { v: "10" }, options)).toEqual({ ok: true });
    expect(violation(schema, { v: "5" }, options)).toBe("invalid arguments: v: must be 10, got 5");
    expect(violation(schema, { v: "0" }, options)).toBe(
      "invalid arguments: v: must be greater than 0, got 0; v: must be 10, got 0",
    );
    expect(validate(wrap({ type: "string", const: "true", maxLength: 4 }), { v: true }, options)).toEqual({ ok: true });
  });
});

describe("$defs and $ref", () => {
  const tree = {
    type: "object",
    $defs: {
      node: {
        type: "object",
        properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
        required: ["name"],
      },
    },
    properties: { root: { $ref: "#/$defs/node" } },
  };

  it("recurses through the value", () => {
    expect(
      validate(tree, { root: { name: "a", children: [{ name: "b", children: [{ name: "c" }] }] } }, extended),
    ).toEqual({ ok: true });
    expect(validate(tree, { root: { name: "a", children: [{ children: [] }] } }, extended)).toMatchObject({
      message: "invalid arguments: root.children[0].name: missing (required)",
      issues: [{ instancePath: "/root/children/0/name", schemaPath: "/$defs/node/required" }],
    });
  });

  it("keeps the depth bound on recursive schemas", () => {
    let deep: Record<string, unknown> = { name: "leaf" };
    for (let i = 0; i < 300; i++) deep = { name: "n", children: [deep] };
    expect(validate(tree, { root: deep }, extended)).toMatchObject({ ok: false, kind: "validation" });
  });

  it("applies the siblings of $ref too", () => {
    const schema = {
      type: "object",
      $defs: { s: { type: "string" } },
      properties: { v: { $ref: "#/$defs/s", maxLength: 1 } },
    };
    expect(violation(schema, { v: "ab" }, extended)).toBe(
      'invalid arguments: v: must be at most 1 character long, got "ab"',
    );
    expect(violation(schema, { v: 1 }, extended)).toBe("invalid arguments: v: expected a string, got a number (1)");
  });

  it("percent-decodes the fragment and reads ~0 and ~1", () => {
    const schema = {
      type: "object",
      $defs: { "a b": { type: "string" }, "x/y~z": { type: "integer" } },
      properties: { s: { $ref: "#/$defs/a%20b" }, n: { $ref: "#/$defs/x~1y~0z" } },
    };
    expect(validate(schema, { s: "x", n: 1 }, extended)).toEqual({ ok: true });
    expect(validate(schema, { s: 1, n: "x" }, extended)).toMatchObject({
      issues: [{ schemaPath: "/$defs/a b/type" }, { schemaPath: "/$defs/x~1y~0z/type" }],
    });
  });

  it("accepts draft-07 definitions and # for the whole schema", () => {
    const schema = {
      type: "object",
      definitions: { id: { type: "integer" } },
      properties: { id: { $ref: "#/definitions/id" }, next: { $ref: "#" } },
    };
    expect(validate(schema, { id: 1, next: { id: 2, next: {} } }, extended)).toEqual({ ok: true });
    expect(validate(schema, { next: { id: "x" } }, extended).ok).toBe(false);
  });

  it("checks every $defs entry, referenced or not", () => {
    expect(validateSchema({ type: "object", $defs: { unused: { type: "strin" } } }, extended)).toMatchObject({
      ok: false,
      issues: [{ schemaPath: "/$defs/unused/type" }],
    });
  });

  it.each([
    ["#/$defs/missing", "validation", '$ref "#/$defs/missing" points to nothing'],
    ["#/enum/0", "validation", '$ref "#/enum/0" does not point to a schema'],
    ["#/properties", "validation", '$ref "#/properties" does not point to a schema'],
    ["#/%ZZ", "validation", '$ref "#/%ZZ" is not valid percent-encoding'],
    [
      "#node",
      "unsupported_capability",
      '$ref "#node" refers to an anchor; only "#" and "#/…" pointers into the same schema are supported',
    ],
    [
      "other.json",
      "unsupported_capability",
      '$ref "other.json" refers to another document or a relative URI; only "#" and "#/…" pointers into the same schema are supported',
    ],
    [
      "https://example.com/s#/x",
      "unsupported_capability",
      '$ref "https://example.com/s#/x" refers to another document or a relative URI; only "#" and "#/…" pointers into the same schema are supported',
    ],
  ])("refuses $ref %j as %s", (ref, kind, problem) => {
    const schema = { type: "object", enum: [{}], properties: { v: { $ref: ref } } };
    expect(validateSchema(schema, extended)).toMatchObject({
      ok: false,
      kind,
      issues: [{ kind, schemaPath: "/properties/v/$ref", keyword: "$ref", message: `#/properties/v/$ref: ${problem}` }],
    });
  });

  it("refuses a cycle that never descends into the value", () => {
    expect(validateSchema({ type: "object", $ref: "#" }, extended)).toMatchObject({
      ok: false,
      kind: "validation",
      message:
        "invalid schema: #/$ref: a cycle of $ref and composition that never descends into the value returns to #",
    });
    const mutual = {
      type: "object",
      $defs: { a: { anyOf: [{ $ref: "#/$defs/b" }] }, b: { not: { $ref: "#/$defs/a" } } },
    };
    expect(validateSchema(mutual, extended)).toMatchObject({ ok: false, kind: "validation" });
    let chain: Record<string, unknown> = {};
    for (let i = 0; i < 8_000; i++) chain[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    chain[`d8000`] = { $ref: "#/$defs/d0" };
    expect(validateSchema({ type: "object", $defs: chain }, extended)).toMatchObject({ ok: false, kind: "validation" });
    chain = {};
  });

  it("compiles a shared target once and reuses it", () => {
    const schema = {
      type: "object",
      $defs: { slug: { type: "string", pattern: "^[a-z]+$" } },
      properties: { a: { $ref: "#/$defs/slug" }, b: { $ref: "#/$defs/slug" } },
    };
    const validator = compile(schema, extended);
    expect(validator.validate({ a: "x", b: "Y" })).toMatchObject({
      issues: [{ instancePath: "/b", schemaPath: "/$defs/slug/pattern" }],
    });
  });
});

describe("extended pattern escapes", () => {
  it.each([
    ["^\\d{4}-\\d{2}-\\d{2}$", "2024-01-31", true],
    ["^\\d+$", "١٢", false],
    ["^\\w+$", "snake_case9", true],
    ["^\\w+$", "é", false],
    ["^\\s$", "\u00a0", true],
    ["^\\s$", "\u0085", false],
    ["^\\S+$", "😀x", true],
    ["\\bcat\\b", "a cat!", true],
    ["\\bcat\\b", "concat", false],
    ["^[\\d\\-]+$", "12-3", true],
    ["^[^\\s]+$", "a b", false],
    ["^\\x41\\u0042\\u{43}$", "ABC", true],
    ["^\\ud83d\\ude00$", "😀", true],
    ["^\\u{1F600}$", "😀", true],
    ["^\\t\\n\\v\\f\\r\\0$", "\t\n\v\f\r\0", true],
  ])("%s on %j is %s", (pattern, value, ok) => {
    expect(check({ pattern }, value).ok).toBe(ok);
  });

  it.each([
    ["\\p{L}", "unsupported_capability"],
    ["(?<=a)b", "unsupported_capability"],
    ["[\\b]", "unsupported_capability"],
    ["\\cA", "unsupported_capability"],
    ["\\1", "unsupported_capability"],
    ["\\x4", "validation"],
    ["\\u{110000}", "validation"],
    ["[\\d-z]", "validation"],
    ["\\b+", "validation"],
  ])("refuses %s as %s", (pattern, kind) => {
    expect(validateSchema(wrap({ pattern }), extended)).toMatchObject({ ok: false, kind });
  });
});
