"use strict";
// Compiles, matches and frees many patterns through the addon, on the main
// thread and in a worker that exits, so a leak in the addon shows up as
// "definitely lost" under:
//   valgrind --leak-check=full node --expose-gc scripts/valgrind-patterns.js
const path = require("path");
const { Worker, isMainThread } = require("worker_threads");

const root = path.join(__dirname, "..");
const addon = require("node-gyp-build")(root);

if (typeof gc !== "function") {
  console.error("run with node --expose-gc so finalizers free the patterns");
  process.exit(1);
}

const sources = ["^[a-z0-9-]+$", "^\\x{1F600}$", "^[^a]$", "^(a+)+$", "(*NO_JIT)^(a|aa)+$", "(", "[z-a]", "a\0b"];
const subjects = ["abc-def-12", "😀", "\ud800", "a".repeat(25) + "b", "x".repeat(70000), ""];

function round(n) {
  const tally = { 1: 0, 0: 0, "-1": 0, error: 0 };
  for (let i = 0; i < n; i++) {
    const compiled = addon.compile(sources[i % sources.length] + "|" + i);
    if (typeof compiled !== "function") {
      tally.error++;
      continue;
    }
    for (const subject of subjects) tally[compiled(subject)]++;
  }
  return tally;
}

async function main(rounds, perRound) {
  let tally;
  for (let r = 0; r < rounds; r++) {
    tally = round(perRound);
    gc();
    // Node-API runs finalizers that may call into JS from a later tick.
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
  main(2, 100).then((tally) => require("worker_threads").parentPort.postMessage(tally));
}
