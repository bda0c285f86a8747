import { describe, expect, it } from "vitest";
import { patternEngine, validate, violation } from "../src/index";

const wrap = (v: unknown) => ({ type: "object", properties: { v } });

describe("oneOf, anyOf, not", () => {
  const edit = wrap({
    type: "object",
    properties: { path: { type: "string" } },
    required: ["path"],
    oneOf: [
      { properties: { old_string: { type: "string" }, new_string: { type: "string" } }, required: ["old_string", "new_string"] },
      { properties: { content: { type: "string" } }, required: ["content"] },
    ],
  });

  it("requires the siblings and exactly one branch", () => {
    expect(validate(edit, { v: { path: "a", content: "x" } }).ok).toBe(true);
    expect(validate(edit, { v: { path: "a", old_string: "x", new_string: "y" } }).ok).toBe(true);
    expect(violation(edit, { v: { content: "x" } })).toBe("invalid arguments: v.path: missing (required)");
    expect(validate(edit, { v: { path: "a", content: "x", old_string: "x", new_string: "y" } })).toMatchObject({
      ok: false,
      kind: "validation",
      message: "invalid arguments: v: matches more than one of the allowed forms (forms 1, 2); it must match exactly one",
      issues: [{ instancePath: "/v", schemaPath: "/properties/v/oneOf", keyword: "oneOf" }],
    });
  });

  it("names the closest branch and its problems when none matches", () => {
    expect(violation(edit, { v: { path: "a", old_string: "x" } })).toBe(
      "invalid arguments: v: does not match any of the 2 allowed forms; closest (form 1): v.new_string: missing (required)",
    );
    expect(violation(edit, { v: { path: "a", old_string: "x" } })).not.toContain("form 2");
  });

  it("says which shapes are accepted when the value fits none", () => {
    const schema = wrap({ anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] });
    expect(violation(schema, { v: 5 })).toBe("invalid arguments: v: expected a string or a list, got a number");
    expect(violation(schema, { v: [1] })).toBe("invalid arguments: v: does not match any of the 2 allowed forms; closest (form 2): v[0]: expected a string, got a number (1)");
    expect(validate(schema, { v: ["a"] }).ok).toBe(true);
  });

  it("leaves non-objects alone in a required-only branch", () => {
    const schema = wrap({ oneOf: [{ required: ["a"] }, { type: "string" }] });
    expect(validate(schema, { v: { a: 1 } }).ok).toBe(true);
    expect(validate(schema, { v: "x" }).ok).toBe(false); // a string matches both branches
    expect(validate(schema, { v: 1 }).ok).toBe(true); // only the required-only branch applies
  });

  it("not rejects what its schema accepts", () => {
    const schema = wrap({ not: { type: "null" } });
    expect(validate(schema, { v: 1 }).ok).toBe(true);
    expect(validate(schema, { v: null })).toMatchObject({
      ok: false,
      message: "invalid arguments: v: matches a form that is not allowed here",
      issues: [{ keyword: "not", schemaPath: "/properties/v/not", instancePath: "/v" }],
    });
  });
});

describe("execution_failure", () => {
  const hostile = "a".repeat(40) + "!";
  const patterns = ["^(a+)+$", "^(a|aa)+$", "^([a-z]+ ?)*$"];

  it("has a fixed, documented work limit", () => {
    expect(patternEngine.matchLimit).toBe(1_000_000);
    expect(Object.isFrozen(patternEngine)).toBe(true);
  });

  it.each(patterns)("%s on 40 repeated characters fails with execution_failure", (pattern) => {
    expect(validate(wrap({ type: "string", pattern }), { v: hostile })).toEqual({
      ok: false,
      kind: "execution_failure",
      message: `could not check the arguments: v: checking the pattern ${pattern} took more than the regex engine's work limit; send a shorter or simpler value`,
      issues: [
        {
          kind: "execution_failure",
          instancePath: "/v",
          schemaPath: "/properties/v/pattern",
          keyword: "pattern",
          message: `v: checking the pattern ${pattern} took more than the regex engine's work limit; send a shorter or simpler value`,
        },
      ],
    });
  });

  it.each([
    ["not", { not: { pattern: "^(a+)+$" } }],
    ["oneOf", { oneOf: [{ pattern: "^(a+)+$" }, { type: "number" }] }],
    ["anyOf", { anyOf: [{ pattern: "^(a|aa)+$" }, { type: "number" }] }],
    ["a nested not inside oneOf", { oneOf: [{ type: "number" }, { not: { not: { pattern: "^([a-z]+ ?)*$" } } }] }],
  ])("propagates through %s and is never read as a mismatch", (_name, schema) => {
    const result = validate(wrap(schema), { v: hostile });
    expect(result).toMatchObject({ ok: false, kind: "execution_failure", issues: [{ kind: "execution_failure", instancePath: "/v", keyword: "pattern" }] });
  });

  it("points at the string that exhausted the engine, deep in the arguments", () => {
    const schema = wrap({ type: "array", items: { type: "object", properties: { q: { pattern: "^(a+)+$" } } } });
    expect(validate(schema, { v: [{ q: "aa" }, { q: hostile }] })).toMatchObject({
      kind: "execution_failure",
      issues: [{ instancePath: "/v/1/q", schemaPath: "/properties/v/items/properties/q/pattern" }],
    });
  });

  it("also ends a long scan that backtracking does not count, and lets linear scans finish", () => {
    // PCRE2's match limit counts backtracking, not characters read: these
    // would take seconds at every start position of 100,000 characters.
    for (const pattern of ["[a-z]*0", "a*b", "(a{1000}){1000}"]) {
      expect(validate(wrap({ type: "string", pattern }), { v: "a".repeat(100_000) })).toMatchObject({ ok: false, kind: "execution_failure" });
    }
    expect(validate(wrap({ type: "string", pattern: "[a-z]*0" }), { v: "a".repeat(4_000) })).toMatchObject({ ok: false, kind: "validation" });
    expect(validate(wrap({ type: "string", pattern: "foo" }), { v: `${"x".repeat(1_000_000)}foo` })).toEqual({ ok: true });
    expect(validate(wrap({ type: "string", pattern: "b" }), { v: "a".repeat(1_000_000) })).toMatchObject({ ok: false, kind: "validation" });
  });

  it("outranks validation problems in the same call", () => {
    const schema = { type: "object", properties: { n: { type: "integer" }, s: { pattern: "^(a+)+$" } } };
    expect(validate(schema, { n: "x", s: hostile })).toMatchObject({ ok: false, kind: "execution_failure" });
  });
});
