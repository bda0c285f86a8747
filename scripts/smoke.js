// A small set of validations, for an installed copy of the package on any
// architecture (scripts/pack-check.sh runs it on x64, and on arm64 under
// qemu-aarch64): the coding-agent tools of fixtures/tools/, and patterns
// searched each way the package searches them (PCRE2 where the proof allows,
// the addon's lazy DFA elsewhere, the work limit in each, astral code points,
// a worker thread), each with the engine patternInfo names.
// Prints one line per case, then the addon file it loaded, relative to the
// package; exits 1 when an answer differs from the expected one.
//
//   node scripts/smoke.js <installed package folder> [fixtures/tools]
"use strict";
const fs = require("fs");
const path = require("path");
const { Worker } = require("worker_threads");

const [packageDir, fixturesDir] = process.argv.slice(2).map((dir) => path.resolve(dir));
if (!packageDir) {
  console.error("usage: node scripts/smoke.js <installed package folder> [fixtures/tools]");
  process.exit(2);
}
const { validate, patternEngine, patternInfo } = require(packageDir);

let failed = 0;
function check(name, actual, expected) {
  const text = (result) => (result.ok ? "ok" : `${result.kind}: ${result.message}`);
  console.log(`${name}: ${text(actual)}`);
  if (text(actual) !== text(expected)) {
    failed++;
    console.log(`  expected ${text(expected)}`);
  }
}

