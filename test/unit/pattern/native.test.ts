import path from "path";
import { Worker } from "worker_threads";
import { describe, expect, it } from "vitest";
import { patternEngine } from "../../../src/index";
import { compilePatternFor } from "../../../src/pattern/compile-pattern";
import {
  compileProgram,
  engine,
  holdPattern,
  LIMIT,
  MATCH,
  NO_MATCH,
  NO_MEMORY,
  releasePattern,
  type CompiledPattern,
} from "../../../src/pattern/native";
import { startSearches } from "../../support/searches";
import { pcre2Source } from "../../../src/pattern/pcre2-source";
import { encodeProgram } from "../../../src/pattern/program";
import { parsePattern } from "../../../src/pattern/syntax";
import type { Profile } from "../../../src/runtime/types";
import { Random } from "../../support/random";
import { searchSpent } from "../../../src/runtime/pass";

/**
 * The addon's lazy DFA on its own: every pattern here runs there, even
 * those the proof would give PCRE2 (test/differential/patterns-against-v8.test.ts runs each in the engine the proof gives it).
 */
function compile(pattern: string, profile: Profile = "core"): CompiledPattern {
  const compiled = compilePatternFor(pattern, profile, "dfa");
  if (!("engine" in compiled)) throw new Error(`${pattern}: ${compiled.message}`);
  return compiled;
}

/** Raw program words, for the DFA (no PCRE2 source is needed there). */
const dfaProgram = (words: Uint32Array) =>
  compileProgram(words, new Uint32Array(0), "dfa") as CompiledPattern | { error: string };

/** One search as a validation of its own. */
function search(pattern: CompiledPattern, subject: string): { outcome: number; work: number } {
  startSearches(subject);
  const outcome = pattern.test(subject);
  return { outcome, work: searchSpent() };
}

const test = (pattern: string, subject: string, profile: Profile = "core") =>
  search(compile(pattern, profile), subject).outcome;

/** What one validation may spend when it searches these subjects (native/dfa.h). */
const allowance = (...subjects: string[]) =>
  Math.min(engine.baseWork + engine.workPerUnit * subjects.reduce((sum, s) => sum + s.length + 1, 0), engine.maxWork);

/** A seeded string of a and b: every window of it is new, so the exponential pattern below keeps building states. */
function randomAb(length: number, seed: number): string {
  const random = new Random(seed);
  let out = "";
  for (let i = 0; i < length; i++) out += random.chance(0.5) ? "a" : "b";
  return out;
}

// Its DFA has a state per set of the last 41 positions holding an `a`: 2^41. (The count is under a counted
// run's 64 copies, and the window long enough that 100,000 random characters cost more than their allowance.)
const EXPONENTIAL = "[ab]*a[ab]{40}c";

describe("engine", () => {
  it("is the counted work limit of native/dfa.h and the engines, frozen, and what the package exports", () => {
    expect(engine).toEqual({
      baseWork: 2 ** 21,
      workPerUnit: 16,
      maxWork: 2 ** 22,
      readsPerUnit: 4,
      K: 64,
      pcre2Version: "10.47 2025-10-21",
      jit: true,
      fastCall: { on: true, why: expect.stringMatching(/^V8 \d+\.\d+\S* fast API calls \(node-v\d+\.shim\)$/) },
      searches: expect.any(Function),
    });
    expect(Object.isFrozen(engine)).toBe(true);
    expect(patternEngine).toBe(engine);
  });
});

