import { execFileSync } from "child_process";
import path from "path";
import { describe, expect, it } from "vitest";
import { compile, validate, validateSchema } from "../../src/index";
import { compilePattern } from "../../src/pattern/compile-pattern";
import { PatternError } from "../../src/pattern/syntax";
import { heapBytes, MiB, residentGrowth } from "../support/memory";
import { MAX_ISSUES } from "../../src/explain/failure";

/**
 * Hostile sizes: patterns that compile huge, and
 * arguments of 10 MB strings, a million items or 100,000 keys. Each gets its
 * exact answer; memory is checked against generous bounds proportional to the
 * input. Time is never asserted; the tests over huge inputs get a generous
 * time limit (HEAVY) so that a loaded machine does not fail them.
 */
const HEAVY = 60_000;
const withPattern = (pattern: string) => ({ type: "object", properties: { a: { type: "string", pattern } } });
const patternIssue = (result: ReturnType<typeof validateSchema>) =>
  result.ok ? null : { kind: result.kind, issues: result.issues.length, message: result.issues[0].message };

describe("patterns that compile huge", () => {
  it("write counted repeats out as copies: a repeat of a repeat within the bound answers exactly, past it is refused", () => {
    const validator = compile(withPattern("^(a{1000}){10}$"));
    expect(validator.validate({ a: "a".repeat(10_000) })).toStrictEqual({ ok: true });
    for (const a of ["a".repeat(9_999), "a".repeat(10_001), `${"a".repeat(9_999)}b`]) {
      expect(validator.validate({ a })).toMatchObject({
        ok: false,
        kind: "validation",
        issues: [{ keyword: "pattern", instancePath: "/a" }],
      });
    }
    expect(patternIssue(validateSchema(withPattern("(a{1000}){1000}")))).toStrictEqual({
      kind: "unsupported_capability",
      issues: 1,
      message:
        '#/properties/a/pattern: pattern "(a{1000}){1000}" expands to more than 100000 instructions once its counted repeats are written out',
    });
  });

  it("refuse repeats that expand past the program bound, and counts above 65,535", () => {
    expect(patternIssue(validateSchema(withPattern("((?:a|bc){100}){300}")))).toStrictEqual({
      kind: "unsupported_capability",
      issues: 1,
      message:
        '#/properties/a/pattern: pattern "((?:a|bc){100}){300}" expands to more than 100000 instructions once its counted repeats are written out',
    });
    expect(patternIssue(validateSchema(withPattern("a{65536}")))).toStrictEqual({
      kind: "unsupported_capability",
      issues: 1,
      message:
        '#/properties/a/pattern: pattern "a{65536}" uses a repeat count above 65535, which is outside the portable pattern subset',
    });
  });

  it("accept groups nested as deep as the 1,024-byte limit allows, with correct answers", () => {
    // The parser has no depth limit of its own (PCRE2 stopped at 250); 511 levels is 1,023 bytes.
    const nested = (depth: number) => `${"(".repeat(depth)}a${")".repeat(depth)}`;
    const validator = compile(withPattern(nested(511)));
    expect(validator.validate({ a: "xax" })).toStrictEqual({ ok: true });
    expect(validator.validate({ a: "xbx" })).toMatchObject({ ok: false, kind: "validation" });
    expect(patternIssue(validateSchema(withPattern(nested(512))))).toStrictEqual({
      kind: "validation",
      issues: 1,
      message: "#/properties/a/pattern: pattern is 1025 UTF-8 bytes long; at most 1024 are allowed",
    });
  });

  it("answer correctly among 200 alternatives, and refuse a pattern over 1,024 bytes", () => {
    const alternatives = Array.from({ length: 200 }, (_, i) => `x${i}`).join("|");
    const validator = compile(withPattern(`^(?:${alternatives})$`));
    expect(validator.validate({ a: "x199" })).toStrictEqual({ ok: true });
    expect(validator.validate({ a: "x200" })).toMatchObject({ ok: false, kind: "validation" });
    const long = Array.from({ length: 300 }, (_, i) => `x${i}`).join("|");
    expect(patternIssue(validateSchema(withPattern(long)))).toStrictEqual({
      kind: "validation",
      issues: 1,
      message: "#/properties/a/pattern: pattern is 1389 UTF-8 bytes long; at most 1024 are allowed",
    });
  });

  it("keep a program at the expansion bound small, however many ranges its class has", () => {
    // The class is one set of the program, stored once; the 49,999 copies are
    // 12-byte instructions that name it. (PCRE2 copied the class each time:
    // about 190 MB, refused at its 16 MiB cap.)
    const ranges = Array.from({ length: 480 }, (_, i) => String.fromCodePoint(0x100 + 2 * i)).join("");
    const patterns = Array.from({ length: 3 }, (_, i) => `(?:[${ranges}]){${49_999 - i}}`);
    const { growth, value: compiled } = residentGrowth(() => patterns.map((pattern) => compilePattern(pattern)));
    for (const pattern of compiled) {
      if (pattern instanceof PatternError) throw new Error(pattern.message);
      expect(pattern.bytes).toBeGreaterThan(49_990 * 12);
      expect(pattern.bytes).toBeLessThan(MiB);
    }
    expect(growth).toBeLessThan(64 * MiB);
    const validator = compile(withPattern(patterns[0]));
    expect(validator.validate({ a: "x" })).toMatchObject({ ok: false, kind: "validation" });
    expect(validator.validate({ a: "\u0100".repeat(100) })).toMatchObject({ ok: false, kind: "validation" });
  });
});