if (fixturesDir) {
  for (const file of fs
    .readdirSync(fixturesDir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const tool = JSON.parse(fs.readFileSync(path.join(fixturesDir, file), "utf8"));
    tool.valid.forEach((args, i) => check(`${tool.name} valid ${i}`, validate(tool.inputSchema, args), { ok: true }));
    tool.invalid.forEach((c, i) => check(`${tool.name} invalid ${i}`, validate(tool.inputSchema, c.arguments), c));
  }
}

const one = (pattern, profile) => ({
  schema: { type: "object", properties: { s: { type: "string", pattern } } },
  options: profile ? { profile } : undefined,
});
const mismatch = (pattern, shown) => ({
  ok: false,
  kind: "validation",
  message: `invalid arguments: s: must match the pattern ${pattern}, got ${shown}`,
});
// Long strings are written by recipe so the lines stay short.
const cases = [
  // Proven linear: PCRE2 runs it.
  ["pcre2 ^[a-z0-9-]+$ match", "^[a-z0-9-]+$", "tool-input-schema", { ok: true }],
  ["pcre2 ^[a-z0-9-]+$ no match", "^[a-z0-9-]+$", "Tool_Input", mismatch("^[a-z0-9-]+$", '"Tool_Input"')],
  ["pcre2 ^[a-z]{1100}$ match", "^[a-z]{1100}$", "a".repeat(1100), { ok: true }],
  ["pcre2 ^[a-z]{1100}$ no match", "^[a-z]{1100}$", "a".repeat(1099), mismatch("^[a-z]{1100}$", `"${"a".repeat(58)}…`)],
  // Charged its proven steps before it runs: three million characters are more than a validation may spend.
  [
    "pcre2 work limit ^[a-z0-9-]+$",
    "^[a-z0-9-]+$",
    "a".repeat(3_000_000),
    {
      ok: false,
      kind: "execution_failure",
      message:
        "could not check the arguments: s: checking the pattern ^[a-z0-9-]+$ took more than the regex engine's work limit; send a shorter or simpler value",
    },
  ],
  // Not provably linear in a backtracking search: the lazy DFA runs it.
  ["dfa ^[a-z][a-z0-9-]*[a-z0-9]+$ match", "^[a-z][a-z0-9-]*[a-z0-9]+$", "a" + "b-".repeat(3000) + "c", { ok: true }],
  [
    "dfa (?:a|b)*a(?:a|b){12}c match",
    "(?:a|b)*a(?:a|b){12}c",
    "ab".repeat(500) + "a" + "b".repeat(12) + "c",
    { ok: true },
  ],
  [
    "dfa (?:a|b)*a(?:a|b){12}c no match",
    "(?:a|b)*a(?:a|b){12}c",
    "ab".repeat(500) + "c",
    mismatch("(?:a|b)*a(?:a|b){12}c", `"${"ab".repeat(29)}…`),
  ],
  // Astral code points are one character each, as with the u flag.
  ["pcre2 astral ^[😀-😂]{2}$ match", "^[😀-😂]{2}$", "😀😂", { ok: true }],
  ["pcre2 astral ^[😀-😂]{2}$ no match", "^[😀-😂]{2}$", "😀a", mismatch("^[😀-😂]{2}$", '"😀a"')],
  ["pcre2 extended ^\\d{3}-\\w+\\b match", "^\\d{3}-\\w+\\b", "123-abc def", { ok: true }, "extended"],
  // PCRE2's JIT misses this match with its start-of-match optimizations on (test/package/vendored-pcre2.test.ts).
  ["pcre2 extended (?:|A)[^\\x00-\\xFF] match", "(?:|A)[^\\x00-\\xFF]", "\u0100", { ok: true }, "extended"],
  // A count of a sequence (not one set) inside a pattern costs the lazy DFA about n² units over a run of what starts it: the counted work limit ends it.
  [
    "dfa work limit a(?:a|bc){2000}c",
    "a(?:a|bc){2000}c",
    "a".repeat(10_000),
    {
      ok: false,
      kind: "execution_failure",
      message:
        "could not check the arguments: s: checking the pattern a(?:a|bc){2000}c took more than the regex engine's work limit; send a shorter or simpler value",
    },
  ],
  [
    "refused (?=a)",
    "(?=a)",
    "a",
    {
      ok: false,
      kind: "unsupported_capability",
      message: `unsupported schema: #/properties/s/pattern: pattern "(?=a)" uses a lookahead '(?=' / '(?!', which is outside the portable pattern subset`,
    },
  ],
];
for (const [name, pattern, subject, expected, profile] of cases) {
  const { schema, options } = one(pattern, profile);
  check(name, validate(schema, { s: subject }, options), expected);
  // The case's name starts with the engine that must run it.
  const info = patternInfo(pattern, options);
  const engine = info.ok ? info.engine : "refused";
  if (!name.startsWith(`${engine} `)) {
    failed++;
    console.log(`  ${pattern} runs in ${engine}`);
  }
}
const { pcre2, dfa, pcre2Trips } = patternEngine.searches();
console.log(
  `patternEngine: PCRE2 ${patternEngine.pcre2Version}, JIT ${patternEngine.jit}, K ${patternEngine.K}; searches: ${pcre2} in PCRE2, ${dfa} in the DFA`,
);
if (pcre2 === 0 || dfa === 0 || pcre2Trips !== 0) {
  failed++;
  console.log(`  expected searches in both engines and no PCRE2 limit tripped (${pcre2Trips})`);
}

// Each Node.js environment has its own match buffers and work counter.
const worker = new Worker(
  `const { parentPort, workerData } = require("worker_threads");
   const { validate } = require(workerData);
   const schema = { type: "object", properties: { s: { type: "string", pattern: "^[a-z]{1100}$" } } };
   // The worker's own environment: its own PCRE2 match state and counts.
   parentPort.postMessage([validate(schema, { s: "b".repeat(1100) }), validate(schema, { s: "b" })]);`,
  { eval: true, workerData: packageDir },
);
worker.once("message", ([match, noMatch]) => {
  check("worker pcre2 match", match, { ok: true });
  check("worker pcre2 no match", noMatch, mismatch("^[a-z]{1100}$", '"b"'));
  const addons = Object.keys(require.cache).filter((file) => file.endsWith(".node"));
  console.log(`addon: ${addons.map((file) => path.relative(packageDir, file)).join(", ")}`);
  if (failed > 0) {
    console.error(`smoke: ${failed} answers differ from the expected ones`);
    process.exitCode = 1;
  }
});
worker.once("error", (error) => {
  console.error(`smoke: the worker failed: ${error.stack}`);
  process.exitCode = 1;
});
