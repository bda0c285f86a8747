import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { compile, validate, type Issue, type Result } from "../../../src/index";
import { failure, MAX_ISSUE_TEXT } from "../../../src/explain/failure";
import { frozenCopy, paramsText } from "../../../src/explain/params";
import { HOT_AFTER_CALLS } from "../../../src/validate/validator";

/*
 * An issue's params name what its keyword asked, as Ajv names it: each case
 * is checked against Ajv's own error for the same schema and arguments, on
 * both tiers of the validator (the closures, and the generated explaining
 * pass of a hot one).
 */

const ajv = new Ajv2020({ allErrors: true, strict: false });

/** Ajv's errors for `schema` and `args`, as keyword and params. */
function ajvErrors(schema: object, args: unknown) {
  const check = ajv.compile(schema);
  check(args);
  return (check.errors ?? []).map(({ keyword, params }) => ({ keyword, params }));
}

/** The issues of a failed call, by the closures and by a hot validator's generated code. */
function bothTiers(schema: object, args: unknown): Issue[][] {
  const cold = compile(schema, { profile: "extended" }).validate(args);
  const hot = compile(schema, { profile: "extended" });
  let warm: Result = hot.validate(args);
  for (let i = 0; i <= 2 * HOT_AFTER_CALLS; i++) warm = hot.validate(args);
  return [cold, warm].map((result) => (result.ok ? [] : result.issues));
}

const object = (properties: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...rest,
});

describe("issue params", () => {
  it.each([
    // Ajv places required, additionalProperties and dependentRequired at the
    // object; here the issue is at the property to add or remove.
    ["required", object({}, { required: ["a", "b"] }), { b: 1 }],
    ["additionalProperties", object({ a: {} }, { additionalProperties: false }), { a: 1, z: 2 }],
    ["type, one name", object({ a: { type: "string" } }), { a: 1 }],
    ["type, a list", object({ a: { type: ["string", "null"] } }), { a: 1 }],
    ["enum", object({ a: { enum: [1, "x", { k: [true] }] } }), { a: 2 }],
    ["const", object({ a: { const: { k: [1] } } }), { a: 2 }],
    ["minimum", object({ a: { minimum: 3 } }), { a: 2 }],
    ["maximum", object({ a: { maximum: 3 } }), { a: 4 }],
    ["exclusiveMinimum", object({ a: { exclusiveMinimum: 3 } }), { a: 3 }],
    ["exclusiveMaximum", object({ a: { exclusiveMaximum: 3 } }), { a: 3 }],
    ["multipleOf", object({ a: { multipleOf: 0.5 } }), { a: 0.7 }],
    ["minLength", object({ a: { minLength: 2 } }), { a: "x" }],
    ["maxLength", object({ a: { maxLength: 1 } }), { a: "xy" }],
    ["minItems", object({ a: { minItems: 2 } }), { a: [1] }],
    ["maxItems", object({ a: { maxItems: 1 } }), { a: [1, 2] }],
    ["minProperties", object({ a: { minProperties: 2 } }), { a: {} }],
    ["maxProperties", object({ a: { maxProperties: 0 } }), { a: { b: 1 } }],
    ["pattern", object({ a: { pattern: "^x+$" } }), { a: "y" }],
    ["uniqueItems", object({ a: { uniqueItems: true } }), { a: [1, 2, 1] }],
    ["dependentRequired", object({}, { dependentRequired: { a: ["b", "c"] } }), { a: 1 }],
    ["oneOf, several match", object({ a: { oneOf: [{}, { type: "number" }, { type: "string" }] } }), { a: 1 }],
    ["not", object({ a: { not: { type: "number" } } }), { a: 1 }],
  ])("%s: as Ajv names them, on both tiers", (_name, schema, args) => {
    const expected = ajvErrors(schema, args);
    expect(expected.length).toBeGreaterThan(0);
    for (const issues of bothTiers(schema, args)) {
      expect(issues.map(({ keyword, params }) => ({ keyword, params }))).toEqual(expected);
    }
  });

  it("oneOf and anyOf that no branch matches: Ajv's params, after the problems of the closest branch Ajv lists too", () => {
    const schema = object({ a: { oneOf: [{ type: "string" }, { type: "null" }] }, b: { anyOf: [{ type: "string" }] } });
    for (const issues of bothTiers(schema, { a: 1, b: 1 })) {
      expect(issues.map(({ keyword, params }) => ({ keyword, params }))).toEqual([
        { keyword: "oneOf", params: { passingSchemas: null } },
        { keyword: "anyOf", params: {} },
      ]);
    }
  });

  it("propertyNames: the name refused, and its path is the property's", () => {
    const schema = object({}, { propertyNames: { maxLength: 2 } });
    for (const issues of bothTiers(schema, { abc: 1 })) {
      expect(issues).toEqual([
        {
          kind: "validation",
          instancePath: "/abc",
          path: ["abc"],
          schemaPath: "/propertyNames",
          keyword: "propertyNames",
          params: { propertyName: "abc" },
          message: 'abc: the property name "abc" is not allowed: must be at most 2 characters long, got "abc"',
        },
      ]);
    }
  });

  it("presentRequired: a blank required property is a missing one, with its params", () => {
    expect(validate(object({}, { required: ["city"] }), { city: " " }, { presentRequired: true })).toMatchObject({
      ok: false,
      issues: [{ keyword: "required", path: ["city"], params: { missingProperty: "city" } }],
    });
  });

  it("problems that are not a keyword's: the input domain, the work limit, the time budget, a pattern out of work", () => {
    expect(validate({ type: "object" }, { a: [undefined] })).toMatchObject({
      issues: [{ keyword: "type", path: ["a", 0], params: {} }],
    });
    // 2^30 paths through 31 lists, one list at many places.
    let shared: unknown[] = [1];
    for (let i = 0; i < 30; i++) shared = [shared, shared];
    expect(validate({ type: "object" }, { a: shared })).toMatchObject({
      kind: "execution_failure",
      issues: [{ keyword: "schema", path: [], params: { limit: expect.any(Number) } }],
    });
    // One thread per position of the run (test/unit/compile/composition.test.ts).
    const hostile = object({ v: { type: "string", pattern: "a(?:a|bc){2000}c" } });
    expect(validate(hostile, { v: "a".repeat(10_000) })).toMatchObject({
      kind: "execution_failure",
      issues: [{ keyword: "pattern", path: ["v"], params: { pattern: "a(?:a|bc){2000}c" } }],
    });
  });

  it("a refused schema's issues have none, and no path into the arguments", () => {
    expect(validate(object({ a: { if: {} } }), {})).toMatchObject({
      ok: false,
      issues: [{ keyword: "if", instancePath: "", path: [], params: {} }],
    });
  });
});