describe("huge arguments", () => {
  const TEN_MB = 10_000_000;
  const ONE_MB = 1_000_000;

  it(
    "match 1 MB strings with correct answers, and keep nothing per call",
    () => {
      // A million code points is about as long as a subject of a PCRE2 pattern
      // can be within one validation's work (README, "The work limit").
      const big = "a".repeat(ONE_MB);
      const validator = compile({
        type: "object",
        properties: {
          slug: { type: "string", pattern: "^[a-z0-9-]+$" },
          tail: { type: "string", pattern: "a$" },
          none: { type: "string", pattern: "b" },
          loop: { type: "string", pattern: "^(?:a|bc)*$" },
        },
      });
      const calls = () => [
        validator.validate({ slug: big }),
        validator.validate({ tail: big }),
        validator.validate({ slug: `${big}!` }),
        validator.validate({ none: big }),
        validator.validate({ loop: big }),
        // Searching is counted work: three searches of a million characters
        // take more than one validation may (docs/patterns.md, "The work limit").
        validator.validate({ slug: big, tail: big, loop: big }),
      ];
      expect(
        calls().map((result) =>
          result.ok ? "ok" : `${result.kind} ${result.issues.map((issue) => issue.instancePath).join(",")}`,
        ),
      ).toEqual([
        "ok",
        "ok",
        "validation /slug",
        "validation /none",
        // A group repeated a million times: PCRE2 gets a JIT stack in proportion to the subject.
        "ok",
        "execution_failure /loop",
      ]);
      // The addon reads each subject as UTF-16 (2 MB here) into a buffer it
      // trims after the call, and PCRE2 as code points (4 MB) into one it trims
      // when the next validation starts. Five more rounds (30 calls) stay
      // within what V8 and malloc keep between collections; a copy kept per
      // call would add 180 MB.
      const { growth } = residentGrowth(() => Array.from({ length: 5 }, calls));
      expect(growth).toBeLessThan(32 * ONE_MB);
    },
    HEAVY,
  );

  it(
    "count code points of a 10 MB string of astral characters",
    () => {
      const astral = "😀".repeat(TEN_MB / 2);
      const validator = compile({
        type: "object",
        properties: { a: { type: "string", minLength: TEN_MB / 2 }, b: { type: "string", minLength: TEN_MB / 2 + 1 } },
      });
      const result = validator.validate({ a: astral, b: astral });
      expect(result).toMatchObject({
        ok: false,
        kind: "validation",
        issues: [{ instancePath: "/b", keyword: "minLength" }],
      });
      expect(result.ok || result.issues.length).toBe(1);
    },
    HEAVY,
  );

  it(
    "check an array of 1,000,000 items, and find the one bad item",
    () => {
      const validator = compile({
        type: "object",
        properties: { list: { type: "array", items: { type: "integer" }, maxItems: 1_000_000 } },
      });
      const items: unknown[] = Array.from({ length: 1_000_000 }, (_, i) => i);
      const { growth, value: valid } = residentGrowth(() => validator.validate({ list: items }));
      expect(valid).toStrictEqual({ ok: true });
      expect(growth).toBeLessThan(32 * MiB); // the items alone take 8 MB
      items[999_999] = -0.5;
      expect(validator.validate({ list: items })).toStrictEqual({
        ok: false,
        kind: "validation",
        message: "invalid arguments: list[999999]: expected an integer, got a number (-0.5)",
        issues: [
          {
            kind: "validation",
            instancePath: "/list/999999",
            path: ["list", 999999],
            schemaPath: "/properties/list/items/type",
            keyword: "type",
            params: { type: "integer" },
            message: "list[999999]: expected an integer, got a number (-0.5)",
          },
        ],
      });
      items.push(1);
      expect(validator.validate({ list: items })).toMatchObject({
        ok: false,
        message:
          "invalid arguments: list[999999]: expected an integer, got a number (-0.5); list: must have at most 1000000 items, got 1000001",
      });
    },
    HEAVY,
  );

  it(
    "report a million bad items in flat memory: 100 issues and the exact count",
    () => {
      const validator = compile({
        type: "object",
        properties: { list: { type: "array", items: { type: "integer" } } },
      });
      const items = Array.from({ length: 1_000_000 }, () => "x");
      const { growth, value: result } = residentGrowth(() => validator.validate({ list: items }));
      expect(result).toMatchObject({
        ok: false,
        kind: "validation",
        message:
          'invalid arguments: list[0]: expected an integer, got a string ("x"); list[1]: expected an integer, got a string ("x"); list[2]: expected an integer, got a string ("x"); list[3]: expected an integer, got a string ("x"); list[4]: expected an integer, got a string ("x") (and 999995 more problems)',
      });
      expect(result.ok || result.issues.length).toBe(MAX_ISSUES);
      // Problems past the 100th are counted, not built: a million issue objects
      // took about 350 MB (resident memory also holds the collector's pages).
      expect(growth).toBeLessThan(64 * MiB);
    },
    HEAVY,
  );

  it(
    "check objects with 100,000 keys",
    () => {
      const keys: Record<string, string> = {};
      for (let i = 0; i < 100_000; i++) keys[`k${i}`] = `v${i}`;
      const strings = compile({
        type: "object",
        properties: { o: { type: "object", additionalProperties: { type: "string" } } },
      });
      const { growth, value } = residentGrowth(() => strings.validate({ o: keys }));
      expect(value).toStrictEqual({ ok: true });
      expect(growth).toBeLessThan(32 * MiB); // the object alone takes about 10 MB

      const closed = compile({
        type: "object",
        properties: { o: { type: "object", properties: { a: {} }, additionalProperties: false } },
      });
      const result = closed.validate({ o: keys });
      expect(result).toMatchObject({
        ok: false,
        kind: "validation",
        message:
          "invalid arguments: o.k0: unexpected property; allowed: a; o.k1: unexpected property; allowed: a; o.k2: unexpected property; allowed: a; o.k3: unexpected property; allowed: a; o.k4: unexpected property; allowed: a (and 99995 more problems)",
      });
      expect(result.ok || result.issues.length).toBe(MAX_ISSUES);
    },
    HEAVY,
  );
});

