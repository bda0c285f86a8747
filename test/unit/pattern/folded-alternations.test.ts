import { describe, expect, it } from "vitest";
import { validate } from "../../../src/index";
import { compilePattern } from "../../../src/pattern/compile-pattern";
import { LIMIT, type CompiledPattern } from "../../../src/pattern/native";
import { oneBytePcre2Source, pcre2Source } from "../../../src/pattern/pcre2-source";
import { encodeProgram } from "../../../src/pattern/program";
import { parsePattern, PatternError } from "../../../src/pattern/syntax";
import type { Profile } from "../../../src/runtime/types";
import { ecmaScriptTest } from "../../support/ecmascript-pattern";
import { Random } from "../../support/random";
import { startSearches } from "../../support/searches";

/**
 * An alternation's alternatives that are each one code point (a character, a
 * class, `.`, an escape like `\d`) are one set, their union: `(?:a|b)` is
 * `[ab]`, so a count of it is a counted run in the DFA (docs/patterns.md,
 * "Counted repeats in the DFA"). The answer is V8's for the pattern as written.
 */

function compiled(pattern: string, profile: Profile = "extended"): CompiledPattern {
  const c = compilePattern(pattern, profile);
  if (c instanceof PatternError) throw new Error(`${pattern}: ${c.message}`);
  return c;
}

describe("an alternation of one-code-point alternatives", () => {
  it.each([
    ["(?:a|b)", "[ab]"],
    ["a|b", "[ab]"],
    ["(?:a|b){2000}", "[ab]{2000}"],
    ["x(?:a|b|[0-9]){2000,}y", "x[ab0-9]{2000,}y"],
    ["(?:\\d|\\s|_)", "[\\d\\s_]"],
    ["(?:😀|a|[^a-z])", "[^b-z]"],
    ["(?:.|\\n|\\r)", "[^\\u2028\\u2029]"],
  ])("%s is %s: the same tree, program and PCRE2 sources", (alternation, set) => {
    const [a, b] = [parsePattern(alternation, "extended"), parsePattern(set, "extended")];
    expect(a).toEqual(b);
    expect(encodeProgram(a)).toEqual(encodeProgram(b));
    expect(pcre2Source(a)).toEqual(pcre2Source(b));
    expect(oneBytePcre2Source(a)).toEqual(oneBytePcre2Source(b));
  });

  it("keeps the other alternatives beside the union, which comes first", () => {
    expect(parsePattern("(?:a|cd|b)")).toEqual(parsePattern("(?:[ab]|cd)"));
    expect(parsePattern("(?:a|cd|b)")).toEqual({
      kind: "alternation",
      items: [
        {
          kind: "set",
          ranges: [[0x61, 0x62]],
        },
        {
          kind: "sequence",
          items: [
            { kind: "set", ranges: [[0x63, 0x63]] },
            { kind: "set", ranges: [[0x64, 0x64]] },
          ],
        },
      ],
    });
    // One set among other alternatives, or none, stays as written.
    expect(parsePattern("(?:a|cd)")).toMatchObject({
      kind: "alternation",
      items: [{ kind: "set" }, { kind: "sequence" }],
    });
    expect(parsePattern("(?:ab|cd)")).toMatchObject({ kind: "alternation" });
    // Overlapping alternatives are one set of their union.
    expect(parsePattern("(?:[a-c]|b|[b-e])")).toEqual({ kind: "set", ranges: [[0x61, 0x65]] });
  });
});

/** A seeded string of `length` code points picked from `alphabet`. */
function randomText(length: number, alphabet: readonly string[], random: Random): string {
  let out = "";
  for (let i = 0; i < length; i++) out += random.pick(alphabet);
  return out;
}

/**
 * Counts of such alternations over long subjects: V8 answers a twin that reads
 * the code point after the count first and then looks behind (the pattern
 * itself, which V8 tries from every start, is searched too at 1e4).
 */
const LONG: { pattern: string; twin: string; shapes: Record<string, (length: number, random: Random) => string> }[] = [
  {
    pattern: "a(?:a|b){2000}c",
    twin: "c(?<=a(?:a|b){2000}c)",
    shapes: {
      "random a/b": (length, random) => randomText(length, ["a", "b"], random),
      "random a/b, a, 2000 a/b, c": (length, random) =>
        `${randomText(length - 2002, ["a", "b"], random)}a${randomText(2000, ["a", "b"], random)}c`,
      "a…a": (length) => "a".repeat(length),
      "a…ac": (length) => `${"a".repeat(length - 1)}c`,
      "b…b, 2000 a, c": (length) => `${"b".repeat(length - 2001)}${"a".repeat(2000)}c`,
      "random a/b/c": (length, random) => randomText(length, ["a", "b", "c"], random),
    },
  },
  {
    pattern: "x(?:a|b|[0-9]){2000,}y",
    twin: "y(?<=x(?:a|b|[0-9]){2000,}y)",
    shapes: {
      "x, random a/b/0-9, y": (length, random) => `x${randomText(length - 2, ["a", "b", "1", "7"], random)}y`,
      "x, random a/b/0-9, c, 1999, y": (length, random) =>
        `x${randomText(length - 2002, ["a", "b", "0"], random)}c${randomText(1999, ["a", "9"], random)}y`,
      "x…y of 1,999": (length) => `x${"1".repeat(1999)}y`.repeat(Math.ceil(length / 2001)).slice(0, length),
      "x…y of 2,000": (length) => `x${"b".repeat(2000)}y`.repeat(Math.ceil(length / 2002)).slice(0, length),
      "random a/b/0/x/y": (length, random) => randomText(length, ["a", "b", "0", "x", "y"], random),
    },
  },
];

