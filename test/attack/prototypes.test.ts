// Prototypes that hold names: another realm's Array.prototype with indexes,
// another realm's polluted Object.prototype, keywords added to this realm's
// Object.prototype. Only own properties count, in the arguments and in the
// schema, on both tiers.
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { compile, validate } from "../../src/index";
import { answers } from "../support/answers";
import { pass } from "../../src/runtime/pass";

describe("another realm's Array.prototype", () => {
  // A hole of one of that realm's arrays would read the inherited item, so a
  // sparse list would pass as a full one (and be sent on as [null] by
  // JSON.stringify): a realm whose Array.prototype adds a name makes its
  // lists no JSON.
  const realm = vm.createContext({});
  vm.runInContext("Array.prototype[0] = 'Paris'; Array.prototype[1] = 'Lyon';", realm);
  const schema = { type: "object", properties: { list: { type: "array", items: { type: "string" } } } };

  it("a hole in a list of a realm whose Array.prototype holds an index is refused, cold and hot", () => {
    const validator = compile(schema);
    expect(answers(validator, () => vm.runInContext("({ list: [, ] })", realm))).toEqual(Array(12).fill(false));
    expect(answers(compile(schema), () => vm.runInContext("({ list: [, 'ab'] })", realm))).toEqual(
      Array(12).fill(false),
    );
  });

  it("validate() names the list", () => {
    const result = validate(schema, vm.runInContext("({ list: [, ] })", realm));
    expect(result).toMatchObject({
      ok: false,
      kind: "validation",
      message: "invalid arguments: list: got a list with an unusual prototype (not a JSON value)",
    });
  });
});

describe("own properties", () => {
  it("a property inherited from another realm's polluted Object.prototype is not present", () => {
    const context = vm.createContext({});
    const args = vm.runInContext('Object.prototype.city = "Paris"; JSON.parse("{}")', context) as object;
    const validator = compile({ type: "object", required: ["city"], properties: { city: { type: "string" } } });
    for (let i = 0; i < 12; i++) expect(validator.validate(args).ok).toBe(false);
  });
});

describe("keywords added to Object.prototype elsewhere in the process", () => {
  /** Runs `body` with `key` set on Object.prototype (enumerable, as a careless assignment makes it), then removes it. */
  function polluted(key: string, value: unknown, body: () => void): void {
    (Object.prototype as Record<string, unknown>)[key] = value;
    try {
      body();
    } finally {
      delete (Object.prototype as Record<string, unknown>)[key];
    }
  }
  const calls = (validator: { validate(args: unknown): unknown }, args: unknown) =>
    Array.from({ length: 10 }, () => validator.validate(args));

  it("are not read as the schema's own: a closed object stays closed, items stay checked", () => {
    polluted("properties", { isAdmin: {} }, () => {
      const closed = compile({ type: "object", additionalProperties: false });
      for (const result of calls(closed, { isAdmin: true }))
        expect(result).toMatchObject({
          ok: false,
          message: "invalid arguments: isAdmin: unexpected property; no properties are allowed here",
        });
    });
    polluted("prefixItems", [true, true, true], () => {
      const strings = compile(
        { type: "object", properties: { a: { type: "array", items: { type: "string" } } } },
        { profile: "extended" },
      );
      for (const result of calls(strings, { a: [1, 2, 3] }))
        expect(result).toMatchObject({ ok: false, kind: "validation" });
    });
    polluted("additionalProperties", true, () => {
      const closed = compile({ type: "object", additional_properties: false });
      for (const result of calls(closed, { x: 1 })) expect(result).toMatchObject({ ok: false, kind: "validation" });
    });
  });
});

