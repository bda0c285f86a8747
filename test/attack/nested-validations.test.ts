// A validation started inside another (a getter in the arguments, or in the
// schema, that validates): the outer call keeps its arguments, its work
// counter, its memos and its time budget. Each test asserts what the
// contract (docs/contract.md) promises.
import { describe, expect, it } from "vitest";
import { compile } from "../../src/index";

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

describe("a validation started inside another (a getter in the arguments that validates)", () => {
  const inner = compile({ type: "object" });
  const validates = () => inner.validate({});

  it("leaves the outer call its arguments: presentRequired still holds, cold and hot", () => {
    const outer = compile(
      { type: "object", properties: { a: { type: "object" }, city: { type: "string" } }, required: ["city"] },
      { presentRequired: true },
    );
    const missing = {
      ok: false,
      kind: "validation",
      message: "invalid arguments: city: missing (required)",
      issues: [
        {
          kind: "validation",
          instancePath: "/city",
          path: ["city"],
          schemaPath: "/required",
          keyword: "required",
          params: { missingProperty: "city" },
          message: "city: missing (required)",
        },
      ],
    };
    const sneaky = () => ({
      a: {
        get g() {
          validates();
          return 1;
        },
      },
      city: "",
    });
    const answers = Array.from({ length: 12 }, () => outer.validate(sneaky()));
    expect(answers).toEqual(Array.from({ length: 12 }, () => missing));
  });

  it("leaves the outer call its work counter: the work before and after the getter adds up", () => {
    // Each of `a` and `c` takes more than half of the limit: together they run out.
    const objectOf = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 0]));
    const walking = {
      anyOf: [...Array.from({ length: 1000 }, () => ({ propertyNames: { not: { const: "k399" } } })), {}],
    };
    const outer = compile({ type: "object", properties: { a: walking, b: {}, c: walking } }, { profile: "extended" });
    expect(outer.validate({ a: objectOf(400), b: 1 })).toEqual({ ok: true });
    const plain = outer.validate({ a: objectOf(400), b: 1, c: objectOf(400) });
    expect(plain).toMatchObject({ ok: false, kind: "execution_failure" });
    const sneaky = outer.validate({
      a: objectOf(400),
      get b() {
        validates();
        return 1;
      },
      c: objectOf(400),
    });
    expect(sneaky).toEqual(plain);
  });
});