describe("params shared with the schema", () => {
  it("are frozen copies: a caller can neither change them for the next caller nor through them change the schema", () => {
    const choices = [{ k: [1] }, "x"];
    const schema = object({ a: { enum: choices } });
    const validator = compile(schema);
    const first = validator.validate({ a: 1 });
    const second = validator.validate({ a: 1 });
    if (first.ok || second.ok) throw new Error("the calls should fail");
    const allowed = first.issues[0].params.allowedValues as unknown[];
    expect(allowed).toEqual(choices);
    expect(allowed).not.toBe(choices);
    expect(
      Object.isFrozen(allowed) && Object.isFrozen(allowed[0]) && Object.isFrozen((allowed[0] as { k: unknown[] }).k),
    ).toBe(true);
    expect(Object.isFrozen(choices)).toBe(false);
    // Each issue's params object is its own, so it may be changed freely.
    first.issues[0].params.note = "mine";
    expect(second.issues[0].params).toEqual({ allowedValues: choices });
  });

  it("copy a __proto__ key as data", () => {
    const copy = frozenCopy(JSON.parse('{"__proto__": {"x": 1}}')) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });

  it("count toward the bound on a failure's text: an enum of a megabyte is quoted by one issue, not by 100", () => {
    const big = Array.from({ length: 20_000 }, (_, i) => `choice-${i}-${"x".repeat(50)}`);
    const result = validate(object({ list: { type: "array", items: { enum: big } } }), { list: Array(100).fill(0) });
    expect(paramsText({ allowedValues: frozenCopy(big) })).toBeGreaterThan(MAX_ISSUE_TEXT);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/\(and 99 more problems\)$/) });
    expect((result as { issues: unknown[] }).issues).toHaveLength(1);
  });

  it("and the place counts twice: as a pointer and as a path", () => {
    const half = (MAX_ISSUE_TEXT - 10) / 4;
    const issue = (name: string): Issue => ({
      kind: "validation",
      instancePath: `/${name}`,
      path: [name],
      schemaPath: "",
      keyword: "k",
      params: {},
      message: "",
    });
    expect(failure([issue("a".repeat(half)), issue("b".repeat(half))]).issues).toHaveLength(2);
    expect(failure([issue("a".repeat(half)), issue("b".repeat(half + 10))]).issues).toHaveLength(1);
  });
});
