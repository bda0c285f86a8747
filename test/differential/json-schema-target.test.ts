import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/index";

/*
 * A validator's Standard JSON Schema (src/compile/json-schema-target.ts):
 * the schema it enforces, written for "draft-2020-12" or "draft-07"
 * exactly. Exactly is checked against Ajv, a validator of each dialect: on
 * every argument, Ajv with the written schema answers as the package does.
 */

const extended = { profile: "extended" } as const;
const input = (schema: unknown, target: unknown) =>
  compile(schema, extended)["~standard"].jsonSchema.input({ target } as { target: string });

describe("draft-2020-12", () => {
  it("is a copy of the schema, a new one each time, with the alias spelled as JSON Schema spells it", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string", "x-order": 1 } },
      additional_properties: false,
    };
    const validator = compile(schema, extended);
    const first = validator["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    expect(first).toEqual({
      type: "object",
      properties: { a: { type: "string", "x-order": 1 } },
      additionalProperties: false,
    });
    // A framework may change what it gets (the AI SDK does): the next caller gets the schema still, and so does the caller's schema.
    (first.properties as Record<string, unknown>).a = "changed";
    expect(validator["~standard"].jsonSchema.output({ target: "draft-2020-12" })).toEqual({
      type: "object",
      properties: { a: { type: "string", "x-order": 1 } },
      additionalProperties: false,
    });
    expect(schema.properties.a).toEqual({ type: "string", "x-order": 1 });
  });

  it("names its dialect in a root $schema, and calls draft-07's definitions $defs, its $refs following", () => {
    const schema = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { a: { $ref: "#/definitions/A" } },
      definitions: { A: { type: "integer" } },
    };
    expect(input(schema, "draft-2020-12")).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
      $defs: { A: { type: "integer" } },
    });
  });
});

describe("draft-07", () => {
  it("is the same schema when it uses nothing 2020-12 spells otherwise", () => {
    const schema = {
      type: "object",
      properties: {
        path: { type: "string", pattern: "^[a-z]+$" },
        n: { anyOf: [{ type: "integer" }, { type: "null" }] },
      },
      required: ["path"],
    };
    expect(input(schema, "draft-07")).toEqual(schema);
  });

  it("spells $defs, prefixItems and the items after them, and dependentRequired as draft-07 does, and points each $ref at its new place", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        pair: { prefixItems: [{ $ref: "#/$defs/name" }, { type: "integer" }], items: false },
        again: { $ref: "#/properties/pair/prefixItems/0" },
        rest: { $ref: "#/properties/pair/items" },
      },
      dependentRequired: { a: ["b"] },
      $defs: { name: { type: "string" } },
    };
    expect(input(schema, "draft-07")).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        pair: { items: [{ $ref: "#/definitions/name" }, { type: "integer" }], additionalItems: false },
        again: { $ref: "#/properties/pair/items/0" },
        rest: { $ref: "#/properties/pair/additionalItems" },
      },
      dependencies: { a: ["b"] },
      definitions: { name: { type: "string" } },
    });
  });

  it("moves a $ref beside keywords that assert into allOf (draft-07 ignores its siblings), and leaves it beside annotations", () => {
    const schema = {
      type: "object",
      properties: {
        a: { $ref: "#/$defs/s", maxLength: 3, description: "short" },
        b: { $ref: "#/$defs/s", allOf: [{ minLength: 1 }] },
        c: { $ref: "#/$defs/s", title: "C", "x-order": 2 },
      },
      $defs: { s: { type: "string" } },
    };
    expect(input(schema, "draft-07")).toEqual({
      type: "object",
      properties: {
        a: { maxLength: 3, description: "short", allOf: [{ $ref: "#/definitions/s" }] },
        b: { allOf: [{ minLength: 1 }, { $ref: "#/definitions/s" }] },
        c: { $ref: "#/definitions/s", title: "C", "x-order": 2 },
      },
      definitions: { s: { type: "string" } },
    });
  });

  it("percent-encodes a rewritten pointer, keeps a property named __proto__ as data, and keeps a $ref that needs no rewriting as written", () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"$ref":"#/$defs/a%20b"},"c":{"$ref":"#/properties/__proto__"}},"$defs":{"a b":{"type":"string"}}}',
    );
    const written = input(schema, "draft-07");
    expect(JSON.stringify(written)).toBe(
      '{"type":"object","properties":{"__proto__":{"$ref":"#/definitions/a%20b"},"c":{"$ref":"#/properties/__proto__"}},"definitions":{"a b":{"type":"string"}}}',
    );
  });

  it("merges $defs into definitions, and throws when both name one definition", () => {
    const both = {
      type: "object",
      properties: { a: { $ref: "#/$defs/x" }, b: { $ref: "#/definitions/y" } },
      $defs: { x: { type: "string" } },
      definitions: { y: { type: "integer" } },
    };
    expect(input(both, "draft-07")).toMatchObject({
      properties: { a: { $ref: "#/definitions/x" }, b: { $ref: "#/definitions/y" } },
      definitions: { x: { type: "string" }, y: { type: "integer" } },
    });
    const clash = { ...both, definitions: { x: { type: "integer" } }, properties: {} };
    expect(() => input(clash, "draft-07")).toThrow(
      'tool-input-schema: the schema cannot be written as draft-07 exactly: "$defs" and "definitions" both define "x"',
    );
  });
});