describe("compileProgram", () => {
  it("compiles encodeProgram's words (native/program.h): the sets, then [op, x, y] per instruction", () => {
    const words = encodeProgram(parsePattern("a|bc"));
    // 3 sets {a} {b} {c}; SPLIT 1 3, CHAR 0, JUMP 5, CHAR 1, CHAR 2, ACCEPT.
    expect(Array.from(words)).toEqual([
      3, 1, 97, 97, 1, 98, 98, 1, 99, 99, 6, 1, 1, 3, 0, 0, 0, 2, 5, 0, 0, 1, 0, 0, 2, 0, 4, 0, 0,
    ]);
    const compiled = dfaProgram(words);
    if ("error" in compiled) throw new Error(compiled.error);
    expect(compiled.bytes).toBeGreaterThan(0);
    expect(search(compiled, "xbcx").outcome).toBe(MATCH);
    expect(search(compiled, "xyz").outcome).toBe(NO_MATCH);
  });

  // The addon checks every index again, so no word array can make it read out of bounds.
  it.each<[string, number[], string]>([
    ["no words", [], "truncated sets"],
    ["more sets than words", [0xffffffff], "truncated sets"],
    ["more ranges than words", [1, 0xffffffff], "truncated sets"],
    ["a descending range", [1, 1, 98, 97, 1, 4, 0, 0], "a set's ranges must be ascending and disjoint"],
    ["overlapping ranges", [1, 2, 97, 98, 98, 99, 1, 4, 0, 0], "a set's ranges must be ascending and disjoint"],
    ["a range above U+10FFFF", [1, 1, 0, 0x110000, 1, 4, 0, 0], "a set's ranges must be ascending and disjoint"],
    ["no instruction count", [0], "bad instruction count"],
    ["no instructions", [0, 0], "bad instruction count"],
    ["fewer words than instructions", [0, 2, 4, 0, 0], "bad instruction count"],
    ["a word left over", [0, 1, 4, 0, 0, 0], "bad instruction count"],
    ["more instructions than allowed", [0, 0x100001], "bad instruction count"],
    ["an unknown op", [0, 1, 9, 0, 0], "bad instruction"],
    ["a CHAR as the last instruction", [1, 1, 97, 97, 1, 0, 0, 0], "bad instruction"],
    ["a CHAR of a missing set", [1, 1, 97, 97, 2, 0, 5, 0, 4, 0, 0], "bad instruction"],
    ["a SPLIT out of range", [0, 2, 1, 0, 7, 4, 0, 0], "bad instruction"],
    ["an unknown assertion", [0, 2, 3, 4, 0, 4, 0, 0], "bad instruction"],
    ["an ASSERT as the last instruction", [0, 1, 3, 0, 0], "bad instruction"],
  ])("refuses %s with an error, never a throw", (_name, words, error) => {
    expect(dfaProgram(Uint32Array.from(words))).toEqual({ error });
  });

  it("refuses sets whose interval table would pass 4 MiB, before allocating it", () => {
    // 40,000 one-point ranges make 80,001 intervals, a word of bits each for every 64 sets: 385 sets pass the bound, 384 do not.
    const words = (sets: number) => {
      const out = [sets, 40_000];
      for (let i = 0; i < 40_000; i++) out.push(0x100 + 2 * i, 0x100 + 2 * i);
      for (let s = 1; s < sets; s++) out.push(0);
      out.push(1, 4, 0, 0);
      return Uint32Array.from(out);
    };
    expect(dfaProgram(words(385))).toEqual({ error: "the sets' tables would be too large" });
    expect(dfaProgram(words(384))).toMatchObject({ bytes: expect.any(Number) });
  });

  it("accepts valid programs that no pattern gives: adjacent ranges, a JUMP to itself", () => {
    const adjacent = dfaProgram(Uint32Array.from([1, 2, 97, 97, 98, 98, 2, 0, 0, 0, 4, 0, 0]));
    const selfLoop = dfaProgram(Uint32Array.from([0, 2, 2, 0, 0, 4, 0, 0]));
    if ("error" in adjacent || "error" in selfLoop) throw new Error("refused");
    expect([search(adjacent, ""), search(adjacent, "xb")].map((r) => r.outcome)).toEqual([NO_MATCH, MATCH]);
    // A loop that consumes nothing never reaches ACCEPT: nothing matches, and the search ends.
    expect([search(selfLoop, ""), search(selfLoop, "ab")].map((r) => r.outcome)).toEqual([NO_MATCH, NO_MATCH]);
  });

  it("throws a TypeError for anything but a Uint32Array", () => {
    const compileAny = dfaProgram as (words: unknown) => unknown;
    for (const words of [[0, 1, 4, 0, 0], new Int32Array([0, 1, 4, 0, 0]), "words", undefined]) {
      expect(() => compileAny(words)).toThrow(new TypeError("expected a Uint32Array"));
    }
  });
});

