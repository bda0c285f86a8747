// Hostile inputs against one validation's lifetime (src/runtime/pass.ts) and
// the rules the tiers share: validations started inside others, the memos
// and their generations, the own-property rule, the numeric tables, compiling
// once. Each test asserts the behaviour the contract promises
// (docs/contract.md).
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { Catalog, compile } from "../src/index";

/** d1 … d9, each `allOf` of two `$ref`s to the next: 512 visits a value, so the shared targets are decided once per value (memoized). */
function doublingChain(leaf: unknown): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 1; i <= 9; i++)
    defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  defs.d10 = leaf;
  return defs;
}

describe("validations started inside others", () => {
  // The outer call's arguments have a blank `city`; under presentRequired the
  // root-level `$ref` chain requires it, so the call must fail. A getter in
  // them validates other arguments in which the same object is nested (where
  // the key alone counts, so the shared target says yes), and inside that a
  // third validation runs. The outer call then reads the second one's
  // memoized answer for its own arguments.
  function attack(extraRoot: Record<string, unknown>, warm: number) {
    const schema = {
      type: "object",
      $defs: doublingChain({ required: ["city"] }),
      allOf: [{ $ref: "#/$defs/d1" }],
      properties: { inner: { $ref: "#/$defs/d1" } },
      ...extraRoot,
    };
    const validator = compile(schema, { profile: "extended", presentRequired: true });
    for (let i = 0; i < warm; i++) {
      validator.validate({ city: "q" });
      validator.validate({ city: " " });
    }
    expect(validator.validate({ city: "  " }).ok).toBe(false);
    const outer: Record<string, unknown> = { city: "  " };
    let reads = 0;
    Object.defineProperty(outer, "g", {
      enumerable: true,
      get() {
        reads++;
        if (reads === 1) validator.validate({ city: "b", inner: outer });
        else if (reads === 2) validator.validate({ city: "a", inner: { city: "a" } });
        return 1;
      },
    });
    return validator.validate(outer);
  }

  it("an answer memoized by a validation nested two deep is not taken by the outer one (cold)", () => {
    const result = attack({}, 0);
    expect(result.ok).toBe(false);
  });

  it("an answer memoized by a validation nested two deep is not taken by the outer one (hot, root left to its closure)", () => {
    const result = attack({ minProperties: 0 }, 12);
    expect(result.ok).toBe(false);
  });

  it("a validation that cannot finish starting inside another leaves the other its arguments (presentRequired still holds)", () => {
    // Any call in startValidation can throw: with no stack left (a getter
    // deep in recursion that validates), a RangeError. Here the one call
    // after it has taken the arguments over throws, deterministically.
    const validator = compile(
      { type: "object", required: ["city"], properties: { city: { type: "string" } } },
      { presentRequired: true },
    );
    const other = compile({ type: "object", properties: { a: { type: "string" } } }, { timeBudgetMs: 1000 });
    const outer: Record<string, unknown> = { city: "  " };
    let armed = true;
    let thrown: unknown = null;
    Object.defineProperty(outer, "g", {
      enumerable: true,
      get() {
        if (armed) {
          armed = false;
          const now = performance.now;
          performance.now = () => {
            throw new RangeError("Maximum call stack size exceeded");
          };
          try {
            other.validate({ a: "aaa" });
          } catch (error) {
            thrown = error;
          } finally {
            performance.now = now;
          }
        }
        return 1;
      },
    });
    const result = validator.validate(outer);
    expect(thrown).toBeInstanceOf(RangeError); // the inner call itself may fail as it likes
    expect(result.ok).toBe(false);
    // and calls after it are checked against their own arguments
    expect(validator.validate({ city: " " }).ok).toBe(false);
  });

  it("the outer call's time budget failure names its own budget, not an inner call's", () => {
    const pattern = { type: "string", pattern: "^(a|b)*c$" };
    const outer = compile({ type: "object", properties: { a: pattern, b: pattern } }, { timeBudgetMs: 5 });
    const inner = compile({ type: "object", properties: { a: pattern } }, { timeBudgetMs: 777 });
    const args: Record<string, unknown> = { a: "abc" };
    let reads = 0;
    Object.defineProperty(args, "b", {
      enumerable: true,
      get() {
        if (reads++ === 0) {
          inner.validate({ a: "ac" });
          const start = Date.now();
          while (Date.now() - start < 20);
        }
        return "abc";
      },
    });
    const result = outer.validate(args);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain("time budget of 5 ms");
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

describe("numbers", () => {
  it("validateJson refuses a number that JSON.parse turns into Infinity, as validate refuses Infinity", () => {
    const schema = { type: "object", properties: { n: { type: "number", minimum: 0 } } };
    expect(compile(schema).validate(JSON.parse('{"n": 1e400}')).ok).toBe(false);
    const validator = compile(schema);
    for (let i = 0; i < 12; i++) expect(validator.validateJson('{"n": 1e400}').ok).toBe(false);
  });

  it("a bigint is compared with the decimal a bound prints, as a lenient string of the same digits is", () => {
    // 2 ** 64 prints 18446744073709552000: the bound stands for that decimal (docs/contract.md, "Exact numbers").
    const minimum = compile(
      { type: "object", properties: { n: { type: "integer", minimum: 2 ** 64 } } },
      { lenientScalars: true },
    );
    expect(minimum.validate({ n: "18446744073709551617" }).ok).toBe(false);
    expect(minimum.validate({ n: 18446744073709551617n }).ok).toBe(false);
    const maximum = compile(
      { type: "object", properties: { n: { type: "integer", maximum: 2 ** 64 } } },
      { lenientScalars: true },
    );
    expect(maximum.validate({ n: "18446744073709551617" }).ok).toBe(true);
    expect(maximum.validate({ n: 18446744073709551617n }).ok).toBe(true);
  });
});

describe("compile once", () => {
  it("a validator turning hot does not read the schema again (a schema changed after compile changes nothing)", () => {
    const schema = {
      type: "object",
      required: ["city"] as string[],
      properties: { n: { type: "integer" } as Record<string, unknown> },
    };
    const validator = compile(schema);
    expect(validator.validate({ n: "x" }).ok).toBe(false);
    schema.required.pop();
    schema.properties.n.type = "string";
    for (let i = 0; i < 12; i++) expect(validator.validate({ n: "x" }).ok).toBe(false);
  });

  it("a published catalog does not read a tool's schema again when it turns hot", () => {
    const tools = { tools: [{ name: "t", inputSchema: { type: "object", required: ["city"] } }] };
    const catalog = new Catalog();
    expect(catalog.publish(tools).ok).toBe(true);
    tools.tools[0].inputSchema.required.length = 0;
    for (let i = 0; i < 12; i++) expect(catalog.validate("t", {}).ok).toBe(false);
  });

  it("a schema getter is read at compile time only", () => {
    let reads = 0;
    const schema = {
      type: "object",
      get required() {
        return reads++ === 0 ? ["city"] : [];
      },
    };
    const validator = compile(schema);
    for (let i = 0; i < 12; i++) expect(validator.validate({}).ok).toBe(false);
  });
});
