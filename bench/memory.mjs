// The child process of bench/run.mjs, one per measurement, so that nothing
// compiled earlier is warm or counted:
//
//   node bench/memory.mjs cold <ours|ajv|cfworker> <schemas.json>
//     the first compile of every schema in a fresh process, in ms
//   node --expose-gc bench/memory.mjs heap <ours|ajv|cfworker> <schemas.json> [count]
//     heap growth from compiling the file's schemas as they are, or, with a
//     count, <count> distinct schemas: the file's schemas repeated with
//     property keys renamed per copy and each description numbered
//
// Prints one line of JSON.
import { readFileSync } from "fs";
import { createRequire } from "module";
import { renameProperties } from "./workloads.mjs";

// The timing core of bench/run.mjs and `bench`, from this checkout's lib/.
const { timed } = createRequire(import.meta.url)("../lib/cli/measure.js");

const [mode, validator, file, countText] = process.argv.slice(2);
const { schemas } = JSON.parse(readFileSync(file, "utf8"));

const loadStart = process.hrtime.bigint();
const { newAjv, newCfworker, ours } = await import("./validators.mjs");
const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;

/** A compiler for one validator: its setup (an Ajv instance) happens here, outside any measurement. */
function compiler() {
  if (validator === "ours") return (s) => ours.compile(s);
  if (validator === "ajv") {
    const ajv = newAjv();
    return (s) => ajv.compile(s);
  }
  if (validator === "cfworker") return (s) => newCfworker(s);
  throw new Error(`unknown validator ${validator}`);
}

if (mode === "cold") {
  const list = structuredClone(schemas);
  const { value: kept, ns } = timed(() => {
    // Ajv's instance is part of its cold compile, as in the interleaved rounds.
    const compile = compiler();
    return list.reduce((n, s) => n + (compile(s) ? 1 : 0), 0);
  });
  console.log(JSON.stringify({ validator, tools: kept, loadMs, compileMs: ns / 1e6 }));
} else if (mode === "heap") {
  if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");
  const asCaptured = countText === undefined;
  const count = asCaptured ? schemas.length : Number(countText);
  const settle = () => {
    for (let i = 0; i < 4; i++) globalThis.gc();
    return process.memoryUsage();
  };
  const compile = compiler();
  // Warm the code paths (and Ajv's meta-schema validator) with a schema of
  // none of the catalog's patterns, so our pattern cache holds none of them.
  compile({
    type: "object",
    properties: {
      a: { type: "string", pattern: "^warm-up-[0-9]+$" },
      b: { type: "array", items: { type: "integer", minimum: 0 } },
    },
    required: ["a"],
    additionalProperties: false,
  });

  const empty = settle();
  const list = [];
  for (let i = 0; i < count; i++) {
    const copy = Math.floor(i / schemas.length);
    const s = schemas[i % schemas.length];
    if (asCaptured) list.push(structuredClone(s));
    else {
      // Renamed keys; the description numbers every copy, so that tools
      // without properties, and tools two catalogs share, stay distinct too.
      const renamed = renameProperties(s, `_${copy}`);
      renamed.description = `${typeof s.description === "string" ? s.description : ""} (#${i})`;
      list.push(renamed);
    }
  }
  const before = settle();
  const kept = list.map((s) => compile(s));
  const after = settle();
  const distinct = new Set(list.map((s) => JSON.stringify(s))).size;
  console.log(
    JSON.stringify({
      validator,
      count,
      asCaptured,
      distinct,
      kept: kept.length,
      heapBytes: after.heapUsed - before.heapUsed,
      heapBytesPerTool: (after.heapUsed - before.heapUsed) / count,
      externalBytes: after.external - before.external,
      rssBytes: after.rss - before.rss,
      schemaHeapBytes: before.heapUsed - empty.heapUsed,
      schemaJsonBytes: list.reduce((n, s) => n + JSON.stringify(s).length, 0),
    }),
  );
  // Keep both alive until after the last measurement.
  if (kept.length !== list.length) process.exitCode = 1;
} else {
  throw new Error(`unknown mode ${mode}`);
}
