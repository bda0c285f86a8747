import { execFileSync } from "child_process";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_CHAIN } from "../../src/compile/bounds";
import { compile, validate, validateSchema, type Validator } from "../../src/index";
import {
  compilePattern,
  compileUnits,
  NO_PROOF_ROOM,
  NO_ROOM,
  PATTERN_COMPILE_UNITS,
  SchemaPatterns,
  SOURCE_BYTE_UNITS,
  MAX_SCHEMA_PROOF_WORK,
  MAX_SCHEMA_COMPILE_UNITS,
  SUBSCHEMA_COMPILE_UNITS,
  KEYWORD_COMPILE_UNITS,
  VALUE_COMPILE_UNITS,
} from "../../src/pattern/compile-pattern";
import { PATTERN_OBJECT_BYTES, type CompiledPattern } from "../../src/pattern/native";
import { PatternError } from "../../src/pattern/syntax";
import { HOT_AFTER_CALLS } from "../../src/validate/validator";
import { heapBytes, MiB } from "../support/memory";
import { MAX_ISSUES } from "../../src/explain/failure";

/**
 * Schemas built to make validation or compilation exponential, deep or
 * unbounded, and the fail-open paths of shared targets and inherited
 * properties. Each case has its exact answer; time is never asserted.
 */
const extended = { profile: "extended" } as const;

/** Both tiers of a validator: the closures, and the generated code once it is hot. */
function bothTiers(schema: unknown, options: { profile: "core" | "extended" } = extended): [string, Validator][] {
  const hot = compile(schema, options);
  for (let i = 0; i < HOT_AFTER_CALLS; i++) hot.validate({});
  return [
    ["closures", compile(schema, options)],
    ["generated", hot],
  ];
}

/** `d_i: allOf [$ref d_i+1, $ref d_i+1]`: 2^levels paths to the last definition. */
function doubling(levels: number): unknown {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++)
    $defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  $defs[`d${levels}`] = { type: "object", properties: { a: { type: "string" } } };
  return { type: "object", $defs, properties: { x: { $ref: "#/$defs/d0" } } };
}

describe("a $ref target shared by many paths", () => {
  it.each([5, 20, 24, 30])("is decided once per value at %i levels of doubling", (levels) => {
    for (const [, validator] of bothTiers(doubling(levels))) {
      expect(validator.validate({ x: { a: "ok" } })).toStrictEqual({ ok: true });
      expect(validator.validate({ x: { a: 1 } })).toStrictEqual({
        ok: false,
        kind: "validation",
        message: "invalid arguments: x.a: expected a string, got a number (1)",
        issues: [
          {
            kind: "validation",
            instancePath: "/x/a",
            path: ["x", "a"],
            schemaPath: `/$defs/d${levels}/properties/a/type`,
            keyword: "type",
            params: { type: "string" },
            message: "x.a: expected a string, got a number (1)",
          },
        ],
      });
    }
  });

  it("reports its problems to each composition branch that meets it", () => {
    const schema = {
      type: "object",
      $defs: { name: { type: "string", minLength: 2 } },
      properties: { x: { allOf: [{ $ref: "#/$defs/name" }], anyOf: [{ $ref: "#/$defs/name" }, { type: "null" }] } },
    };
    for (const [, validator] of bothTiers(schema)) {
      expect(validator.validate({ x: "a" })).toMatchObject({
        ok: false,
        message:
          'invalid arguments: x: must be at least 2 characters long, got "a"; x: does not match any of the 2 allowed forms; closest (form 1): must be at least 2 characters long, got "a"',
      });
    }
  });

  it("searches the types of shared branches once when compiling", () => {
    // 8 levels of anyOf with 60 $refs each: 60^8 paths for a search without memory.
    const $defs: Record<string, unknown> = {};
    for (let l = 0; l < 8; l++)
      $defs[`l${l}`] = { anyOf: Array.from({ length: 60 }, () => ({ $ref: `#/$defs/l${l + 1}` })) };
    $defs.l8 = { type: "string" };
    const schema = { type: "object", $defs, properties: { x: { $ref: "#/$defs/l0" } } };
    expect(validateSchema(schema, extended)).toStrictEqual({ ok: true });
    expect(validate(schema, { x: 1 }, extended)).toMatchObject({
      ok: false,
      message: "invalid arguments: x: expected a string, got a number (1)",
    });
  });
});

