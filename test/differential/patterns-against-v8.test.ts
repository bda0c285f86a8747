import { describe, expect, it } from "vitest";
import { compilePattern, compilePatternFor } from "../../src/pattern/compile-pattern";
import { LIMIT, MATCH, NO_MATCH, type CompiledPattern } from "../../src/pattern/native";
import { startSearches } from "../support/searches";
import { PatternError } from "../../src/pattern/syntax";
import type { Profile } from "../../src/runtime/types";
import { ecmaScriptTest, toEcmaScript } from "../support/ecmascript-pattern";
import { missesLastCodePoint, v8MissesLastCodePoint } from "../support/v8-bugs";
import { randomPattern, randomSequencePattern, randomSubject } from "../support/pattern-generator";
import { Random, testSeed } from "../support/random";

/**
 * docs/contract.md, "Patterns": for every accepted pattern and every string, the answer
 * equals `new RegExp(pattern, "u").test(string)`. V8 is the oracle here only.
 * Each search is a validation of its own (startSearches), as the validator runs
 * it; these subjects are at most a few dozen characters, far inside the work
 * limit, so the engine must answer every one: a LIMIT here is a failure.
 * Every pattern runs in both engines, whatever the proof chose (forced here
 * only): PCRE2 and the lazy DFA must both give V8's answer, and so each other's.
 */
const PATTERNS = 2_500;
const SUBJECTS_PER_PATTERN = 8;

/** One search as a validation of its own, as the validator runs it. */
function search(compiled: CompiledPattern, subject: string): number {
  startSearches(subject);
  return compiled.test(subject);
}

/** The pattern compiled for one engine, whatever the proof says. */
function forced(pattern: string, profile: Profile, engine: "pcre2" | "dfa"): CompiledPattern {
  const compiled = compilePatternFor(pattern, profile, engine);
  if (compiled instanceof PatternError) throw new Error(compiled.message);
  expect(compiled.engine).toBe(engine);
  return compiled;
}

/** The pattern as compiled, and in each engine. */
function everyWay(pattern: string, profile: Profile, compiled: CompiledPattern): [string, CompiledPattern][] {
  return [
    [`as compiled (${compiled.engine})`, compiled],
    ["in PCRE2", forced(pattern, profile, "pcre2")],
    ["in the DFA", forced(pattern, profile, "dfa")],
  ];
}

function describeCase(seed: number, pattern: string, subject?: string): string {
  const shown = subject === undefined ? "" : `, subject ${JSON.stringify(subject)}`;
  return `seed ${seed}: pattern ${JSON.stringify(pattern)}${shown} (replay with TEST_SEED=${seed})`;
}

/** Thousands of random patterns compiled and searched three ways: seconds on an idle machine, more on a busy one. */
const RANDOM_RUN = 60_000;