describe("a count of an alternation of one-code-point alternatives, to 1e6 characters", () => {
  it.each(LONG)(
    "$pattern: V8's answer for every subject, matching and not, none out of work",
    ({ pattern, twin, shapes }) => {
      const compiledPattern = compiled(pattern, "core");
      const answers: string[] = [];
      const expected: string[] = [];
      for (const [shape, make] of Object.entries(shapes)) {
        for (const length of [10_000, 100_000, 1_000_000]) {
          const s = make(length, new Random(length + shape.length));
          const answer = ecmaScriptTest(twin, s);
          if (length === 10_000) expect({ shape, v8: ecmaScriptTest(pattern, s) }).toEqual({ shape, v8: answer });
          startSearches(s);
          expect({ shape, length, outOfWork: compiledPattern.test(s) === LIMIT }).toEqual({
            shape,
            length,
            outOfWork: false,
          });
          const result = validate({ type: "object", properties: { v: { type: "string", pattern } } }, { v: s });
          answers.push(`${shape} ${length}: ${result.ok ? "ok" : result.kind}`);
          expected.push(`${shape} ${length}: ${answer ? "ok" : "validation"}`);
        }
      }
      expect(answers).toEqual(expected);
      // Both answers occur at every length.
      for (const length of [10_000, 100_000, 1_000_000]) {
        const atLength = expected.filter((line) => line.includes(` ${length}: `)).map((line) => line.split(": ")[1]);
        expect(new Set(atLength)).toEqual(new Set(["ok", "validation"]));
      }
    },
    120_000,
  );
});

/**
 * Random alternations whose alternatives are mostly one code point (single
 * characters, astral ones and lone surrogates, classes, `.`, class escapes),
 * now and then longer, inside counts, groups and assertions: the package
 * answers as V8 does for the pattern as written, on subjects short enough for
 * V8's backtracking through overlapping alternatives, and where every
 * alternative is one code point, as V8 does for the class of their union on
 * longer ones.
 */
describe("folded alternations against V8 on random text", () => {
  const ONE = [
    "a",
    "b",
    "c",
    "\\d",
    "\\s",
    "\\w",
    "\\W",
    ".",
    "[^a]",
    "[b-d]",
    "😀",
    "\\ud83d",
    "\\u{1F601}",
    "\\n",
    "[]",
  ];
  const LONGER = ["ab", "c\\b", "a?", "(?:b|c)+", "\\B"];
  const ALPHABET = ["a", "b", "c", "d", "1", " ", "\n", "_", "😀", "😁", "\ud83d", "!"];

  function alternation(random: Random, folds: boolean): { alternatives: string[]; text: string } {
    const alternatives = Array.from({ length: random.int(2, 5) }, () =>
      !folds && random.chance(0.3) ? random.pick(LONGER) : random.pick(ONE),
    );
    return { alternatives, text: `(?:${alternatives.join("|")})` };
  }

  function around(random: Random, inner: string): string {
    const count = random.pick(["", "*", "+", "?", "{2}", "{1,3}", "{70}", "{0,70}", "{65,}"]);
    const before = random.pick(["", "^", "a", "\\b", "\\B", "[ab]*", "(?:x|"]);
    const after = random.pick(["", "$", "b", "\\b", "\\B", "c|d"]);
    const body = `${inner}${count}`;
    return before === "(?:x|" ? `(?:x|${body})${after}` : `${before}${body}${after}`;
  }

  it("answers V8's answer, and the union's answer where every alternative folds", () => {
    const random = new Random(20_261_205);
    let checked = 0;
    for (let round = 0; round < 60; round++) {
      const folds = random.chance(0.5);
      const { alternatives, text } = alternation(random, folds);
      const pattern = around(random, text);
      const compiledPattern = compiled(pattern);
      const union = pattern.replace(text, () => `[${alternatives.map(inClass).join("")}]`);
      for (let k = 0; k < 8; k++) {
        const s = randomText(random.int(0, 6), ALPHABET, random);
        startSearches(s);
        const answer = compiledPattern.test(s);
        expect({ pattern, s, answer }).toEqual({ pattern, s, answer: ecmaScriptTest(pattern, s) ? 1 : 0 });
        checked++;
        if (!folds) continue;
        const long = randomText(random.int(0, 200), ALPHABET, random);
        startSearches(long);
        const longAnswer = compiledPattern.test(long);
        expect({ pattern, union, long, longAnswer }).toEqual({
          pattern,
          union,
          long,
          longAnswer: ecmaScriptTest(union, long) ? 1 : 0,
        });
        checked++;
      }
    }
    // 480 short subjects, and 280 long ones for the 35 patterns whose every alternative folds.
    expect(checked).toBe(760);
  });
});

/** An alternative of one code point as a class item: `.` and a class become the class's own escapes or ranges. */
function inClass(alternative: string): string {
  if (alternative === ".") return "\\0-\\t\\v\\f\\x0E-\\u2027\\u202A-\\u{10FFFF}";
  if (alternative === "[]") return "";
  if (alternative === "[^a]") return "\\0-`b-\\u{10FFFF}";
  if (alternative.startsWith("[")) return alternative.slice(1, -1);
  return alternative;
}
