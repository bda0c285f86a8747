import { runInNewContext } from "node:vm";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { compileSchema } from "../../../src/compile/compile-schema";
import { generateFastCheck } from "../../../src/validate/check-generator";
import { compile, validate } from "../../../src/index";
import { MiB, residentGrowth } from "../../support/memory";
import { isJsonArray, isPlainObject } from "../../../src/runtime/shape";
import { MAX_WORK, MEASURED_VALUES } from "../../../src/runtime/pass";
import { oneIssueFailure } from "../../support/issues";

class List extends Array {}

const schema = {
  type: "object",
  properties: {
    list: { type: "array", items: { type: "integer" } },
    object: { type: "object", properties: { a: { type: "integer" } } },
    any: {},
  },
};

/** The result of every call, through the closures and, once the validator is hot, the generated check. */
function results(args: unknown): unknown[] {
  const validator = compile(schema);
  return Array.from({ length: 12 }, () => validator.validate(args));
}

function refused(path: string, instancePath: string, problem: string) {
  return oneIssueFailure("type", `${path}: ${problem} (not a JSON value)`, { instancePath });
}

describe("the JSON input domain: arrays", () => {
  it.each([
    [{ list: List.from([1]) }, "list", "/list", "got a List"],
    [{ any: [List.from([])] }, "any[0]", "/any/0", "got a List"],
    [{ list: Object.setPrototypeOf([1], null) }, "list", "/list", "got a list with an unusual prototype"],
    [
      { any: { x: Object.setPrototypeOf([], Object.create(Array.prototype)) } },
      "any.x",
      "/any/x",
      "got a list with an unusual prototype",
    ],
  ])("refuses %s where it stands, with its path", (args, path, instancePath, problem) => {
    for (const result of results(args)) expect(result).toEqual(refused(path, instancePath, problem));
  });

  it("accepts plain objects and arrays from another realm", () => {
    const args = {
      list: runInNewContext("[1, 2]"),
      object: runInNewContext("({ a: 1 })"),
      any: runInNewContext('JSON.parse(\'{"x": [{"y": []}]}\')'),
    };
    for (const result of results(args)) expect(result).toEqual({ ok: true });
    for (const result of results(runInNewContext("({ list: [1], object: { a: 1 } })")))
      expect(result).toEqual({ ok: true });
    expect(validate(schema, { list: runInNewContext('["1"]') })).toMatchObject({
      message: 'invalid arguments: list[0]: expected an integer, got a string ("1")',
    });
  });

  it("is the generated check's rule too", () => {
    const options = {
      lenientScalars: false,
      presentRequired: false,
      profile: "core",
      timeBudgetMs: null,
      eager: false,
      key: "core",
    } as const;
    const fast = generateFastCheck(schema, options, compileSchema(schema, options), "any")!;
    expect(
      [
        { list: runInNewContext("[1]") },
        { list: List.from([1]) },
        { list: Object.setPrototypeOf([1], null) },
        { any: [new List()] },
      ].map(fast),
    ).toEqual([true, false, false, false]);
    expect(
      [
        { object: runInNewContext("({ a: 1 })") },
        runInNewContext("({ any: {} })"),
        { object: runInNewContext("new (class A {})()") },
      ].map(fast),
    ).toEqual([true, true, false]);
  });

  it("refuses class instances from another realm", () => {
    for (const result of results({ any: runInNewContext("new (class Point {})()") }))
      expect(result).toEqual(refused("any", "/any", "got a Point"));
    for (const result of results({ list: runInNewContext("new (class Row extends Array {})()") }))
      expect(result).toEqual(refused("list", "/list", "got a Row"));
    expect(validate(schema, { object: runInNewContext("new Date(0)") })).toEqual(
      refused("object", "/object", "got a Date"),
    );
  });
});

describe("the JSON input domain: objects", () => {
  it("names an object whose prototype only poses as Object.prototype as unusual", () => {
    for (const args of [
      { any: Object.create({}) },
      { any: Object.create(Object.create(null, { constructor: { value: Object } })) },
    ]) {
      for (const result of results(args))
        expect(result).toEqual(refused("any", "/any", "got an object with an unusual prototype"));
    }
  });

  it("walks the keys a schema does not list, the same in both tiers, whatever shapes the shared loop has met", () => {
    // One loop walks the unlisted keys of every generated check: each call here
    // gives it objects of another shape first.
    const shapes = Array.from({ length: 40 }, (_, i) => ({ [`k${i}`]: i, object: { a: 1, [`x${i}`]: [i] } }));
    for (const args of shapes) for (const result of results(args)) expect(result).toEqual({ ok: true });
    const cases: [unknown, string, string, string][] = [
      [{ extra: () => 1 }, "extra", "/extra", "got a function"],
      [{ list: [1], extra: undefined }, "extra", "/extra", "got undefined"],
      [{ object: { a: 1, b: { c: [Symbol("s")] } } }, "object.b.c[0]", "/object/b/c/0", "got a symbol"],
      [{ object: { a: 1, when: new Date(0) } }, "object.when", "/object/when", "got a Date"],
      [{ object: { a: undefined } }, "object.a", "/object/a", "got undefined"],
    ];
    for (const [args, path, instancePath, problem] of cases)
      for (const result of results(args)) expect(result).toEqual(refused(path, instancePath, problem));
  });
});

