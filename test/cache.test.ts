import { describe, expect, it } from "vitest";
import { CACHE_SIZE, cachedCompile } from "../src/cache";
import type { CompileOptions } from "../src/keyword";
import { validate } from "../src/index";
import type { Result } from "../src/types";

const options: CompileOptions = { lenientScalars: false, profile: "core", timeBudgetMs: null };
const failure: Result = { ok: false, kind: "validation", message: "m", issues: [] };

function counter() {
  let builds = 0;
  return {
    build: () => {
      builds++;
      return failure as Extract<Result, { ok: false }>;
    },
    get builds() {
      return builds;
    },
  };
}

describe("the validate() cache", () => {
  it("reuses the compiled validator for the same object and for an equal re-parsed schema", () => {
    const text = '{"type":"object","properties":{"cache-test-a":{"type":"string"}}}';
    const c = counter();
    const first = JSON.parse(text);
    cachedCompile(first, options, c.build);
    cachedCompile(first, options, c.build);
    cachedCompile(JSON.parse(text), options, c.build);
    expect(c.builds).toBe(1);
    cachedCompile(JSON.parse(text), { lenientScalars: true, profile: "core", timeBudgetMs: null }, c.build);
    expect(c.builds).toBe(2);
  });

  it("stays bounded when schemas keep changing", () => {
    const text = '{"type":"object","properties":{"cache-test-b":{}}}';
    const c = counter();
    cachedCompile(JSON.parse(text), options, c.build);
    for (let i = 0; i < CACHE_SIZE; i++) cachedCompile({ type: "object", properties: { [`p${i}`]: {} } }, options, counter().build);
    cachedCompile(JSON.parse(text), options, c.build);
    expect(c.builds).toBe(2); // evicted, so built again
  });

  it("compiles schemas that have no JSON text without caching them by text", () => {
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.properties = { self: cyclic };
    // A cycle is not JSON: it reads as nesting past the depth bound.
    expect(validate(cyclic, {})).toMatchObject({ ok: false, kind: "validation" });
    expect(validate({ type: "object", properties: { n: { maximum: 10n as unknown as number } } }, { n: 1 })).toMatchObject({ ok: false, kind: "validation" });
  });

  it("compiles a schema that throws when read, keeping it by identity only", () => {
    const boom = () => {
      throw new Error("boom");
    };
    const unreadable = new Proxy({}, { ownKeys: boom, getPrototypeOf: boom });
    const { proxy: revoked, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const schema of [unreadable, revoked]) {
      const c = counter();
      cachedCompile(schema, options, c.build);
      cachedCompile(schema, options, c.build);
      expect(c.builds).toBe(1);
    }
  });

  it("hands out a copy of a cached failure: validate() never returns the same failure twice", () => {
    const refused = { type: "object", properties: { id: { const: 1 } } };
    const first = validate(refused, {}) as Extract<Result, { ok: false }>;
    for (const again of [validate(refused, {}), validate(JSON.parse(JSON.stringify(refused)), {})] as Extract<Result, { ok: false }>[]) {
      expect(again).toEqual(first);
      expect(again).not.toBe(first);
      expect(again.issues).not.toBe(first.issues);
      expect(again.issues[0]).not.toBe(first.issues[0]);
    }
  });
});