describe.each<Profile>(["core", "extended"])("patterns agree with ECMAScript's u flag (profile %s)", (profile) => {
  const extended = profile === "extended";

  it(
    `on ${PATTERNS * SUBJECTS_PER_PATTERN} random (pattern, subject) pairs inside the subset`,
    () => {
      const seed = testSeed(extended ? 9_2026 : 20261129);
      const random = new Random(seed);
      let pairs = 0;
      let proven = 0;
      const limited: string[] = [];
      for (let p = 0; p < PATTERNS; p++) {
        const pattern = randomPattern(random, extended);
        const compiled = compilePattern(pattern, profile);
        if (compiled instanceof PatternError)
          throw new Error(`refused ${describeCase(seed, pattern)}: ${compiled.message}`);
        const ways = everyWay(pattern, profile, compiled);
        if (compiled.engine === "pcre2") proven++;
        for (let s = 0; s < SUBJECTS_PER_PATTERN; s++) {
          const subject = randomSubject(random, pattern, extended);
          const expected = ecmaScriptTest(pattern, subject) ? MATCH : NO_MATCH;
          pairs++;
          for (const [way, engine] of ways) {
            const actual = search(engine, subject);
            if (actual === LIMIT) limited.push(`${way}: ${describeCase(seed, pattern, subject)}`);
            else if (actual !== expected)
              throw new Error(
                `${way}, the engine said ${actual}, V8 said ${expected}: ${describeCase(seed, pattern, subject)}`,
              );
          }
        }
      }
      expect(pairs).toBe(PATTERNS * SUBJECTS_PER_PATTERN);
      expect(limited).toEqual([]);
      // Both engines' own choice is exercised too.
      expect(proven).toBeGreaterThan(PATTERNS / 4);
      expect(proven).toBeLessThan(PATTERNS);
    },
    RANDOM_RUN,
  );

  it(
    "on anchored sequences, in both engines",
    () => {
      const seed = testSeed(extended ? 23 : 17);
      const random = new Random(seed);
      let proven = 0;
      for (let p = 0; p < 2_000; p++) {
        const pattern = randomSequencePattern(random, extended);
        const compiled = compilePattern(pattern, profile);
        if (compiled instanceof PatternError)
          throw new Error(`refused ${describeCase(seed, pattern)}: ${compiled.message}`);
        if (compiled.engine === "pcre2") proven++;
        const ways = everyWay(pattern, profile, compiled);
        for (let s = 0; s < SUBJECTS_PER_PATTERN; s++) {
          const subject = randomSubject(random, pattern, extended);
          const expected = ecmaScriptTest(pattern, subject) ? MATCH : NO_MATCH;
          for (const [way, engine] of ways) {
            const actual = search(engine, subject);
            if (actual !== expected)
              throw new Error(`${way}, said ${actual}, V8 said ${expected}: ${describeCase(seed, pattern, subject)}`);
          }
        }
      }
      expect(proven).toBeGreaterThan(1_000);
    },
    RANDOM_RUN,
  );

  it(
    "accepts, refuses or calls malformed exactly as the grammar says, on random pattern text",
    () => {
      const seed = testSeed(extended ? 11 : 7);
      const random = new Random(seed);
      const alphabet = [
        "a",
        "b",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        "|",
        "*",
        "+",
        "?",
        "^",
        "$",
        ".",
        "\\",
        "-",
        ",",
        "1",
        "0",
        ":",
        "<",
        "=",
        "!",
        "😀",
        "d",
        " ",
        "_",
        "/",
      ];
      if (extended) alphabet.push("\\", "\\", "u", "x", "B", "s", "W", "4", "F", "c", "p", "\ud83d", "\ude00");
      let accepted = 0;
      for (let n = 0; n < 20_000; n++) {
        const pattern = Array.from({ length: random.int(0, 8) }, () => random.pick(alphabet)).join("");
        const compiled = compilePattern(pattern, profile);
        let v8: RegExp | null = null;
        try {
          v8 = new RegExp(toEcmaScript(pattern), "u");
        } catch {
          v8 = null;
        }
        if (!(compiled instanceof PatternError)) {
          if (v8 === null) throw new Error(`accepted a pattern V8 refuses: ${describeCase(seed, pattern)}`);
          const subject = randomSubject(random, pattern, extended);
          const outcome = search(compiled, subject);
          if (outcome !== (ecmaScriptTest(pattern, subject) ? MATCH : NO_MATCH)) {
            throw new Error(`answers differ: ${describeCase(seed, pattern, subject)}`);
          }
          accepted++;
        } else if (compiled.kind === "validation" && v8 !== null) {
          throw new Error(`called malformed a pattern V8 accepts: ${describeCase(seed, pattern)}: ${compiled.message}`);
        }
      }
      expect(accepted).toBeGreaterThan(1_000);
    },
    RANDOM_RUN,
  );
});

describe("the one V8 bug the oracle repairs (test/support/v8-bugs.ts)", () => {
  // Negated classes whose excluded code points end at, below and above U+10FFFE, as literal characters.
  const bodies = [
    "\u{10fffe}",
    "a\u{10fffe}",
    "\u{10fff0}-\u{10fffe}",
    "\u{0}-\u{10fffe}",
    "\u{10fffd}",
    "\u{10ffff}",
    "\u{10fffe}\u{10ffff}",
    "\u{10fffe}-\u{10ffff}",
    "a-z",
    "\ud800-\udfff\u{10fffe}",
  ];
  const subjects = ["a", "\uffff", "\ud800", "\u{10000}", "\u{10fffd}", "\u{10fffe}", "\u{10ffff}"];

  it("changes V8's answer exactly where V8 is wrong: U+10FFFF, a negated class excluding up to U+10FFFE, a V8 with the bug", () => {
    expect(v8MissesLastCodePoint).toBe(!/[^\u{10fffe}]/u.test("\u{10FFFF}"));
    let wrong = 0;
    for (const body of bodies) {
      for (const subject of subjects) {
        // ECMAScript's [^…] is the complement of […], which V8 answers right.
        const specified = !new RegExp(`[${body}]`, "u").test(subject);
        const v8 = new RegExp(`[^${body}]`, "u").test(subject);
        const buggy = v8MissesLastCodePoint && subject === "\u{10ffff}" && missesLastCodePoint(body);
        expect({ body, subject, wrong: v8 !== specified }).toEqual({ body, subject, wrong: buggy });
        expect({ body, subject, oracle: ecmaScriptTest(`x[^${body}]{2}`, `x${subject}${subject}`) }).toEqual({
          body,
          subject,
          oracle: specified,
        });
        if (buggy) wrong++;
      }
    }
    expect(wrong).toBe(v8MissesLastCodePoint ? 5 : 0);
  });

  it("is no bug of the package: [^U+10FFFE] matches U+10FFFF in both engines", () => {
    for (const engine of ["pcre2", "dfa"] as const) {
      expect(search(forced("[^\u{10fffe}]", "core", engine), "\u{10ffff}")).toBe(MATCH);
    }
  });
});
