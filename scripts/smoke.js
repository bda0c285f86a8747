// A small set of validations, for an installed copy of the package on any
// architecture (scripts/pack-check.sh runs it on x64, and on arm64 under
// qemu-aarch64): the coding-agent tools of fixtures/tools/, and patterns
// searched each way the package searches them (tables in TypeScript, the
// addon's lazy DFA, the work limit, astral code points, a worker thread).
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
const { validate, patternEngine } = require(packageDir);

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
  for (const file of fs.readdirSync(fixturesDir).filter((f) => f.endsWith(".json")).sort()) {
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
  // A small pattern: its whole automaton is built when compiled and searched in TypeScript.
  ["table ^[a-z0-9-]+$ match", "^[a-z0-9-]+$", "tool-input-schema", { ok: true }],
  ["table ^[a-z0-9-]+$ no match", "^[a-z0-9-]+$", "Tool_Input", mismatch("^[a-z0-9-]+$", '"Tool_Input"')],
  // More than 1,024 instructions: searched by the addon's lazy DFA.
  ["dfa ^[a-z]{1100}$ match", "^[a-z]{1100}$", "a".repeat(1100), { ok: true }],
  ["dfa ^[a-z]{1100}$ no match", "^[a-z]{1100}$", "a".repeat(1099), mismatch("^[a-z]{1100}$", `"${"a".repeat(58)}…`)],
  ["dfa (?:a|b)*a(?:a|b){12}c match", "(?:a|b)*a(?:a|b){12}c", "ab".repeat(500) + "a" + "b".repeat(12) + "c", { ok: true }],
  ["dfa (?:a|b)*a(?:a|b){12}c no match", "(?:a|b)*a(?:a|b){12}c", "ab".repeat(500) + "c", mismatch("(?:a|b)*a(?:a|b){12}c", `"${"ab".repeat(29)}…`)],
  // Astral code points are one character each, as with the u flag.
  ["astral ^[😀-😂]{2}$ match", "^[😀-😂]{2}$", "😀😂", { ok: true }],
  ["astral ^[😀-😂]{2}$ no match", "^[😀-😂]{2}$", "😀a", mismatch("^[😀-😂]{2}$", '"😀a"')],
  ["extended ^\\d{3}-\\w+\\b match", "^\\d{3}-\\w+\\b", "123-abc def", { ok: true }, "extended"],
  // A count the lazy DFA needs a new state for at every character: the counted work limit ends it.
  ["work limit a{2000}", "a{2000}", "a".repeat(2000), {
    ok: false,
    kind: "execution_failure",
    message: "could not check the arguments: s: checking the pattern a{2000} took more than the regex engine's work limit; send a shorter or simpler value",
  }],
  ["refused (?=a)", "(?=a)", "a", {
    ok: false,
    kind: "unsupported_capability",
    message: `unsupported schema: #/properties/s/pattern: pattern "(?=a)" uses a lookahead '(?=' / '(?!', which is outside the portable pattern subset`,
  }],
];
for (const [name, pattern, subject, expected, profile] of cases) {
  const { schema, options } = one(pattern, profile);
  check(name, validate(schema, { s: subject }, options), expected);
}
console.log(`patternEngine: ${JSON.stringify(patternEngine)}`);

// Each Node.js environment has its own match buffers and work counter.
const worker = new Worker(
  `const { parentPort, workerData } = require("worker_threads");
   const { validate } = require(workerData);
   const schema = { type: "object", properties: { s: { type: "string", pattern: "^[a-z]{1100}$" } } };
   parentPort.postMessage([validate(schema, { s: "b".repeat(1100) }), validate(schema, { s: "b" })]);`,
  { eval: true, workerData: packageDir },
);
worker.once("message", ([match, noMatch]) => {
  check("worker dfa match", match, { ok: true });
  check("worker dfa no match", noMatch, mismatch("^[a-z]{1100}$", '"b"'));
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