describe("test", () => {
  it("searches: a match anywhere, ^ and $ only at the ends, $ never before a final newline", () => {
    const slug = compile("^[a-z0-9-]+$");
    expect(search(slug, "abc-def-12").outcome).toBe(MATCH);
    expect(search(slug, "abc_def").outcome).toBe(NO_MATCH);
    expect(search(slug, "").outcome).toBe(NO_MATCH);
    expect(test("^$", "")).toBe(MATCH);
    expect(test("b", "abc")).toBe(MATCH);
    expect(test("b", "ac")).toBe(NO_MATCH);
    expect(test("^a$", "a\n")).toBe(NO_MATCH);
    expect(test("a$", "ba")).toBe(MATCH);
    expect(test("a^", "a")).toBe(NO_MATCH);
    expect(test("x*", "")).toBe(MATCH);
    expect(test("(?:ab|c)+d", "xxababcabd")).toBe(MATCH);
    expect(test("(?:ab|c)+d", "xxababcad")).toBe(NO_MATCH);
  });

  it("reads [] as the empty class and [^] as any character", () => {
    expect(test("[]", "abc")).toBe(NO_MATCH);
    expect(test("^[^]$", "\n")).toBe(MATCH);
    expect(test("^[^]$", "😀")).toBe(MATCH);
    expect(test("^[^]$", "\udfff")).toBe(MATCH);
    expect(test("^[^]$", "")).toBe(NO_MATCH);
  });

  it("reads a surrogate pair as one code point", () => {
    expect(test("^\\u{1F600}$", "😀", "extended")).toBe(MATCH);
    expect(test("^\\ud83d\\ude00$", "😀", "extended")).toBe(MATCH);
    expect(test("^\\u{1F600}$", "\ud83d", "extended")).toBe(NO_MATCH);
    expect(test("^\\uD83D$", "😀", "extended")).toBe(NO_MATCH);
    expect(test("^😀$", "😀")).toBe(MATCH);
    expect(test("^[😀]$", "😀")).toBe(MATCH);
    expect(test("^.$", "😀")).toBe(MATCH);
    expect(test("^\\u{10FFFF}$", "\u{10FFFF}", "extended")).toBe(MATCH);
    expect(test("^[\\0-\\u{10FFFF}]+$", "a\0😀\udfff\u{10FFFF}", "extended")).toBe(MATCH);
  });

  it("reads a lone surrogate as one character", () => {
    expect(test("^[^a]$", "\ud800")).toBe(MATCH);
    expect(test("^[^a]$", "😀")).toBe(MATCH);
    expect(test("^[^a]$", "\ud83d\ude00x")).toBe(NO_MATCH);
    // Reversed halves are two lone surrogates, not a pair.
    expect(test("^[^a]{2}$", "\ude00\ud83d")).toBe(MATCH);
    expect(test("^\ud800$", "\ud800")).toBe(MATCH);
    expect(test("^\ud800$", "\ud800\udc00")).toBe(NO_MATCH);
    expect(test("^\\uD800$", "\ud800", "extended")).toBe(MATCH);
    expect(test("^[\ud800-\udfff]$", "\udfff")).toBe(MATCH);
    expect(test("^[\ud800-\udfff]$", "😀")).toBe(NO_MATCH);
    expect(test("\ud83d", "😀")).toBe(NO_MATCH);
    expect(test("\ud83d", "x\ud83d")).toBe(MATCH);
  });

  it("applies \\b and \\B with ECMAScript's word characters, and \\B between the halves of a pair as V8 does", () => {
    expect(test("\\bfoo\\b", "a foo.", "extended")).toBe(MATCH);
    expect(test("\\bfoo\\b", "afoo", "extended")).toBe(NO_MATCH);
    expect(test("\\bé", " é", "extended")).toBe(NO_MATCH); // é is not a word character
    expect(test("😀\\b", "😀a", "extended")).toBe(MATCH);
    expect(test("^\\B$", "", "extended")).toBe(MATCH);
    // Every position of "a b" is a boundary; "a😀b" has one \B position, inside the pair.
    expect(test("\\B", "a b", "extended")).toBe(NO_MATCH);
    expect(test("\\B", "a😀b", "extended")).toBe(MATCH);
  });

  it("handles NUL in the subject and the pattern", () => {
    expect(test("^a\\0b$", "a\0b", "extended")).toBe(MATCH);
    expect(test("^a\0b$", "a\0b")).toBe(MATCH);
    expect(test("^a$", "a\0")).toBe(NO_MATCH);
    expect(test("^[^x]+$", "\0\0")).toBe(MATCH);
    expect(test("\0", "abc")).toBe(NO_MATCH);
  });

  it("reads whole subjects around the sizes where its string buffer grows and is trimmed", () => {
    // 256 UTF-16 units are read at first, longer strings again; buffers over 32,768 units are freed after the call.
    const pattern = compile("^a*b$");
    for (const length of [0, 1, 253, 254, 255, 256, 257, 32_766, 32_767, 32_768, 32_769, 100_000]) {
      expect([length, search(pattern, `${"a".repeat(length)}b`).outcome]).toEqual([length, MATCH]);
      expect([length, search(pattern, "a".repeat(length)).outcome]).toEqual([length, NO_MATCH]);
      expect([length, search(pattern, `${"a".repeat(length)}bb`).outcome]).toEqual([length, NO_MATCH]);
    }
  });

  it("answers long subjects normally, within the work limit", () => {
    const slug = compile("^[a-z0-9-]+$");
    for (const subject of ["a".repeat(1e6), "a".repeat(1e7)]) {
      const { outcome, work } = search(slug, subject);
      expect(outcome).toBe(MATCH);
      // A state per distinct (state, class) step: reading 10 million letters
      // builds two; the rest is the reading, a unit per 4 code units.
      expect(work).toBeLessThan(100 + subject.length / engine.readsPerUnit);
    }
    expect(search(slug, `${"a".repeat(1e6)}!`).outcome).toBe(NO_MATCH);
    expect(search(compile("^[^a]+$"), "😀".repeat(5e5)).outcome).toBe(MATCH);
    expect(search(compile("needle"), `${"x".repeat(1e7)}needle`).outcome).toBe(MATCH);
    expect(search(slug, "abc").outcome).toBe(MATCH);
  });

  it("throws a TypeError for a subject that is not a string", () => {
    const pattern = compile("^a$") as { test(subject: unknown): unknown };
    for (const subject of [1, undefined, null, {}, new String("a"), ["a"]]) {
      expect(() => pattern.test(subject)).toThrow(new TypeError("expected a string"));
    }
  });
});

