import { describe, expect, it } from "vitest";
import { compilePattern, compilePatternFor } from "../src/pattern/compile-pattern";
import { LIMIT, MATCH, NO_MATCH, type CompiledPattern } from "../src/pattern/native";
import { startSearches } from "./support/searches";
import { PatternError } from "../src/pattern/syntax";
import type { Profile } from "../src/runtime/types";
import { ecmaScriptTest, toEcmaScript } from "./support/ecmascript-pattern";
import { randomPattern, randomSequencePattern, randomSubject } from "./support/pattern-generator";
import { Random, testSeed } from "./support/random";

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

describe.each<Profile>(["core", "extended"])("patterns agree with ECMAScript's u flag (profile %s)", (profile) => {
  const extended = profile === "extended";

  it(`on ${PATTERNS * SUBJECTS_PER_PATTERN} random (pattern, subject) pairs inside the subset`, () => {
    const seed = testSeed(extended ? 9_2026 : 20261129);
    const random = new Random(seed);
    let pairs = 0;
    let proven = 0;
    const limited: string[] = [];
    for (let p = 0; p < PATTERNS; p++) {
      const pattern = randomPattern(random, extended);
      const compiled = compilePattern(pattern, profile);
      if (compiled instanceof PatternError) throw new Error(`refused ${describeCase(seed, pattern)}: ${compiled.message}`);
      const ways = everyWay(pattern, profile, compiled);
      if (compiled.engine === "pcre2") proven++;
      for (let s = 0; s < SUBJECTS_PER_PATTERN; s++) {
        const subject = randomSubject(random, pattern, extended);
        const expected = ecmaScriptTest(pattern, subject) ? MATCH : NO_MATCH;
        pairs++;
        for (const [way, engine] of ways) {
          const actual = search(engine, subject);
          if (actual === LIMIT) limited.push(`${way}: ${describeCase(seed, pattern, subject)}`);
          else if (actual !== expected) throw new Error(`${way}, the engine said ${actual}, V8 said ${expected}: ${describeCase(seed, pattern, subject)}`);
        }
      }
    }
    expect(pairs).toBe(PATTERNS * SUBJECTS_PER_PATTERN);
    expect(limited).toEqual([]);
    // Both engines' own choice is exercised too.
    expect(proven).toBeGreaterThan(PATTERNS / 4);
    expect(proven).toBeLessThan(PATTERNS);
  });

  it("on anchored sequences, in both engines", () => {
    const seed = testSeed(extended ? 23 : 17);
    const random = new Random(seed);
    let proven = 0;
    for (let p = 0; p < 2_000; p++) {
      const pattern = randomSequencePattern(random, extended);
      const compiled = compilePattern(pattern, profile);
      if (compiled instanceof PatternError) throw new Error(`refused ${describeCase(seed, pattern)}: ${compiled.message}`);
      if (compiled.engine === "pcre2") proven++;
      const ways = everyWay(pattern, profile, compiled);
      for (let s = 0; s < SUBJECTS_PER_PATTERN; s++) {
        const subject = randomSubject(random, pattern, extended);
        const expected = ecmaScriptTest(pattern, subject) ? MATCH : NO_MATCH;
        for (const [way, engine] of ways) {
          const actual = search(engine, subject);
          if (actual !== expected) throw new Error(`${way}, said ${actual}, V8 said ${expected}: ${describeCase(seed, pattern, subject)}`);
        }
      }
    }
    expect(proven).toBeGreaterThan(1_000);
  });

  it("accepts, refuses or calls malformed exactly as the grammar says, on random pattern text", () => {
    const seed = testSeed(extended ? 11 : 7);
    const random = new Random(seed);
    const alphabet = ["a", "b", "(", ")", "[", "]", "{", "}", "|", "*", "+", "?", "^", "$", ".", "\\", "-", ",", "1", "0", ":", "<", "=", "!", "😀", "d", " ", "_", "/"];
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
        if (outcome !== (v8.test(subject) ? MATCH : NO_MATCH)) {
          throw new Error(`answers differ: ${describeCase(seed, pattern, subject)}`);
        }
        accepted++;
      } else if (compiled.kind === "validation" && v8 !== null) {
        throw new Error(`called malformed a pattern V8 accepts: ${describeCase(seed, pattern)}: ${compiled.message}`);
      }
    }
    expect(accepted).toBeGreaterThan(1_000);
  });
});
