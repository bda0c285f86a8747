import { describe, expect, it } from "vitest";
import { validate, type Profile } from "../../../src/index";
import { compilePattern } from "../../../src/pattern/compile-pattern";
import { LIMIT, NO_MATCH, type CompiledPattern } from "../../../src/pattern/native";
import { searchSpent } from "../../../src/runtime/pass";
import { PatternError } from "../../../src/pattern/syntax";
import { ecmaScriptTest } from "../../support/ecmascript-pattern";
import { startSearches } from "../../support/searches";

/**
 * Counted repeats of one set (docs/patterns.md, "Counted repeats in the DFA"): a DFA
 * state keeps only the highest thread of the run a count writes out, so
 * X{n,} anywhere, X{n} and X{n,m} that can end a match, and X{n} that
 * starts the pattern or one of its alternatives cost a few units a copy
 * once, then a unit per 4 characters read, and valid strings of any
 * length within the work limit are answered, at 1e6 characters too.
 *
 * The answer is V8's. V8's own search of these patterns tries every start
 * and reads the run from each (seconds at 1e5 characters), so beyond 3,000
 * characters V8 answers an equivalent twin that starts only where a run of
 * X starts, `(?<!X)X{n,}…`; at 3,000 characters V8 answers the pattern
 * itself too (counts of 2,000), and must agree with the twin.
 */
interface Case {
  pattern: string;
  /** The same search, fast in V8: an X{n} or X{n,m} that starts the pattern (or an alternative) or ends it may start where the run of X starts, and read more X. */
  twin: string;
  profile?: Profile;
  /** The count, so that the subjects hold runs just under and at it. */
  n?: number;
}

const CASES: Case[] = [
  { pattern: ".{2000,}", twin: "(?<!.).{2000,}" },
  { pattern: ".{2000}", twin: "(?<!.).{2000,}" },
  { pattern: ".{2000,3000}", twin: "(?<!.).{2000,}" },
  { pattern: ".{2000,}?", twin: "(?<!.).{2000,}" },
  { pattern: "[^]{2000,}", twin: "(?<![^])[^]{2000,}" },
  { pattern: "\\S{2000,}", twin: "(?<!\\S)\\S{2000,}", profile: "extended" },
  { pattern: "[a-z0-9]{2000}", twin: "(?<![a-z0-9])[a-z0-9]{2000,}" },
  { pattern: "\\S{65535}", twin: "(?<!\\S)\\S{65535,}", profile: "extended", n: 65535 },
  // Inside groups and alternations.
  { pattern: "(?:.{2000,})", twin: "(?<!.).{2000,}" },
  { pattern: "(.{2000})", twin: "(?<!.).{2000,}" },
  { pattern: "(?:.{1000}){2}", twin: "(?<!.).{2000,}" },
  { pattern: "x|.{2000,}", twin: "x|(?<!.).{2000,}" },
  { pattern: "(?:.{2000,}|x)b", twin: "(?<!.).{2000,}b|xb" },
  { pattern: "(?:.{2000}|x)b", twin: "(?<!.).{2000,}b|xb" },
  { pattern: "(?:.{2000}b|c)", twin: "(?<!.).{2000,}b|c" },
  { pattern: "c|[a-z]{2000}$", twin: "c|(?<![a-z])[a-z]{2000,}$" },
  // Followed by more pattern.
  { pattern: ".{2000,}b", twin: "(?<!.).{2000,}b" },
  { pattern: ".{2000}b", twin: "(?<!.).{2000,}b" },
  { pattern: "(.{2000})b", twin: "(?<!.).{2000,}b" },
  { pattern: ".{2000}$", twin: "(?<!.).{2000,}$" },
  { pattern: ".{2000,}$", twin: "(?<!.).{2000,}$" },
  { pattern: "\\S{2000}\\b", twin: "(?<!\\S)\\S{2000,}\\b", profile: "extended" },
  { pattern: ".{2000}x?", twin: "(?<!.).{2000,}" },
  { pattern: "b.{2000,}", twin: "(?<!b.*)b.{2000,}" },
  // Anchored: one attempt, PCRE2 or the DFA as the proof says.
  { pattern: "^.{2000,}$", twin: "^.{2000,}$" },
  { pattern: "^.{2000}", twin: "^.{2000}" },
  { pattern: "^[a-z]{2000,3000}b", twin: "^[a-z]{2000,3000}b" },
];

const LENGTHS = [3000, 10_000, 100_000, 1_000_000];

