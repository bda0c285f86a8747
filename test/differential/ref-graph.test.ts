import fc from "fast-check";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { compile, type Result, type Validator } from "../../src/index";
import { HOT_AFTER_CALLS } from "../../src/validate/validator";
import { testSeed } from "../support/random";

/**
 * Random graphs of `$defs` that share targets (definition i may refer to
 * any later one, through allOf, anyOf, oneOf, not or a bare $ref, so every
 * graph is acyclic and targets are met on many paths), with random values.
 * Both tiers of a validator, and Ajv, must give the same answer; an answer
 * never repeats an issue; the same call answers the same twice.
 */
const extended = { profile: "extended" } as const;
const LEAVES: unknown[] = [
  { type: "string" },
  { type: "string", minLength: 2 },
  { type: "integer", minimum: 0 },
  { type: "object", properties: { a: { type: "number" } }, required: ["a"] },
  { type: "array", items: { type: "boolean" } },
  { enum: [1, "x", null] },
  true,
  false,
];

/** The definitions of one graph: `size` entries, each a leaf or a composition of later ones. */
function graphArbitrary(size: number): fc.Arbitrary<Record<string, unknown>> {
  const entry = (i: number): fc.Arbitrary<unknown> => {
    if (i === size) return fc.constantFrom(...LEAVES);
    const later = fc.integer({ min: i + 1, max: size }).map((j) => ({ $ref: `#/$defs/d${j}` }));
    const refs = fc.array(later, { minLength: 1, maxLength: 3 });
    return fc.oneof(
      fc.constantFrom(...LEAVES),
      later,
      refs.map((allOf) => ({ allOf })),
      refs.map((anyOf) => ({ anyOf })),
      refs.map((oneOf) => ({ oneOf })),
      later.map((not) => ({ not })),
      fc.tuple(refs, refs).map(([allOf, anyOf]) => ({ allOf, anyOf })),
    );
  };
  return fc
    .tuple(...Array.from({ length: size + 1 }, (_, i) => entry(i)))
    .map((entries) => Object.fromEntries(entries.map((schema, i) => [`d${i}`, schema])));
}

const valueArbitrary = fc.oneof(
  fc.constantFrom<unknown>("x", "", "ab", 0, -1, 1.5, 7, null, true, [], [true, false], [1], { a: 1 }, { a: "1" }, {}),
  fc.record({ a: fc.oneof(fc.integer(), fc.string({ maxLength: 3 })) }),
);

function answerTwice(validator: Validator, args: unknown): Result {
  const first = validator.validate(args);
  expect(validator.validate(args)).toStrictEqual(first);
  return first;
}

describe("graphs of $defs with shared targets", () => {
  // 400 random graphs, each compiled and run on both tiers and by Ajv: seconds on a loaded machine.
  it("agree across both tiers and with Ajv, and report each problem once", () => {
    const ajv = new Ajv2020({ strict: false, ownProperties: true, validateFormats: false, allErrors: false });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain(graphArbitrary),
        fc.array(valueArbitrary, { minLength: 1, maxLength: 6 }),
        ($defs, values) => {
          const schema = { type: "object", $defs, properties: { v: { $ref: "#/$defs/d0" } } };
          const closures = compile(schema, extended);
          const hot = compile(schema, extended);
          for (let i = 0; i < HOT_AFTER_CALLS; i++) hot.validate({});
          const reference = ajv.compile(schema);
          for (const v of values) {
            const result = answerTwice(closures, { v });
            expect(answerTwice(hot, { v })).toStrictEqual(result);
            expect(result.ok).toBe(reference({ v }));
            if (!result.ok) {
              const keys = result.issues.map((issue) => `${issue.instancePath} ${issue.schemaPath} ${issue.message}`);
              expect(new Set(keys).size).toBe(keys.length);
            }
          }
        },
      ),
      { seed: testSeed(2718), numRuns: 400 },
    );
  }, 60_000);

  it("stay linear in the graph when every level doubles the paths", () => {
    // Deep doubling graphs are too slow for Ajv; the answers are known by construction.
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 30 }),
        fc.constantFrom("allOf", "anyOf"),
        valueArbitrary,
        (levels, keyword, v) => {
          const $defs: Record<string, unknown> = {};
          for (let i = 0; i < levels; i++)
            $defs[`d${i}`] = { [keyword]: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
          $defs[`d${levels}`] = { type: "string", minLength: 2 };
          const validator = compile({ type: "object", $defs, properties: { v: { $ref: "#/$defs/d0" } } }, extended);
          const result = answerTwice(validator, { v });
          expect(result.ok).toBe(typeof v === "string" && v.length >= 2);
          if (!result.ok) expect(result.issues.length).toBeLessThanOrEqual(2);
        },
      ),
      { seed: testSeed(31), numRuns: 60 },
    );
  });
});
