import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileSchema } from "../../src/compile/compile-schema";
import { MAX_GENERATED_SOURCE } from "../../src/validate/code-writer";
import { generateFastCheck } from "../../src/validate/check-generator";
import { compile, SchemaError, type Options, type Validator } from "../../src/index";
import { generateExplainer } from "../../src/validate/explainer";
import { findNonJson, MAX_DEPTH, nestsWithin } from "../../src/runtime/json-value";
import { charge, endValidation, pass, startPass, startValidation } from "../../src/runtime/pass";
import type { CompileOptions } from "../../src/compile/keyword";
import { readOptions } from "../../src/api/options";
import { HOT_AFTER_CALLS } from "../../src/validate/validator";
import { argsArbitrary, key, rootSchemaArbitrary } from "../support/arbitraries";
import { explained } from "../support/explained";
import { testSeed } from "../support/random";

/**
 * A validator answers with its closures until it is hot, then with generated
 * code (src/validate/check-generator.ts, and src/validate/explainer.ts once it has explained
 * failures often). Both must give the same result for every schema and
 * every argument, JSON or not: the closures are the reference.
 */
function pair(schema: unknown, options: Options): [Validator, Validator] | null {
  try {
    const cold = compile(schema, options);
    const hot = compile(schema, options);
    // 0 is JSON and no object: each call fails in both passes, so both turn hot.
    for (let i = 0; i < HOT_AFTER_CALLS; i++) hot.validate(0);
    return [cold, hot];
  } catch (error) {
    if (error instanceof SchemaError) return null;
    throw error;
  }
}

describe("the generated fast path", () => {
  it("gives the closures' result on random schemas and arguments, in both profiles", () => {
    const options = fc.constantFrom<Options>({}, { profile: "extended" });
    fc.assert(
      fc.property(
        rootSchemaArbitrary(true),
        options,
        fc.array(argsArbitrary, { minLength: 1, maxLength: 6 }),
        (schema, opts, calls) => {
          const validators = pair(schema, opts);
          if (validators === null) return;
          const [cold, hot] = validators;
          for (const args of calls) {
            // A fresh cold validator per call, so it never turns hot itself.
            const reference = compile(schema, opts).validate(args);
            expect(hot.validate(args)).toStrictEqual(reference);
            expect(cold.validate(args)).toStrictEqual(reference);
          }
        },
      ),
      { seed: testSeed(4242), numRuns: 400 },
    );
  });
});

