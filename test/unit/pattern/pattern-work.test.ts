import { describe, expect, it } from "vitest";
import { compile, patternEngine, validate, type Profile } from "../../../src/index";
import { compilePattern, compilePatternFor } from "../../../src/pattern/compile-pattern";
import { LIMIT, MATCH, NO_MATCH, type CompiledPattern } from "../../../src/pattern/native";
import { startSearches } from "../../support/searches";
import { ecmaScriptTest } from "../../support/ecmascript-pattern";
import { encodeProgram, programSize } from "../../../src/pattern/program";
import { parsePattern, PatternError } from "../../../src/pattern/syntax";
import { Random } from "../../support/random";
import { searchSpent } from "../../../src/runtime/pass";
import { pathOf } from "../../support/issues";

/**
 * Hostile (pattern, subject) pairs, the ones that took PCRE2 seconds or
 * minutes and the ones that blow up a DFA, and benign ones that must not be
 * cut off. For each, the engine gives V8's answer or LIMIT, never anything
 * else; its counted work stays within the validation's allowance (plus the
 * one transition that crosses it); and the same search gives the same
 * outcome and the same work cold or warm. Nothing here measures time.
 *
 * V8's answers are known by construction; V8 itself only checks the benign
 * cases, where it is fast. A hostile pattern is never run in V8.
 */

const A = (n: number) => "a".repeat(n);

/** A seeded string over `alphabet`. */
function randomString(length: number, alphabet: string, seed: number): string {
  const random = new Random(seed);
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[random.int(0, alphabet.length - 1)];
  return out;
}

interface Case {
  name: string;
  pattern: string;
  profile?: Profile;
  subject: () => string;
  /** V8's answer, by construction. */
  answer: boolean;
  /** The engine's outcome: the answer, or LIMIT where the pattern's DFA outgrows the allowance. */
  outcome: typeof MATCH | typeof NO_MATCH | typeof LIMIT;
  /** True when V8 is fast on this pair, so the answer is checked against it too. */
  v8?: boolean;
  /** Which engine the proof gives the pattern (native/proof.h). */
  engine: "pcre2" | "dfa";
}

const DATE_TIME =
  "^[0-9]{4,}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,12})?(Z|[+-][0-9][0-9]:[0-9][0-9])$";
const HOSTNAME = "^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$";
const EMAIL =
  "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";
const LEAP_DATE_TIME =
  "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$";