describe("the work limit", () => {
  const exponential = compile(EXPONENTIAL);

  it("ends a search whose DFA keeps growing with LIMIT, and lets the same pattern answer shorter subjects", () => {
    const long = randomAb(100_000, 1);
    const { outcome, work } = search(exponential, long);
    expect(outcome).toBe(LIMIT);
    expect(work).toBeGreaterThan(allowance(long));
    expect(search(exponential, randomAb(10_000, 1)).outcome).toBe(NO_MATCH);
    expect(search(exponential, `${randomAb(10_000, 1)}a${"b".repeat(40)}c`).outcome).toBe(MATCH);
  });

  it("stops at maxWork however long the subject, within one transition", () => {
    const { outcome, work } = search(exponential, randomAb(1_000_000, 2));
    expect(outcome).toBe(LIMIT);
    expect(work).toBeGreaterThan(engine.maxWork);
    // One transition costs at most its closure, a row of classes and a set (a
    // few hundred units here); the reading is charged when the search ends.
    expect(work).toBeLessThan(engine.maxWork + 1_000 + 1_000_000 / engine.readsPerUnit);
  });

  it("gives the same outcome and the same work cold, warm and in a new compile", () => {
    const subjects = [randomAb(30_000, 3), randomAb(100_000, 4), "ab".repeat(1000), ""];
    for (const subject of subjects) {
      const cold = compile(EXPONENTIAL);
      const first = search(cold, subject);
      expect(search(cold, subject)).toEqual(first); // warm: every state cached
      expect(search(compile(EXPONENTIAL), subject)).toEqual(first);
    }
  });

  it("charges a search the same whatever earlier searches left in the cache", () => {
    // The second subject shares its first 20,000 characters, so a warm cache holds most of its states.
    const prefix = randomAb(20_000, 5);
    const later = `${prefix}${randomAb(10_000, 6)}`;
    const alone = search(compile(EXPONENTIAL), later);
    const warmed = compile(EXPONENTIAL);
    search(warmed, prefix);
    expect(search(warmed, later)).toEqual(alone);
  });

  it("shares one allowance among the searches of a validation, where what one built is free for the next", () => {
    const subject = randomAb(40_000, 7);
    const other = randomAb(40_000, 9);
    const alone = search(exponential, subject);
    expect(alone.outcome).toBe(NO_MATCH);

    startSearches(subject, subject, other);
    expect(exponential.test(subject)).toBe(NO_MATCH);
    expect(searchSpent()).toBe(alone.work);
    // The same transitions again: only the reading to pay.
    expect(exponential.test(subject)).toBe(NO_MATCH);
    expect(searchSpent()).toBe(alone.work + subject.length / engine.readsPerUnit);
    // Another random string needs states of its own, more than the allowance has left.
    expect(exponential.test(other)).toBe(LIMIT);
    expect(searchSpent()).toBeGreaterThan(allowance(subject, subject, other));

    expect(search(exponential, subject)).toEqual(alone);
  });

  it("grows the allowance with every string of the arguments, so long cheap strings lend it to a costly one", () => {
    const costly = randomAb(60_000, 8);
    expect(search(exponential, costly).outcome).toBe(LIMIT);
    startSearches("x".repeat(500_000), costly);
    expect(compile("needle").test("x".repeat(500_000))).toBe(NO_MATCH);
    expect(exponential.test(costly)).toBe(NO_MATCH);
    expect(searchSpent()).toBeLessThanOrEqual(allowance("x".repeat(500_000), costly));
  });
});

