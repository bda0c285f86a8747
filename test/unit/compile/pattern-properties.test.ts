import fc from "fast-check";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { compile, validateSchema, type Options, type Result, type Validator } from "../../../src/index";
import { pass } from "../../../src/runtime/pass";
import { HOT_AFTER_CALLS } from "../../../src/validate/validator";
import { testSeed } from "../../support/random";

const extended: Options = { profile: "extended" };

/** A validator that answers with its closures, and one whose generated code answers (both tiers). */
function tiers(schema: unknown, options: Options = extended): [string, Validator][] {
  const hot = compile(schema, options);
  for (let i = 0; i < HOT_AFTER_CALLS; i++) hot.validate(0);
  return [
    ["closures", compile(schema, options)],
    ["generated", hot],
  ];
}

/** The result on both tiers, which must be the same; the work counted too. */
function both(schema: unknown, args: unknown, options: Options = extended): Result {
  const answers = tiers(schema, options).map(([tier, validator]) => {
    const result = validator.validate(args);
    return { tier, result, spent: pass.spent };
  });
  expect(answers[1].result).toStrictEqual(answers[0].result);
  if (answers[0].result.ok) expect(answers[1].spent).toBe(answers[0].spent);
  return answers[0].result;
}

const schema = {
  type: "object",
  properties: { name: { type: "string" } },
  patternProperties: { "^x-": { type: "integer" }, _id$: { type: "string", pattern: "^[0-9]+$" } },
  additionalProperties: false,
};

describe("patternProperties (extended profile)", () => {
  it("checks every property whose name a pattern matches against that pattern's schema", () => {
    expect(both(schema, { name: "a", "x-count": 3, user_id: "12" })).toStrictEqual({ ok: true });
    const wrong = both(schema, { "x-count": "3" });
    expect(wrong.ok ? [] : wrong.issues.map((issue) => [issue.schemaPath, issue.keyword, issue.path])).toEqual([
      ["/patternProperties/^x-/type", "type", ["x-count"]],
    ]);
  });

  it("applies every pattern that matches a name, and properties beside them", () => {
    const result = both(schema, { "x-a_id": 5.5 });
    expect(result.ok ? [] : result.issues.map((issue) => issue.schemaPath)).toEqual([
      "/patternProperties/^x-/type",
      "/patternProperties/_id$/type",
    ]);
    const listed = both(
      { type: "object", properties: { ab: { type: "string" } }, patternProperties: { "^a": { minLength: 3 } } },
      { ab: "xy" },
    );
    expect(listed.ok ? [] : listed.issues.map((issue) => issue.message)).toEqual([
      'ab: must be at least 3 characters long, got "xy"',
    ]);
  });

  it("leaves names a pattern matches to it: additionalProperties covers the rest, and says what is allowed", () => {
    const result = both(schema, { name: "a", other: 1 });
    expect(result.ok ? [] : result.issues.map((issue) => [issue.keyword, issue.message])).toEqual([
      ["additionalProperties", "other: unexpected property; allowed: name, names matching ^x- or _id$"],
    ]);
    const typed = { type: "object", patternProperties: { "^a": true }, additionalProperties: { type: "number" } };
    expect(both(typed, { apple: "x", size: 3 })).toStrictEqual({ ok: true });
    expect(both(typed, { size: "3" }).ok).toBe(false);
  });

  it("searches names with the schema's pattern engines, under the work limit", () => {
    // Every name is a subject: a long one is searched as any string is.
    const long = "x-" + "a".repeat(100_000);
    expect(both(schema, { [long]: 1 })).toStrictEqual({ ok: true });
    expect(both(schema, { [long]: 1.5 }).ok).toBe(false);
  });

  it("is refused by the core profile, and refuses a bad pattern at its place", () => {
    expect(validateSchema(schema)).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      issues: [{ schemaPath: "/patternProperties", keyword: "patternProperties" }],
    });
    const lookahead = validateSchema({ type: "object", patternProperties: { "(?=a)": {} } }, extended);
    expect(lookahead).toMatchObject({ ok: false, issues: [{ schemaPath: "/patternProperties/(?=a)" }] });
    expect(validateSchema({ type: "object", patternProperties: [] }, extended)).toMatchObject({
      ok: false,
      kind: "validation",
      issues: [
        {
          schemaPath: "/patternProperties",
          message: "#/patternProperties: must be an object whose keys are patterns and whose values are schemas",
        },
      ],
    });
  });

  it("lets a $ref point into it", () => {
    const ref = {
      type: "object",
      patternProperties: { "^a": { type: "string" } },
      properties: { b: { $ref: "#/patternProperties/^a" } },
    };
    expect(both(ref, { a: "x", b: "y" })).toStrictEqual({ ok: true });
    expect(both(ref, { b: 1 }).ok).toBe(false);
  });
});

/**
 * Ajv as a second opinion on random objects of properties, patterns and
 * additionalProperties (ownProperties: own properties only, as the JSON
 * input domain says), on both tiers. Names and patterns come from small
 * sets so that they meet often.
 */
describe("patternProperties agrees with Ajv", () => {
  const names = ["a", "b", "ab", "ba", "x-a", "x_id", "😀", "toString", "", "aaa"];
  const patterns = ["^a", "b$", "^x-", "_id$", "^[a-z]+$", "😀", "^$", "a|b", ".", "^(a|b)*$", ""];
  const leaf = fc.oneof(
    fc.boolean(),
    fc.constantFrom(
      { type: "string" },
      { type: "integer" },
      { type: "string", minLength: 2 },
      { type: "string", pattern: "^a" },
      { enum: [1, "a", null] },
      { type: "object", additionalProperties: false },
    ),
  );
  const sub = fc.oneof(
    leaf,
    fc.record(
      {
        type: fc.constant("object"),
        patternProperties: fc.dictionary(fc.constantFrom(...patterns), leaf, { maxKeys: 2 }),
        additionalProperties: leaf,
      },
      { requiredKeys: ["patternProperties"] },
    ),
  );
  const schemas = fc.record(
    {
      type: fc.constant("object"),
      properties: fc.dictionary(fc.constantFrom(...names), sub, { maxKeys: 2 }),
      patternProperties: fc.dictionary(fc.constantFrom(...patterns), sub, { maxKeys: 3 }),
      additionalProperties: sub,
    },
    { requiredKeys: ["type", "patternProperties"] },
  );
  const value = fc.oneof(
    fc.constantFrom("a", "ab", "b", "", 1, 1.5, null, true),
    fc.dictionary(fc.constantFrom(...names), fc.constantFrom("a", 2, "ab"), { maxKeys: 3 }),
  );
  const args = fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 4 });

  it("on random schemas and arguments, cold and hot", () => {
    const ajv = new Ajv2020({ strict: false, ownProperties: true, validateFormats: false });
    fc.assert(
      fc.property(schemas, fc.array(args, { minLength: 1, maxLength: 4 }), (schema, calls) => {
        const reference = ajv.compile(schema);
        const validators = tiers(schema);
        for (const call of calls) {
          const expected = reference(call);
          for (const [tier, validator] of validators)
            expect({ tier, call, ok: validator.validate(call).ok }).toEqual({ tier, call, ok: expected });
        }
      }),
      { seed: testSeed(2929), numRuns: 400 },
    );
  });
});