describe("the generated fast check's work", () => {
  // Exactly the closures' (their walk, then their check): so a call runs out
  // of work, or does not, whichever of them ran (src/validate/validator.ts).
  it("is the closures' on arguments both accept, in both profiles", () => {
    const profiles = fc.constantFrom(
      readOptions({}) as CompileOptions,
      readOptions({ profile: "extended" }) as CompileOptions,
    );
    // The work of a pass that accepts, null for one that says no, undefined for one that throws (a getter, the work limit).
    const spentBy = (args: unknown, run: () => boolean) => {
      startValidation(args, null);
      startPass();
      try {
        return run() ? pass.spent : null;
      } catch {
        return undefined;
      } finally {
        endValidation();
      }
    };
    let compared = 0;
    fc.assert(
      fc.property(rootSchemaArbitrary(true), profiles, argsArbitrary, (schema, options, args) => {
        const compiled = compileSchema(schema, options);
        if (compiled.check === null) return;
        const check = compiled.check;
        // As given, and (for JSON) as JSON.parse returns it, which validateJson checks.
        let text: string | undefined;
        try {
          text = JSON.stringify(args);
        } catch {
          text = undefined;
        }
        const tiers = [
          {
            given: "any" as const,
            value: args,
            walk: (value: unknown) => findNonJson(value, MAX_DEPTH, charge) === null,
          },
          ...(text === undefined
            ? []
            : [
                {
                  given: "parsed" as const,
                  value: JSON.parse(text) as unknown,
                  walk: (value: unknown) => nestsWithin(value, MAX_DEPTH, charge),
                },
              ]),
        ];
        for (const { given, value, walk } of tiers) {
          const fast = generateFastCheck(schema, options, compiled, given);
          if (fast === null) return;
          const closures = spentBy(value, () => walk(value) && check(value, null));
          const generated = spentBy(value, () => fast(value));
          if (closures === undefined || generated === undefined) continue;
          expect(generated === null).toBe(closures === null);
          if (closures === null || generated === null) continue;
          compared++;
          expect(generated).toBe(closures);
        }
      }),
      { seed: testSeed(4444), numRuns: 2000 },
    );
    expect(compared).toBeGreaterThan(100);
  }, 60_000);

  it("counts the walk of a list it loops over, as the closures do: a call near the most work gets one answer, cold or hot", () => {
    // 127 units an item for the closures (the walk, the item, its subschema), and as many for generated code.
    const item = { type: "number", enum: [0, ...Array.from({ length: 61 }, (_, i) => [i])] };
    const validator = compile({ type: "object", properties: { a: { type: "array", items: item } } });
    const args = { a: Array.from({ length: 265_000 }, () => 0) };
    const kinds = Array.from({ length: HOT_AFTER_CALLS + 2 }, () => {
      const result = validator.validate(args);
      return result.ok ? "valid" : result.kind;
    });
    expect(kinds).toEqual(Array.from({ length: HOT_AFTER_CALLS + 2 }, () => "execution_failure"));
  });
});

describe("the generated explaining pass", () => {
  it("finds the closures' problems, in their order, at their places, in their words, with the extended profile's keywords", () => {
    fc.assert(
      fc.property(
        rootSchemaArbitrary(true, key, true),
        fc.array(argsArbitrary, { minLength: 1, maxLength: 6 }),
        (schema, calls) => {
          const validators = pair(schema, { profile: "extended" });
          if (validators === null) return;
          const [, hot] = validators;
          for (const args of calls)
            expect(hot.validate(args)).toStrictEqual(compile(schema, { profile: "extended" }).validate(args));
        },
      ),
      { seed: testSeed(4343), numRuns: 600 },
    );
  });

  it("counts the closures' work, unit for unit, and leaves the report where they do", () => {
    // The explaining pass runs on arguments found to be JSON.
    const isReadableJson = (value: unknown) => {
      try {
        return findNonJson(value) === null;
      } catch {
        return false;
      }
    };
    const options = readOptions({ profile: "extended" }) as CompileOptions;
    fc.assert(
      fc.property(
        rootSchemaArbitrary(true, key, true),
        fc.array(argsArbitrary, { minLength: 1, maxLength: 6 }),
        (schema, calls) => {
          const compiled = compileSchema(schema, options);
          if (compiled.check === null) return;
          const generated = generateExplainer(schema, options, compiled)!;
          for (const args of calls.filter(isReadableJson)) {
            expect(explained(generated, args)).toStrictEqual(explained(compiled.check, args));
          }
        },
      ),
      { seed: testSeed(4444), numRuns: 600 },
    );
  });
});

describe("without code generation", () => {
  it("keeps answering with the closures when new Function is disallowed", async () => {
    const { execFileSync } = await import("node:child_process");
    const script = `const { compile } = require("tool-input-schema");
      const v = compile({ type: "object", properties: { a: { type: "string" } } });
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(v.validate({ a: i % 2 ? "x" : 1 }).ok);
      console.log(answers.join(","));`;
    const out = execFileSync(process.execPath, ["--disallow-code-generation-from-strings", "-e", script], {
      encoding: "utf8",
    }).trim();
    expect(out).toBe("false,true,false,true,false,true,false,true,false,true,false,true");
  });
});