/** Subjects of about `length` UTF-16 units, with runs of n - 1 and n of the repeated set, or longer. */
const SHAPES: Record<string, (length: number, n: number) => string> = {
  "one run": (length) => "a".repeat(length),
  "one run ending in b": (length) => `${"a".repeat(length - 1)}b`,
  "lines just too short": (length, n) => `${"a".repeat(n - 2)}b\n`.repeat(Math.ceil(length / n)).slice(0, length),
  "lines, the last one long enough": (length, n) =>
    `${`${"a".repeat(n - 2)}b\n`.repeat(Math.max(0, Math.floor(length / n) - 1))}${"a".repeat(n - 1)}b`,
  "words of n - 1": (length, n) => `${"a".repeat(n - 1)} `.repeat(Math.ceil(length / n)),
  "astral, lone surrogates": (length) => `${"😀\ud800".repeat(length / 3)}b`,
};

const subjects = new Map<string, string>();
function subject(shape: string, length: number, n: number): string {
  const key = `${shape} ${length} ${n}`;
  if (!subjects.has(key)) subjects.set(key, SHAPES[shape](length, n));
  return subjects.get(key)!;
}

const wrap = (pattern: string) => ({ type: "object", properties: { v: { type: "string", pattern } } });

function compiled(c: Case): CompiledPattern {
  const pattern = compilePattern(c.pattern, c.profile);
  if (pattern instanceof PatternError) throw new Error(pattern.message);
  return pattern;
}

describe("counted repeats of one set, to 1e6 characters", () => {
  it.each(CASES)(
    "$pattern: V8's answer for every subject, none out of work",
    (c) => {
      const n = c.n ?? 2000;
      const pattern = compiled(c);
      const answers: string[] = [];
      const expected: string[] = [];
      for (const shape of Object.keys(SHAPES)) {
        for (const length of LENGTHS.filter((length) => length > n)) {
          const s = subject(shape, length, n);
          const answer = ecmaScriptTest(c.twin, s);
          if (length === LENGTHS[0] && n <= 2000)
            expect({ shape, s: s.length, v8: ecmaScriptTest(c.pattern, s) }).toEqual({
              shape,
              s: s.length,
              v8: answer,
            });
          startSearches(s);
          expect({ shape, length, outOfWork: pattern.test(s) === LIMIT }).toEqual({ shape, length, outOfWork: false });
          const result = validate(wrap(c.pattern), { v: s }, { profile: c.profile ?? "core" });
          answers.push(`${shape} ${length}: ${result.ok ? "ok" : result.kind}`);
          expected.push(`${shape} ${length}: ${answer ? "ok" : "validation"}`);
        }
      }
      expect(answers).toEqual(expected);
    },
    60_000,
  );
});

/**
 * Counts of one set inside a pattern, after something else (docs/patterns.md,
 * "Counted repeats in the DFA"): a counted run, its threads kept as offsets
 * beside one state, so a.{2000}b over a million a costs about 2 units a
 * character (where a state per set of threads cost about n² units and ran
 * out from counts of about 1,440 on). V8 answers a twin that reads the code
 * point after the count first, then looks behind (fast where the pattern
 * itself tries every a).
 */
const INSIDE: { pattern: string; twin: string; shapes?: string[]; lengths?: number[] }[] = [
  { pattern: "a.{2000}b", twin: "b(?<=a.{2000}b)" },
  { pattern: "a[0-9]{3000}b", twin: "b(?<=a[0-9]{3000}b)" },
  { pattern: "(?:x\\S{2500}y|z)", twin: "z|y(?<=x\\S{2500}y)" },
  { pattern: "a.{1500,4000}b", twin: "b(?<=a.{1500,4000}b)" },
  { pattern: "(a.{2000}b){2}", twin: "b(?<=a.{2000}ba.{2000}b)" },
  // Two live runs, each entered by every a: 4 units a character, past the most a validation may spend at 1e6.
  { pattern: "(?:a.{2000}b|a.{2000}c)", twin: "[bc](?<=a.{2000}[bc])", lengths: [100_000, 900_000] },
  { pattern: "a.{0,1000}b", twin: "b(?<=a.{0,1000}b)" },
  { pattern: "a[😀-😂a]{2000}b", twin: "b(?<=a[😀-😂a]{2000}b)" },
  { pattern: "a.{65535}b", twin: "b(?<=a.{65535}b)", shapes: ["a…a", "a…ab", "x1…1y"] },
];

const INSIDE_SHAPES: Record<string, (length: number) => string> = {
  "a…a": (length) => "a".repeat(length),
  "a…ab": (length) => `${"a".repeat(length - 1)}b`,
  "x1…1y": (length) => `x${"1".repeat(length - 2)}y`,
  "a😀…😀b": (length) => `a${"😀".repeat((length - 2) / 2)}b`,
  "lines of a…ab": (length) => `${"a".repeat(2001)}b\n`.repeat(Math.ceil(length / 2003)).slice(0, length),
  "random a/b": (length) => randomText(length, "ab"),
  "random a/b/c/1/newline": (length) => randomText(length, "abc1\n"),
};

/** A seeded string of `length` items of `alphabet` (characters, or code points when given as a list). */
function randomText(length: number, alphabet: string | readonly string[], seed = 7): string {
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    out += alphabet[(x >>> 16) % alphabet.length];
  }
  return out;
}