describe("the JSON input domain: the depth bound under keys a schema does not list", () => {
  // The shared loop (check-generator.ts, walkUnlisted) walks such a key's
  // value with the levels left below its object: from the arguments, from
  // a listed object, from a list's item, from one of more than 64 listed
  // properties (written into functions of their own). In a `$ref` target,
  // which may be given a value walked already, a loop of its own does.
  const objectOf = (a: unknown) => ({ type: "object", properties: { a } });
  const sites: [string, unknown, (inner: unknown) => unknown, number, string][] = [
    ["the arguments", objectOf({ type: "number" }), (inner) => ({ u: inner }), 1, "u"],
    ["a listed object", objectOf(objectOf({})), (inner) => ({ a: { u: inner } }), 2, "a.u"],
    ["an item", objectOf({ items: objectOf({}) }), (inner) => ({ a: [{ u: inner }] }), 3, "a[0].u"],
    [
      "the 70th property",
      {
        type: "object",
        properties: Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`p${i}`, objectOf({})])),
      },
      (inner) => ({ p69: { u: inner } }),
      2,
      "p69.u",
    ],
    [
      "a $ref target",
      { ...objectOf({ $ref: "#/$defs/t" }), $defs: { t: objectOf({}) } },
      (inner) => ({ a: { u: inner } }),
      2,
      "a.u",
    ],
  ];

  it.each(sites)("from %s: 256 nested containers pass and 257 fail, on both tiers", (_, schema, place, above, path) => {
    const options = { profile: "extended" } as const;
    /** Arguments of `levels` nested containers in all, the innermost holding 1. */
    const nesting = (levels: number) => {
      let inner: unknown = 1;
      for (let i = above; i < levels; i++) inner = i % 2 === 0 ? [inner] : { z: inner };
      return place(inner);
    };
    for (const [levels, ok] of [
      [256, true],
      [257, false],
    ] as const) {
      const args = nesting(levels);
      const cold = compile(schema, options).validate(args);
      expect(cold.ok).toBe(ok);
      if (!ok) expect(cold).toMatchObject({ message: expect.stringMatching(/: nests deeper than 256 levels$/) });
      if (!ok) expect(cold).toMatchObject({ message: expect.stringContaining(`invalid arguments: ${path}`) });
      expect(compile(schema, { ...options, eager: true }).validate(args)).toStrictEqual(cold);
      const text = JSON.stringify(args);
      expect(compile(schema, options).validateJson(text)).toStrictEqual(cold);
      expect(compile(schema, { ...options, eager: true }).validateJson(text)).toStrictEqual(cold);
    }
  });
});

describe("isPlainObject and isJsonArray: another realm's intrinsics", () => {
  const other = runInNewContext("({ Object, Array })") as { Object: ObjectConstructor; Array: ArrayConstructor };

  it("know another realm's Object.prototype and Array.prototype", () => {
    expect(isPlainObject(new other.Object())).toBe(true);
    expect(isJsonArray(new other.Array())).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
    expect(isJsonArray([])).toBe(true);
  });

  it("are not fooled by a prototype posing with a constructor, and run no getter", () => {
    let getterRuns = 0;
    const posers = [
      Object.create(null, { constructor: { value: Object } }),
      Object.create(null, { constructor: { value: other.Object } }),
      Object.create(null, { constructor: { value: Object.bind(null) } }),
      Object.create(null, { constructor: { value: function Object() {} } }),
      Object.create(null, { constructor: { get: () => (getterRuns++, Object) } }),
    ];
    expect(posers.map((proto) => isPlainObject(Object.create(proto)))).toEqual([false, false, false, false, false]);
    const arrays = [
      Object.create(Object.prototype, { constructor: { value: Array } }),
      Object.create(other.Object.prototype, { constructor: { value: other.Array } }),
      Object.create(null, { constructor: { get: () => (getterRuns++, Array) } }),
    ];
    expect(arrays.map((proto) => isJsonArray(Object.setPrototypeOf([], proto)))).toEqual([false, false, false]);
    expect(getterRuns).toBe(0);
  });

  it("refuse subclasses and arrays without a prototype", () => {
    expect(isJsonArray(new List())).toBe(false);
    expect(isJsonArray(Object.setPrototypeOf([], null))).toBe(false);
    expect(isPlainObject(Object.setPrototypeOf([], null))).toBe(false);
    expect(isPlainObject(runInNewContext("new Map()"))).toBe(false);
  });
});