describe("chains of $ref and composition", () => {
  function chain(length: number): unknown {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < length; i++) $defs[`c${i}`] = { $ref: `#/$defs/c${i + 1}` };
    $defs[`c${length}`] = { type: "string" };
    return { type: "object", $defs, properties: { x: { $ref: "#/$defs/c0" } } };
  }

  it(`are accepted up to ${MAX_CHAIN} steps`, () => {
    // properties/x → c0 → … → c63: 64 steps.
    for (const [, validator] of bothTiers(chain(MAX_CHAIN - 1))) {
      expect(validator.validate({ x: "s" })).toStrictEqual({ ok: true });
      expect(validator.validate({ x: 1 })).toMatchObject({ ok: false, kind: "validation" });
    }
  });

  it("are refused at preflight beyond that, however long", () => {
    expect(validateSchema(chain(MAX_CHAIN), extended)).toStrictEqual({
      ok: false,
      kind: "validation",
      message: `invalid schema: #/properties/x: a chain of $ref and composition longer than ${MAX_CHAIN} steps starts here`,
      issues: [
        {
          kind: "validation",
          instancePath: "",
          path: [],
          schemaPath: "/properties/x",
          keyword: "$ref",
          params: {},
          message: `#/properties/x: a chain of $ref and composition longer than ${MAX_CHAIN} steps starts here`,
        },
      ],
    });
    const result = validateSchema(chain(8_500), extended);
    expect(result).toMatchObject({ ok: false, kind: "validation" });
    expect(result.ok || result.issues.every((issue) => issue.message.includes(`longer than ${MAX_CHAIN} steps`))).toBe(
      true,
    );
    expect(validate(chain(8_500), { x: "s" }, extended)).toMatchObject({ ok: false, kind: "validation" });
  });
});