describe("counted runs inside a pattern, to 1e6 characters", () => {
  it.each(INSIDE)(
    "$pattern: V8's answer for every subject, none out of work",
    ({ pattern, twin, shapes, lengths }) => {
      const compiledPattern = compiled({ pattern, twin, profile: "extended" });
      expect(compiledPattern.engine).toBe("dfa");
      const answers: string[] = [];
      const expected: string[] = [];
      for (const shape of shapes ?? Object.keys(INSIDE_SHAPES)) {
        for (const length of lengths ?? [100_000, 1_000_000]) {
          const s = INSIDE_SHAPES[shape](length);
          startSearches(s);
          expect({ shape, length, outOfWork: compiledPattern.test(s) === LIMIT }).toEqual({
            shape,
            length,
            outOfWork: false,
          });
          const result = validate(wrap(pattern), { v: s }, { profile: "extended" });
          answers.push(`${shape} ${length}: ${result.ok ? "ok" : result.kind}`);
          expected.push(`${shape} ${length}: ${ecmaScriptTest(twin, s) ? "ok" : "validation"}`);
        }
      }
      expect(answers).toEqual(expected);
    },
    120_000,
  );

  it("cost a few units a character: a.{2000}b over 1e6 a, 2 a character and the reading", () => {
    const compiledPattern = compiled({ pattern: "a.{2000}b", twin: "" });
    const s = "a".repeat(1_000_000);
    startSearches(s);
    const before = searchSpent();
    expect(compiledPattern.test(s)).toBe(NO_MATCH);
    // A unit a character for the live run, one for the thread each a moves
    // into it, one per 4 characters read, and its few states.
    expect(searchSpent() - before).toBe(2_250_083);
  });
});

/**
 * Counts inside nested groups, alternatives that share their start, counts
 * of 0 and 1, long optional tails, astral sets and \b, on random text short
 * enough for V8 to search the pattern itself: the package's answer is V8's.
 */
const ATTACKS = [
  "a.{100}b",
  "a.{1}b",
  "a.{0}b",
  "a.{0,1}b",
  "a.{64}b",
  "a.{63}b",
  "(?:a.{100}b){3}",
  "((?:a[ab]{70}b){2}c)",
  "(?:a.{80}b|a.{90}c|a.{80}d)",
  "a.{70}b.{70}c",
  "a.{70}.{70}b",
  "a[ab]{70}[bc]{70}b",
  "a.{70,200}b",
  "a.{100,40000}b",
  "a.{0,300}b.{0,300}c",
  "x?a.{100}b",
  "(?:a|b.{100})c.{100}d",
  "a[😀-😂a]{100}b",
  "a\\S{100}\\b",
  "\\ba\\w{80}\\B",
  "^a.{100}b",
  "a.{100}$",
  "a.{100}b?$",
  "(?:a.{100})*b",
  "(?:a.{100})+b",
  // A leading count whose top starts a count of another set.
  ".{70}[0-9a]{2}",
  "\\S{63}[^a]{3,}",
  "[a-c]{100}b{3,3}",
];

describe("counted runs against V8 on random text", () => {
  // The top of a leading run may read any number of its set more; a thread
  // one step into the run after it may not, so it keeps no thread at that
  // top redundant.
  it("a leading count's top that starts another count keeps its thread", () => {
    for (const [pattern, s] of [
      [".{70}[0-9a]{2}", `${"b".repeat(70)}a aa`],
      ["\\S{63}[^a]{3,}", `${"a".repeat(63)}babbb`],
      [".{100}a{3,}", `${"b".repeat(100)}aab aaa`],
    ]) {
      const compiledPattern = compilePattern(pattern, "extended") as CompiledPattern;
      startSearches(s);
      expect({ pattern, answer: compiledPattern.test(s) }).toEqual({
        pattern,
        answer: ecmaScriptTest(pattern, s) ? 1 : 0,
      });
      expect(ecmaScriptTest(pattern, s)).toBe(true);
    }
  });

  it.each(ATTACKS)("%s", (pattern) => {
    const compiledPattern = compilePattern(pattern, "extended");
    if (compiledPattern instanceof PatternError) throw new Error(compiledPattern.message);
    const alphabets = ["ab", "aab", "abc", "ab\n", "a😀b", "a b_", "aaaaaaaaaaaaaaaaaaab"];
    for (const [k, alphabet] of alphabets.entries()) {
      for (const length of [150, 400, 3000]) {
        const s = randomText(length, [...alphabet], 11 + k * 7 + length);
        startSearches(s);
        const answer = compiledPattern.test(s);
        expect({ alphabet, length, answer }).toEqual({ alphabet, length, answer: ecmaScriptTest(pattern, s) ? 1 : 0 });
      }
    }
  });
});
