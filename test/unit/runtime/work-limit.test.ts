// Validation work is counted, and a call past the work limit fails the same
// way on any machine. Work is observed through counted reads of the
// arguments, never through time.
import { describe, expect, it } from "vitest";
import { compile, validate, validateSchema } from "../../../src/index";
import { outOfWork } from "../../support/work-limit";
import { MAX_WORK } from "../../../src/runtime/pass";
import { NO_ROOM } from "../../../src/pattern/compile-pattern";

const extended = { profile: "extended" } as const;

function objectOf(keys: number): Record<string, number> {
  const object: Record<string, number> = {};
  for (let i = 0; i < keys; i++) object[`k${i}`] = 0;
  return object;
}

/** An object whose key listings and property reads are counted. */
function counted(target: object, counts: { listings: number; reads: number }): object {
  return new Proxy(target, {
    ownKeys(object) {
      counts.listings++;
      return Reflect.ownKeys(object);
    },
    get(object, key) {
      counts.reads++;
      return Reflect.get(object, key);
    },
  });
}

describe("the work limit", () => {
  // A thousand branches, each walking every key of an object of `keys`
  // keys to refuse the last, then one that accepts anything.
  const walkingSchema = (keys: number) => {
    const branches = [
      ...Array.from({ length: 1000 }, () => ({ propertyNames: { not: { const: `k${keys - 1}` } } })),
      {},
    ];
    return { type: "object", properties: { a: { anyOf: branches } } };
  };

  it("stops a schema that walks large arguments once per branch", () => {
    // 1000 branches × 100,000 keys is more than 128 steps for each of the 100,002 values.
    expect(validate(walkingSchema(100_000), { a: objectOf(100_000) }, extended)).toEqual(
      outOfWork({ a: objectOf(100_000) }),
    );
  });

  it("lets the same schema check ordinary arguments", () => {
    expect(validate(walkingSchema(100), { a: objectOf(100) }, extended)).toEqual({ ok: true });
  });

  it("is the same for the closures and the generated code", () => {
    const validator = compile(walkingSchema(20_000), extended);
    const args = { a: objectOf(20_000) };
    // The first calls run the closures; later ones the generated code.
    const results = Array.from({ length: 10 }, () => validator.validate(args));
    for (const result of results) expect(result).toEqual(outOfWork(args));
  });

  it("counts a list held at many places once, so sharing cannot multiply the work allowed", () => {
    // 2^30 paths through 31 lists: walking them all would never end.
    let a: unknown[] = [1];
    for (let i = 0; i < 30; i++) a = [a, a];
    // The root, `a`, and each list's two items (the second already counted): 63 values.
    expect(validate({ type: "object" }, { a })).toEqual(outOfWork({ a }));
    // Also when the fast check fails first and the walk that names a value outside JSON runs out.
    expect(validate({ type: "object", required: ["x"] }, { a })).toEqual(outOfWork({ a }));
  });

  it("lets a large call through a plain schema", () => {
    const schema = {
      type: "object",
      properties: {
        rows: {
          type: "array",
          items: {
            type: "object",
            properties: {
              id: { type: "integer" },
              name: { type: "string", maxLength: 100 },
              tags: { type: "array", items: { type: "string" } },
            },
            required: ["id", "name"],
            additionalProperties: false,
          },
        },
      },
    };
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `row ${i}`, tags: ["a", "b"] }));
    const validator = compile(schema, extended);
    for (let i = 0; i < 10; i++) expect(validator.validate({ rows })).toEqual({ ok: true });
  });
});

