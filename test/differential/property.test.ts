import fc from "fast-check";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import {
  compile,
  SchemaError,
  validate,
  validateSchema,
  violation,
  type Options,
  type Result,
  type Validator,
} from "../../src/index";
import { compileProgram, LIMIT, MATCH, NO_MATCH, type CompiledPattern } from "../../src/pattern/native";
import { startSearches } from "../support/searches";
import { encodeProgram } from "../../src/pattern/program";
import { parsePattern } from "../../src/pattern/syntax";
import { anyValue, argsArbitrary, patternText, rootSchemaArbitrary } from "../support/arbitraries";
import { ecmaScriptTest, toEcmaScript } from "../support/ecmascript-pattern";
import { randomPattern, randomSubject } from "../support/pattern-generator";
import { Random, testSeed } from "../support/random";
import { deepFreeze, snapshot } from "../support/snapshot";
import { pathOf } from "../support/issues";

/**
 * Properties over random schemas and arguments (fast-check, seeded:
 * `TEST_SEED=n npm test` replays another run). The contract under test: the
 * functions that return a Result never throw, answer the same twice, leave
 * their inputs unchanged, and agree with each other; a hang would show as a
 * test timeout.
 */
/** The error kinds (docs/contract.md, "Error kinds"), in the order that decides a result's kind. */
const KINDS = ["execution_failure", "unsupported_capability", "validation"] as const;
const ISSUE_KEYS = ["instancePath", "keyword", "kind", "message", "params", "path", "schemaPath"];
const TEXT_KEYS = ["instancePath", "keyword", "kind", "message", "schemaPath"];
const OPTIONS: (Options | undefined)[] = [
  undefined,
  { profile: "extended" },
  { lenientScalars: true },
  { profile: "extended", lenientScalars: true },
];
const options = fc.constantFrom(...OPTIONS);

const params = (seed: number, numRuns: number) => ({ seed: testSeed(seed), numRuns });
/** Runs of random schemas compile hundreds of validators: seconds on an idle machine, more on a busy one. */
const MANY_SCHEMAS = 60_000;

/** A Result as docs/contract.md ("Results and messages") defines it, with the kind its issues imply. */
function expectResult(result: Result): void {
  if (result.ok) {
    expect(result).toStrictEqual({ ok: true });
    return;
  }
  expect(Object.keys(result).sort()).toEqual(["issues", "kind", "message", "ok"]);
  expect(result.message).toEqual(expect.any(String));
  expect(result.message).not.toMatch(/[\n\r\u2028\u2029]/);
  expect(result.issues.length).toBeGreaterThan(0);
  for (const issue of result.issues) {
    expect(Object.keys(issue).sort()).toEqual(ISSUE_KEYS);
    for (const key of TEXT_KEYS) expect(typeof issue[key as keyof typeof issue]).toBe("string");
    expect(issue.path).toEqual(pathOf(issue.instancePath));
    expect(Object.getPrototypeOf(issue.params)).toBe(Object.prototype);
    expect(KINDS).toContain(issue.kind);
  }
  const kinds = new Set(result.issues.map((issue) => issue.kind));
  expect(result.kind).toBe(KINDS.find((kind) => kinds.has(kind)));
}

function compileOrError(schema: unknown, opts: Options | undefined): Validator | SchemaError {
  try {
    return compile(schema, opts);
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError);
    return error as SchemaError;
  }
}

/** A root schema whose property `root` nests `depth` levels deep through `via`. */
function nest(depth: number, via: string): unknown {
  let schema: unknown = { type: "string" };
  for (let i = 0; i < depth; i++) {
    schema =
      via === "properties"
        ? { properties: { p: schema } }
        : via === "anyOf" || via === "oneOf"
          ? { [via]: [schema] }
          : { [via]: schema };
  }
  return { type: "object", properties: { root: schema } };
}

