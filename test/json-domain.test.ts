import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { compileSchema } from "../src/compile";
import { generateFastCheck } from "../src/generate";
import { compile, validate } from "../src/index";
import { isJsonArray, isPlainObject } from "../src/json-value";

class List extends Array {}

const schema = {
  type: "object",
  properties: { list: { type: "array", items: { type: "integer" } }, object: { type: "object", properties: { a: { type: "integer" } } }, any: {} },
};

/** The result of every call, through the closures and, once the validator is hot, the generated check. */
function results(args: unknown): unknown[] {
  const validator = compile(schema);
  return Array.from({ length: 12 }, () => validator.validate(args));
}

function refused(path: string, instancePath: string, problem: string) {
  const message = `${path}: ${problem} (not a JSON value)`;
  return { ok: false, kind: "validation", message: `invalid arguments: ${message}`, issues: [{ kind: "validation", instancePath, schemaPath: "", keyword: "type", message }] };
}

describe("the JSON input domain: arrays", () => {
  it.each([
    [{ list: List.from([1]) }, "list", "/list", "got a List"],
    [{ any: [List.from([])] }, "any[0]", "/any/0", "got a List"],
    [{ list: Object.setPrototypeOf([1], null) }, "list", "/list", "got a list with an unusual prototype"],
    [{ any: { x: Object.setPrototypeOf([], Object.create(Array.prototype)) } }, "any.x", "/any/x", "got a list with an unusual prototype"],
  ])("refuses %s where it stands, with its path", (args, path, instancePath, problem) => {
    for (const result of results(args)) expect(result).toEqual(refused(path, instancePath, problem));
  });

  it("accepts plain objects and arrays from another realm", () => {
    const args = { list: runInNewContext("[1, 2]"), object: runInNewContext("({ a: 1 })"), any: runInNewContext('JSON.parse(\'{"x": [{"y": []}]}\')') };
    for (const result of results(args)) expect(result).toEqual({ ok: true });
    for (const result of results(runInNewContext("({ list: [1], object: { a: 1 } })"))) expect(result).toEqual({ ok: true });
    expect(validate(schema, { list: runInNewContext('["1"]') })).toMatchObject({ message: 'invalid arguments: list[0]: expected an integer, got a string ("1")' });
  });

  it("is the generated check's rule too", () => {
    const options = { lenientScalars: false, presentRequired: false, profile: "core", timeBudgetMs: null, key: "core" } as const;
    const fast = generateFastCheck(schema, options, compileSchema(schema, options), "any")!;
    expect([{ list: runInNewContext("[1]") }, { list: List.from([1]) }, { list: Object.setPrototypeOf([1], null) }, { any: [new List()] }].map(fast)).toEqual([true, false, false, false]);
    expect([{ object: runInNewContext("({ a: 1 })") }, runInNewContext("({ any: {} })"), { object: runInNewContext("new (class A {})()") }].map(fast)).toEqual([true, true, false]);
  });

  it("refuses class instances from another realm", () => {
    for (const result of results({ any: runInNewContext("new (class Point {})()") })) expect(result).toEqual(refused("any", "/any", "got a Point"));
    for (const result of results({ list: runInNewContext("new (class Row extends Array {})()") })) expect(result).toEqual(refused("list", "/list", "got a Row"));
    expect(validate(schema, { object: runInNewContext("new Date(0)") })).toEqual(refused("object", "/object", "got a Date"));
  });
});

describe("the JSON input domain: objects", () => {
  it("names an object whose prototype only poses as Object.prototype as unusual", () => {
    for (const args of [{ any: Object.create({}) }, { any: Object.create(Object.create(null, { constructor: { value: Object } })) }]) {
      for (const result of results(args)) expect(result).toEqual(refused("any", "/any", "got an object with an unusual prototype"));
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
