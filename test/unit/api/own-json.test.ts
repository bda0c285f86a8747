import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { MAX_SCHEMA_VALUES, SchemaTooLarge, schemaValueCount } from "../../../src/compile/bounds";
import { ownJsonText } from "../../../src/api/own-json";

const uncounted = () => {};

/** Runs `run` with `toJSON` defined on each of `prototypes`, and takes them off again whatever happens. */
function withToJSON<T>(prototypes: object[], toJSON: () => unknown, run: () => T): T {
  for (const prototype of prototypes)
    Object.defineProperty(prototype, "toJSON", { value: toJSON, configurable: true, writable: true });
  try {
    return run();
  } finally {
    for (const prototype of prototypes) delete (prototype as { toJSON?: unknown }).toJSON;
  }
}

const PROTOTYPES = [
  Object.prototype,
  Array.prototype,
  String.prototype,
  Number.prototype,
  Boolean.prototype,
  BigInt.prototype,
];

describe("ownJsonText", () => {
  it("writes what JSON.stringify writes for every schema of the captured catalogs", () => {
    const directory = join(__dirname, "../../../fixtures/catalogs");
    let schemas = 0;
    for (const file of readdirSync(directory).filter((name) => name.endsWith(".json"))) {
      const catalog = JSON.parse(readFileSync(join(directory, file), "utf8")) as { tools: { inputSchema: unknown }[] };
      for (const { inputSchema } of catalog.tools) {
        expect(ownJsonText(inputSchema, uncounted)).toBe(JSON.stringify(inputSchema));
        schemas++;
      }
    }
    expect(schemas).toBeGreaterThan(1000);
  });

  it("writes escapes, lone surrogates, -0, an own __proto__ key and null-prototype objects as JSON.stringify does", () => {
    const values = [
      'a"b\\c\n\u0000\u001f\u007f\u2028',
      "\ud800 x \udc00 😀",
      [-0, 1e21, 1.5e-7, -1e-7, Number.MAX_VALUE, 5e-324],
      JSON.parse('{"__proto__": {"a": 1}, "constructor": [], "": null}'),
      Object.assign(Object.create(null), { b: [true, false, null], a: { 'k"ey': "v" } }),
      { 2: "two", 1: "one", b: 1, a: 2 },
      runInNewContext('({ list: [1, "x"], nested: { deep: [[{}]] } })'),
    ];
    for (const value of values) expect(ownJsonText(value, uncounted)).toBe(JSON.stringify(value));
  });

  it("never calls a toJSON, inherited or own and not enumerable, and writes the own data", () => {
    let calls = 0;
    const value = { type: "object", required: ["a"], properties: { a: { enum: ["x"] } } };
    const text = '{"type":"object","required":["a"],"properties":{"a":{"enum":["x"]}}}';
    withToJSON(
      PROTOTYPES,
      () => (calls++, []),
      () => {
        expect(JSON.stringify(value)).toBe("[]");
        expect(ownJsonText(value, uncounted)).toBe(text);
      },
    );
    const hidden = { type: "object", required: ["a"] };
    Object.defineProperty(hidden, "toJSON", { value: () => (calls++, {}), enumerable: false });
    expect(JSON.stringify(hidden)).toBe("{}");
    expect(ownJsonText(hidden, uncounted)).toBe('{"type":"object","required":["a"]}');
    // JSON.stringify called the toJSON twice; the writer never did.
    expect(calls).toBe(2);
  });

  it("reads each property once", () => {
    let reads = 0;
    const value = {};
    Object.defineProperty(value, "n", { enumerable: true, get: () => ++reads });
    expect(ownJsonText(value, uncounted)).toBe('{"n":1}');
    expect(reads).toBe(1);
  });

  it.each([
    ["undefined", { a: undefined }],
    ["a function", [() => 1]],
    ["a symbol", { a: Symbol("s") }],
    ["NaN", [NaN]],
    ["Infinity", { a: -Infinity }],
    ["a bigint, which JSON text cannot hold", { a: 1n }],
    ["a hole", [1, , 3]],
    ["a Date", { a: new Date(0) }],
    ["a Map", new Map()],
    ["a subclass of Array", { a: new (class List extends Array {})() }],
    [
      "a list whose length is no count",
      new Proxy([1], { get: (list, key) => (key === "length" ? "1" : Reflect.get(list, key)) }),
    ],
  ])("has no text for a value holding %s", (_name, value) => {
    expect(ownJsonText(value, uncounted)).toBeUndefined();
  });

  it("has no text past the depth bound", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 256; i++) deep = [deep];
    expect(ownJsonText(deep, uncounted)).toBe(JSON.stringify(deep));
    expect(ownJsonText([deep], uncounted)).toBeUndefined();
  });

  it("counts a list's items before it reads them, a chunk at a time: a sparse list of 2^32 - 1 stops at its first hole", () => {
    const counted: number[] = [];
    const sparse = [1, 2];
    sparse.length = 2 ** 32 - 1;
    expect(ownJsonText(sparse, (more) => counted.push(more))).toBeUndefined();
    expect(counted).toEqual([1024]);
  });

  it("stops at the schema's bound on values, before it reads past it", () => {
    let reads = 0;
    const claims = new Proxy([], {
      get: (list, key) => (key === "length" ? 1e9 : typeof key === "string" ? (reads++, 1) : Reflect.get(list, key)),
    });
    expect(() => ownJsonText({ enum: claims }, schemaValueCount())).toThrow(SchemaTooLarge);
    // The root's one key, then chunks of 1,024 items up to the bound.
    expect(reads).toBeLessThanOrEqual(MAX_SCHEMA_VALUES);
    expect(reads).toBeGreaterThan(MAX_SCHEMA_VALUES - 1024);
  }, 60_000);
});