describe("repeated walks of one value", () => {
  it("list a large object's keys once per pass, however many branches ask", () => {
    const counts = { listings: 0, reads: 0 };
    const a = counted(objectOf(10_000), counts);
    const schema = {
      type: "object",
      properties: { a: { anyOf: Array.from({ length: 100 }, () => ({ maxProperties: 5 })) } },
    };
    const result = validate(schema, { a }, extended);
    expect(result).toMatchObject({
      ok: false,
      message:
        "invalid arguments: a: does not match any of the 100 allowed forms; closest (form 1): must have at most 5 properties, got 10000",
    });
    // One listing in the pass that says no, one in the pass that explains.
    expect(counts.listings).toBe(2);
  });

  it("stop each failing branch after its first 10 problems", () => {
    const counts = { listings: 0, reads: 0 };
    const a = counted(objectOf(10_000), counts);
    const schema = {
      type: "object",
      properties: { a: { anyOf: Array.from({ length: 100 }, () => ({ additionalProperties: { type: "string" } })) } },
    };
    expect(validate(schema, { a }, extended)).toMatchObject({ ok: false });
    // Two JSON walks (one in each pass) read every property: 20,000. The pass
    // that says no reads one property in each branch: 100. The pass that
    // explains reads 10 in each: 1,000. Every property in every branch would
    // be 2,000,000.
    expect(counts.reads).toBe(21_100);
  });
});

describe("a schema built in JavaScript with shared objects", () => {
  it("is refused when it stands for more subschemas than compiling may cost", () => {
    let node: object = { type: "string" };
    for (let i = 0; i < 40; i++) node = { anyOf: [node, node] };
    expect(validateSchema({ type: "object", properties: { a: node } }, extended)).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      message: `unsupported schema: #: ${NO_ROOM}`,
    });
  });

  it("is refused when its values, written out, are more than compiling may cost", () => {
    let choice: unknown[] = [1];
    for (let i = 0; i < 40; i++) choice = [choice, choice];
    expect(validate({ type: "object", properties: { a: { enum: [choice] } } }, { a: 1 })).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
      message: `unsupported schema: #: ${NO_ROOM}`,
    });
  });
});

describe("a $ref target met on many paths", () => {
  // d0 … d10, each applying the next one twice: 1,024 paths to the string check.
  const $defs: Record<string, object> = { d10: { type: "string", minLength: 1 } };
  for (let i = 0; i < 10; i++)
    $defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  const schema = { type: "object", $defs, properties: { a: { type: "array", items: { $ref: "#/$defs/d0" } } } };

  it("is decided once per value", () => {
    const a = Array.from({ length: 600 }, (_, i) => `s${i}`);
    expect(validate(schema, { a }, extended)).toEqual({ ok: true });
  });

  it("is decided on every path for a string of 16,384 characters or more, which V8 cannot key well, and the work limit bounds it", () => {
    const a = Array.from({ length: 600 }, (_, i) => `${"s".repeat(16_400)}${i}`);
    expect(validate(schema, { a }, extended)).toEqual(outOfWork({ a }));
  });
});

describe("a costly check of each key of a large object", () => {
  it("is counted as each key's turn starts in generated code too, not once the loop ends", () => {
    // 2,000 listed names read in each of 20,000 objects are 40 million reads;
    // the work limit for these arguments ends the pass after about 2,400 objects.
    const properties = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`p${i}`, { type: "string" }]));
    const validator = compile({ type: "object", additionalProperties: { type: "object", properties } });
    for (let call = 0; call < 8; call++) validator.validate({ k: {} });
    const reads = { count: 0 };
    const counted = () => new Proxy({}, { get: (object, key) => (reads.count++, Reflect.get(object, key)) });
    const args = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, counted()]));
    expect(validator.validate(args)).toEqual(outOfWork(args));
    // Generated code and then the closures, each stopped by the limit (about 4.7 million steps).
    expect(reads.count).toBeLessThan(12_000_000);
  }, 60_000);
});

describe("the largest arguments", () => {
  it("get at most MAX_WORK steps a pass, however many values they hold", () => {
    const branches = Array.from({ length: 62 }, (_, i) => ({ type: "integer", minimum: 1 + i }));
    const schema = { type: "object", properties: { a: { type: "array", items: { anyOf: branches } } } };
    const args = { a: new Array(300_000).fill(0) };
    const failure = outOfWork(args);
    // 245,760 values bring the limit to MAX_WORK: the arguments are measured no further.
    expect(failure.message).toContain(`(${MAX_WORK} steps for more than 245760 values)`);
    expect(validate(schema, args, extended)).toEqual(failure);
  }, 60_000);
});