describe("recursion through chains of $ref", () => {
  /** A node whose child comes back to it through `hops` steps of allOf and $ref. */
  function recursive(hops: number): unknown {
    const $defs: Record<string, unknown> = { node: { type: "object", properties: { c: { $ref: "#/$defs/c0" } } } };
    const levels = hops / 2;
    for (let i = 0; i < levels; i++)
      $defs[`c${i}`] = { allOf: [{ $ref: i + 1 < levels ? `#/$defs/c${i + 1}` : "#/$defs/node" }] };
    return { type: "object", $defs, properties: { root: { $ref: "#/$defs/node" } } };
  }
  const nested = (levels: number, leaf: unknown) => {
    let value = leaf;
    for (let i = 0; i < levels; i++) value = { c: value };
    return value;
  };

  it("checks arguments at the depth bound through cycles of 16 steps", () => {
    for (const [tier, validator] of bothTiers(recursive(16))) {
      expect([tier, validator.validate({ root: nested(254, {}) })]).toStrictEqual([tier, { ok: true }]);
      expect([tier, validator.validate({ root: nested(254, 5) })]).toMatchObject([
        tier,
        { ok: false, kind: "validation", message: expect.stringContaining("expected an object, got a number (5)") },
      ]);
    }
  });

  it("fails cleanly when the process has less stack than that needs", () => {
    const script = `
      const { compile } = require(${JSON.stringify(require.resolve("../../lib/index.js"))});
      const validator = compile(${JSON.stringify(recursive(16))}, { profile: "extended" });
      let value = {};
      for (let i = 0; i < 254; i++) value = { c: value };
      process.stdout.write(JSON.stringify(validator.validate({ root: value })));
    `;
    const output = execFileSync(process.execPath, ["--stack-size=150", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(output)).toStrictEqual({
      ok: false,
      kind: "execution_failure",
      message:
        "could not check the arguments: arguments: checking them took more nested calls than the JavaScript stack allows; send arguments that nest less deeply",
      issues: [
        {
          kind: "execution_failure",
          instancePath: "",
          path: [],
          schemaPath: "",
          keyword: "$ref",
          params: {},
          message:
            "arguments: checking them took more nested calls than the JavaScript stack allows; send arguments that nest less deeply",
        },
      ],
    });
  });
});

describe("many problems", () => {
  it(`keep at most ${MAX_ISSUES} issues and count the rest exactly`, () => {
    const schema = { type: "object", properties: { list: { type: "array", items: { type: "string" } } } };
    for (const [, validator] of bothTiers(schema, { profile: "core" })) {
      const result = validator.validate({ list: Array.from({ length: 100_000 }, (_, i) => i) });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.issues).toHaveLength(MAX_ISSUES);
      expect(result.issues[99]).toStrictEqual({
        kind: "validation",
        instancePath: "/list/99",
        path: ["list", 99],
        schemaPath: "/properties/list/items/type",
        keyword: "type",
        params: { type: "string" },
        message: "list[99]: expected a string, got a number (99)",
      });
      expect(result.message).toBe(
        "invalid arguments: list[0]: expected a string, got a number (0); list[1]: expected a string, got a number (1); list[2]: expected a string, got a number (2); " +
          "list[3]: expected a string, got a number (3); list[4]: expected a string, got a number (4) (and 99995 more problems)",
      );
    }
  });

  it("inside a composition branch, which counts its problems up to 10 to find the closest", () => {
    const branches = [
      { type: "array", items: { type: "string" } },
      { type: "array", prefixItems: Array(30).fill({ type: "boolean" }), items: { type: "number" } },
    ];
    const schema = { type: "object", properties: { v: { anyOf: branches } } };
    // 150 problems against 120: both have more than 10, so they tie and the first is the closest.
    expect(validate(schema, { v: Array.from({ length: 150 }, () => true) }, extended)).toMatchObject({
      ok: false,
      message:
        "invalid arguments: v: does not match any of the 2 allowed forms; closest (form 1): v[0]: expected a string, got a boolean (true); v[1]: expected a string, got a boolean (true); v[2]: expected a string, got a boolean (true)",
    });
    // 35 problems against 5: the second is closer.
    expect(validate(schema, { v: Array.from({ length: 35 }, () => true) }, extended)).toMatchObject({
      ok: false,
      message:
        "invalid arguments: v: does not match any of the 2 allowed forms; closest (form 2): v[30]: expected a number, got a boolean (true); v[31]: expected a number, got a boolean (true); v[32]: expected a number, got a boolean (true)",
    });
  });

  it("keep memory flat for a million wrong items", () => {
    const schema = { type: "object", properties: { list: { type: "array", items: { type: "string" } } } };
    const validator = compile(schema);
    const list = Array.from({ length: 1_000_000 }, () => 1);
    const before = heapBytes();
    const result = validator.validate({ list });
    expect(heapBytes() - before).toBeLessThan(4 * MiB);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/\(and 999995 more problems\)$/) });
  });

  it("in a schema keep the same bound", () => {
    const properties = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, { const: 1 }]));
    const result = validateSchema({ type: "object", properties });
    expect(result).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      message: expect.stringMatching(
        /p4\/const: keyword "const" is not supported \(profile: "extended" supports it\) \(and 495 more problems\)$/,
      ),
    });
    expect(result.ok || result.issues.length).toBe(MAX_ISSUES);
  });
});

describe("fail-open paths stay closed", () => {
  it("a $ref to a false schema rejects every value, through either spelling", () => {
    for (const key of ["additionalProperties", "additional_properties"]) {
      const schema = { type: "object", [key]: false, properties: { x: { $ref: `#/${key}` } } };
      for (const [tier, validator] of bothTiers(schema)) {
        expect([tier, validator.validate({ x: 1 })]).toStrictEqual([
          tier,
          {
            ok: false,
            kind: "validation",
            message: "invalid arguments: x: no value is allowed here",
            issues: [
              {
                kind: "validation",
                instancePath: "/x",
                path: ["x"],
                schemaPath: `/${key}`,
                keyword: "false",
                params: {},
                message: "x: no value is allowed here",
              },
            ],
          },
        ]);
        expect(validator.validate({})).toStrictEqual({ ok: true });
      }
    }
  });

  describe("a required name added to Object.prototype after compiling", () => {
    afterEach(() => {
      delete (Object.prototype as Record<string, unknown>).isAdmin;
    });

    it("is still missing from arguments that do not own it", () => {
      const schema = { type: "object", required: ["isAdmin"], properties: { isAdmin: { type: "boolean" } } };
      const tiers = bothTiers(schema, { profile: "core" });
      (Object.prototype as Record<string, unknown>).isAdmin = true;
      for (const [tier, validator] of tiers) {
        expect([tier, validator.validate({})]).toMatchObject([
          tier,
          { ok: false, message: "invalid arguments: isAdmin: missing (required)" },
        ]);
        expect([tier, validator.validate({ isAdmin: false })]).toStrictEqual([tier, { ok: true }]);
      }
      expect(validate({ type: "object", required: ["isAdmin"] }, {})).toMatchObject({
        ok: false,
        message: "invalid arguments: isAdmin: missing (required)",
      });
    });
  });

  it("arguments nested past 256 levels fail on a hot validator too", () => {
    const schema = { type: "object", properties: { a: { type: "object", properties: { b: {} } } } };
    const nest = (levels: number) => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    for (const [tier, validator] of bothTiers(schema, { profile: "core" })) {
      expect([tier, validator.validate({ a: { b: nest(254) } })]).toStrictEqual([tier, { ok: true }]);
      expect([tier, validator.validate({ a: { b: nest(255) } })]).toMatchObject([
        tier,
        { ok: false, kind: "validation", message: expect.stringContaining("nests deeper than 256 levels") },
      ]);
    }
  });
});