/**
 * A list's length and an object's keys are claims: a sparse list holds no
 * items where its length says it does, and a proxy may answer anything. The
 * answer must be the documented one (a hole is a `validation` failure at its
 * path), reached by reading what is there, never by reading every index a
 * length claims or holding memory in proportion to it.
 */
describe("the JSON input domain: lengths and keys that are only claims", () => {
  const hole = (path: string, instancePath: string) => refused(path, instancePath, "got a hole in a sparse array");

  /** A list over `target` that claims `length` items, its index reads counted. */
  function claiming(target: unknown[], length: () => unknown, item?: unknown) {
    const counts = { reads: 0 };
    const list = new Proxy(target, {
      get(object, key) {
        if (key === "length") return length();
        // Every other key read is an item's, but "__proto__": the generated check reads the prototype through it.
        if (typeof key === "string" && key !== "__proto__") {
          counts.reads++;
          if (item !== undefined) return item;
        }
        return Reflect.get(object, key);
      },
      has: (object, key) => item !== undefined || Reflect.has(object, key),
    });
    return { list, counts };
  }

  it("names the first hole of a sparse list of 200,000,000, in both tiers, without measuring every index", () => {
    for (const args of [{ list: new Array(2e8) }, { any: new Array(2e8) }, { any: [new Array(2e8)] }]) {
      const [path, pointer] =
        "list" in args
          ? ["list[0]", "/list/0"]
          : Array.isArray(args.any[0])
            ? ["any[0][0]", "/any/0/0"]
            : ["any[0]", "/any/0"];
      for (const result of results(args)) expect(result).toEqual(hole(path, pointer));
    }
  });

  it("names the first hole of a list of length 2^32 - 1, wherever its items end", () => {
    const short = [1, 2, 3];
    short.length = 2 ** 32 - 1;
    for (const result of results({ list: short })) expect(result).toEqual(hole("list[3]", "/list/3"));
    const last: unknown[] = [];
    last[2 ** 32 - 2] = 1;
    for (const result of results({ any: last })) expect(result).toEqual(hole("any[0]", "/any/0"));
  });

  it("answers a sparse list of 100,000,000 without memory in proportion to its length", () => {
    const args = { list: new Array(1e8) };
    const { growth, value } = residentGrowth(() => results(args));
    for (const result of value) expect(result).toEqual(hole("list[0]", "/list/0"));
    // Measuring every index once took 2.4 GB.
    expect(growth).toBeLessThan(64 * MiB);
  });

  it("names the hole after the items of a proxy that claims a billion, reading at most what measuring reads", () => {
    const { list, counts } = claiming([1, 2, 3], () => 1e9);
    for (const result of results({ list })) expect(result).toEqual(hole("list[3]", "/list/3"));
    // Each call reads the four items twice (the check, then the walk that
    // names the hole); once hot, the generated items loop counts the claimed
    // length first and runs out, and measuring the arguments for their
    // allowance reads at most MEASURED_VALUES values. A billion reads would
    // take minutes.
    expect(counts.reads).toBeLessThanOrEqual(12 * (MEASURED_VALUES + 8));
  });

  it("reads a length once in the generated items loop: a proxy that claims more on the second read gets no more turns", () => {
    const validator = compile(schema);
    for (let i = 0; i < 12; i++) validator.validate({ list: [1] });
    let lengthReads = 0;
    const { list, counts } = claiming([1, 2, 3], () => (++lengthReads <= 1 ? 3 : 1e9));
    expect(validator.validate({ list })).toEqual({ ok: true });
    expect(counts.reads).toBe(3);
  });

  it("runs out of work on a proxy that claims a billion items and has each, after the work limit's reads", () => {
    const { list, counts } = claiming([], () => 1e9, 0);
    expect(validate({ type: "object" }, { any: list })).toEqual({
      ok: false,
      kind: "execution_failure",
      message: `could not check the arguments: arguments: checking them against this schema takes more than the work limit (${MAX_WORK} steps for more than ${MEASURED_VALUES} values); send fewer or smaller values`,
      issues: [
        {
          kind: "execution_failure",
          instancePath: "",
          path: [],
          schemaPath: "",
          keyword: "schema",
          params: { limit: MAX_WORK },
          message: `arguments: checking them against this schema takes more than the work limit (${MAX_WORK} steps for more than ${MEASURED_VALUES} values); send fewer or smaller values`,
        },
      ],
    });
    // One pass, which counts each chunk of items before it reads them and
    // stops at the limit, and measuring the arguments for their allowance.
    expect(counts.reads).toBeLessThanOrEqual(MAX_WORK + MEASURED_VALUES);
  }, 120_000);

  it.each([
    ["a string", "3"],
    ["NaN", NaN],
    ["-1", -1],
    ["2.5", 2.5],
    ["2^53", 2 ** 53],
    ["an object", { valueOf: (): number => 3 }],
  ])("refuses a list whose length is %s, which is no count", (_name, length) => {
    const { list } = claiming([1, 2, 3], () => length);
    for (const result of results({ list }))
      expect(result).toEqual(refused("list", "/list", "got a list whose length is not a count"));
  });

  it("names a key a proxy lists but has no value for", () => {
    const descriptor = { value: 1, enumerable: true, configurable: true, writable: true };
    const ghost = new Proxy({}, { ownKeys: () => ["ghost"], getOwnPropertyDescriptor: () => descriptor });
    for (const result of results({ any: ghost }))
      expect(result).toEqual(refused("any.ghost", "/any/ghost", "got undefined"));
  });

  it("lists the keys of a proxy that claims 100,000 once per pass, and one that claims a billion cannot be read", () => {
    let listings = 0;
    const keys = Array.from({ length: 100_000 }, (_, i) => `k${i}`);
    const descriptor = { value: 1, enumerable: true, configurable: true, writable: true };
    const many = new Proxy(
      {},
      { ownKeys: () => (listings++, keys), getOwnPropertyDescriptor: () => descriptor, get: () => 1 },
    );
    expect(
      validate(
        { type: "object", properties: { a: { type: "object", additionalProperties: { type: "integer" } } } },
        { a: many },
      ),
    ).toEqual({ ok: true });
    expect(listings).toBe(1);
    // V8 refuses a key list longer than an array may be before the trap's list is read.
    const claims = new Proxy({}, { ownKeys: () => ({ length: 1e9 }) as unknown as string[] });
    expect(validate({ type: "object" }, { a: claims })).toMatchObject({
      ok: false,
      kind: "validation",
      issues: [{ instancePath: "", keyword: "type", message: "arguments: could not be read (Invalid array length)" }],
    });
  });
});

