import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../../src/api/entry-points";
import { SCHEMA_CACHE_BYTES, SCHEMA_CACHE_SIZE, cacheUse, cachedCompile } from "../../../src/api/cache";
import type { CompileOptions } from "../../../src/compile/keyword";
import { readOptions } from "../../../src/api/options";
import { Catalog, compile, validate, violation } from "../../../src/index";
import type { Result } from "../../../src/runtime/types";
import { pathOf } from "../../support/issues";

const options = readOptions(undefined) as CompileOptions;
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
    cachedCompile(JSON.parse(text), readOptions({ lenientScalars: true }) as CompileOptions, c.build);
    expect(c.builds).toBe(2);
  });

  it("stays bounded when schemas keep changing", () => {
    const text = '{"type":"object","properties":{"cache-test-b":{}}}';
    const c = counter();
    cachedCompile(JSON.parse(text), options, c.build);
    for (let i = 0; i < SCHEMA_CACHE_SIZE; i++)
      cachedCompile({ type: "object", properties: { [`p${i}`]: {} } }, options, counter().build);
    cachedCompile(JSON.parse(text), options, c.build);
    expect(c.builds).toBe(2); // evicted, so built again
  });

  it("compiles schemas that have no JSON text without caching them by text", () => {
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.properties = { self: cyclic };
    // A cycle is not JSON: it reads as nesting past the depth bound.
    expect(validate(cyclic, {})).toMatchObject({ ok: false, kind: "validation" });
    expect(
      validate({ type: "object", properties: { n: { maximum: 10n as unknown as number } } }, { n: 1 }),
    ).toMatchObject({ ok: false, kind: "validation" });
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
    for (const again of [validate(refused, {}), validate(JSON.parse(JSON.stringify(refused)), {})] as Extract<
      Result,
      { ok: false }
    >[]) {
      expect(again).toEqual(first);
      expect(again).not.toBe(first);
      expect(again.issues).not.toBe(first.issues);
      expect(again.issues[0]).not.toBe(first.issues[0]);
    }
  });

  it("keeps the validator of a schema's JSON text, compiled from that text, never from the live schema", () => {
    const sources: unknown[] = [];
    const record = (source: unknown) => {
      sources.push(source);
      return failure as Extract<Result, { ok: false }>;
    };
    const schema = { type: "object", properties: { "cache-test-c": { type: "string" } } };
    cachedCompile(schema, options, record);
    expect(sources).toHaveLength(1);
    expect(sources[0]).not.toBe(schema);
    expect(sources[0]).toEqual(schema);
    // No JSON text (a cycle): the schema itself is compiled, as before.
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.properties = { self: cyclic };
    cachedCompile(cyclic, options, record);
    expect(sources[1]).toBe(cyclic);
  });

  it("is not poisoned by a schema that reads differently each time: an equal honest schema gets the validator of its own text", () => {
    let reads = 0;
    const cmd = { type: "string", enum: ["ls"] };
    const shifty = { type: "object", properties: { cmd } };
    // Read once, to write its text (checked to be JSON as it is written); a second read would see no `required`.
    Object.defineProperty(shifty, "required", { enumerable: true, get: () => (++reads <= 1 ? ["cmd"] : []) });
    const missing: Result = {
      ok: false,
      kind: "validation",
      message: "invalid arguments: cmd: missing (required)",
      issues: [
        {
          kind: "validation",
          instancePath: "/cmd",
          path: ["cmd"],
          schemaPath: "/required",
          keyword: "required",
          params: { missingProperty: "cmd" },
          message: "cmd: missing (required)",
        },
      ],
    };
    expect(validate(shifty, {})).toEqual(missing);
    expect(reads).toBe(1);
    expect(
      validate(
        JSON.parse('{"type":"object","properties":{"cmd":{"type":"string","enum":["ls"]}},"required":["cmd"]}'),
        {},
      ),
    ).toEqual(missing);
    expect(reads).toBe(1);

    let flips = 0;
    const closed = { type: "object", additionalProperties: false };
    const proxy = new Proxy(closed, {
      get: (target, key) => (key === "additionalProperties" ? ++flips > 1 : Reflect.get(target, key)),
    });
    const unexpected = "invalid arguments: x: unexpected property; no properties are allowed here";
    expect(validate(proxy, { x: 1 })).toMatchObject({ ok: false, message: unexpected });
    expect(validate(JSON.parse('{"type":"object","additionalProperties":false}'), { x: 1 })).toMatchObject({
      ok: false,
      message: unexpected,
    });
    expect(flips).toBe(1);
  });

  it("weighs a kept schema by its memory: schemas of 3,601 subschemas are kept by the half-dozen, not by the thousand", () => {
    // 98 KB of JSON, 9,603 values, 3,601 subschemas: an estimated 10,030,260 bytes each, so 6 fit in 64 MiB.
    const wide = (k: number) => {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < 1200; i++)
        properties[`p${i}`] = {
          anyOf: [
            { type: "string", minLength: 1 },
            { type: "integer", minimum: k },
          ],
        };
      return JSON.stringify({ type: "object", properties });
    };
    const texts = Array.from({ length: 10 }, (_, k) => wide(k));
    expect(texts[0].length).toBe(98522);
    let builds = 0;
    const counted = (source: unknown) => {
      builds++;
      return build(source, options);
    };
    for (const text of texts) cachedCompile(JSON.parse(text), options, counted);
    expect(builds).toBe(10);
    expect(cacheUse().bytes).toBeLessThanOrEqual(SCHEMA_CACHE_BYTES);
    // Newest first: the kept ones are found, the first one dropped is built again.
    let kept = 0;
    while (kept < texts.length) {
      cachedCompile(JSON.parse(texts[texts.length - 1 - kept]), options, counted);
      if (builds > 10) break;
      kept++;
    }
    expect(kept).toBe(6);
  });

  it("keeps 1,000 ordinary tool schemas (the largest of the captured catalogs) all at once", () => {
    const directory = join(__dirname, "../../../fixtures/catalogs");
    const texts = new Set<string>();
    for (const file of readdirSync(directory).filter((name) => name.endsWith(".json"))) {
      for (const tool of JSON.parse(readFileSync(join(directory, file), "utf8")).tools)
        texts.add(JSON.stringify(tool.inputSchema));
    }
    const largest = [...texts].sort((a, b) => b.length - a.length).slice(0, SCHEMA_CACHE_SIZE);
    expect(largest).toHaveLength(1000);
    const extended: CompileOptions = { ...options, profile: "extended" };
    let builds = 0;
    const counted = (source: unknown) => {
      builds++;
      return build(source, extended);
    };
    for (const text of largest) cachedCompile(JSON.parse(text), extended, counted);
    expect(cacheUse().schemas).toBe(1000);
    expect(cacheUse().bytes).toBeLessThanOrEqual(SCHEMA_CACHE_BYTES);
    for (const text of largest) cachedCompile(JSON.parse(text), extended, counted);
    expect(builds).toBe(1000);
  });

  it("looks a long schema text up by its digest: equal texts share the validator, different ones of one length do not", () => {
    const long = (tail: string) => JSON.stringify({ type: "object", description: "d".repeat(20000) + tail });
    let builds = 0;
    const counted = (source: unknown) => {
      builds++;
      return build(source, options);
    };
    const first = cachedCompile(JSON.parse(long("a")), options, counted);
    expect(cachedCompile(JSON.parse(long("a")), options, counted)).toBe(first);
    expect(cachedCompile(JSON.parse(long("b")), options, counted)).not.toBe(first);
    expect(builds).toBe(2);
  });
});