describe("the patterns of one schema", () => {
  it("are refused once compiling the schema would cost more than 1,000,000 units, and the compile stops there", () => {
    // Each a{0,n}b writes out about 2n instructions, and costs 512 and 2 a byte more: nine of them fit in the schema's share.
    const properties = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`p${i}`, { type: "string", pattern: `a{0,${49_990 - i}}b` }]),
    );
    const result = validateSchema({ type: "object", properties });
    expect(result).toMatchObject({ ok: false, kind: "unsupported_capability" });
    if (result.ok) return;
    expect(result.issues[0]).toStrictEqual({
      kind: "unsupported_capability",
      instancePath: "",
      path: [],
      schemaPath: "/properties/p9/pattern",
      keyword: "pattern",
      params: {},
      message: `#/properties/p9/pattern: ${NO_ROOM}`,
    });
    expect(NO_ROOM).toBe(
      "compiling the schema would cost more than 1000000 units (a subschema 48 and 64 a keyword; a value of its lists and choices 4; a pattern an instruction written out, 800 more and 2 a byte of its source)",
    );
    // The pattern that did not fit spent the share: the next subschema stops the compile.
    expect(result.issues.map((issue) => issue.schemaPath)).toStrictEqual(["/properties/p9/pattern", ""]);
    expect(result.issues[1].message).toBe(`#: ${NO_ROOM}`);
    // A pattern refused for want of room in that schema (p190's) is not refused in another.
    expect(
      validateSchema({ type: "object", properties: { q: { type: "string", pattern: "a{0,49800}b" } } }),
    ).toStrictEqual({ ok: true });
  });

  it("count each pattern's own cost: 3,000 patterns of a few bytes are refused at the 994th, and compiling stops", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 3000 }, (_, i) => [`p${i}`, { type: "string", pattern: `^(?:a|b${i})` }]),
    );
    const result = validateSchema({ type: "object", properties });
    expect(result).toMatchObject({ ok: false, kind: "unsupported_capability" });
    expect(!result.ok && result.issues.map((issue) => issue.schemaPath)).toStrictEqual([
      "/properties/p993/pattern",
      "",
    ]);
    // The same pattern at many places is compiled, and charged, once.
    const repeated = Object.fromEntries(
      Array.from({ length: 3000 }, (_, i) => [`p${i}`, { type: "string", pattern: "^(?:a|b)" }]),
    );
    expect(validateSchema({ type: "object", properties: repeated })).toStrictEqual({ ok: true });
  });

  it("share the schema's compile share with its subschemas, their keywords and its values, each charged before it is compiled", () => {
    const share = new SchemaPatterns("core");
    expect(share.spend(MAX_SCHEMA_COMPILE_UNITS)).toBe(true);
    expect(share.spend(1)).toBe(false);
    // A subschema and its one keyword cost 48 + 64 units, and 4 more as an item of allOf's list: 8,618 fit beside the root's, the next stops the compile.
    const fits = (count: number) => ({
      type: "object",
      properties: { s: { allOf: Array.from({ length: count }, () => ({ type: "string" })) } },
    });
    const most = Math.floor(
      (MAX_SCHEMA_COMPILE_UNITS - 2 * SUBSCHEMA_COMPILE_UNITS - 3 * KEYWORD_COMPILE_UNITS) /
        (SUBSCHEMA_COMPILE_UNITS + KEYWORD_COMPILE_UNITS + VALUE_COMPILE_UNITS),
    );
    expect(most).toBe(8_618);
    expect(validateSchema(fits(most), extended)).toStrictEqual({ ok: true });
    expect(validateSchema(fits(most + 1), extended)).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      issues: [{ schemaPath: "", message: `#: ${NO_ROOM}` }],
    });
    // A value of a list costs 4: an enum of 250,000 choices does not fit, one of 240,000 does.
    const choices = (count: number) => ({
      type: "object",
      properties: { e: { enum: Array.from({ length: count }, (_, i) => i) } },
    });
    expect(validateSchema(choices(240_000))).toStrictEqual({ ok: true });
    expect(validateSchema(choices(250_000))).toMatchObject({ ok: false, issues: [{ message: `#: ${NO_ROOM}` }] });
  });

  it("charge a cached pattern what compiling it costs, and count the memory it holds", () => {
    const share = new SchemaPatterns("extended");
    const pattern = "^(?:a|b)[\\u0100\\u0300\\u0500]+$";
    const compiled = share.compile(pattern) as CompiledPattern;
    expect(share.charged).toStrictEqual({
      units: compileUnits(pattern, compiled.size),
      bytes: compiled.bytes,
      proofWork: compiled.proofWork,
    });
    expect(compiled.bytes).toBeGreaterThan(PATTERN_OBJECT_BYTES);
    expect(compileUnits(pattern, compiled.size)).toBe(
      compiled.size + PATTERN_COMPILE_UNITS + SOURCE_BYTE_UNITS * Buffer.byteLength(pattern),
    );
  });
});

