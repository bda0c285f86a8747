// Counted repeats of one set inside a pattern (docs/patterns.md, "Counted
// repeats in the DFA"): each pattern over long subjects, its answer through
// validate() beside V8's (a twin that V8 answers fast: the code point after
// the count, then a lookbehind), the units its search spends, and the time
// validate() takes:
//
//   node bench/counted-repeats.mjs [--lib <folder>] [length ...]
//
// prints one line of JSON a case and then a table. --lib names another
// build's lib/ (default ../lib), for a before and after.
import { createRequire } from "module";
import path from "path";
import { fileURLToPath } from "url";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const libAt = args[0] === "--lib" ? path.resolve(args[1]) : path.join(here, "../lib");
const lengths = (args[0] === "--lib" ? args.slice(2) : args).map(Number);
const lib = require(path.join(libAt, "index.js"));
const { compilePattern } = require(path.join(libAt, "pattern/compile-pattern.js"));
const passes = require(path.join(libAt, "runtime/pass.js"));
const { timed } = require(path.join(here, "../lib/cli/measure.js"));

const CASES = [
  ["a.{2000}b", "b(?<=a.{2000}b)"],
  ["a[0-9]{3000}b", "b(?<=a[0-9]{3000}b)"],
  ["(?:x\\S{2500}y|z)", "z|y(?<=x\\S{2500}y)"],
  ["a.{1500,4000}b", "b(?<=a.{1500,4000}b)"],
  ["(a.{2000}b){2}", "b(?<=a.{2000}ba.{2000}b)"],
  ["a.{0,1000}b", "b(?<=a.{0,1000}b)"],
  ["a.{65535}b", "b(?<=a.{65535}b)"],
  // Alternatives of one code point each are one set: a counted run.
  ["a(?:a|b){2000}c", "c(?<=a(?:a|b){2000}c)"],
  // A count of more than one set stays a state per set of threads.
  ["a(?:a|bc){2000}c", "c(?<=a(?:a|bc){2000}c)"],
];

function random(length, alphabet, seed = 1) {
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    out += alphabet[(x >>> 16) % alphabet.length];
  }
  return out;
}

const SUBJECTS = {
  "a…a": (length) => "a".repeat(length),
  "a…ab": (length) => `${"a".repeat(length - 1)}b`,
  "x1…1y": (length) => `x${"1".repeat(length - 2)}y`,
  "random a/b": (length) => random(length, "ab"),
  "random a/b/c": (length) => random(length, "abc"),
};

const rows = [];
for (const length of lengths.length > 0 ? lengths : [10_000, 100_000, 1_000_000]) {
  for (const [pattern, twin] of CASES) {
    const compiled = compilePattern(pattern, "extended");
    const schema = { type: "object", properties: { s: { type: "string", pattern } } };
    for (const [shape, make] of Object.entries(SUBJECTS)) {
      const s = make(length);
      passes.startValidation([s], null);
      passes.widenSearchWork();
      passes.startPass();
      passes.endValidation();
      const before = passes.pass.searchSpent;
      const answer = compiled.test(s);
      const units = passes.pass.searchSpent - before;
      const { value: result, ns } = timed(() => lib.validate(schema, { s }, { profile: "extended" }));
      const { value: v8, ns: v8Ns } = timed(() => new RegExp(twin, "u").test(s));
      const row = {
        pattern,
        subject: shape,
        length,
        answer: result.ok ? "ok" : result.kind,
        v8: v8 ? "ok" : "validation",
        units: answer === -1 ? `>${units}` : units,
        validateMs: Math.round(ns / 1e5) / 10,
        v8Ms: Math.round(v8Ns / 1e5) / 10,
      };
      console.log(JSON.stringify(row));
      rows.push(row);
    }
  }
}
console.table(rows);
