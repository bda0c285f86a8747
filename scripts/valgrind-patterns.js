"use strict";
// Compiles, searches, drops and frees many patterns through the addon, in
// both engines, on
// the main thread and in a worker that exits, so that a leak in the addon
// shows up as "definitely lost" and a bad access as an invalid read or write
// under:
//   valgrind --leak-check=full node --expose-gc scripts/valgrind-patterns.js
// It runs the built lib/ (npm run prepare) and the addon node-gyp-build finds.
const { Worker, isMainThread, parentPort } = require("worker_threads");
const { compilePattern } = require("../lib/pattern/compile-pattern");
const { compileProgram, holdPattern, releasePattern } = require("../lib/pattern/native");
const { startPass } = require("../lib/runtime/pass");
const { pcre2Source } = require("../lib/pattern/pcre2-source");
const { encodeProgram } = require("../lib/pattern/program");
const { parsePattern, PatternError } = require("../lib/pattern/syntax");

if (typeof gc !== "function") {
  console.error("run with node --expose-gc so finalizers free the patterns");
  process.exit(1);
}

const sources = [
  "^[a-z0-9-]+$",
  "\\b\\w+@\\w+\\.[a-z]{2,}\\b",
  "^\u{1F600}|\\ud800$",
  "^(a+)+$",
  "^(a|aa)+$",
  // More DFA states than the work limit allows on a long a/b subject.
  "a(a|b){20}c",
  "(",
  "[z-a]",
  "a\0b",
];
let seed = 1;
const ab = Array.from({ length: 60000 }, () => ((seed = (seed * 48271) % 2147483647) & 1 ? "a" : "b")).join("");
const subjects = ["abc-def-12", "x@y.io", "\u{1F600}", "\ud800", "a".repeat(25) + "b", "x".repeat(70000), ab, ""];
// One set whose range runs backwards: the addon must refuse it.
const malformed = Uint32Array.of(1, 1, 5, 3, 1, 4, 0, 0);

// Even patterns go through the package's cache, so they live until exit
// (or are dropped when it evicts them, and compiled again when searched);
// odd ones are compiled directly, in the engine the proof gives them, and
// left to the collector.
function compile(source, i) {
  if (i % 2 === 0) return compilePattern(source, "extended");
  let root;
  try {
    root = parsePattern(source, "extended");
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  return compileProgram(encodeProgram(root), pcre2Source(root));
}

function round(n) {
  const tally = { 1: 0, 0: 0, "-1": 0, "-2": 0, refused: 0, error: 0 };
  for (let i = 0; i < n; i++) {
    if (i % 10 === 0 && "error" in compileProgram(malformed, new Uint32Array(0))) tally.error++;
    // A distinct pattern each time, and never one plain enough to skip the addon.
    const compiled = compile(`${sources[i % sources.length]}|${i}`, i);
    if (compiled instanceof PatternError) {
      tally.refused++;
      continue;
    }
    if ("error" in compiled) throw new Error(compiled.error);
    for (const subject of subjects) {
      startPass(); // one pass per subject
      tally[compiled.test(subject)]++;
    }
    // One compiled directly, let go of by its one holder, is freed at once; searched once more, it is out of memory.
    if (i % 3 === 0 && i % 2 === 1) {
      holdPattern(compiled);
      releasePattern(compiled);
      startPass();
      tally[compiled.test(subjects[0])]++;
    }
  }
  return tally;
}

async function main(rounds, perRound) {
  let tally;
  for (let r = 0; r < rounds; r++) {
    tally = round(perRound);
    gc();
    // Node-API may run finalizers from a later tick.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return tally;
}

if (isMainThread) {
  const worker = new Worker(__filename);
  worker.once("message", (tally) => console.log("worker", JSON.stringify(tally)));
  worker.once("exit", async () => {
    const tally = await main(5, 200);
    console.log("main", JSON.stringify(tally), "rss MiB", Math.round(process.memoryUsage().rss / 2 ** 20));
  });
} else {
  main(2, 100).then((tally) => parentPort.postMessage(tally));
}