/** The schema as JSON.parse would give it back, or undefined when it has no JSON text. */
function jsonTwin(schema: unknown): unknown {
  try {
    const text = JSON.stringify(schema);
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The issue messages of a result, without their schema pointers. */
const problems = (result: Result) =>
  result.ok ? [] : result.issues.map((issue) => issue.message.replace(/^#[^:]*: /, ""));

describe("validateSchema, compile, validate and violation", () => {
  it(
    "never throw, agree, answer the same twice and change nothing, on random schemas inside and outside the subset",
    () => {
      fc.assert(
        fc.property(rootSchemaArbitrary(false), argsArbitrary, options, (schema, args, opts) => {
          const before = [snapshot(schema), snapshot(args)];
          const preflight = validateSchema(schema, opts);
          expectResult(preflight);
          expect(validateSchema(schema, opts)).toStrictEqual(preflight);

          const compiled = compileOrError(schema, opts);
          if (compiled instanceof SchemaError) {
            expect({
              ok: false,
              kind: compiled.kind,
              message: compiled.message,
              issues: compiled.issues,
            }).toStrictEqual(preflight);
          } else {
            expect(preflight).toStrictEqual({ ok: true });
          }

          // Its JSON twin goes first: a schema with the same JSON text (NaN and
          // undefined read as null) must not lend it its cached validator.
          const twin = jsonTwin(schema);
          if (twin !== undefined) validate(twin, args, opts);
          const result = validate(schema, args, opts);
          expectResult(result);
          expect(validate(schema, args, opts)).toStrictEqual(result);
          expect(result).toStrictEqual(compiled instanceof SchemaError ? preflight : compiled.validate(args));
          expect(violation(schema, args, opts)).toBe(result.ok ? null : result.message);
          expect([snapshot(schema), snapshot(args)]).toEqual(before);
        }),
        params(1129, 400),
      );
    },
    MANY_SCHEMAS,
  );

  it("refuse bad options as data, except compile, which throws a TypeError", () => {
    const schema = { type: "object" };
    fc.assert(
      fc.property(
        fc.constantFrom<unknown>(
          null,
          1,
          "core",
          { profile: "full" },
          { lenientScalars: 1 },
          { other: true },
          { timeBudgetMs: -1 },
        ),
        (bad) => {
          const opts = bad as Options;
          for (const result of [validateSchema(schema, opts), validate(schema, {}, opts)]) {
            expectResult(result);
            expect(result).toMatchObject({ ok: false, kind: "validation", issues: [{ keyword: "options" }] });
          }
          expect(() => compile(schema, opts)).toThrow(TypeError);
        },
      ),
      params(7, 50),
    );
  });
});

describe("a compiled validator", () => {
  it(
    "never throws, answers the same twice and for deeply frozen arguments, on random arguments",
    () => {
      fc.assert(
        fc.property(
          rootSchemaArbitrary(true),
          options,
          fc.array(argsArbitrary, { minLength: 1, maxLength: 4 }),
          (schema, opts, calls) => {
            const compiled = compileOrError(schema, opts);
            if (compiled instanceof SchemaError) return; // a random valid schema may still hold an invalid enum value
            for (const args of calls) {
              const before = snapshot(args);
              const result = compiled.validate(args);
              expectResult(result);
              expect(compiled.validate(args)).toStrictEqual(result);
              expect(snapshot(args)).toBe(before);
              expect(compiled.validate(deepFreeze(args))).toStrictEqual(result);
            }
          },
        ),
        params(2024, 300),
      );
    },
    MANY_SCHEMAS,
  );

  it("agrees with Ajv on JSON arguments, for schemas inside the core subset", () => {
    // Ajv is a second opinion on the keywords' meaning. ownProperties: the JSON input domain (docs/contract.md)
    // counts own properties only; formats are annotations here.
    const ajv = new Ajv2020({ strict: false, ownProperties: true, validateFormats: false, allErrors: false });
    // Ajv 8 gets two names wrong, so they are left out: it takes
    // `required: [""]` as met by `{}`, and applies additionalProperties to a
    // "__proto__" property that `properties` names.
    const names = fc.constantFrom("a", "b", "path", "toString", "constructor", "😀");
    const jsonArgs = fc.dictionary(names, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
    fc.assert(
      fc.property(
        rootSchemaArbitrary(true, names),
        fc.array(jsonArgs, { minLength: 1, maxLength: 4 }),
        (schema, calls) => {
          const compiled = compileOrError(schema, undefined);
          if (compiled instanceof SchemaError) return;
          const reference = ajv.compile(schema as object);
          for (const args of calls) {
            const result = compiled.validate(args);
            if (!result.ok && result.kind === "execution_failure") continue; // the one allowed difference (docs/contract.md, "Patterns")
            expect({ args, ok: result.ok }).toEqual({ args, ok: reference(args) });
            if (!result.ok) expect(result.kind).toBe("validation");
          }
        },
      ),
      params(31, 300),
    );
  });

  it("handles deep and wide arguments: the depth bound, and one problem found among many items", () => {
    const deep = (depth: number, array: boolean) => {
      let value: unknown = "leaf";
      for (let i = 0; i < depth; i++) value = array ? [value] : { k: value };
      return { a: value };
    };
    const validator = compile({ type: "object" });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.boolean(), (depth, array) => {
        const result = validator.validate(deep(depth, array));
        if (depth < 255) expect(result).toStrictEqual({ ok: true });
        if (depth > 256)
          expect(result).toMatchObject({
            ok: false,
            kind: "validation",
            message: expect.stringContaining("nests deeper than 256 levels"),
          });
      }),
      params(5, 60),
    );

    const list = compile({ type: "object", properties: { list: { type: "array", items: { type: "integer" } } } });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.nat(),
        fc.constantFrom<unknown>("1", 1.5, null, undefined),
        (length, at, bad) => {
          const items: unknown[] = Array.from({ length }, (_, i) => i);
          const index = at % length;
          items[index] = bad;
          const result = list.validate({ list: items });
          expect(result).toMatchObject({ ok: false, kind: "validation", issues: [{ instancePath: `/list/${index}` }] });
          expect(result.ok || result.issues.length).toBe(1);
        },
      ),
      params(6, 40),
    );
  });
});

describe("schemas deep and wide", () => {
  it("refuse nesting past the depth bound cleanly, at any depth", () => {
    const shapes = fc.tuple(
      fc.integer({ min: 1, max: 20_000 }),
      fc.constantFrom("not", "items", "properties", "additionalProperties", "anyOf", "oneOf"),
    );
    fc.assert(
      fc.property(shapes, ([depth, via]) => {
        const result = validateSchema(nest(depth, via));
        if (depth < 250) expect(result).toStrictEqual({ ok: true });
        if (depth > 260) {
          expect(result).toMatchObject({ ok: false, kind: "validation" });
          expect(problems(result)).toEqual(["the schema nests deeper than 256 levels"]);
        }
      }),
      params(8, 30),
    );
  }, 30_000);

  it("check every property of a wide schema", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.nat(), (width, at) => {
        const properties: Record<string, unknown> = {};
        for (let i = 0; i < width; i++) properties[`p${i}`] = { type: "integer", minimum: 0 };
        properties[`p${at % width}`] = { type: "integer", minimum: "0" };
        const result = validateSchema({ type: "object", properties });
        expect(result).toMatchObject({
          ok: false,
          kind: "validation",
          issues: [{ schemaPath: `/properties/p${at % width}/minimum` }],
        });
      }),
      params(9, 20),
    );
  });
});