describe("holdPattern and releasePattern", () => {
  it("free a pattern when its last holder lets go: a search of it is then out of memory, never compiled again", () => {
    const pattern = compile("^(?:[a-z]+-)*[a-z]+$");
    holdPattern(pattern);
    holdPattern(pattern);
    releasePattern(pattern);
    expect(search(pattern, "abc-def-ghi").outcome).toBe(MATCH);
    releasePattern(pattern);
    expect(search(pattern, "abc-def-ghi").outcome).toBe(NO_MEMORY);
    expect(search(pattern, "").outcome).toBe(NO_MEMORY);
  });
});

describe("worker threads", () => {
  // Each worker loads the addon into its own environment, with its own
  // buffers and its own work counter, and matches while the other does; a
  // shared match state or counter would corrupt the counts or the work.
  const worker = `
    const { parentPort, workerData } = require("worker_threads");
    const addon = require(require.resolve("node-gyp-build", { paths: [workerData.root] }))(workerData.root);
    // As the proof chooses: the first two run in PCRE2, the last in the DFA.
    const [slug, astral, hostile] = workerData.programs.map(({ words, source }) => addon.compile(words, source, 0, Infinity).test);
    const work = addon.work;
    const slot = addon.workSlots;
    const counts = { 1: 0, 0: 0, "-1": 0 };
    const spent = [];
    // A new validation for each search, with the allowance of a validation
    // whose arguments are that one string (src/pattern/native.ts).
    const start = (subject) => {
      work[slot.allowed] = Math.min(workerData.baseWork + workerData.workPerUnit * (subject.length + 1), workerData.maxWork);
      work[slot.spent] = 0;
      work[slot.pass]++;
      return subject;
    };
    for (let i = 0; i < 20000; i++) {
      counts[slug(start(i % 2 ? "slug-" + i : "Slug " + i))]++;
      counts[astral(start(i % 4 ? "\\u{1F600}" : "\\ud83d\\ude00x"))]++;
      if (i % 5000 === 0) {
        counts[hostile(start(workerData.hostile))]++;
        spent.push(work[slot.spent]);
      }
    }
    parentPort.postMessage({ counts, spent });
  `;

  it("match concurrently with exact counts, and count work per thread", async () => {
    const root = path.join(__dirname, "..", "..", "..");
    const hostile = randomAb(100_000, 9);
    const programs = ["^[a-z0-9-]+$", "^[^a]$", EXPONENTIAL].map((pattern) => ({
      words: encodeProgram(parsePattern(pattern)),
      source: pcre2Source(parsePattern(pattern)),
    }));
    const main = search(compile(EXPONENTIAL), hostile);
    expect(main.outcome).toBe(LIMIT);

    startSearches("main");
    compile("^[a-z]+$").test("main");
    const mainSpent = searchSpent();
    const run = () =>
      new Promise((resolve, reject) => {
        const { baseWork, workPerUnit, maxWork } = engine;
        const w = new Worker(worker, {
          eval: true,
          workerData: { root, programs, hostile, baseWork, workPerUnit, maxWork },
        });
        w.once("message", resolve);
        w.once("error", reject);
      });
    const results = await Promise.all([run(), run()]);
    expect(searchSpent()).toBe(mainSpent);
    expect(search(compile("^[a-z]+$"), "main").outcome).toBe(MATCH);
    const expected = { counts: { 1: 25000, 0: 15000, "-1": 4 }, spent: Array(4).fill(main.work) };
    expect(results).toEqual([expected, expected]);
  });
});

describe("a worker terminated while it compiles patterns", () => {
  // Node-API calls fail while a worker shuts down; an error that cannot be
  // thrown any more must not abort the whole process (binding.gyp defines
  // NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS).
  const worker = `
    const { parentPort, workerData } = require("worker_threads");
    const { validateSchema } = require(workerData.lib);
    parentPort.postMessage("ready");
    for (let k = 0; ; k++) validateSchema({ type: "object", properties: { a: { pattern: "x" + k + "[ab]*c" } } });
  `;

  it("ends alone, 30 times over", async () => {
    const lib = path.join(__dirname, "..", "..", "..", "lib", "index.js");
    for (let i = 0; i < 30; i++) {
      const w = new Worker(worker, { eval: true, workerData: { lib } });
      await new Promise((resolve) => w.once("message", resolve));
      await new Promise((resolve) => setTimeout(resolve, i % 5));
      expect(await w.terminate()).toBe(1);
    }
    expect(search(compile("^[a-z]+$"), "main").outcome).toBe(MATCH);
  }, 60_000);
});