describe("the compile share on a shape among those that cost the most CPU a unit", () => {
  // An object root whose anyOf reaches an object branch through a $ref for
  // each of its forms (bench/compile-share.mjs, defs-anyOf-refs): 3
  // subschemas, 5 keywords and 2 values a branch, 472 units.
  const forms = (count: number) => ({
    type: "object",
    anyOf: Array.from({ length: count }, (_, i) => ({ $ref: `#/$defs/d${i}` })),
    $defs: Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        `d${i}`,
        { type: "object", properties: { [`k${i}`]: { const: i } }, required: [`k${i}`] },
      ]),
    ),
  });

  it("refuses one branch past the share at preflight", () => {
    expect(validateSchema(forms(2_119), extended)).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      issues: [{ schemaPath: "", message: `#: ${NO_ROOM}` }],
    });
  });

  it("compiles the most it holds, which answers every form", () => {
    const validator = compile(forms(2_118), extended);
    expect(validator.validate({ k0: 0 })).toStrictEqual({ ok: true });
    expect(validator.validate({ k2117: 2117 })).toStrictEqual({ ok: true });
    expect(validator.validate({ k0: 1 })).toMatchObject({
      ok: false,
      kind: "validation",
      message:
        "invalid arguments: arguments: does not match any of the 2118 allowed forms; closest (form 1): k0: must be 0, got 1",
    });
  });
});

describe("the compile share on dependentRequired's rules", () => {
  // Each entry is a rule the keyword builds (a keyword's 64 units), besides
  // its two names (4 units each): uncharged, 125,000 entries compiled in
  // 0.5 s of CPU.
  const rules = (count: number) => ({
    type: "object",
    dependentRequired: Object.fromEntries(Array.from({ length: count }, (_, i) => [`a${i}`, [`b${i}`, `c${i}`]])),
  });

  it("refuses one rule past the share at preflight", () => {
    expect(validateSchema(rules(13_887), extended)).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      issues: [{ schemaPath: "", message: `#: ${NO_ROOM}` }],
    });
  });

  it("compiles the most it holds, and answers its last rule", () => {
    const validator = compile(rules(13_886), extended);
    expect(validator.validate({ a13885: 1, b13885: 1, c13885: 1 })).toStrictEqual({ ok: true });
    expect(validator.validate({ a13885: 1, b13885: 1 })).toMatchObject({
      ok: false,
      kind: "validation",
      message: "invalid arguments: c13885: missing (required when a13885 is present)",
    });
  });
});