const CASES: Case[] = [
  // PCRE2 tried every start position again: 5.6 s for 4,096 characters. No '.', so no match.
  {
    name: "email-like scan over 4,096 a",
    engine: "dfa",
    pattern: "[a-z0-9]+[a-z0-9.-]*\\.[a-z]{2,}",
    subject: () => A(4096),
    answer: false,
    outcome: NO_MATCH,
  },
  {
    name: "email-like scan over 1e6 a",
    engine: "dfa",
    pattern: "[a-z0-9]+[a-z0-9.-]*\\.[a-z]{2,}",
    subject: () => A(1e6),
    answer: false,
    outcome: NO_MATCH,
  },
  {
    name: "anchored email-like scan over 60,000 a",
    engine: "dfa",
    pattern: "^[a-z0-9]+[a-z0-9.-]*\\.[a-z]{2,}",
    subject: () => A(60_000),
    answer: false,
    outcome: NO_MATCH,
  },
  {
    name: "two overlapping stars over 4,096 a",
    engine: "dfa",
    pattern: "[a-z]*[a-z]*0",
    subject: () => A(4096),
    answer: false,
    outcome: NO_MATCH,
  },
  // PCRE2: 131 s. The DFA's states are sets of up to 1,500 positions, about 1,500 of them: 1.1 million units.
  {
    name: "three counted runs over 4,096 a",
    engine: "dfa",
    pattern: "a{0,500}a{0,500}a{0,500}c",
    subject: () => A(4096),
    answer: false,
    outcome: NO_MATCH,
  },
  {
    name: "three counted runs over 1e6 a",
    engine: "dfa",
    pattern: "a{0,500}a{0,500}a{0,500}c",
    subject: () => A(1e6),
    answer: false,
    outcome: NO_MATCH,
  },
  // Of an optional repeat's threads a state keeps the lowest (native/program.cc, FindOptionalRuns): a few states of a thread or two.
  {
    name: "anchored counted runs over 12,000 a",
    engine: "dfa",
    pattern: "^a{0,900}a{0,900}a*c",
    subject: () => A(12_000),
    answer: false,
    outcome: NO_MATCH,
  },
  {
    name: "anchored counted runs over 1e6 a",
    engine: "dfa",
    pattern: "^a{0,900}a{0,900}a*c",
    subject: () => A(1e6),
    answer: false,
    outcome: NO_MATCH,
  },
  {
    name: "dot stars over 4,096 a",
    engine: "dfa",
    pattern: ".*.*=.*",
    subject: () => A(4096),
    answer: false,
    outcome: NO_MATCH,
  },
  {
    name: "dot stars over 1e6 a",
    engine: "dfa",
    pattern: ".*.*=.*",
    subject: () => A(1e6),
    answer: false,
    outcome: NO_MATCH,
  },
  {
    name: "nested plus over 1e6 a and !",
    engine: "dfa",
    pattern: "^(a+)+$",
    subject: () => `${A(1e6)}!`,
    answer: false,
    outcome: NO_MATCH,
  },
  // 2^41 states (which of the last 41 characters were an a), a new one at nearly every position of a random string.
  {
    name: "exponential DFA over 100,000 random a/b",
    engine: "dfa",
    pattern: "[ab]*a[ab]{40}c",
    subject: () => randomString(100_000, "ab", 1),
    answer: false,
    outcome: LIMIT,
  },
  {
    name: "exponential DFA over 1e6 random a/b",
    engine: "dfa",
    pattern: "[ab]*a[ab]{40}c",
    subject: () => randomString(1e6, "ab", 2),
    answer: false,
    outcome: LIMIT,
  },
  {
    name: "exponential DFA over 1,000 random a/b",
    engine: "dfa",
    pattern: "[ab]*a[ab]{40}c",
    subject: () => randomString(1000, "ab", 3),
    answer: false,
    outcome: NO_MATCH,
  },
  // One thread of the optional repeat, the lowest, keeps the others (FindOptionalRuns), regular or random.
  {
    name: "a.{0,1000}b over 1e6 regular characters",
    engine: "dfa",
    pattern: "a.{0,1000}b",
    subject: () => "xyzax".repeat(2e5),
    answer: false,
    outcome: NO_MATCH,
  },
  {
    name: "a.{0,1000}b over 1e6 random characters",
    engine: "dfa",
    pattern: "a.{0,1000}b",
    subject: () => randomString(1e6, "acdxyz", 4),
    answer: false,
    outcome: NO_MATCH,
  },
  // A count shorter than a counted run (64) is a state per set of threads that entered it: exponential on random text.
  {
    name: "a short count over 1e6 random characters",
    engine: "dfa",
    pattern: "[ab]*a[ab]{20}c",
    subject: () => randomString(1e6, "ab", 4),
    answer: false,
    outcome: LIMIT,
  },
  // A state keeps only the highest thread of a counted run (native/program.cc, FindChains): 5,001 states of a thread each.
  {
    name: "long count over a run of digits",
    engine: "dfa",
    pattern: "[0-9]{5000}",
    subject: () => "1".repeat(20_000),
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "a{2000} over 2,000 a",
    engine: "dfa",
    pattern: "a{2000}",
    subject: () => A(2000),
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  // A count inside the pattern is a counted run (native/dfa.h): its threads, one for every a of the last 2,000, are offsets beside one state.
  {
    name: "a.{2000}b over 20,000 a",
    engine: "dfa",
    pattern: "a.{2000}b",
    subject: () => A(20_000),
    answer: false,
    outcome: NO_MATCH,
  },
  {
    name: "a.{2000}b over 1e6 a and a b",
    engine: "dfa",
    pattern: "a.{2000}b",
    subject: () => `${A(1e6)}b`,
    answer: true,
    outcome: MATCH,
  },

  // Benign: linear scans and the captured catalogs' patterns over long valid strings.
  {
    name: "slug over 1e6 letters",
    engine: "pcre2",
    pattern: "^[a-z0-9-]+$",
    subject: () => A(1e6),
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "literal at the end of 1 MB",
    engine: "pcre2",
    pattern: "needle",
    subject: () => `${"x".repeat(1e6)}needle`,
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "literal absent from 1 MB",
    engine: "pcre2",
    pattern: "needle",
    subject: () => "needl".repeat(2e5),
    answer: false,
    outcome: NO_MATCH,
    v8: true,
  },
  {
    name: "catalog date-time with a 1e6-digit year",
    engine: "pcre2",
    pattern: DATE_TIME,
    subject: () => `${"2".repeat(1e6)}-12-31T23:59:59.123Z`,
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "catalog hostname of 100,000 labels",
    engine: "pcre2",
    pattern: HOSTNAME,
    subject: () => `${"abc-def.".repeat(100_000)}com`,
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "catalog email of 800 kB",
    engine: "pcre2",
    pattern: EMAIL,
    subject: () => `${"a.".repeat(200_000)}b@${"x-y.".repeat(100_000)}com`,
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "catalog name with overlapping runs",
    engine: "dfa",
    pattern: "^[a-zA-Z0-9._]+(?:[-._a-zA-Z0-9]*)$",
    subject: () => "a.b-".repeat(250_000),
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "catalog identifier",
    engine: "dfa",
    pattern: "^[a-z][a-z0-9-]*[a-z0-9]+$",
    subject: () => `a${"b-9".repeat(300_000)}z`,
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "catalog predicate",
    engine: "pcre2",
    pattern: "^(pid|process|tag|level|subsystem|category|message)!?=.+$",
    subject: () => `message!=${"x".repeat(1e6)}`,
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "catalog file name",
    engine: "pcre2",
    pattern: "^[a-zA-Z0-9_.-]+\\.(png|svg|gif)$",
    subject: () => `${"a.b".repeat(300_000)}.png`,
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "catalog search",
    engine: "pcre2",
    pattern: "fn\\s+\\w+",
    profile: "extended",
    subject: () => `${"x ".repeat(500_000)}fn   main`,
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "catalog verse list",
    engine: "pcre2",
    pattern: "^I?\\d+[:|-]\\d+(?:;\\d+[:|-]\\d+)*$",
    profile: "extended",
    subject: () => `I1:2${";12-34".repeat(100_000)}`,
    answer: true,
    outcome: MATCH,
    v8: true,
  },
  {
    name: "catalog leap-year date-time with a 1e6-digit fraction",
    engine: "pcre2",
    pattern: LEAP_DATE_TIME,
    profile: "extended",
    subject: () => `2024-02-29T12:00:00.${"5".repeat(1e6)}Z`,
    answer: true,
    outcome: MATCH,
    v8: true,
  },
];

const subjects = new Map<Case, string>();
const subjectOf = (c: Case) => {
  if (!subjects.has(c)) subjects.set(c, c.subject());
  return subjects.get(c)!;
};

function compiled(c: Case): CompiledPattern {
  const pattern = compilePattern(c.pattern, c.profile);
  if (pattern instanceof PatternError) throw new Error(pattern.message);
  return pattern;
}

/** One search as a validation of its own. */
function search(pattern: CompiledPattern, subject: string): { outcome: number; work: number } {
  startSearches(subject);
  const outcome = pattern.test(subject);
  return { outcome, work: searchSpent() };
}

/** What a validation may spend on these subjects (native/dfa.h). */
const allowance = (...lengths: number[]) =>
  Math.min(
    patternEngine.baseWork + patternEngine.workPerUnit * lengths.reduce((sum, length) => sum + length + 1, 0),
    patternEngine.maxWork,
  );

/**
 * The most a search can spend past the allowance: one transition (its
 * closure and the target's set, each at most the program's size, and the
 * target's row: a slot per class of code points, cut at every range's ends
 * and, for \b, at the word characters'), and the reading of a subject of
 * `length` code units, charged when the search ends.
 */
function oneStep(pattern: string, profile: Profile = "core", length = 0): number {
  const words = encodeProgram(parsePattern(pattern, profile));
  let ranges = 0;
  for (let s = 0, at = 1; s < words[0]; s++) {
    ranges += words[at];
    at += 1 + 2 * words[at];
  }
  return (
    2 * programSize(parsePattern(pattern, profile)) +
    (2 * ranges + 9) +
    1 +
    Math.floor(length / patternEngine.readsPerUnit)
  );
}

const wrap = (pattern: string) => ({ type: "object", properties: { v: { type: "string", pattern } } });
const limitMessage = (pattern: string) =>
  `v: checking the pattern ${pattern} took more than the regex engine's work limit; send a shorter or simpler value`;

describe("hostile and benign patterns", () => {
  it("list V8's answer or LIMIT for every case, and keep benign cases whole", () => {
    for (const c of CASES) {
      expect([c.answer ? MATCH : NO_MATCH, LIMIT], c.name).toContain(c.outcome);
      if (c.v8) expect(c.outcome, c.name).toBe(c.answer ? MATCH : NO_MATCH);
    }
  });

  // The hostile patterns are the ones no backtracking search runs in linear
  // time; every benign one but the two known quadratic ones runs in PCRE2.
  it("run in the engine the proof gives each, with no PCRE2 limit tripped", () => {
    const before = patternEngine.searches();
    expect(CASES.map((c) => [c.name, compiled(c).engine])).toEqual(CASES.map((c) => [c.name, c.engine]));
    expect(CASES.filter((c) => c.engine === "pcre2").every((c) => c.v8)).toBe(true);
    for (const c of CASES.filter((c) => c.engine === "pcre2")) search(compiled(c), subjectOf(c));
    const after = patternEngine.searches();
    expect(after.pcre2 - before.pcre2).toBe(CASES.filter((c) => c.engine === "pcre2" && c.outcome !== LIMIT).length);
    expect(after.pcre2Trips).toBe(before.pcre2Trips);
  });

  it.each(CASES)("$name: the exact outcome, within the allowance, the same cold and warm", (c) => {
    const subject = subjectOf(c);
    const pattern = compiled(c);
    if (c.v8) expect(ecmaScriptTest(c.pattern, subject)).toBe(c.answer);

    const first = search(pattern, subject);
    expect(first.outcome).toBe(c.outcome);
    const limit = allowance(subject.length);
    if (first.outcome === LIMIT) expect(first.work).toBeGreaterThan(limit);
    else expect(first.work).toBeLessThanOrEqual(limit);
    expect(first.work).toBeLessThanOrEqual(limit + oneStep(c.pattern, c.profile, subject.length));

    expect(search(pattern, subject)).toEqual(first); // warm
    const cold = compilePatternFor(c.pattern, c.profile ?? "core", pattern.engine);
    if (cold instanceof PatternError) throw new Error(cold.message);
    expect(search(cold, subject)).toEqual(first);
  });

  it.each(CASES)("$name: through validate()", (c) => {
    const subject = subjectOf(c);
    const result = validate(wrap(c.pattern), { v: subject }, { profile: c.profile ?? "core" });
    if (c.outcome === LIMIT) {
      expect(result).toEqual({
        ok: false,
        kind: "execution_failure",
        message: `could not check the arguments: ${limitMessage(c.pattern)}`,
        issues: [
          {
            kind: "execution_failure",
            instancePath: "/v",
            path: ["v"],
            schemaPath: "/properties/v/pattern",
            keyword: "pattern",
            params: { pattern: c.pattern },
            message: limitMessage(c.pattern),
          },
        ],
      });
    } else if (c.outcome === MATCH) {
      expect(result).toEqual({ ok: true });
    } else {
      expect(result).toMatchObject({
        ok: false,
        kind: "validation",
        issues: [{ kind: "validation", instancePath: "/v", schemaPath: "/properties/v/pattern", keyword: "pattern" }],
      });
    }
    // The last pass's work, whichever pass that was.
    expect(searchSpent()).toBeLessThanOrEqual(
      allowance(subject.length) + oneStep(c.pattern, c.profile, subject.length),
    );
  });
});

describe("the allowance of one validation", () => {
  const PATTERN = "[ab]*a[ab]{40}c";
  const schema = { type: "object", properties: { v: { type: "array", items: { type: "string", pattern: PATTERN } } } };
  const strings = Array.from({ length: 10_000 }, (_, i) => randomString(64, "ab", 1000 + i));

  it("is shared by every string of a call: 10,000 short hostile strings end it with execution_failure, within one allowance", () => {
    const pattern = compilePattern(PATTERN);
    if (pattern instanceof PatternError) throw new Error(pattern.message);
    // Alone, each string is answered: it costs a few thousand units, more than the 1,040 it adds to the allowance.
    for (const s of strings.slice(0, 100))
      expect(search(pattern, s)).toMatchObject({ outcome: NO_MATCH, work: expect.any(Number) });
    expect(search(pattern, strings[0]).work).toBeGreaterThan(patternEngine.workPerUnit * 65);
    // In one validation, the strings share one allowance until it runs out.
    startSearches(...strings);
    let stopped = 0;
    while (stopped < strings.length && pattern.test(strings[stopped]) === NO_MATCH) stopped++;
    expect(stopped).toBeLessThan(strings.length / 2);

    const result = validate(schema, { v: strings });
    expect(result).toEqual({
      ok: false,
      kind: "execution_failure",
      message: `could not check the arguments: ${limitMessage(PATTERN).replace(/^v/, `v[${stopped}]`)}`,
      issues: [
        {
          kind: "execution_failure",
          instancePath: `/v/${stopped}`,
          path: pathOf(`/v/${stopped}`),
          schemaPath: "/properties/v/items/pattern",
          keyword: "pattern",
          params: { pattern: PATTERN },
          message: limitMessage(PATTERN).replace(/^v/, `v[${stopped}]`),
        },
      ],
    });
    // One allowance for the call, from all of its strings (here the most a
    // validation may spend), not 10,000: the pass stopped one step past it.
    const full = allowance(...strings.map((s) => s.length));
    expect(full).toBe(patternEngine.maxWork);
    expect(searchSpent()).toBeGreaterThan(full);
    expect(searchSpent()).toBeLessThanOrEqual(full + oneStep(PATTERN, "core", 64));
  });

  // A transition is paid for once per validation: the first date-time builds
  // the states, the other 9,999 take them for free.
  it("lets a call carry 10,000 valid values of the catalogs' date-time pattern", () => {
    const dates = {
      type: "object",
      properties: { v: { type: "array", items: { type: "string", pattern: DATE_TIME } } },
    };
    expect(validate(dates, { v: Array(10_000).fill("2024-01-01T00:00:00Z") })).toEqual({ ok: true });
  });
});

describe("the allowance of one validation, in both tiers", () => {
  // The long cheap string lends the costly one its share, whichever order
  // the searches run in: the closures search `e` (under anyOf) first, the
  // generated code searches `big` first.
  const schema = {
    type: "object",
    anyOf: [{ properties: { e: { type: "string", pattern: "[ab]*a[ab]{40}c" } } }],
    properties: { big: { type: "string", pattern: "y|z" } },
  };

  it("gives the same answer to the same call on every call", () => {
    const e = `${randomString(60_000, "ab", 6)}a${"b".repeat(40)}c`;
    const validator = compile(schema);
    const results = Array.from({ length: 10 }, () => validator.validate({ e, big: "z".repeat(300_000) }));
    expect(results).toEqual(Array(10).fill({ ok: true }));
  });
});

describe("a search is charged its whole subject", () => {
  const million = "a".repeat(1_000_000);

  it("in PCRE2: the subject read, then its proven steps, before it runs, however little of it the match reads", () => {
    const pattern = compilePattern("^x") as CompiledPattern;
    expect(pattern.engine).toBe("pcre2");
    startSearches(million);
    expect(pattern.test(million)).toBe(NO_MATCH);
    expect(searchSpent()).toBe(
      million.length / patternEngine.readsPerUnit + Math.ceil((pattern.steps * (million.length + 1)) / 4),
    );
  });

  it("in the DFA: the subject read, though the search stops at its first character", () => {
    const pattern = compilePatternFor("^x", "core", "dfa") as CompiledPattern;
    startSearches(million);
    expect(pattern.test(million)).toBe(NO_MATCH);
    expect(searchSpent()).toBeGreaterThanOrEqual(million.length / patternEngine.readsPerUnit);
    expect(searchSpent()).toBeLessThan(million.length / patternEngine.readsPerUnit + 100);
  });

  it("so many patterns over one long string run out of work, each of them failing at once", () => {
    // Each of the 100 branches reads the million characters it gets; one validation may read about 16 million.
    const schema = {
      type: "object",
      properties: { s: { type: "string", anyOf: Array.from({ length: 100 }, (_, i) => ({ pattern: `^x${i}` })) } },
    };
    expect(validate(schema, { s: million })).toMatchObject({ ok: false, kind: "execution_failure" });
    expect(validate(schema, { s: "x99" })).toStrictEqual({ ok: true });
  });
});