describe("the generated fast path's walks", () => {
  /** An array whose element reads are counted; still a JSON array (its prototype is Array.prototype). */
  function counted(length: number): { value: unknown[]; reads: () => number } {
    let reads = 0;
    const target = Array.from({ length }, () => 0);
    const value = new Proxy(target, {
      get(array, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(array, key, receiver);
      },
    });
    return { value, reads: () => reads };
  }

  it("walk a value once, however many compositions apply to it", () => {
    // 100 sibling compositions on one value, each walking it, read it 100 times over.
    const schema = {
      type: "object",
      properties: { a: { not: { anyOf: Array.from({ length: 100 }, () => ({ not: { anyOf: [true] } })) } } },
    };
    const [, hot] = pair(schema, {})!;
    const { value, reads } = counted(1000);
    expect(hot.validate({ a: value })).toEqual({ ok: true });
    expect(reads()).toBeLessThanOrEqual(2 * 1000);
  });
});

describe("the generated source", () => {
  const options = readOptions(undefined) as CompileOptions;
  const generated = (schema: unknown) => generateFastCheck(schema, options, compileSchema(schema, options), "any");
  /** About 400 characters of source each: a name of about 100 characters (not the first and last) is written into the code three times. */
  const strings = (count: number) => ({
    type: "object",
    properties: Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        i === 0 || i === count - 1 ? `p${i}` : `p${i}${"_".repeat(100)}`,
        { type: "string" },
      ]),
    ),
    required: ["p0"],
  });

  it(`is at most ${MAX_GENERATED_SOURCE} characters: past that the validator stays on the closures, with the same answers`, () => {
    expect(generated(strings(1000))).toBeInstanceOf(Function);
    const large = strings(8_000);
    expect(generated(large)).toBeNull();
    const [cold, hot] = pair(large, {})!;
    const calls = [{ p0: "a", p7999: "b" }, { p0: "a", p7999: 1 }, { p1: "a" }, { p0: "a", p7: [Number.NaN] }];
    for (const args of calls) expect(hot.validate(args)).toStrictEqual(cold.validate(args));
    expect(hot.validate({ p0: "a", p7999: 1 })).toMatchObject({
      ok: false,
      message: "invalid arguments: p7999: expected a string, got a number (1)",
    });
  });

  it(`is at most ${MAX_GENERATED_SOURCE} characters for the explaining pass too`, () => {
    const explainer = (schema: unknown) => generateExplainer(schema, options, compileSchema(schema, options));
    expect(explainer(strings(1000))).toBeInstanceOf(Function);
    expect(explainer(strings(8_000))).toBeNull();
  });

  it("stops at the bound within one subschema's own text: a `required` of 100,000 names", () => {
    const schema = { type: "object", required: Array.from({ length: 100_000 }, (_, i) => `r${i}`) };
    expect(generated(schema)).toBeNull();
    expect(generateExplainer(schema, options, compileSchema(schema, options))).toBeNull();
    const [cold, hot] = pair(schema, {})!;
    const args = Object.fromEntries(Array.from({ length: 99_999 }, (_, i) => [`r${i}`, i]));
    expect(hot.validate(args)).toStrictEqual(cold.validate(args));
    expect(hot.validate(args)).toMatchObject({ ok: false, message: "invalid arguments: r99999: missing (required)" });
  });

  it("for a subschema that asserts nothing is one walk of the value, as for true", () => {
    const schema = { type: "object", properties: { a: {}, b: { description: "any" }, c: true } };
    const deep: unknown[] = [];
    let inner = deep;
    for (let i = 0; i < 300; i++) inner.push((inner = []));
    const [cold, hot] = pair(schema, {})!;
    const calls = [
      { a: 1, b: { x: [null] }, c: "s" },
      { a: Number.NaN },
      { b: [1, undefined] },
      { a: { f: () => 1 } },
      { c: deep },
      { a: deep },
    ];
    expect(calls.map((args) => hot.validate(args).ok)).toStrictEqual([true, false, false, false, false, false]);
    for (const args of calls) expect(hot.validate(args)).toStrictEqual(cold.validate(args));
  });
});
