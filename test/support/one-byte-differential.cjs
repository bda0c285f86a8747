// A seeded random differential of the 8-bit code, run in a fresh process:
// `node one-byte-differential.cjs <lib/> <seed> <patterns> <subjects per pattern>`
// prints a JSON report. Patterns over an alphabet mixing ASCII, U+0080 to
// U+00FF and a few code points above, forced to PCRE2 (so each has 8-bit
// code), are searched from a hot loop on flat one-byte subjects (the fast
// call, the 8-bit code in place) and on a sliced copy of each (the ordinary
// callback, the 32-bit code); both answers must be ECMAScript's, and both
// searches must be charged the same work and counted alike.
const path = require("path");
const lib = path.resolve(process.argv[2]);
const { compilePattern, compilePatternFor } = require(path.join(lib, "pattern", "compile-pattern.js"));
const { searchAtOnce, engine, EngineLimit } = require(path.join(lib, "pattern", "native.js"));
const passModule = require(path.join(lib, "runtime", "pass.js"));
const { searchSpent, startValidation, widenSearchWork, startPass, endValidation } = passModule;

const seed = Number(process.argv[3] ?? 1);
const PATTERNS = Number(process.argv[4] ?? 1000);
const SUBJECTS = Number(process.argv[5] ?? 20);

let state = seed >>> 0 || 1;
function next() {
  // xorshift32
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state;
}
const pick = (list) => list[next() % list.length];

const ATOMS = [
  "a",
  "b",
  "_",
  "0",
  " ",
  "é",
  "ÿ",
  "\u00a0",
  "\u0085",
  "\u00ad",
  "×",
  "Ā",
  "ſ",
  "€",
  "\u2028",
  "😀",
  "\\s",
  "\\S",
  "\\w",
  "\\W",
  "\\d",
  "\\D",
  ".",
  "\\u{FF}",
  "\\xFF",
  "\\xA0",
  "\\x85",
  "\\u0100",
  "\\u00ff",
  "\\n",
  "[a-ÿ]",
  "[^a-z]",
  "[à-Ā]",
  "[\\u00ff-\\u0101]",
  "[^\\u0000-\\u00fe]",
  "[^\\u0000-\\u00ff]",
  "[Ā-ſ]",
  "[\\xA0\\u2028]",
  "[^\\s]",
  "[\\s\\S]",
  "[^\\w]",
  "[\\W\\d]",
  "[^é]",
  "[^ÿĀ]",
  "[\\x80-\\xff]",
  "[^\\x80-\\xff]",
  "[€😀]",
  "[^\\S\\u0085]",
];
const ASSERTIONS = ["^", "$", "\\b", "\\B"];
const QUANTIFIERS = ["", "", "", "?", "*", "+", "{2}", "{1,3}", "{0,2}", "{2,}"];

function atom(depth) {
  const roll = next() % 10;
  if (roll < 1) return pick(ASSERTIONS);
  if (roll < 3 && depth < 3) return `(?:${alternation(depth + 1)})`;
  return pick(ATOMS);
}
function sequence(depth) {
  let out = "";
  const length = next() % 4;
  for (let i = 0; i <= length; i++) {
    const a = atom(depth);
    out += ASSERTIONS.includes(a) ? a : a + pick(QUANTIFIERS);
  }
  return out;
}
function alternation(depth) {
  const branches = 1 + (next() % 3 === 0 ? 1 + (next() % 2) : 0);
  const out = [];
  for (let i = 0; i < branches; i++) out.push(next() % 8 === 0 ? "" : sequence(depth));
  return out.join("|");
}

// Subjects: one-byte characters only (the fast call's strings).
const CHARS = ["a", "b", "_", "0", " ", "\n", "é", "ÿ", "\u00a0", "\u0085", "\u00ad", "×", "\u0080", "þ", "Z"];
function subject() {
  const length = next() % 9;
  let out = "";
  for (let i = 0; i < length; i++) out += pick(CHARS);
  return out;
}

const site = { schemaPath: "#", pattern: "" };
function asValidation(s) {
  startValidation([s], null);
  widenSearchWork();
  startPass();
  endValidation();
}
// One search as a validation of its own: [answer, work spent]; answer 2 is a LIMIT.
function searchOnce(compiled, s) {
  asValidation(s);
  const before = searchSpent();
  let answer;
  try {
    answer = searchAtOnce(compiled, s, site) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof EngineLimit)) throw error;
    answer = 2;
  }
  return [answer, searchSpent() - before];
}
const flat = (s) => JSON.parse(JSON.stringify(s));
const sliced = (s) => ("\u0100" + s).slice(1);