describe("the proofs of one schema's patterns", () => {
  function compiledAlone(pattern: string): CompiledPattern {
    const compiled = compilePattern(pattern);
    if (compiled instanceof PatternError) throw new Error(compiled.message);
    return compiled;
  }

  function withPatterns(patterns: readonly string[]): unknown {
    return {
      type: "object",
      properties: Object.fromEntries(patterns.map((pattern, i) => [`p${i}`, { type: "string", pattern }])),
    };
  }

  // Each takes 304,336 units or more to find it is not linear: the share holds thirteen.
  const dear = Array.from({ length: 15 }, (_, i) => `^(?:a|b|cd)*a(?:a|b|cd){20}c${i}$`);

  it(`cost at most ${MAX_SCHEMA_PROOF_WORK} units together; past that the schema is refused`, () => {
    const share = new SchemaPatterns("core");
    const compiled = dear.map((pattern) => share.compile(pattern));
    expect(compiled.map((c) => (c instanceof PatternError ? c.message : c.engine))).toStrictEqual([
      ...Array(13).fill("dfa"),
      ...Array(2).fill(NO_PROOF_ROOM),
    ]);
    expect(share.charged.proofWork).toBe(MAX_SCHEMA_PROOF_WORK);
    expect(compiledAlone(dear[0]).proofWork).toBe(304_336);
    const result = validateSchema(withPatterns(dear));
    expect(result).toMatchObject({ ok: false, kind: "unsupported_capability" });
    expect(!result.ok && result.issues[0]).toStrictEqual({
      kind: "unsupported_capability",
      instancePath: "",
      path: [],
      schemaPath: "/properties/p13/pattern",
      keyword: "pattern",
      params: {},
      message: `#/properties/p13/pattern: ${NO_PROOF_ROOM}`,
    });
    // A pattern refused for want of room in that schema is not refused in another.
    expect(validateSchema(withPatterns([dear[14]]))).toStrictEqual({ ok: true });
  });

  it("are charged whatever the cache holds, and never change which engine runs a pattern", () => {
    const reordered = [...dear.slice(0, 13).reverse(), ...dear.slice(13)];
    const engines = (patterns: readonly string[]) => {
      const share = new SchemaPatterns("core");
      return patterns.map((pattern) => {
        const c = share.compile(pattern);
        return c instanceof PatternError ? c.message : c.engine;
      });
    };
    const first = engines(reordered);
    // Every accepted one is cached now; the schema's answer stays.
    expect(engines(reordered)).toStrictEqual(first);
    expect(engines(["^[a-z0-9-]+$", ...reordered]).slice(1)).toStrictEqual(first);
    expect(compiledAlone("^[a-z0-9-]+$").engine).toBe("pcre2");
  });

  it("of 700 patterns whose paths explode stop at once, and the patterns answer", () => {
    const hostile = Array.from({ length: 700 }, (_, i) => `^h${i}|(?:.*){100}[ab]*a[ab]{8}$`);
    const share = new SchemaPatterns("core");
    expect(hostile.every((pattern) => (share.compile(pattern) as CompiledPattern).engine === "dfa")).toBe(true);
    expect(share.charged.proofWork).toBeLessThan(100 * hostile.length);
    for (const [, validator] of bothTiers(withPatterns(hostile), { profile: "core" })) {
      expect(validator.validate({ p0: "h0", p699: "xxaabababab" })).toStrictEqual({ ok: true });
      expect(validator.validate({ p699: "xxaabababac" })).toMatchObject({ ok: false, kind: "validation" });
    }
  });
});

/**
 * A schema built in JavaScript can hold a sparse list or a proxy: its
 * length is only a claim. Compiling reads each list of the schema once,
 * counted against the schema's bound on values before an item is read.
 */
