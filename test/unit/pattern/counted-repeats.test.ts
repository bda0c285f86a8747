import { describe, expect, it } from "vitest";
import { validate, type Profile } from "../../../src/index";
import { compilePattern } from "../../../src/pattern/compile-pattern";
import { LIMIT, type CompiledPattern } from "../../../src/pattern/native";
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
