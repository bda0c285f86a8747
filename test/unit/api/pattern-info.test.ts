import { describe, expect, it } from "vitest";
import { compile, patternEngine, patternInfo } from "../../../src/index";
import { compilePatternFor } from "../../../src/pattern/compile-pattern";
import { MATCH, NO_MATCH, type CompiledPattern } from "../../../src/pattern/native";
import { startSearches } from "../../support/searches";

const NOT_LINEAR =
  "a backtracking search of it can take more than 64 steps at one position (overlapping repeats or alternatives, or an empty loop)";
const NOT_PROVEN = "proving its backtracking search linear took more than the proof's budget";

/** A class of `n` isolated code points above U+00FF. */
const wide = (n: number) => `[${Array.from({ length: n }, (_, i) => String.fromCodePoint(0x100 + 2 * i)).join("")}]`;

describe("patternInfo", () => {
  it.each<[string, "core" | "extended", "pcre2" | "dfa", string | null]>([
    // Anchored, or unanchored with no repeat that overlaps another: linear in a backtracking search.
    ["^[a-z0-9-]+$", "core", "pcre2", null],
    ["needle", "core", "pcre2", null],
    ["^\\d{4}-\\d{2}-\\d{2}$", "extended", "pcre2", null],
    ["\\bfoo\\b", "extended", "pcre2", null],
    ["^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$", "core", "pcre2", null],
    ["", "core", "pcre2", null],
    ["[]", "core", "pcre2", null],
    [`^${wide(16)}+$`, "core", "pcre2", null],
    // Quadratic or worse in a backtracking search: left to the DFA.
    ["[a-z]+@", "core", "dfa", NOT_LINEAR],
    ["[a-z]*[a-z]*0", "core", "dfa", NOT_LINEAR],
    [".*.*=.*", "core", "dfa", NOT_LINEAR],
    ["^(a+)+$", "core", "dfa", NOT_LINEAR],
    ["^(?:a?)*$", "core", "dfa", NOT_LINEAR],
    ["^[a-z][a-z0-9-]*[a-z0-9]+$", "core", "dfa", NOT_LINEAR],
    ["^[a-zA-Z0-9._]+(?:[-._a-zA-Z0-9]*)$", "core", "dfa", NOT_LINEAR],
    ["(?:a|b)*a(?:a|b){20}c", "core", "dfa", NOT_LINEAR],
    // Linear, but more states than the proof may build.
    ["^(?:[a-z]x){4900}y", "core", "dfa", NOT_PROVEN],
    // A class PCRE2 would compare range by range.
    [`^${wide(17)}+$`, "core", "dfa", "a class of 17 ranges above U+00FF, which PCRE2 compares one by one"],
  ])("%j (%s) runs in %s", (pattern, profile, engine, reason) => {
    expect(patternInfo(pattern, { profile })).toStrictEqual({ ok: true, engine, reason });
  });

  it("gives a refused pattern the failure a schema holding it gets, and refuses bad options", () => {
    expect(patternInfo("(?=a)")).toStrictEqual({
      ok: false,
      kind: "unsupported_capability",
      message: `unsupported schema: #/pattern: pattern "(?=a)" uses a lookahead '(?=' / '(?!', which is outside the portable pattern subset`,
      issues: [
        {
          kind: "unsupported_capability",
          instancePath: "",
          path: [],
          schemaPath: "/pattern",
          keyword: "pattern",
          params: {},
          message: `#/pattern: pattern "(?=a)" uses a lookahead '(?=' / '(?!', which is outside the portable pattern subset`,
        },
      ],
    });
    expect(patternInfo("\\d")).toMatchObject({ ok: false, kind: "unsupported_capability" });
    expect(patternInfo("\\d", { profile: "extended" })).toStrictEqual({ ok: true, engine: "pcre2", reason: null });
    expect(patternInfo("(")).toMatchObject({ ok: false, kind: "validation" });
    expect(patternInfo(42)).toMatchObject({
      ok: false,
      kind: "validation",
      message: "invalid schema: #/pattern: must be a string",
    });
    expect(patternInfo("a", { profile: "nope" } as never)).toMatchObject({
      ok: false,
      kind: "validation",
      message: 'invalid schema: invalid options: options.profile must be "core" or "extended"',
    });
  });
});

describe("patternEngine.searches()", () => {
  it("counts the searches each engine ran in this thread, one per pattern check, in both tiers", () => {
    const schema = {
      type: "object",
      properties: {
        slug: { type: "string", pattern: "^[a-z0-9-]+$" },
        id: { type: "string", pattern: "^[a-z][a-z0-9-]*[a-z0-9]+$" },
      },
    };
    const validator = compile(schema);
    const counts: [number, number][] = [];
    for (let call = 0; call < 12; call++) {
      const before = patternEngine.searches();
      expect(validator.validate({ slug: "tool-input", id: "a-b1" })).toStrictEqual({ ok: true });
      const after = patternEngine.searches();
      counts.push([after.pcre2 - before.pcre2, after.dfa - before.dfa]);
      expect(after.pcre2Trips).toBe(before.pcre2Trips);
    }
    // The closures at first, the generated check (one crossing for both) once the validator is hot.
    expect(counts).toStrictEqual(Array(12).fill([1, 1]));
  });

  it("returns a fresh object each time", () => {
    expect(patternEngine.searches()).not.toBe(patternEngine.searches());
    expect(Object.keys(patternEngine.searches())).toStrictEqual(["pcre2", "dfa", "pcre2Trips", "fast", "slow"]);
  });
});

describe("a pattern forced into PCRE2 that the proof rejects", () => {
  // Only tests force an engine. PCRE2's own limits, set for at most 64 steps
  // a position, stop its exponential search; the DFA then answers, and the
  // trip is counted. (PCRE2's match limit counts backtracking, not the
  // characters a repeat scans, so it is a belt for the proof, not a bound of
  // its own: the proof and the charge before each search are the bound.)
  it("trips PCRE2's match limit, and still gets the DFA's answer", () => {
    const pattern = "^(?:a|aa)+$";
    const forced = compilePatternFor(pattern, "core", "pcre2") as CompiledPattern;
    expect(forced).toMatchObject({ engine: "pcre2", steps: 64 });
    expect(patternInfo(pattern)).toMatchObject({ engine: "dfa" });
    const subject = `${"a".repeat(40)}!`;
    const before = patternEngine.searches();
    startSearches(subject);
    expect(forced.test(subject)).toBe(NO_MATCH);
    const after = patternEngine.searches();
    expect([after.pcre2Trips - before.pcre2Trips, after.dfa - before.dfa, after.pcre2 - before.pcre2]).toStrictEqual([
      1, 1, 0,
    ]);
    startSearches("aaaa");
    expect(forced.test("aaaa")).toBe(MATCH);
  });
});