describe("validate() with the caller's schemaKey", () => {
  const schema = { type: "object", properties: { n: { type: "integer" } } };

  it("finds the compiled schema by the key alone, without reading the schema", () => {
    const schemaKey = `key-${Math.random()}`;
    expect(validate(schema, { n: "x" }, { schemaKey })).toMatchObject({
      ok: false,
      message: 'invalid arguments: n: expected an integer, got a string ("x")',
    });
    // Equal keys must mean equal schemas: the schema given with a known key is not looked at.
    expect(validate(undefined, { n: "x" }, { schemaKey })).toMatchObject({
      ok: false,
      message: 'invalid arguments: n: expected an integer, got a string ("x")',
    });
    expect(validate({ type: "object" }, { n: "x" }, { schemaKey })).toMatchObject({ ok: false });
    // Other options, other validators: the key is per profile.
    expect(
      validate({ type: "object", properties: { n: { const: 1 } } }, { n: 2 }, { schemaKey, profile: "extended" }),
    ).toMatchObject({ ok: false, message: "invalid arguments: n: must be 1, got 2" });
  });

  it("is taken by validate() and violation() only, and must be a string", () => {
    expect(() => compile(schema, { schemaKey: "k" } as never)).toThrow(
      new TypeError('tool-input-schema: option "schemaKey" is taken by validate() and violation() only'),
    );
    expect(validate(schema, {}, { schemaKey: 1 } as never)).toMatchObject({
      ok: false,
      message: "invalid options: options.schemaKey must be a string",
    });
    expect(violation(schema, { n: 1 }, { schemaKey: `key-${Math.random()}` })).toBeNull();
  });
});

/**
 * A toJSON on a prototype (put there by any module of the process) would
 * give a schema the JSON text of another value. The package reads keywords
 * as own fields so that a polluted prototype changes no answer; the cache's
 * key and the copy it compiles hold to the same rule.
 */
