import { describe, expect, it } from "vitest";
import { compile, patternEngine, validate, violation } from "../../../src/index";
import { Random } from "../../support/random";

const wrap = (v: unknown) => ({ type: "object", properties: { v } });

describe("oneOf, anyOf, not", () => {
  const edit = wrap({
    type: "object",
    properties: { path: { type: "string" } },
    required: ["path"],
    oneOf: [
      {
        properties: { old_string: { type: "string" }, new_string: { type: "string" } },
        required: ["old_string", "new_string"],
      },
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
      message:
        "invalid arguments: v: matches more than one of the allowed forms (forms 1, 2); it must match exactly one",
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
    expect(violation(schema, { v: 5 })).toBe("invalid arguments: v: expected a string or a list, got a number (5)");
    expect(violation(schema, { v: [1] })).toBe(
      "invalid arguments: v: does not match any of the 2 allowed forms; closest (form 2): v[0]: expected a string, got a number (1)",
    );
    expect(validate(schema, { v: ["a"] }).ok).toBe(true);
  });

  it("shows the value where no branch takes its type, as a plain type failure does", () => {
    const optional = wrap({ anyOf: [{ type: "integer" }, { type: "null" }] });
    const plain = wrap({ type: ["integer", "null"] });
    expect(violation(optional, { v: "3" })).toBe(
      'invalid arguments: v: expected an integer or null, got a string ("3")',
    );
    expect(violation(optional, { v: "3" })).toBe(violation(plain, { v: "3" }));
    expect(violation(wrap({ oneOf: [{ type: "integer" }, { type: "null" }] }), { v: true })).toBe(
      "invalid arguments: v: expected an integer or null, got a boolean (true)",
    );
    // Lists and objects are named by shape only, by both.
    expect(violation(optional, { v: [3] })).toBe("invalid arguments: v: expected an integer or null, got a list");
    expect(violation(optional, { v: [3] })).toBe(violation(plain, { v: [3] }));
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
  /** A seeded string of `length` picks from `alphabet` (characters, or longer pieces). */
  function randomString(length: number, alphabet: string | readonly string[], seed: number): string {
    const random = new Random(seed);
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[random.int(0, alphabet.length - 1)];
    return out;
  }

  // Patterns whose DFA needs a new state at nearly every character of these
  // subjects, each state costing tens to hundreds of units or more: each
  // runs out of the work limit (about 2.2 to 3.7 million units for 10,000
  // to 100,000 characters) before the end of its subject, whatever the
  // machine. V8 would answer
  // them, but the point is that no pattern can make the engine work without
  // bound.
  const cases: [string, string][] = [
    // 2^201 states: which of the last 201 tokens were an a (alternatives of
    // one character each would be one set, and [ab]{200} a counted run).
    ["(?:a|bb)*a(?:a|bb){200}c", randomString(10_000, ["a", "bb"], 1)],
    // A count shorter than a counted run (native/program.h): a state per set of a positions in the last 63 characters.
    ["[ab]*a[ab]{63}c", randomString(100_000, "ab", 2)],
    // A count of more than one set inside the pattern keeps a thread per a that reached it: states of 1 to 2,000 threads.
    ["a(?:a|bc){2000}c", "a".repeat(20_000)],
  ];
  const [pattern, hostile] = cases[0];

  it("has a fixed, documented work limit", () => {
    expect(patternEngine).toMatchObject({
      baseWork: 2 ** 21,
      workPerUnit: 16,
      maxWork: 2 ** 22,
      readsPerUnit: 4,
      K: 64,
    });
    expect(Object.isFrozen(patternEngine)).toBe(true);
  });

  it.each(cases)("%s on its hostile string fails with execution_failure", (pattern, subject) => {
    expect(validate(wrap({ type: "string", pattern }), { v: subject })).toEqual({
      ok: false,
      kind: "execution_failure",
      message: `could not check the arguments: v: checking the pattern ${pattern} took more than the regex engine's work limit; send a shorter or simpler value`,
      issues: [
        {
          kind: "execution_failure",
          instancePath: "/v",
          path: ["v"],
          schemaPath: "/properties/v/pattern",
          keyword: "pattern",
          params: { pattern },
          message: `v: checking the pattern ${pattern} took more than the regex engine's work limit; send a shorter or simpler value`,
        },
      ],
    });
  });

  it.each(cases)("%s answers shorter strings of the same kind", (pattern, subject) => {
    expect(validate(wrap({ type: "string", pattern }), { v: subject.slice(0, 500) })).toMatchObject({
      ok: false,
      kind: "validation",
    });
  });

  it.each([
    ["not", { not: { pattern } }],
    ["oneOf", { oneOf: [{ pattern }, { type: "number" }] }],
    ["anyOf", { anyOf: [{ pattern: cases[1][0] }, { type: "number" }] }],
    ["a nested not inside oneOf", { oneOf: [{ type: "number" }, { not: { not: { pattern } } }] }],
  ])("propagates through %s and is never read as a mismatch", (name, schema) => {
    const subject = name === "anyOf" ? cases[1][1] : hostile;
    const result = validate(wrap(schema), { v: subject });
    expect(result).toMatchObject({
      ok: false,
      kind: "execution_failure",
      issues: [{ kind: "execution_failure", instancePath: "/v", keyword: "pattern" }],
    });
  });

  it("points at the string that exhausted the engine, deep in the arguments", () => {
    const schema = wrap({ type: "array", items: { type: "object", properties: { q: { pattern } } } });
    expect(validate(schema, { v: [{ q: "aa" }, { q: hostile }] })).toMatchObject({
      kind: "execution_failure",
      issues: [{ instancePath: "/v/1/q", schemaPath: "/properties/v/items/properties/q/pattern" }],
    });
  });

  it("answers long scans that PCRE2 had to cut off, and lets linear scans finish", () => {
    // PCRE2 tried each start position again: seconds for 100,000 characters.
    // The DFA reads each character once.
    for (const pattern of ["[a-z]*0", "a*b", "a{0,500}a{0,500}a{0,500}c"]) {
      expect(validate(wrap({ type: "string", pattern }), { v: "a".repeat(100_000) })).toMatchObject({
        ok: false,
        kind: "validation",
      });
    }
    expect(validate(wrap({ type: "string", pattern: "[a-z]*0" }), { v: `${"a".repeat(100_000)}0` })).toEqual({
      ok: true,
    });
    expect(validate(wrap({ type: "string", pattern: "foo" }), { v: `${"x".repeat(1_000_000)}foo` })).toEqual({
      ok: true,
    });
    expect(validate(wrap({ type: "string", pattern: "b" }), { v: "a".repeat(1_000_000) })).toMatchObject({
      ok: false,
      kind: "validation",
    });
  });

  it("outranks validation problems in the same call", () => {
    const schema = { type: "object", properties: { n: { type: "integer" }, s: { pattern } } };
    expect(validate(schema, { n: "x", s: hostile })).toMatchObject({ ok: false, kind: "execution_failure" });
  });
});

describe("the closest branch", () => {
  // `big` is met many times through a chain of allOf and $ref, so it is
  // decided once and remembered; a oneOf branch that refers to it must be
  // judged as if it ran again, whatever ran before it.
  const required = (prefix: string) => ({
    type: "object",
    required: Array.from({ length: 12 }, (_, i) => `${prefix}${i}`),
  });
  const defs: Record<string, unknown> = { big: required("a"), other: required("b") };
  for (let i = 0; i < 9; i++) {
    const next = i === 8 ? "#/$defs/big" : `#/$defs/d${i + 1}`;
    defs[`d${i}`] = { allOf: [{ $ref: next }, { $ref: next }] };
  }
  const oneOf = { oneOf: [{ $ref: "#/$defs/big" }, { $ref: "#/$defs/other" }] };
  const message = (v: unknown) => {
    const result = compile({ type: "object", $defs: defs, properties: { v } }, { profile: "extended" }).validate({
      v: {},
    });
    return result.ok ? null : result.issues.find((issue) => issue.keyword === "oneOf")?.message;
  };

  it("does not depend on whether a shared target was decided before", () => {
    const expected =
      "v: does not match any of the 2 allowed forms; closest (form 1): v.a0: missing (required); v.a1: missing (required); v.a2: missing (required)";
    expect([
      message(oneOf),
      message({ allOf: [oneOf, { $ref: "#/$defs/d0" }] }),
      message({ allOf: [{ $ref: "#/$defs/d0" }, oneOf] }),
    ]).toEqual([expected, expected, expected]);
  });
});