const report = {
  seed,
  patterns: 0,
  proven: 0,
  refused: 0,
  pairs: 0,
  fast: 0,
  slow: 0,
  trips: 0,
  provenTrips: 0,
  fixed: 0,
  fixedFast: 0,
  long: 0,
  failures: [],
};
const start = engine.searches();
for (let p = 0; p < PATTERNS; p++) {
  const pattern = alternation(0);
  let regexp;
  try {
    regexp = new RegExp(pattern, "u");
  } catch {
    continue;
  }
  // The proof's choice where it is PCRE2: its work is counted and bounded, so
  // both codes must be charged alike; else PCRE2 forced, for the answers alone.
  const proven = compilePattern(pattern, "extended");
  const checkWork = "test" in proven && proven.engine === "pcre2";
  const compiled = checkWork ? proven : compilePatternFor(pattern, "extended", "pcre2");
  if (!("test" in compiled)) {
    report.refused++;
    continue;
  }
  report.patterns++;
  if (checkWork) report.proven++;
  for (let i = 0; i < SUBJECTS; i++) {
    const s = subject();
    const expected = regexp.test(s) ? 1 : 0;
    const one = flat(s);
    const before = engine.searches();
    // Twice, so the second is from optimized code once the loop is hot.
    searchOnce(compiled, one);
    const [fastAnswer, fastWork] = searchOnce(compiled, one);
    const middle = engine.searches();
    const [slowAnswer, slowWork] = searchOnce(compiled, sliced(s));
    const after = engine.searches();
    const tripsOne = middle.pcre2Trips - before.pcre2Trips;
    const tripsTwo = after.pcre2Trips - middle.pcre2Trips;
    report.pairs++;
    if (checkWork) report.provenTrips += tripsOne + tripsTwo;
    if (middle.fast > before.fast) report.fast++;
    if (after.slow > middle.slow) report.slow++;
    if (
      fastAnswer !== expected ||
      slowAnswer !== expected ||
      (checkWork && (fastWork !== slowWork || tripsOne !== 2 * tripsTwo))
    ) {
      if (report.failures.length < 50)
        report.failures.push({
          pattern,
          checkWork,
          subject: s,
          expected,
          fastAnswer,
          slowAnswer,
          fastWork,
          slowWork,
          tripsOne,
          tripsTwo,
        });
    }
  }
}
// Fixed cases: a pattern cut to nothing but empty branches, searched on the
// empty string (PCRE2's JIT faults on a null empty subject for such code), and
// patterns whose every class lies above U+00FF, or straddles it.
const FIXED_PATTERNS = [
  "(?:Ā|ſ|€|😀)?Ā",
  "(?:Ā|ſ)?",
  "^(?:Ā|)$",
  "[^\\u0000-\\u00ff]*$",
  "^[ÿ-Ā]+$",
  "\\bé|ÿ\\B",
  "^\\S*$",
];
const FIXED_SUBJECTS = ["", "ÿ", "é", "a", "\u00a0", "\u0085ÿ", "ÿÿ"];
for (const pattern of FIXED_PATTERNS) {
  const regexp = new RegExp(pattern, "u");
  const compiled = compilePatternFor(pattern, "extended", "pcre2");
  for (const s of FIXED_SUBJECTS) {
    const expected = regexp.test(s) ? 1 : 0;
    for (let i = 0; i < 100; i++) searchOnce(compiled, flat(s));
    const before = engine.searches().fast;
    const [answer] = searchOnce(compiled, flat(s));
    report.fixed++;
    if (engine.searches().fast > before) report.fixedFast++;
    if (answer !== expected) report.failures.push({ pattern, subject: s, expected, fastAnswer: answer });
  }
}

// Long counted repeats, compiled past 64 KiB (the 8-bit library's links):
// their one-byte subjects may stay on the 32-bit code, with the same answers
// and charges.
const LONG = [
  ["^(?:é[a-z]){1500}$", ["éa".repeat(1500), "éb".repeat(1499), "éÿ".repeat(1500)]],
  ["^(?:ÿ|Ā|[^\\x00-\\x7f]b){400}$", ["ÿ".repeat(400), "éb".repeat(400), "ÿ".repeat(399) + "b"]],
];
for (const [pattern, subjects] of LONG) {
  const regexp = new RegExp(pattern, "u");
  const compiled = compilePattern(pattern, "extended");
  for (const s of subjects) {
    for (let i = 0; i < 100; i++) searchOnce(compiled, flat(s));
    const [answer, work] = searchOnce(compiled, flat(s));
    const [slicedAnswer, slicedWork] = searchOnce(compiled, sliced(s));
    const expected = regexp.test(s) ? 1 : 0;
    report.long++;
    if (answer !== expected || slicedAnswer !== expected || work !== slicedWork)
      report.failures.push({ pattern, subject: s.slice(0, 20), expected, answer, slicedAnswer, work, slicedWork });
  }
}

// The work limit: the shortest one-byte subject a proven pattern runs out of
// work on, searched in place, is the shortest its sliced copy does, and one
// character less, both match, charged alike.
if (process.argv[6] === "limit") {
  const pattern = "^[a-zé\\u00a0]+$";
  const compiled = compilePattern(pattern, "extended");
  const block = "éa\u00a0zb";
  const text = (n) => block.repeat(Math.ceil(n / block.length)).slice(0, n);
  let low = 1000,
    high = 8_000_000;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (searchOnce(compiled, flat(text(middle)))[0] === 2) high = middle;
    else low = middle;
  }
  // Out of work, the search threw: warm again what that left unoptimized.
  for (let i = 0; i < 3000; i++) searchOnce(compiled, flat(text(300)));
  const one = flat(text(low));
  const before = engine.searches();
  const atLow = searchOnce(compiled, one);
  const afterOne = engine.searches();
  const slicedLow = searchOnce(compiled, sliced(text(low)));
  const atHigh = searchOnce(compiled, flat(text(high)));
  const slicedHigh = searchOnce(compiled, sliced(text(high)));
  report.limit = {
    shortest: high,
    fast: afterOne.fast > before.fast,
    oneByte: [atLow, atHigh],
    sliced: [slicedLow, slicedHigh],
    trips: engine.searches().pcre2Trips - before.pcre2Trips,
  };
}

const end = engine.searches();
report.trips = end.pcre2Trips - start.pcre2Trips;
process.stdout.write(JSON.stringify(report) + "\n");