describe("another realm's Object.prototype that lists a name for…in", () => {
  // That realm made `__lookupSetter__` enumerable (a name this realm's
  // holds, not enumerable): for…in over its objects, which generated code uses to walk
  // keys, would list it where Object.keys, which the closures use, does not,
  // and this realm's Object.prototype, which decides which tier answers,
  // lists nothing.
  const realm = vm.createContext({});
  vm.runInContext(
    'Object.defineProperty(Object.prototype, "__lookupSetter__", { value: 5, enumerable: true });',
    realm,
  );
  const schemas = [
    { type: "object", properties: { a: { type: "number" } } },
    { type: "object", properties: { a: { type: "number" }, o: {} }, additionalProperties: false },
    { type: "object", properties: { o: { type: "object", properties: { a: { type: "number" } } } } },
  ];

  it("makes that realm's objects no JSON, on both tiers, with the same work", () => {
    const cases: [() => unknown, string][] = [
      [() => vm.runInContext("({ a: 1 })", realm), "arguments"],
      [() => ({ o: vm.runInContext("({ a: 1, b: [2] })", realm) }), "o"],
    ];
    for (const schema of schemas) {
      for (const [args, path] of cases) {
        const cold = compile(schema).validate(args());
        const coldSpent = pass.spent;
        const hot = compile(schema, { eager: true }).validate(args());
        expect(pass.spent).toBe(coldSpent);
        expect(hot).toEqual(cold);
        expect(cold).toMatchObject({
          ok: false,
          message: `invalid arguments: ${path}: got an object with an unusual prototype (not a JSON value)`,
        });
      }
    }
  });

  it("is no concern while this realm's Object.prototype lists the name too (the closures answer)", () => {
    const other = vm.runInContext("({ a: 1, o: { a: 2, b: [3] } })", realm) as object;
    Object.defineProperty(Object.prototype, "__lookupSetter__", { enumerable: true });
    try {
      for (const schema of schemas) expect(answers(compile(schema), () => other)).toEqual(Array(12).fill(true));
    } finally {
      Object.defineProperty(Object.prototype, "__lookupSetter__", { enumerable: false });
    }
  });
});

describe("a name added to Object.prototype while a call runs", () => {
  // A getter in host-built arguments that adds enumerable names to
  // Object.prototype: for…in over every object after it (generated code's
  // JSON walk and key loops) lists them, where Object.keys (the closures)
  // does not. The generated check asked prototypeListsKeys before it
  // started; it must not take what it counted after the change as its answer.
  const pollute = (names: number) => ({
    get first() {
      for (let i = 0; i < names; i++) (Object.prototype as Record<string, unknown>)[`added${i}`] = "s";
      return 1;
    },
  });
  const clean = () => {
    for (const name in Object.prototype) delete (Object.prototype as Record<string, unknown>)[name];
  };
  const schemas = [
    { type: "object", properties: { first: {}, second: {} } },
    { type: "object", properties: { first: {}, second: { type: "object", maxProperties: 0 } } },
    {
      type: "object",
      properties: { first: {}, second: { type: "array", items: { type: "object", additionalProperties: {} } } },
    },
  ];

  it("leaves the answer and the work to what the closures count", () => {
    const cases = [
      () => ({ first: pollute(1), second: {} }),
      () => ({ first: pollute(3), second: Array.from({ length: 50 }, () => ({})) }),
    ];
    for (const schema of schemas) {
      for (const args of cases) {
        try {
          const cold = compile(schema, { profile: "extended" }).validate(args());
          const coldSpent = pass.spent;
          clean();
          const hot = compile(schema, { profile: "extended", eager: true }).validate(args());
          expect([hot, pass.spent]).toEqual([cold, coldSpent]);
        } finally {
          clean();
        }
      }
    }
  });

  it("does not run a call out of work that the closures pass", () => {
    const schema = schemas[2];
    const args = () => ({ first: pollute(200), second: Array.from({ length: 5000 }, () => ({})) });
    try {
      expect(compile(schema, { profile: "extended" }).validate(args())).toEqual({ ok: true });
      clean();
      expect(compile(schema, { profile: "extended", eager: true }).validate(args())).toEqual({ ok: true });
    } finally {
      clean();
    }
  });
});