describe("other targets", () => {
  it.each(["openapi-3.0", "draft-04", "draft-2019-09", undefined, 7])(
    "throw for %j, naming the two it writes",
    (target) => {
      expect(() => input({ type: "object" }, target)).toThrow(
        /^tool-input-schema: no JSON Schema for the target .*: the targets it writes exactly are "draft-2020-12" and "draft-07"$/,
      );
    },
  );

  it("throw for a schema without JSON text (one holding a bigint)", () => {
    const validator = compile({ type: "object", properties: { n: { enum: [1n] } } });
    expect(() => validator["~standard"].jsonSchema.input({ target: "draft-07" })).toThrow(
      "tool-input-schema: this schema has no JSON text to write as JSON Schema",
    );
  });
});

describe("exactly: Ajv with the written schema answers as the validator", () => {
  const schemas = [
    {
      type: "object",
      properties: {
        pair: {
          type: "array",
          prefixItems: [{ $ref: "#/$defs/name" }, { type: "integer", minimum: 0 }],
          items: { type: "boolean" },
        },
        name: { $ref: "#/$defs/name", maxLength: 3 },
        tree: { $ref: "#/$defs/tree" },
      },
      dependentRequired: { pair: ["name"] },
      additional_properties: false,
      $defs: {
        name: { type: "string", minLength: 1 },
        tree: {
          type: "object",
          properties: { kids: { type: "array", items: { $ref: "#/$defs/tree" } }, v: { const: 1 } },
        },
      },
    },
    {
      type: "object",
      properties: {
        a: { anyOf: [{ $ref: "#/definitions/n", exclusiveMaximum: 5 }, { type: "null" }] },
        b: { allOf: [{ $ref: "#/definitions/n" }], multipleOf: 2 },
      },
      definitions: { n: { type: "number" } },
    },
  ];
  const value = fc.letrec((tie) => ({
    any: fc.oneof(
      { depthSize: "small" },
      fc.constantFrom(null, true, 0, 1, 2, 4, 5, 6, 2.5, -1, "", "a", "abcd"),
      fc.array(tie("any"), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom("kids", "v", "x"), tie("any"), { maxKeys: 2 }),
    ),
  })).any;
  const args = fc.dictionary(fc.constantFrom("pair", "name", "tree", "a", "b", "other"), value, { maxKeys: 4 });

  it.each([
    ["draft-2020-12", new Ajv2020({ strict: false })],
    ["draft-07", new Ajv({ strict: false })],
  ] as const)("%s", (target, ajv) => {
    for (const schema of schemas) {
      const validator = compile(schema, extended);
      const check = ajv.compile(validator["~standard"].jsonSchema.input({ target }));
      const answers = new Set<boolean>();
      fc.assert(
        fc.property(args, (call) => {
          const ok = validator.validate(call).ok;
          answers.add(ok);
          expect(check(call)).toBe(ok);
        }),
        { seed: 7, numRuns: 400 },
      );
      // Both answers were met: the arguments test the schema, not one side of it.
      expect(answers.size).toBe(2);
    }
  });
});