describe("long schema paths", () => {
  it("are not copied into a hot validator once per subschema (a 16,000-character name above 5,000 branches)", () => {
    const name = "n".repeat(16_000);
    const before = heapBytes();
    const validator = compile({
      type: "object",
      properties: { [name]: { anyOf: Array.from({ length: 5000 }, () => ({ pattern: "x" })) } },
    });
    // The first calls run the closures, then the generated code is made and runs.
    for (let i = 0; i < 10; i++) expect(validator.validate({ [name]: "yx" })).toEqual({ ok: true });
    expect(validator.validate({ [name]: "y" })).toMatchObject({ ok: false, kind: "validation" });
    // Each branch's path is 16 KB: a copy per branch would be 80 MB.
    expect(heapBytes() - before).toBeLessThan(24 * MiB);
  });
});

describe("a subject longer than the work limit reaches", () => {
  it("never copies a subject the work limit cannot reach: a 200-million-character string under ulimit -v", () => {
    // 1.5 GB of address space leaves room for Node.js and the string, not for
    // a UTF-16 copy of it (400 MB): had the subject been copied before its
    // read was charged, the copy's allocation would fail ("ran out of
    // memory"). Its length alone is past what the pass may spend. (The
    // pattern is too large to be searched as tables in TypeScript.)
    const script = `
      const { validate } = require(${JSON.stringify(path.join(__dirname, "..", "..", "lib", "index.js"))});
      const s = "a".repeat(200_000_000);
      process.stdout.write(JSON.stringify(validate({ type: "object", properties: { s: { type: "string", pattern: "(?:a|b){600}c" } } }, { s })));
    `;
    const output = execFileSync("bash", ["-c", 'ulimit -v 1500000 && exec "$0" -e "$1"', process.execPath, script], {
      encoding: "utf8",
    });
    const problem =
      "s: checking the pattern (?:a|b){600}c took more than the regex engine's work limit; send a shorter or simpler value";
    expect(JSON.parse(output)).toStrictEqual({
      ok: false,
      kind: "execution_failure",
      message: `could not check the arguments: ${problem}`,
      issues: [
        {
          kind: "execution_failure",
          instancePath: "/s",
          path: ["s"],
          schemaPath: "/properties/s/pattern",
          keyword: "pattern",
          params: { pattern: "(?:a|b){600}c" },
          message: problem,
        },
      ],
    });
  });
});