describe("validate() with a toJSON on the prototypes", () => {
  /** Runs `run` with `toJSON` on `prototype`, and takes it off again whatever happens. */
  function polluted<T>(prototype: object, toJSON: () => unknown, run: () => T): T {
    Object.defineProperty(prototype, "toJSON", { value: toJSON, configurable: true, writable: true });
    try {
      return run();
    } finally {
      delete (prototype as { toJSON?: unknown }).toJSON;
    }
  }

  /** A schema no earlier call has cached by its text: `a_<name>` (a name a path shows as it is) is required and must be "x". */
  const schemaFor = (name: string) => ({
    type: "object",
    required: [`a_${name}`],
    properties: { [`a_${name}`]: { enum: ["x"] } },
  });
  const missing = (name: string): Result => {
    const message = `a_${name}: missing (required)`;
    return {
      ok: false,
      kind: "validation",
      message: `invalid arguments: ${message}`,
      issues: [
        {
          kind: "validation",
          instancePath: `/a_${name}`,
          path: pathOf(`/a_${name}`),
          schemaPath: "/required",
          keyword: "required",
          params: { missingProperty: `a_${name}` },
          message,
        },
      ],
    };
  };

  it.each<[string, object, () => unknown]>([
    ["Array.prototype", Array.prototype, () => []],
    ["Object.prototype", Object.prototype, () => ({ type: "object" })],
    ["String.prototype", String.prototype, () => "x"],
    ["Number.prototype", Number.prototype, () => 0],
    ["Boolean.prototype", Boolean.prototype, () => true],
    ["BigInt.prototype", BigInt.prototype, () => "1"],
  ])(
    "on %s changes no answer of validate(), violation(), compile() or a catalog",
    (prototypeName, prototype, toJSON) => {
      const name = prototypeName.replace(".", "_");
      const honest = JSON.stringify(schemaFor(`${name}_1`));
      polluted(prototype, toJSON, () => {
        expect(validate(schemaFor(`${name}_1`), {})).toEqual(missing(`${name}_1`));
        expect(violation(schemaFor(`${name}_2`), {})).toBe(`invalid arguments: a_${name}_2: missing (required)`);
        expect(validate(schemaFor(`${name}_3`), { [`a_${name}_3`]: "y" })).toMatchObject({
          ok: false,
          issues: [{ instancePath: `/a_${name}_3`, keyword: "enum" }],
        });
        expect(validate(schemaFor(`${name}_4`), { [`a_${name}_4`]: "x" })).toEqual({ ok: true });
        expect(compile(schemaFor(`${name}_5`)).validate({})).toEqual(missing(`${name}_5`));
        const catalog = new Catalog();
        expect(catalog.publish([{ name: "tool", inputSchema: schemaFor(`${name}_6`) }])).toMatchObject({ ok: true });
        expect(catalog.validate("tool", {})).toEqual(missing(`${name}_6`));
        // The text the cache keys by is the schema's own: an honest copy parsed later finds the same validator.
        expect(validate(JSON.parse(honest), {})).toEqual(missing(`${name}_1`));
      });
      expect(validate(schemaFor(`${name}_1`), {})).toEqual(missing(`${name}_1`));
    },
  );

  it("previews a value in a message as it was checked, not as an inherited toJSON writes it", () => {
    const schema = { type: "object", properties: { a_preview: { enum: ["x"] } } };
    const message = polluted(
      Array.prototype,
      () => ["other"],
      () => violation(schema, { a_preview: [1, 2] }),
    );
    expect(message).toBe('invalid arguments: a_preview: must be one of "x", got [1,2]');
  });

  it("compiles a schema with a bigint choice, which JSON text cannot hold, from the schema itself, whatever BigInt.prototype.toJSON says", () => {
    const schema = { type: "object", properties: { a_big: { enum: [1n] } } };
    polluted(
      BigInt.prototype,
      () => "1",
      () => {
        expect(validate(schema, { a_big: "1" })).toMatchObject({
          ok: false,
          issues: [{ instancePath: "/a_big", keyword: "enum", message: 'a_big: must be one of 1, got "1"' }],
        });
        expect(validate(schema, { a_big: 1 })).toEqual({ ok: true });
      },
    );
  });

  it("changes no answer when a schema object has a toJSON of its own that JSON.stringify would see and the keyword reads do not", () => {
    const schema = schemaFor("hidden");
    Object.defineProperty(schema, "toJSON", { value: () => ({ type: "object" }), enumerable: false });
    expect(validate(schema, {})).toEqual(missing("hidden"));
    const branch = { enum: ["x"] };
    Object.defineProperty(branch, "toJSON", { value: () => ({}), enumerable: false });
    expect(validate({ type: "object", properties: { a_branch: branch } }, { a_branch: "y" })).toMatchObject({
      ok: false,
      issues: [{ instancePath: "/a_branch", keyword: "enum" }],
    });
  });
});
