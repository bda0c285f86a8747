// Hostile arguments and catalogs that once cost time in proportion to a
// product of sizes, through the public entry points. Work is counted (reads
// of the arguments, parses, names read, bytes written), never timed.
import { describe, expect, it, vi } from "vitest";
import { Catalog, compile, validate } from "../../src/index";

/** A list whose item reads are counted. */
function countedList<T>(items: T[], counter: { reads: number }): T[] {
  return new Proxy(items, {
    get(list, key) {
      if (typeof key === "string" && /^\d+$/.test(key)) counter.reads++;
      return Reflect.get(list, key);
    },
  });
}

describe("hostile arguments and catalogs", () => {
  it("uniqueItems on lists nested 100 deep reads each list a bounded number of times, not once per level above it", () => {
    const schema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/n" } },
      $defs: {
        n: { type: "array", uniqueItems: true, items: { anyOf: [{ type: "integer" }, { $ref: "#/$defs/n" }] } },
      },
    };
    const counter = { reads: 0 };
    const leaf = countedList(
      Array.from({ length: 10_000 }, (_, i) => i),
      counter,
    );
    let a: unknown[] = leaf;
    for (let i = 0; i < 100; i++) a = [a, i];
    expect(validate(schema, { a }, { profile: "extended" })).toEqual({ ok: true });
    // The JSON walk, uniqueItems' keys (the whole tree at the top, then each
    // level's items) and the items check: 4 reads an item; one more read
    // per level above would be 100.
    expect(counter.reads).toBe(4 * 10_000);

    leaf[9_999] = 9_998;
    counter.reads = 0;
    const result = validate(schema, { a }, { profile: "extended" });
    expect(result).toMatchObject({ ok: false, kind: "validation" });
    // The closest branch at each level, down to the leaf's problem.
    expect(
      (result as { message: string }).message.endsWith(
        "closest (form 2): must not repeat an item (items 9998 and 9999 are equal)",
      ),
    ).toBe(true);
    // The fast check stops at the repeat (3 reads an item), the explaining pass reads all 4 times.
    expect(counter.reads).toBe(7 * 10_000);
  });

  it("a failure names a 100,000-item list from its first items, in each of 100 branches", () => {
    const schema = {
      type: "object",
      properties: { a: { anyOf: Array.from({ length: 100 }, (_, i) => ({ enum: [i] })) } },
    };
    const counter = { reads: 0 };
    const list = countedList(Array(100_000).fill(1234), counter);
    const result = validate(schema, { a: list });
    expect(result).toMatchObject({ ok: false, kind: "validation" });
    expect((result as { message: string }).message).toBe(
      `invalid arguments: a: does not match any of the 100 allowed forms; closest (form 1): must be one of 0, got [${"1234,".repeat(11)}123…`,
    );
    // Two JSON walks (the fast check's, the explaining pass's), and 13 items for the preview.
    expect(counter.reads).toBe(2 * 100_000 + 13);
  });

  it("JSON text sent for a list is parsed once for all the branches that ask, and never past 64 KiB", () => {
    const validator = compile({
      type: "object",
      properties: {
        a: { type: "array", items: { anyOf: Array.from({ length: 100 }, (_, i) => ({ type: "array", minItems: i })) } },
      },
    });
    const text = (n: number) => `[${Array.from({ length: n }, () => "1").join(",")}]`;
    const parse = vi.spyOn(JSON, "parse");
    try {
      const short = validator.validate({ a: Array.from({ length: 24 }, () => text(1000)) });
      expect(parse).toHaveBeenCalledTimes(1);
      expect((short as { message: string }).message).toBe(
        `invalid arguments: ${Array.from({ length: 5 }, (_, i) => `a[${i}]: expected a list, got a string ("${text(1000).slice(0, 58)}…); send the list itself, not JSON text`).join("; ")} (and 19 more problems)`,
      );
      parse.mockClear();
      const long = validator.validate({ a: Array.from({ length: 24 }, () => text(200_000)) });
      expect(parse).not.toHaveBeenCalled();
      expect((long as { message: string }).message).toBe(
        `invalid arguments: ${Array.from({ length: 5 }, (_, i) => `a[${i}]: expected a list, got a string ("${text(1000).slice(0, 58)}…)`).join("; ")} (and 19 more problems)`,
      );
    } finally {
      parse.mockRestore();
    }
  });

  it("problems found in composition branches at depth 100 write their paths only when read, each place once", () => {
    const anyOf = Array.from({ length: 20 }, (_, i) => ({ type: "string", minLength: i }));
    const schema = {
      type: "object",
      additionalProperties: { $ref: "#/$defs/node" },
      $defs: {
        node: {
          type: ["object", "array"],
          additionalProperties: { $ref: "#/$defs/node" },
          items: { $ref: "#/$defs/leaf" },
        },
        leaf: { anyOf },
      },
    };
    const key = "k-k"; // not a name a readable path writes bare: each step is written with JSON.stringify
    let args: unknown = Array(1000).fill(1);
    for (let depth = 0; depth < 100; depth++) args = { [key]: args };
    const validator = compile(schema, { profile: "extended" });
    const stringify = vi.spyOn(JSON, "stringify");
    let result;
    let written;
    try {
      result = validator.validate(args);
      written = stringify.mock.calls.filter(([value]) => value === key).length;
    } finally {
      stringify.mockRestore();
    }
    const path = `["${key}"]`.repeat(100);
    const shown = Array.from({ length: 5 }, (_, i) => `${path}[${i}]: expected a string, got a number (1)`).join("; ");
    expect(result).toMatchObject({
      ok: false,
      kind: "validation",
      message: `invalid arguments: ${shown} (and 995 more problems)`,
    });
    // Each of the 100 places on the way down written once, not once per
    // problem in each of the 20 branches of the 1,000 items (2,000,000).
    expect(written).toBe(100);
  });

  it("problems under a long property name share its place: its pointer is written once, not once a problem", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } },
    };
    const name = "n".repeat(1 << 20);
    const stringify = vi.spyOn(JSON, "stringify");
    let result: unknown;
    let written: number;
    try {
      result = validate(schema, { a: { [name]: Array(1000).fill(1) } });
      written = stringify.mock.calls.filter(([value]) => value === name).length;
    } finally {
      stringify.mockRestore();
    }
    expect(result).toMatchObject({
      ok: false,
      kind: "validation",
      message: expect.stringMatching(/\(and 999 more problems\)$/),
    });
    // One issue kept: its pointer alone is 1 MiB of text.
    const issues = (result as { issues: { instancePath: string }[] }).issues;
    expect(issues.map((issue) => issue.instancePath)).toEqual([`/a/${name}/0`]);
    expect(written).toBeLessThanOrEqual(1);
  });

  it("an unknown name in a catalog of 20,000 tools is compared with the first 1,000 names only", () => {
    const catalog = new Catalog();
    const name = (i: number) => `tool_${i.toString(36).padStart(59, "-")}`;
    expect(
      catalog.publish(Array.from({ length: 20_000 }, (_, i) => ({ name: name(i), inputSchema: { type: "object" } }))),
    ).toMatchObject({ ok: true });
    const keys = vi.spyOn(Map.prototype, "keys");
    const read = { count: 0 };
    keys.mockImplementation(function (this: Map<unknown, unknown>) {
      const inner = Map.prototype.entries.call(this);
      return (function* () {
        for (const [key] of inner) {
          read.count++;
          yield key;
        }
      })() as unknown as MapIterator<unknown>;
    });
    let result;
    try {
      result = catalog.validate("y".repeat(64), {});
    } finally {
      keys.mockRestore();
    }
    const message = `unknown tool "${"y".repeat(58)}…; the nearest known tools are "${name(34)}", "${name(36 + 34)}", "${name(2 * 36 + 34)}"`;
    expect(result).toEqual({
      ok: false,
      kind: "validation",
      message,
      issues: [
        { kind: "validation", instancePath: "", path: [], schemaPath: "", keyword: "name", params: {}, message },
      ],
    });
    expect(read.count).toBe(1000);
  });
});

describe("a call near the work limit", () => {
  it("gets the same answer before and after its validator generates code", () => {
    // Generated code charges each object's declared properties up front; the
    // closures, which check only the properties present, decide such a call.
    const properties = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [`p${i}`, { type: "string", minLength: 1 }]),
    );
    const validator = compile({
      type: "object",
      properties: { a: { type: "array", items: { type: "object", properties } } },
    });
    const args = { a: Array.from({ length: 1000 }, () => ({ p0: "x" })) };
    const answers = Array.from({ length: 12 }, () => validator.validate(args));
    expect(answers).toEqual(Array.from({ length: 12 }, () => ({ ok: true })));
  });
});
