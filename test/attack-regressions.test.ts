// Hostile inputs that once cost time in proportion to a product of sizes,
// through the public entry points. Work is counted (reads of the arguments,
// parses, names read, instructions and bytes written), never timed.
import { describe, expect, it, vi } from "vitest";
import { Catalog, compile, patternEngine, patternInfo, validate, type Issue } from "../src/index";
import { compilePattern } from "../src/pattern/compile-pattern";
import { PATTERN_OBJECT_BYTES, type CompiledPattern } from "../src/pattern/native";
import { pcre2Source } from "../src/pattern/pcre2-source";
import { encodeProgram, programSize } from "../src/pattern/program";
import { parsePattern } from "../src/pattern/syntax";
import { MAX_ISSUE_TEXT } from "../src/explain/failure";

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

describe("names from the schema in messages", () => {
  const long = "n".repeat(1_000_000);
  const cut = `${"n".repeat(59)}…`;

  it("are cut to 60 characters where additionalProperties lists the allowed ones", () => {
    const result = validate(
      { type: "object", properties: { [`${long}1`]: {}, short: {} }, additionalProperties: false },
      { x: 1 },
    );
    expect(result).toMatchObject({
      ok: false,
      message: `invalid arguments: x: unexpected property; allowed: ${cut}, short`,
    });
  });

  it("are cut to 60 characters where dependentRequired names its key", () => {
    const names = Array.from({ length: 1000 }, (_, i) => `m${i}`);
    const result = validate(
      { type: "object", dependentRequired: { [long]: names } },
      { [long]: 1 },
      { profile: "extended" },
    );
    expect(result).toMatchObject({ ok: false, kind: "validation" });
    const issues = (result as { issues: Issue[] }).issues;
    expect(issues[0].message).toBe(`m0: missing (required when ${cut} is present)`);
    expect((result as { message: string }).message.length).toBeLessThan(1000);
    // Ajv's params name the key whole: each issue would write out its megabyte, so the text bound keeps the first alone.
    expect(issues.map((issue) => issue.params.property === long && issue.params.missingProperty)).toEqual(["m0"]);
  });
});

describe("problems deep under long property names", () => {
  it("keep issues up to 1 MiB of text together and count the rest exactly", () => {
    let schema: Record<string, unknown> = { additionalProperties: { type: "string" } };
    for (let i = 0; i < 20; i++) schema = { additionalProperties: schema };
    const leaf = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    let args: Record<string, unknown> = leaf;
    for (let i = 0; i < 20; i++) args = { [String.fromCharCode(97 + i).repeat(10_000)]: args };
    const result = validate({ ...schema, type: "object" }, args);
    expect(result).toMatchObject({ ok: false, kind: "validation" });
    const { issues, message } = result as {
      issues: { instancePath: string; schemaPath: string; message: string }[];
      message: string;
    };
    const text = issues.map((issue) => issue.instancePath.length + issue.schemaPath.length + issue.message.length);
    // Each issue holds its 200,000-character pointer: a few are kept, not 100.
    expect(issues.length).toBeGreaterThan(1);
    expect(issues.length).toBeLessThan(10);
    expect(text.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(MAX_ISSUE_TEXT);
    expect(
      message.endsWith(
        `k${issues.length - 1}: expected a string, got a number (${issues.length - 1}) (and ${100 - issues.length} more problems)`,
      ),
    ).toBe(true);
  });
});

describe("hostile patterns", () => {
  // A repeat of what can only match the empty string once counted as no
  // instruction and was still written out count by count: 33 bytes of
  // pattern never finished compiling, and `{0}` bodies under repeats gave
  // PCRE2 15 MB of code the schema's bounds did not see.
  it.each([
    "(?:(?:(?:){65535}){65535}){65535}",
    "(?:(?:(?:a){0}){65535}){1000}",
    "(?:(?:(?:abcdefgh){0}){1000}){900}x",
  ])("%j is written as what it means: a few instructions, a few bytes of PCRE2 code", (pattern) => {
    const root = parsePattern(pattern);
    expect(programSize(root)).toBeLessThanOrEqual(2);
    expect(encodeProgram(root).length).toBeLessThanOrEqual(12);
    expect(pcre2Source(root).length).toBeLessThanOrEqual(1);
    const compiled = compilePattern(pattern) as CompiledPattern;
    expect(compiled.bytes - PATTERN_OBJECT_BYTES).toBeLessThan(4096);
    expect(validate({ type: "object", properties: { s: { type: "string", pattern } } }, { s: "x" })).toStrictEqual({
      ok: true,
    });
  });

  // Each empty-first alternative keeps a backtracking frame a character: the
  // JIT stack grows with the proven steps too, so no proven pattern trips it.
  it.each([8_000, 16_000, 300_000])(
    "optional groups in a repeat over %i characters stay in PCRE2, without a tripped limit",
    (length) => {
      const pattern = "^(?:(?:|b)(?:|c)(?:|d)(?:|e)(?:|f)(?:|g)(?:|h)(?:|i)a)*$";
      expect(patternInfo(pattern)).toStrictEqual({ ok: true, engine: "pcre2", reason: null });
      const before = patternEngine.searches();
      const schema = { type: "object", properties: { s: { type: "string", pattern } } };
      expect(validate(schema, { s: "a".repeat(length) })).toStrictEqual({ ok: true });
      expect(validate(schema, { s: `${"a".repeat(length)}!` })).toMatchObject({ ok: false, kind: "validation" });
      const after = patternEngine.searches();
      expect(after.pcre2Trips).toBe(before.pcre2Trips);
      expect(after.pcre2 - before.pcre2).toBe(3);
    },
  );
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
