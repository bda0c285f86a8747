import { describe, expect, it } from "vitest";
import { compile, type Options, type Result, type Validator } from "../../src/index";
import { pass } from "../../src/runtime/pass";
import { HOT_AFTER_CALLS } from "../../src/validate/validator";

const extended: Options = { profile: "extended" };

/** A cold validator and one turned hot (0 fails both passes, so both turn hot). */
function pair(schema: unknown, options: Options): [Validator, Validator] {
  const cold = compile(schema, options);
  const hot = compile(schema, options);
  for (let i = 0; i < HOT_AFTER_CALLS; i++) hot.validate(0);
  return [cold, hot];
}

const result = (r: Result) => {
  const x = r as { ok: boolean; kind?: unknown; message?: unknown; issues?: unknown };
  return { ok: x.ok, kind: x.kind, message: x.message, issues: x.issues };
};

/** The result and the work of each tier's validator on `args`. */
function run(cold: Validator, hot: Validator, args: unknown) {
  const c = cold.validate(args);
  const coldSpent = pass.spent;
  const h = hot.validate(args);
  const hotSpent = pass.spent;
  return { cold: result(c), hot: result(h), coldSpent, hotSpent };
}

/** run() on a new cold and a new hot validator of `schema`. */
const both = (schema: unknown, args: unknown, options: Options) => run(...pair(schema, options), args);

/**
 * Shared `$ref` targets are decided once per value (compile-schema.ts
 * UNROLLED_VISITS): the closures keep a memo per `$ref`, keyed by the value;
 * the generated code keeps one per `$ref` too, and an object's answer is
 * reused at its depth only (memoizedGenerated). On arguments that pass, both
 * count the same work, so near the limit both pass or both run out.
 */
describe("memoized $ref targets count the same work on both tiers", () => {
  it("with one memo per $ref, a target several $refs share: the same answer at the limit", () => {
    const K = 8;
    const N = 3;
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < N; i++)
      $defs[`d${i}`] = { allOf: Array.from({ length: K }, () => ({ $ref: `#/$defs/d${i + 1}` })) };
    $defs[`d${N}`] = { type: "number" };
    const schema = { type: "object", properties: { x: { type: "array", items: { $ref: "#/$defs/d0" } } }, $defs };
    // Large: past the limit on both tiers.
    const x = Array.from({ length: 12000 }, (_, i) => i);
    const large = both(schema, { x }, extended);
    expect(large.hot).toEqual(large.cold);
    // Small: both pass, but the work differs already.
    const small = both(schema, { x: [1, 2, 3] }, extended);
    expect(small.hotSpent).toBe(small.coldSpent);
  }, 60_000);

  it("a scalar met at many depths is decided once", () => {
    // An unused chain whose paths multiply turns on memoizing for every target met by several refs.
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < 9; i++)
      $defs[`j${i}`] = { allOf: [{ $ref: `#/$defs/j${i + 1}` }, { $ref: `#/$defs/j${i + 1}` }] };
    $defs.j9 = {};
    const properties: Record<string, boolean> = {};
    for (let i = 0; i < 5000; i++) properties[`p${i}`] = true; // a subschema weight of ~5000
    $defs.n = { type: ["number", "array"], items: { $ref: "#/$defs/n" }, properties };
    const schema = { type: "object", properties: { x: { $ref: "#/$defs/n" } }, $defs };
    // The number 7 at 250 depths: one decision on both tiers, past the limit were it made at each depth.
    let x: unknown = 7;
    for (let i = 0; i < 250; i++) x = [7, x];
    const r = both(schema, { x }, extended);
    expect(r.cold.ok).toBe(true);
    expect(r.hot).toEqual(r.cold);
  }, 60_000);
});

const manyTrue = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, true]));