describe("the pattern translator, fuzzed through the pattern keyword", () => {
  const subjects = fc.array(
    fc
      .array(fc.constantFrom("a", "b", "0", "é", "😀", "\ud800", "\ude00", " ", "-", ".", "\n", "\u2028", "A", "_"), {
        maxLength: 8,
      })
      .map((s) => s.join("")),
    { minLength: 1, maxLength: 4 },
  );

  it.each(["core", "extended"] as const)(
    "refuses cleanly or answers as ECMAScript's u flag does (profile %s)",
    (profile) => {
      fc.assert(
        fc.property(patternText, subjects, (pattern, strings) => {
          const schema = { type: "object", properties: { s: { type: "string", pattern } } };
          const preflight = validateSchema(schema, { profile });
          expectResult(preflight);
          if (!preflight.ok) {
            expect(preflight.kind).not.toBe("execution_failure");
            expect(preflight.issues.map(({ schemaPath, keyword }) => ({ schemaPath, keyword }))).toEqual([
              { schemaPath: "/properties/s/pattern", keyword: "pattern" },
            ]);
            return;
          }
          // Accepted: valid ECMAScript, with ECMAScript's answer (docs/contract.md, "Patterns").
          expect(() => new RegExp(toEcmaScript(pattern), "u")).not.toThrow();
          for (const s of strings) {
            const result = validate(schema, { s }, { profile });
            if (!result.ok && result.kind === "execution_failure") continue;
            expect({ pattern, s, ok: result.ok }).toEqual({ pattern, s, ok: ecmaScriptTest(pattern, s) });
          }
        }),
        params(profile === "core" ? 61 : 62, 1500),
      );
    },
  );
});