describe("lists in a schema whose length is only a claim", () => {
  /** A list over `target` that claims `length` items and answers `item` for each index, its item reads counted. */
  function claiming(target: unknown[], length: unknown, item?: unknown) {
    const counts = { reads: 0 };
    const list = new Proxy(target, {
      get(object, key) {
        if (key === "length") return length;
        if (typeof key === "string" && /^\d+$/.test(key)) {
          counts.reads++;
          if (item !== undefined) return item;
        }
        return Reflect.get(object, key);
      },
    });
    return { list, counts };
  }
  const tooLarge = {
    ok: false,
    kind: "unsupported_capability",
    message: "unsupported schema: #: the schema holds more than 10000000 values (counted as written out)",
    issues: [
      {
        kind: "unsupported_capability",
        instancePath: "",
        path: [],
        schemaPath: "",
        keyword: "schema",
        params: {},
        message: "#: the schema holds more than 10000000 values (counted as written out)",
      },
    ],
  };

  it("refuse a hole in a list of subschemas as no schema, at its path", () => {
    expect(validate({ type: "object", anyOf: [, {}] }, {})).toEqual({
      ok: false,
      kind: "validation",
      message: "invalid schema: #/anyOf/0: a schema must be an object or a boolean",
      issues: [
        {
          kind: "validation",
          instancePath: "",
          path: [],
          schemaPath: "/anyOf/0",
          keyword: "schema",
          params: {},
          message: "#/anyOf/0: a schema must be an object or a boolean",
        },
      ],
    });
    expect(validateSchema({ type: "object", properties: { a: { prefixItems: [{}, , {}] } } }, extended)).toMatchObject({
      ok: false,
      issues: [
        {
          schemaPath: "/properties/a/prefixItems/1",
          message: "#/properties/a/prefixItems/1: a schema must be an object or a boolean",
        },
      ],
    });
    expect(validateSchema({ type: "object", required: ["a", , "b"] })).toMatchObject({
      ok: false,
      issues: [{ schemaPath: "/required", message: "#/required: must be a list of property names" }],
    });
  });

  it("refuse a sparse list of 200,000,000 at the bound, without reading it", () => {
    for (const keyword of ["enum", "required", "anyOf", "oneOf", "allOf", "type"]) {
      expect(validate({ type: "object", properties: { a: { [keyword]: new Array(2e8) } } }, {})).toEqual(tooLarge);
      expect(validateSchema({ type: "object", properties: { a: { [keyword]: new Array(2e8) } } })).toEqual(tooLarge);
    }
  });

  it("refuse a proxy that claims a billion items at the bound, reading none of them when compiling", () => {
    const cases: [string, (list: unknown) => unknown, unknown[], unknown][] = [
      ["enum", (list) => ({ type: "object", enum: list }), [1], 1],
      ["required", (list) => ({ type: "object", required: list }), ["a"], "a"],
      ["anyOf", (list) => ({ type: "object", anyOf: list }), [{}], true],
      ["type", (list) => ({ type: "object", properties: { a: { type: list } } }), ["string"], "string"],
      [
        "a branch's type",
        (list) => ({ type: "object", properties: { a: { anyOf: [{ type: list }, { type: "null" }] } } }),
        ["string"],
        "string",
      ],
      ["dependentRequired", (list) => ({ type: "object", dependentRequired: { a: list } }), ["b"], "b"],
    ];
    for (const [name, schemaWith, target, item] of cases) {
      const { list, counts } = claiming(target, 1e9, item);
      expect([name, validateSchema(schemaWith(list), extended)]).toEqual([name, tooLarge]);
      expect([name, counts.reads]).toEqual([name, 0]);
    }
  });

  it("refuse a list whose length is no count as unreadable", () => {
    const { list } = claiming([1], "1");
    expect(validateSchema({ type: "object", enum: list })).toEqual({
      ok: false,
      kind: "validation",
      message: "invalid schema: #: the schema could not be read (a list's length is not a count)",
      issues: [
        {
          kind: "validation",
          instancePath: "",
          path: [],
          schemaPath: "",
          keyword: "schema",
          params: {},
          message: "#: the schema could not be read (a list's length is not a count)",
        },
      ],
    });
  });

  it("read a list once: a proxy that claims more on a second read changes nothing", () => {
    let lengthReads = 0;
    const required = new Proxy(["a"], {
      get: (list, key) => (key === "length" ? (++lengthReads === 1 ? 1 : 1e9) : Reflect.get(list, key)),
    });
    const validator = compile({ type: "object", required });
    expect(validator.validate({})).toMatchObject({ ok: false, message: "invalid arguments: a: missing (required)" });
    expect(lengthReads).toBe(1);
  });
});