describe("the JSON input domain: prototypes read through __proto__", () => {
  // The generated check tests `value.__proto__` first, where Node.js keeps
  // Object.prototype's accessor as V8 built it; started with
  // --disable-proto (the accessor deleted, or made to throw), it tests
  // prototypes as the closures do. Every answer stays the same.
  const script = `
    const { compile } = require(${JSON.stringify(require.resolve("../../../lib/index.js"))});
    const validator = compile(${JSON.stringify(schema)});
    class Point { constructor() { this.a = 1; } }
    const cases = {
      plain: { object: { a: 1 }, list: [1] },
      nullPrototype: { object: Object.assign(Object.create(null), { a: 1 }) },
      ownProtoKey: JSON.parse('{"object": {"__proto__": {"x": 1}, "a": 1}}'),
      instance: { object: new Point() },
      shadowed: { object: Object.defineProperty(new Point(), "__proto__", { value: { a: 2 } }) },
      subclassedList: { list: Object.setPrototypeOf([1], Object.create(Array.prototype)) },
    };
    const out = {};
    for (const [name, args] of Object.entries(cases)) out[name] = Array.from({ length: 40 }, () => validator.validate(args).ok);
    process.stdout.write(JSON.stringify(out));
  `;
  const expected = {
    plain: true,
    nullPrototype: true,
    ownProtoKey: true,
    instance: false,
    shadowed: false,
    subclassedList: false,
  };

  it.each([[[]], [["--disable-proto=delete"]], [["--disable-proto=throw"]]])(
    "gives the same answers, cold and hot, with node %j",
    (flags) => {
      const child = spawnSync(process.execPath, [...flags, "-e", script], { encoding: "utf8" });
      expect(child.stderr).toBe("");
      const answers = JSON.parse(child.stdout) as Record<string, boolean[]>;
      expect(
        Object.fromEntries(
          Object.entries(answers).map(([name, all]) => [name, new Set(all).size === 1 ? all[0] : all]),
        ),
      ).toStrictEqual(expected);
    },
  );
});