describe("the native layer", () => {
  /** The DFA runs the program alone: it needs no PCRE2 source. */
  const NO_SOURCE = new Uint32Array(0);
  /** Without a proof budget, a compile gives a pattern or an error. */
  const dfaProgram = (words: Uint32Array) =>
    compileProgram(words, NO_SOURCE, "dfa") as CompiledPattern | { error: string };
  const ERRORS = [
    "truncated sets",
    "a set's ranges must be ascending and disjoint",
    "bad instruction count",
    "bad instruction",
    "the sets' tables would be too large",
  ];
  const subjects = fc
    .array(fc.constantFrom("a", "b", "0", " ", "😀", "\ud800", "\0", "\n", "_"), { maxLength: 12 })
    .map((s) => s.join(""));

  /** A search, as a validation of its own; it must answer, never throw. */
  function searchOf(compiled: CompiledPattern, subject: string): number {
    startSearches(subject);
    return compiled.test(subject);
  }

  // Word arrays shaped like programs (native/program.h), so that every check
  // of the addon's reader is reached: sets, mostly sorted and disjoint;
  // instruction counts, mostly right; targets, mostly inside the program.
  const orderedSet = fc
    .uniqueArray(fc.nat(0x11_0001), { maxLength: 6 })
    .map((points) => points.sort((a, b) => a - b).slice(0, points.length & ~1));
  const anySet = fc.array(fc.nat(130), { maxLength: 6 }).map((points) => points.slice(0, points.length & ~1));
  const code = fc
    .integer({ min: 1, max: 8 })
    .chain((n) =>
      fc
        .tuple(
          fc.array(
            fc.tuple(
              fc.oneof({ weight: 5, arbitrary: fc.nat(4) }, { weight: 1, arbitrary: fc.nat(9) }),
              fc.nat(n),
              fc.nat(n - 1),
            ),
            { minLength: n - 1, maxLength: n - 1 },
          ),
          fc.oneof({ weight: 3, arbitrary: fc.constant(4) }, { weight: 1, arbitrary: fc.nat(5) }),
        )
        .map(([body, last]) => [...body, [last, 0, 0]]),
    );
  const shaped = fc
    .record({
      sets: fc.array(fc.oneof({ weight: 4, arbitrary: orderedSet }, { weight: 1, arbitrary: anySet }), {
        maxLength: 3,
      }),
      code,
      skew: fc.constantFrom(0, 0, 0, 0, 1, -1),
    })
    .map(({ sets, code, skew }) => [
      sets.length,
      ...sets.flatMap((set) => [set.length / 2, ...set]),
      code.length + skew,
      ...code.flat(),
    ]);
  const word = fc.oneof(
    { weight: 8, arbitrary: fc.nat(6) },
    { weight: 2, arbitrary: fc.nat(0x110000) },
    { weight: 1, arbitrary: fc.constantFrom(0xffffffff, 0x7fffffff, 0x10ffff, 0x100000) },
  );

  it("refuses malformed word arrays with an error object, and runs whatever it accepts", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: fc.array(word, { maxLength: 40 }) }),
        subjects,
        (words, subject) => {
          const compiled = dfaProgram(Uint32Array.from(words));
          if ("error" in compiled) {
            expect(ERRORS).toContain(compiled.error);
            seen.add(compiled.error);
            return;
          }
          seen.add("compiled");
          expect(compiled.bytes).toBeGreaterThan(0);
          // A program of a few instructions cannot reach the work limit on 12 characters.
          expect([MATCH, NO_MATCH]).toContain(searchOf(compiled, subject));
        },
      ),
      params(10, 3000),
    );
    // Every check was reached (the class table bound needs far larger input: test/unit/pattern/native.test.ts).
    expect([...seen].sort()).toEqual([
      "a set's ranges must be ascending and disjoint",
      "bad instruction",
      "bad instruction count",
      "compiled",
      "truncated sets",
    ]);
  });

  it("refuses or runs a valid program with one word changed, never reading out of bounds", () => {
    const programs = fc
      .integer({ min: 1, max: 2 ** 31 - 1 })
      .map((seed) => encodeProgram(parsePattern(randomPattern(new Random(seed), true), "extended")));
    fc.assert(
      fc.property(
        programs,
        fc.nat(),
        fc.oneof(fc.nat(8), fc.nat(0x110000), fc.constant(0xffffffff)),
        subjects,
        (words, at, value, subject) => {
          const changed = Uint32Array.from(words);
          changed[at % changed.length] = value;
          const compiled = dfaProgram(changed);
          if ("error" in compiled) expect(ERRORS).toContain(compiled.error);
          else expect([MATCH, NO_MATCH, LIMIT]).toContain(searchOf(compiled, subject));
        },
      ),
      params(12, 2000),
    );
  });

  it("answers as ECMAScript's u flag does with the programs of random patterns (no plain matcher in between)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (seed, extended, subjectSeeds) => {
          const random = new Random(seed);
          const pattern = randomPattern(random, extended);
          const compiled = dfaProgram(encodeProgram(parsePattern(pattern, extended ? "extended" : "core")));
          if ("error" in compiled) throw new Error(`${JSON.stringify(pattern)}: ${compiled.error}`);
          for (const subjectSeed of subjectSeeds) {
            const subject = randomSubject(new Random(subjectSeed), pattern, extended);
            expect({ pattern, subject, outcome: searchOf(compiled, subject) }).toEqual({
              pattern,
              subject,
              outcome: ecmaScriptTest(pattern, subject) ? MATCH : NO_MATCH,
            });
          }
        },
      ),
      params(13, 1500),
    );
  });

  it("matches strings only, and throws a TypeError for any other subject", () => {
    const compiled = dfaProgram(encodeProgram(parsePattern("^a")));
    if ("error" in compiled) throw new Error(compiled.error);
    fc.assert(
      fc.property(anyValue, (value) => {
        if (typeof value === "string") expect([MATCH, NO_MATCH]).toContain(searchOf(compiled, value));
        else expect(() => compiled.test(value as string)).toThrow(new TypeError("expected a string"));
      }),
      params(11, 200),
    );
  });
});

/** Bugs the properties above found, reproduced exactly so they stay fixed. */
describe("regressions", () => {
  it("a message stays one line when a property name holds a line break", () => {
    const schemaResult = validateSchema({ type: "object", properties: { "line\nbreak": null } });
    const argsResult = validate(
      { type: "object", properties: { "line\nbreak": {} }, additionalProperties: false },
      { a: 1 },
    );
    for (const result of [schemaResult, argsResult]) {
      expect(result.ok).toBe(false);
      expect(result.ok || result.message).not.toMatch(/\n/);
    }
  });

  it("anyOf nested 20,000 levels deep is refused for its depth, not as unreadable after a stack overflow", () => {
    expect(problems(validateSchema(nest(20_000, "anyOf")))).toEqual(["the schema nests deeper than 256 levels"]);
  });

  it("validate() never answers with the validator of another schema that has the same JSON text", () => {
    validate({ type: "object", properties: { a: { enum: [null, 1] } } }, { a: 1 });
    const refused = { type: "object", properties: { a: { enum: [undefined, 1] } } };
    expect(validateSchema(refused)).toMatchObject({ ok: false, kind: "validation" });
    expect(validate(refused, { a: 1 })).toStrictEqual(validateSchema(refused));
  });
});