describe("generated code counts no work the closures do not, on valid arguments", () => {
  it("a `$ref` beside other keywords: the value is walked once", () => {
    const heavy = { type: "number", properties: manyTrue(200) };
    const schema = {
      type: "object",
      $ref: "#/$defs/t",
      properties: { x: { type: "array", items: heavy } },
      $defs: { t: { type: "object" } },
    };
    // Just under the limit: a second walk of the value would pass it.
    const r = both(schema, { x: Array.from({ length: 27237 }, (_, i) => i) }, extended);
    expect(r.cold.ok).toBe(true);
    expect(r.hot).toEqual(r.cold);
    const small = both(schema, { a: [[1, 2], [3]] }, extended);
    expect(small.hotSpent).toBe(small.coldSpent);
  }, 60_000);

  it("propertyNames then additionalProperties: one loop walks each value", () => {
    const schema = {
      type: "object",
      properties: {
        x: {
          type: "array",
          items: {
            type: "object",
            propertyNames: { minLength: 1 },
            additionalProperties: {},
            properties: manyTrue(1000),
          },
        },
      },
    };
    const r = both(schema, { x: Array.from({ length: 16071 }, () => ({ q: [1], r: [1], s: [1] })) }, extended);
    expect(r.cold.ok).toBe(true);
    expect(r.hot).toEqual(r.cold);
    const small = both(
      { type: "object", propertyNames: { minLength: 1 }, additionalProperties: {} },
      { b: [1] },
      extended,
    );
    expect(small.hotSpent).toBe(small.coldSpent);
  }, 60_000);

  it("a node of several types counts its object keywords only on an object", () => {
    // type ["object","number"] with a required property: on a number, the
    // required property's subschema weight is not counted.
    const schema = {
      type: "object",
      properties: {
        x: {
          type: "array",
          items: {
            type: ["object", "number"],
            properties: { a: { type: "number", properties: manyTrue(1000) } },
            required: ["a"],
          },
        },
      },
    };
    const r = both(schema, { x: Array.from({ length: 3000 }, (_, i) => i) }, {});
    expect(r.cold.ok).toBe(true);
    expect(r.hot).toEqual(r.cold);
    const small = both(schema, { x: [1] }, {});
    expect(small.hotSpent).toBe(small.coldSpent);
  }, 60_000);
});