describe("patterns the cache drops", () => {
  // Each pattern's program is about 40,000 instructions (about 0.5 MB in the
  // addon): the pattern cache keeps 64 MiB of them, and frees what it evicts
  // at once, not when the collector's finalizers run, which a loop that
  // never yields to the event loop would wait for.
  const big = (tag: string) => `(?:a?){20000}x${tag}`;
  const schemaOf = (i: number) => ({
    type: "object",
    properties: Object.fromEntries(
      Array.from({ length: 10 }, (_, j) => [`p${j}`, { type: "string", pattern: big(`${i}_${j}`) }]),
    ),
  });

  it(
    "keep native memory within the cache's bound in a synchronous loop of distinct schemas",
    () => {
      // 40 schemas: 400 patterns, about 200 MB of programs had they waited for the collector.
      const { growth } = residentGrowth(() => {
        for (let i = 0; i < 40; i++) expect(validate(schemaOf(i), { p0: `x${i}_0` })).toStrictEqual({ ok: true });
      });
      expect(growth).toBeLessThan(120 * MiB);
    },
    HEAVY,
  );

  it(
    "are compiled again, with the same answers, by a validator that still holds them",
    () => {
      const validator = compile({
        type: "object",
        properties: { s: { type: "string", pattern: big("kept") }, t: { type: "string", pattern: "^[a-z]+$" } },
      });
      const before = [validator.validate({ s: "axkept", t: "abc" }), validator.validate({ s: "a", t: "abc" })];
      // Enough other large patterns to evict both of the validator's from the cache.
      for (let i = 0; i < 20; i++) validateSchema(schemaOf(1000 + i));
      for (let i = 0; i < 2100; i++)
        validateSchema({ type: "object", properties: { u: { type: "string", pattern: `^u${i}$` } } });
      for (let call = 0; call < 10; call++) {
        expect([validator.validate({ s: "axkept", t: "abc" }), validator.validate({ s: "a", t: "abc" })]).toStrictEqual(
          before,
        );
      }
      expect(before[0]).toStrictEqual({ ok: true });
      expect(before[1]).toMatchObject({ ok: false, kind: "validation" });
    },
    HEAVY,
  );
});