describe("with a polluted Object.prototype, both tiers count the same work", () => {
  it("an enumerable property on Object.prototype adds no work hot", () => {
    const schema = {
      type: "object",
      properties: { x: { type: "array", items: { type: "object", properties: { a: { type: "number" } } } } },
    };
    (Object.prototype as Record<string, unknown>).polluted = 1;
    try {
      const r = both(schema, { x: [{ a: 1 }, { a: 2 }] }, {});
      expect(r.cold.ok).toBe(true);
      expect(r.hotSpent).toBe(r.coldSpent);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });
});

describe("a name defined on Object.prototype once the code is written", () => {
  it("a non-enumerable property defined on Object.prototype after the code was written adds no work hot", () => {
    const schema = {
      type: "object",
      properties: {
        x: {
          type: "array",
          items: {
            type: "object",
            properties: { zz: { type: "array", items: { type: "number", properties: manyTrue(1000) } } },
          },
        },
      },
    };
    const [cold, hot] = pair(schema, extended);
    Object.defineProperty(Object.prototype, "zz", {
      value: Array.from({ length: 100 }, (_, i) => i),
      enumerable: false,
      configurable: true,
    });
    try {
      const s = run(cold, hot, { x: [{}, {}] });
      expect(s.cold.ok).toBe(true);
      expect(s.hotSpent).toBe(s.coldSpent);
      const r = run(cold, hot, { x: Array.from({ length: 30 }, () => ({})) });
      expect(r.cold.ok).toBe(true);
      expect(r.hot).toEqual(r.cold);
    } finally {
      delete (Object.prototype as Record<string, unknown>).zz;
    }
  }, 60_000);
});

describe("a scalar at depth 256 reached through a $ref", () => {
  it("the generated $ref function takes a scalar at the depth bound, as the closures do (only containers may not nest there)", () => {
    const deep = (n: number, leaf: unknown) => {
      let x = leaf;
      for (let i = 0; i < n; i++) x = [x];
      return x;
    };
    // A failing branch that explaining walks further than the fast check: an explaining pass costs more.
    const schema = {
      type: "object",
      properties: { x: { $ref: "#/$defs/a" } },
      $defs: {
        a: {
          anyOf: [
            { type: "number" },
            { type: "array", items: { type: "string", properties: manyTrue(1000) } },
            { type: "array", items: { $ref: "#/$defs/a" } },
          ],
        },
      },
    };
    const [cold, hot] = pair(schema, extended);
    const s = run(cold, hot, { x: deep(255, 1) });
    expect(s.cold.ok).toBe(true);
    expect(s.hotSpent).toBe(s.coldSpent);
    // Leaves at depth 256: hot, the fast check says no and the explaining pass runs out of work.
    const wide = Array.from({ length: 1000 }, () => Array(10).fill(1));
    const r = run(compile(schema, extended), hot, { x: deep(253, wide) });
    expect(r.cold.ok).toBe(true);
    expect(r.hot).toEqual(r.cold);
  }, 60_000);
});

/**
 * An object listing many properties has them written into several
 * functions (check-generator.ts PROPERTIES_A_FUNCTION): each gets the answer and
 * the work of the closures, wherever the property stands, and under a `$ref`
 * (which carries the depth and the walked flag into them).
 */
describe("an object of many properties, written in parts", () => {
  const N = 200;
  const properties = Object.fromEntries(
    Array.from({ length: N }, (_, i) => [
      `p${i}`,
      i % 2 ? { type: "integer", minimum: i } : { type: "string", minLength: 2 },
    ]),
  );
  const wide = { type: "object", properties, required: ["p0", "p63", "p64", "p199"], additionalProperties: false };
  const good = (i: number) => (i % 2 ? i : `v${i}`);
  const bad = (i: number) => (i % 2 ? i - 1 : "v");
  const full = Object.fromEntries(Array.from({ length: N }, (_, i) => [`p${i}`, good(i)]));
  const schemas = {
    direct: wide,
    underRef: {
      type: "object",
      properties: { inner: { $ref: "#/$defs/wide" }, again: { $ref: "#/$defs/wide" } },
      $defs: { wide },
    },
  };

  it.each(Object.entries(schemas))(
    "%s: the same answers and work hot and cold, for each property in each part",
    (kind, schema) => {
      const wrap = (args: Record<string, unknown>) => (kind === "direct" ? args : { inner: args, again: args });
      const [cold, hot] = pair(schema, kind === "direct" ? {} : extended);
      const cases = [full, { p0: "ab", p63: 63, p64: "cd", p199: 199 }, { p0: "ab", p63: 63, p64: "cd" }];
      for (const i of [0, 1, 62, 63, 64, 65, 127, 128, 198, 199]) cases.push({ ...full, [`p${i}`]: bad(i) });
      for (const args of cases) {
        const { cold: c, hot: h, coldSpent, hotSpent } = run(cold, hot, wrap(args));
        expect(h).toEqual(c);
        if (c.ok) expect(hotSpent).toBe(coldSpent);
      }
      expect(run(cold, hot, wrap(full)).hot.ok).toBe(true);
      expect(run(cold, hot, wrap({ ...full, p130: 0 })).hot).toMatchObject({ ok: false, kind: "validation" });
    },
  );
});

describe("compile's eager option", () => {
  // A getter sees which code reads it: the generated fast check is a function named fastCheck.
  const readBy = (validator: Validator) => {
    let stack = "";
    const args = {};
    Object.defineProperty(args, "a", { enumerable: true, get: () => ((stack = new Error().stack ?? ""), 1) });
    validator.validate(args);
    return /\bfastCheck\b/.test(stack) ? "generated code" : "closures";
  };
  const schema = { type: "object", properties: { a: { type: "integer" } } };

  it("generates the code as the validator is compiled, so that the first call runs it", () => {
    expect(readBy(compile(schema, { eager: true }))).toBe("generated code");
    expect(readBy(compile(schema))).toBe("closures");
    expect(readBy(compile(schema, { eager: false }))).toBe("closures");
  });

  it("generates the code of an object of many properties met as an expression (the values of additionalProperties)", () => {
    const properties = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`p${i}`, { type: "integer" }]));
    const wide = { type: "object", additionalProperties: { type: "object", properties } };
    let stack = "";
    const inner = {};
    Object.defineProperty(inner, "p69", { enumerable: true, get: () => ((stack = new Error().stack ?? ""), 1) });
    expect(compile(wide, { eager: true }).validate({ x: inner })).toStrictEqual({ ok: true });
    expect(stack).toMatch(/\bfastCheck\b/);
  });

  it("changes no answer", () => {
    const [eager, lazy] = [compile(schema, { eager: true }), compile(schema)];
    for (const args of [{ a: 1 }, { a: "1" }, {}, { a: 1.5 }, null])
      expect(eager.validate(args)).toStrictEqual(lazy.validate(args));
  });

  it("must be a boolean", () => {
    expect(() => compile(schema, { eager: 1 as unknown as boolean })).toThrow(
      new TypeError("tool-input-schema: options.eager must be a boolean"),
    );
  });
});
