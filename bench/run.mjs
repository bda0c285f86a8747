// npm run bench: tool-input-schema beside Ajv 8 and @cfworker/json-schema
// (and Ajv + RE2 when `re2` is installed), interleaved in one process; memory
// and cold compiles in child processes. Prints a table per workload and
// writes bench/results/latest.json.
//
//   node bench/run.mjs [--rounds 15] [--sample-ms 20] [--compile-rounds 7] [--only 1a,2b,4a,5] [--out file] [--out bench/results/latest.json]
import { execFileSync } from "child_process";
import { mkdirSync, rmSync, writeFileSync } from "fs";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import { createRequire } from "module";
import { newAjv, newCfworker, ours, oursPath, RE2, refusalCheck, versions, walk } from "./validators.mjs";
import {
  CODING_TOOLS,
  EXTENDED_TOOL,
  hasPattern,
  loadCatalogs,
  loadFixtureTools,
  minimalArguments,
  PATTERN_TOOLS,
  REFERENCE_TOOL,
} from "./workloads.mjs";

// The timing core and the tables `bench` uses too, from this checkout's lib/ (whichever build BENCH_LIB times).
const require = createRequire(import.meta.url);
const { caseLoop, interleave, interleaveJobs, pairedRatio, sink } = require("../lib/cli/measure.js");
const { textTable } = require("../lib/cli/text-table.js");
const { HOT_AFTER_CALLS } = require("../lib/validate/validator.js");

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..");

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
}
const ROUNDS = Number(option("rounds", 15));
const SAMPLE_MS = Number(option("sample-ms", 20));
/** Compiling the captured catalogs takes Ajv seconds per round: fewer rounds there (at most this many). */
const COMPILE_ROUNDS = Number(option("compile-rounds", 7));
const WARMUP_MS = 200;
const OUT = path.resolve(root, option("out", "bench/results/latest.json"));
/** `--only 1a,3,4a,5` runs those workloads alone (and writes to --out as usual). */
const ONLY = option("only", null)?.split(",") ?? null;
const selected = (id) => ONLY === null || ONLY.includes(id);

const red = (s) => (process.stderr.isTTY ? `\x1b[1;31m${s}\x1b[0m` : s);
function loud(message) {
  console.error(red(`!!!!! ${message}`));
}

// ---------------------------------------------------------------- the machine

function git(...args) {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

const machine = {
  date: new Date().toISOString(),
  node: process.version,
  v8: process.versions.v8,
  cpu: os.cpus()[0]?.model.trim() ?? "unknown",
  cores: os.cpus().length,
  platform: `${process.platform}-${process.arch}`,
  patternEngine: { ...ours.patternEngine, searches: undefined },
  ajv: versions.ajv,
  cfworker: versions.cfworker,
  re2: RE2 ? versions.re2 : null,
  lib: path.relative(root, oursPath) || oursPath,
  // With BENCH_LIB the build is another checkout's: BENCH_LIB_COMMIT names its commit.
  commit: process.env.BENCH_LIB ? (process.env.BENCH_LIB_COMMIT ?? "unknown") : git("rev-parse", "--short", "HEAD"),
  srcChanged: process.env.BENCH_LIB ? null : git("status", "--porcelain", "--", "src", "native") !== "",
};
console.log(`tool-input-schema benchmark, ${machine.date.slice(0, 10)}`);
console.log(`Node ${machine.node} (V8 ${machine.v8}), ${machine.cpu}, ${machine.cores} cores, ${machine.platform}`);
console.log(
  `ours: ${machine.lib} (commit ${machine.commit}${machine.srcChanged ? ", src/ or native/ with uncommitted changes" : ""})`,
);
console.log(`Ajv ${machine.ajv}, @cfworker/json-schema ${machine.cfworker}`);
if (!RE2)
  console.log(
    "Ajv + RE2: skipped, re2 is not installed (enable it with `npm install --no-save re2`; it builds from source for a few minutes)",
  );
else console.log(`Ajv + RE2: re2 ${machine.re2}`);
console.log(
  `${ROUNDS} interleaved rounds (${COMPILE_ROUNDS} for compiling), ~${SAMPLE_MS} ms per sample; ns: median over rounds; × Ajv: median of the per-round ratios\n`,
);

// ---------------------------------------------------------------- workloads

const refused = refusalCheck();
const fixtures = loadFixtureTools(root);
for (const problem of fixtures.problems) loud(`fixtures/tools: ${problem}`);
const usable = [];
const skipped = [];
for (const t of fixtures.tools) {
  const why = refused(t.inputSchema);
  if (why) skipped.push({ tool: t.name, why });
  else if (t.valid.length + t.invalid.length > 0) usable.push(t);
}
const fromFixtures = usable.length > 0;
const codingTools = fromFixtures ? usable.filter((t) => !hasPattern(t.inputSchema)) : CODING_TOOLS;
const patternTools = fromFixtures
  ? [...PATTERN_TOOLS, ...usable.filter((t) => hasPattern(t.inputSchema))]
  : PATTERN_TOOLS;
const toolSource = fromFixtures
  ? `fixtures/tools (${usable.length} tools), and bench/workloads.mjs for the pattern-heavy set`
  : "bench/workloads.mjs (no usable fixtures/tools)";
console.log(`tools: ${toolSource}`);
for (const s of skipped)
  console.log(`  note: fixture ${s.tool} is refused (${Object.keys(s.why).join(", ")}) and left out`);
const refusedOwn = new Set();
for (const t of [...CODING_TOOLS, ...PATTERN_TOOLS, REFERENCE_TOOL, EXTENDED_TOOL]) {
  const why = refused(t.inputSchema, t.options);
  if (why) {
    refusedOwn.add(t);
    loud(`bench tool ${t.name} is refused, left out: ${JSON.stringify(why)}`);
  }
}
if (refusedOwn.size > 0) loud("is lib/ built from a working src/? (npx tsc -p tsconfig.build.json)");

const AJV = { plain: newAjv(), all: newAjv({ allErrors: true }), re2: RE2 ? newAjv({ re2: true }) : null };

/** Ajv's compile in a shared instance, or in a fresh one when the schema's `$id` is taken there. */
function ajvCompile(ajv, schema, options) {
  try {
    return ajv.compile(structuredClone(schema));
  } catch {
    return newAjv(options).compile(structuredClone(schema));
  }
}

/** Compiled once per tool; the cases of a workload point at them. */
function compiled(t) {
  t.compiled ??= {
    schema: t.inputSchema,
    ours: ours.compile(t.inputSchema, t.options),
    ajv: ajvCompile(AJV.plain, t.inputSchema, {}),
    ajvAll: ajvCompile(AJV.all, t.inputSchema, { allErrors: true }),
    re2: RE2 ? ajvCompile(AJV.re2, t.inputSchema, { re2: true }) : null,
    cfworker: newCfworker(structuredClone(t.inputSchema)),
  };
  return t.compiled;
}

function answers(c) {
  const a = {
    ours: c.ours.validate(c.args).ok,
    ajv: c.ajv(c.args),
    ajvAll: c.ajvAll(c.args),
    cfworker: c.cfworker.validate(c.args).valid,
  };
  if (c.re2) a.re2 = c.re2(c.args);
  return a;
}

/** A deliberate, documented difference between a validator and the expected answer, or null. */
function documentedDifference(validator, c, expected) {
  if (validator === "cfworker" && expected && JSON.stringify(c.schema).includes('"format"')) {
    const unformatted = JSON.parse(JSON.stringify(c.schema).replaceAll('"format":"', '"x-format":"'));
    if (newCfworker(unformatted).validate(c.args).valid)
      return "@cfworker/json-schema asserts `format`; here it is an annotation";
  }
  if (["ajv", "ajvAll", "re2"].includes(validator) && JSON.stringify(c.schema).includes('"additional_properties"'))
    return "Ajv does not know the `additional_properties` alias";
  return null;
}

const disagreements = [];

/**
 * The cases of one workload, each checked before timing: every validator
 * must give the expected answer. A case where one does not is left out for
 * all of them (printed loudly unless the difference is documented).
 */
function cases(id, tools, kind) {
  const list = [];
  for (const t of tools) {
    if (refusedOwn.has(t)) continue;
    const args = kind === "valid" ? t.valid : t.invalid;
    args.forEach((a, index) => {
      const c = { tool: t.name, index, args: a, ...compiled(t) };
      const expected = kind === "valid";
      const got = answers(c);
      const wrong = Object.entries(got).filter(([, answer]) => answer !== expected);
      if (wrong.length === 0) return list.push(c);
      const says = `says ${expected ? "invalid" : "valid"}, expected ${expected ? "valid" : "invalid"}`;
      const undocumented = [];
      for (const [validator] of wrong) {
        const documented = documentedDifference(validator, c, expected);
        disagreements.push({ workload: id, tool: t.name, case: index, kind, validator, expected, documented });
        if (documented)
          console.log(
            `  note: ${id}: ${t.name} ${kind}[${index}]: ${validator} ${says} (${documented}); case left out`,
          );
        else undocumented.push(validator);
      }
      if (undocumented.length > 0) {
        const all =
          undocumented.length === Object.keys(got).length ? " (every validator: is the case itself wrong?)" : "";
        loud(
          `DISAGREEMENT ${id}: ${t.name} ${kind}[${index}]: ${undocumented.join(", ")} ${says}${all}; case left out of the timing`,
        );
        loud(`  args: ${JSON.stringify(a).slice(0, 300)}`);
      }
    });
  }
  return list;
}

// ---------------------------------------------------------------- timing

/** A runner per (workload, validator): a caseLoop (src/cli/measure.ts) whose body may name `lib`. */
function runner(body, list, lib = {}) {
  return caseLoop(body, list, { lib });
}

const BODIES = {
  ours: "const r = c.ours.validate(c.args); s += r.ok ? 1 : r.issues.length;",
  oursCached: "const r = lib.validate(c.schema, c.args); s += r.ok ? 1 : r.issues.length;",
  ajv: "const f = c.ajv; s += f(c.args) ? 1 : f.errors.length;",
  ajvAll: "const f = c.ajvAll; s += f(c.args) ? 1 : f.errors.length;",
  re2: "const f = c.re2; s += f(c.args) ? 1 : f.errors.length;",
  cfworker: "const r = c.cfworker.validate(c.args); s += r.valid ? 1 : r.errors.length;",
  floor: "s += lib.walk(c.args);",
};
const LABELS = {
  ours: "tool-input-schema",
  oursCached: "tool-input-schema, validate(schema, args)",
  ajv: "Ajv 8 (allErrors: false)",
  ajvAll: "Ajv 8 (allErrors: true)",
  re2: "Ajv 8 + RE2",
  cfworker: "@cfworker/json-schema",
  floor: "floor: walk the arguments",
};

const { catalogs, problems: catalogProblems } = loadCatalogs(root);
for (const problem of catalogProblems) loud(`fixtures/catalogs: ${problem}`);

/**
 * Workload 8a: every captured catalog tool that all three accept, called in
 * turn with arguments built from its schema (minimalArguments), so each
 * validator meets a thousand or more distinct schemas a few times each, as
 * a gateway in front of many servers does, rather than a few schemas hot.
 * A tool whose built arguments neither ours nor Ajv accepts is left out.
 */
function catalogCallTools() {
  const tools = [];
  for (const catalog of catalogs)
    for (const t of catalog.tools) {
      if (refused(t.inputSchema)) continue;
      const args = JSON.parse(JSON.stringify(minimalArguments(t.inputSchema)));
      const tool = { name: `${catalog.package}/${t.name}`, inputSchema: t.inputSchema, valid: [args], invalid: [] };
      // Compiled once, here, for the timing too (compiled() keeps them on the tool).
      const { ours: mine, ajv } = compiled(tool);
      if (mine.validate(args).ok || ajv(args)) tools.push(tool);
    }
  return tools;
}

const WORKLOADS = [
  { id: "1a", title: "coding tools, no patterns: valid arguments", tools: codingTools, kind: "valid" },
  { id: "1b", title: "coding tools, no patterns: invalid arguments", tools: codingTools, kind: "invalid" },
  { id: "2a", title: "pattern-heavy tools: valid arguments", tools: patternTools, kind: "valid" },
  { id: "2b", title: "pattern-heavy tools: invalid arguments", tools: patternTools, kind: "invalid" },
  {
    id: "3",
    title: "reference: 7 properties, 3 patterns, valid arguments",
    tools: [REFERENCE_TOOL],
    kind: "valid",
    cached: true,
  },
  {
    id: "6a",
    title:
      'extended profile (zod-style: const, exclusiveMinimum, maxLength, $ref, \\d): valid arguments, ours with profile "extended"',
    tools: [EXTENDED_TOOL],
    kind: "valid",
  },
  { id: "6b", title: "extended profile (zod-style): invalid arguments", tools: [EXTENDED_TOOL], kind: "invalid" },
  {
    id: "8a",
    title: "every captured catalog tool, one valid call each in turn (many schemas, each called rarely)",
    // Built when 8a runs, after every other figure: the catalog compiled by
    // every validator (about 1,800 tools each) made the heap of the
    // workloads run with it, where failed calls (whose explaining pass
    // allocates the most) and compiling measured up to 1.5 × slower.
    tools: catalogCallTools,
    last: true,
    kind: "valid",
    settle: true,
  },
];

const fmtRatio = (r) => (r === undefined || r === null ? "" : r.toFixed(2));

/** A table: the validator's name aligned left, the figures right. */
function printTable(header, rows) {
  const lines = textTable(
    header,
    rows.map((row) => row.map(String)),
    { gap: "   ", indent: "  " },
  );
  console.log(lines.join("\n"));
}

const results = {
  machine,
  settings: { rounds: ROUNDS, sampleMs: SAMPLE_MS, warmupMs: WARMUP_MS, compileRounds: COMPILE_ROUNDS },
  tools: toolSource,
  skippedFixtures: skipped,
  workloads: [],
};

/** Times one workload of WORKLOADS, prints its table and adds it to the results. */
function runWorkload(w) {
  const list = cases(w.id, typeof w.tools === "function" ? w.tools() : w.tools, w.kind);
  if (list.length === 0) {
    loud(`workload ${w.id} has no case every validator agrees on; skipped`);
    return;
  }
  const kinds = [
    "ours",
    ...(w.cached ? ["oursCached"] : []),
    "ajv",
    ...(w.kind === "invalid" ? ["ajvAll"] : []),
    ...(RE2 ? ["re2"] : []),
    "cfworker",
    "floor",
  ];
  const lib = { validate: ours.validate, walk };
  // Each of many validators is called past its first calls (ours answers
  // those with its closures, then generates its code) before timing: the
  // figure is what a call costs once a catalog is in use, as Ajv's is after
  // its compile.
  if (w.settle) for (let call = 0; call <= HOT_AFTER_CALLS; call++) for (const c of list) answers(c);
  const timed = interleave(
    kinds.map((k) => ({ name: k, run: runner(BODIES[k], list, lib) })),
    { rounds: ROUNDS, sampleMs: SAMPLE_MS, warmupMs: WARMUP_MS, unit: list.length },
  );
  const ajv = timed.find((t) => t.name === "ajv");
  const ajvAll = timed.find((t) => t.name === "ajvAll");
  const ajvAllNs = ajvAll?.medianNs;
  const rows = timed.map((t) => ({
    validator: t.name,
    label: LABELS[t.name],
    medianNs: Math.round(t.medianNs),
    minNs: Math.round(t.minNs),
    maxNs: Math.round(t.maxNs),
    ratioToAjv: pairedRatio(t.samples, ajv.samples),
    ...(ajvAll ? { ratioToAjvAllErrors: pairedRatio(t.samples, ajvAll.samples) } : {}),
    medianCpuNs: Math.round(t.medianCpuNs),
    cpuRatioToAjv: pairedRatio(t.cpuSamples, ajv.cpuSamples),
    samplesNs: t.samples.map(Math.round),
    cpuSamplesNs: t.cpuSamples.map(Math.round),
    batch: t.batch,
  }));
  const tools = new Set(list.map((c) => c.tool));
  console.log(`\n${w.id}. ${w.title}: ${tools.size} tools, ${list.length} cases`);
  printTable(
    [
      "validator",
      "ns/validation",
      "× Ajv",
      ...(ajvAllNs ? ["× Ajv allErrors"] : []),
      "min–max ns",
      "CPU ns",
      "CPU × Ajv",
    ],
    rows.map((r) => [
      r.label,
      r.medianNs,
      fmtRatio(r.ratioToAjv),
      ...(ajvAllNs ? [fmtRatio(r.ratioToAjvAllErrors)] : []),
      `${r.minNs}–${r.maxNs}`,
      r.medianCpuNs,
      fmtRatio(r.cpuRatioToAjv),
    ]),
  );
  const entry = { id: w.id, title: w.title, tools: [...tools], cases: list.length, rows };
  if (w.kind === "invalid") {
    // What each returns for the first invalid case: ours builds the model-facing line.
    const c = list[0];
    const mine = c.ours.validate(c.args);
    c.ajv(c.args);
    c.ajvAll(c.args);
    entry.example = {
      tool: c.tool,
      args: c.args,
      ours: mine.message,
      ajv: c.ajv.errors.map((e) => `${e.instancePath || "/"} ${e.message}`),
      ajvAllErrors: c.ajvAll.errors.map((e) => `${e.instancePath || "/"} ${e.message}`),
      cfworker: c.cfworker.validate(c.args).errors.map((e) => e.error),
    };
    console.log(
      `  e.g. ${c.tool}: ours returns ${JSON.stringify(mine.message)}; Ajv returns ${c.ajv.errors.length} error object(s)`,
    );
  }
  results.workloads.push(entry);
}

// 8a (`last`) runs after compiling and memory: its catalog, compiled by every
// validator, leaves a heap that made the compile figures up to 1.5 × slower.
for (const w of WORKLOADS.filter((w) => selected(w.id) && !w.last)) runWorkload(w);

// ---------------------------------------------------------------- wide schemas

/**
 * Workload 7: one valid call naming 5 properties, to a schema that lists N
 * (a third strings, a third integers, a third booleans, closed): what a
 * call costs as the schema grows. Ajv is timed where it compiles the schema.
 */
const WIDE_SIZES = [10, 100, 500, 1000, 2000, 5000];
function wideSchema(n) {
  const kinds = [{ type: "string", minLength: 1 }, { type: "integer", minimum: 0 }, { type: "boolean" }];
  const properties = Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, kinds[i % 3]]));
  return { type: "object", properties, required: ["p0"], additionalProperties: false };
}
const WIDE_ARGS = JSON.parse('{"p0":"a","p1":1,"p2":true,"p3":"b","p4":4}');
if (selected("7")) {
  console.log("\n7. wide schemas: one valid call of 5 properties to a schema of N properties");
  const rows = [];
  for (const n of WIDE_SIZES) {
    const schema = wideSchema(n);
    const list = [{ ours: ours.compile(schema), schema, args: WIDE_ARGS }];
    let ajv = null;
    try {
      ajv = newAjv().compile(schema);
      ajv(WIDE_ARGS);
    } catch (error) {
      ajv = null;
      loud(`Ajv cannot compile or run the schema of ${n} properties: ${String(error).slice(0, 80)}`);
    }
    if (ajv) list[0].ajv = ajv;
    const timed = interleave(
      [
        { name: "ours", run: runner(BODIES.ours, list) },
        ...(ajv ? [{ name: "ajv", run: runner(BODIES.ajv, list) }] : []),
      ],
      // A schema of N properties is N / 64 functions for V8 to optimize, on its background threads: N / 2 ms of warm-up.
      { rounds: ROUNDS, sampleMs: SAMPLE_MS, warmupMs: Math.max(WARMUP_MS, n / 2), unit: 1 },
    );
    const [mine, theirs] = timed;
    rows.push({
      properties: n,
      oursNs: Math.round(mine.medianNs),
      ajvNs: theirs ? Math.round(theirs.medianNs) : null,
      ratioToAjv: theirs ? pairedRatio(mine.samples, theirs.samples) : null,
    });
  }
  printTable(
    ["properties", "ours ns/validation", "Ajv ns/validation", "× Ajv"],
    rows.map((r) => [r.properties, r.oursNs, r.ajvNs ?? "fails", r.ratioToAjv === null ? "" : fmtRatio(r.ratioToAjv)]),
  );
  results.workloads.push({
    id: "7",
    title: "wide schemas: one valid call of 5 properties to a schema of N properties",
    rows,
  });
}

// ---------------------------------------------------------------- compile

let catalogTools = [];
const catalogSummary = {
  catalogs: catalogs.map((c) => `${c.package}@${c.version}`),
  total: 0,
  refusedBy: { ours: 0, ajv: 0, cfworker: 0 },
  refused: [],
};
for (const catalog of selected("4a") || selected("5") ? catalogs : []) {
  for (const t of catalog.tools) {
    catalogSummary.total++;
    const why = refused(t.inputSchema);
    if (!why) catalogTools.push(t.inputSchema);
    else {
      for (const v of Object.keys(why)) catalogSummary.refusedBy[v]++;
      const short = Object.entries(why).map(([v, m]) => [v, m.length > 160 ? `${m.slice(0, 159)}…` : m]);
      catalogSummary.refused.push({ tool: `${catalog.package}/${t.name}`, why: Object.fromEntries(short) });
    }
  }
}
const ownTools = [...CODING_TOOLS, ...PATTERN_TOOLS, REFERENCE_TOOL]
  .filter((t) => !refusedOwn.has(t))
  .map((t) => t.inputSchema);
const catalogSource =
  catalogTools.length > 0
    ? `fixtures/catalogs (${catalogs.length} catalogs)`
    : "the bench's own tools (no fixtures/catalogs yet)";
if (catalogTools.length === 0) catalogTools = ownTools;

const scratchFiles = [];
/** Writes schemas where the child processes can read them. */
function scratch(name, schemas) {
  const file = path.join(os.tmpdir(), `tool-input-schema-bench-${process.pid}-${name}.json`);
  writeFileSync(file, JSON.stringify({ schemas }));
  scratchFiles.push(file);
  return file;
}
function child(args, gc = false) {
  const out = execFileSync(process.execPath, [...(gc ? ["--expose-gc"] : []), path.join(here, "memory.mjs"), ...args], {
    encoding: "utf8",
    env: process.env,
  });
  return JSON.parse(out.trim().split("\n").pop());
}

const COMPILE_LABELS = {
  ours: "tool-input-schema",
  ajv: "Ajv 8 (new instance + compile)",
  ajvInstance: "  of which: new Ajv2020 + draft-07 meta",
  cfworker: "@cfworker/json-schema",
};

/**
 * Compiles `schemas` with each validator: interleaved rounds in this process,
 * each on fresh deep clones, and a cold compile in a fresh process per
 * validator (no warm code, and our pattern cache empty).
 */
function compileWorkload(id, title, schemas, source) {
  const patterns = schemas.reduce((n, s) => n + (JSON.stringify(s).match(/"pattern":"/g)?.length ?? 0), 0);
  const jsonBytes = schemas.reduce((n, s) => n + Buffer.byteLength(JSON.stringify(s)), 0);
  const file = scratch(id, schemas);
  const cold = {};
  for (const v of ["ours", "ajv", "cfworker"]) cold[v] = child(["cold", v, file]);
  // Ajv compiles a large catalog in seconds: keep this workload near half a minute.
  const rounds = Math.max(
    3,
    Math.min(COMPILE_ROUNDS, Math.floor(30000 / (cold.ajv.compileMs + cold.ours.compileMs + cold.cfworker.compileMs))),
  );
  const jobs = interleaveJobs(
    [
      { name: "ours", job: (list) => list.reduce((n, s) => n + (ours.compile(s) ? 1 : 0), 0) },
      {
        name: "ajv",
        job: (list) => {
          const ajv = newAjv();
          return list.reduce((n, s) => n + (ajv.compile(s) ? 1 : 0), 0);
        },
      },
      { name: "ajvInstance", job: () => (newAjv() ? 1 : 0) },
      { name: "cfworker", job: (list) => list.reduce((n, s) => n + (newCfworker(s) ? 1 : 0), 0) },
    ].map((c) => ({ ...c, prepare: () => structuredClone(schemas) })),
    { rounds },
  );
  const ajv = jobs.find((j) => j.name === "ajv");
  const rows = jobs.map((j) => ({
    validator: j.name,
    label: COMPILE_LABELS[j.name],
    medianMs: j.medianMs,
    firstRoundMs: j.firstMs,
    minMs: j.minMs,
    maxMs: j.maxMs,
    ratioToAjv: pairedRatio(j.samples, ajv.samples),
    samplesMs: j.samples,
    perToolUs: j.name === "ajvInstance" ? null : (j.medianMs * 1000) / schemas.length,
    coldMs: cold[j.name]?.compileMs ?? null,
    coldRatioToAjv: cold[j.name] ? cold[j.name].compileMs / cold.ajv.compileMs : null,
  }));
  console.log(
    `\n${id}. ${title}: ${schemas.length} tools, ${patterns} patterns, ${(jsonBytes / 1024).toFixed(0)} KiB of JSON, from ${source}; ${rounds} rounds on fresh deep clones`,
  );
  printTable(
    ["validator", "median ms", "× Ajv", "µs/tool", "first round ms", "cold ms", "cold × Ajv"],
    rows.map((r) => [
      r.label,
      r.medianMs.toFixed(2),
      fmtRatio(r.ratioToAjv),
      r.perToolUs === null ? "" : r.perToolUs.toFixed(1),
      r.firstRoundMs.toFixed(2),
      r.coldMs === null ? "" : r.coldMs.toFixed(2),
      fmtRatio(r.coldRatioToAjv),
    ]),
  );
  return { id, title, source, tools: schemas.length, patterns, jsonBytes, rounds, rows, cold };
}

try {
  results.compile = [];
  if (selected("4a")) {
    results.compile.push({
      ...compileWorkload("4a", "compile the captured catalogs", catalogTools, catalogSource),
      captured: catalogSummary,
    });
  }
  if (selected("4b"))
    results.compile.push(
      compileWorkload("4b", "compile the bench's own tools (pattern-heavy)", ownTools, "bench/workloads.mjs"),
    );
  if (results.compile.length > 0) {
    console.log(
      "\n   first round: in this process, after the acceptance check compiled each schema once (our pattern cache is warm, as in a long-running gateway);",
    );
    console.log(
      "   cold: a fresh process per validator compiles the list once (code not yet optimized, no pattern compiled yet; Ajv includes its instance)",
    );
  }
  if (selected("4a") && catalogSummary.total > 0) {
    const r = catalogSummary.refusedBy;
    console.log(
      `   4a compares the tools every validator accepts: of ${catalogSummary.total} captured, refused by tool-input-schema ${r.ours}, Ajv ${r.ajv}, @cfworker ${r.cfworker}`,
    );
  }

  // ------------------------------------------------------------ memory
  if (selected("5")) measureMemory();
  for (const w of WORKLOADS.filter((w) => selected(w.id) && w.last)) runWorkload(w);
} finally {
  for (const f of scratchFiles) rmSync(f, { force: true });
}

function measureMemory() {
  const file = scratch("memory", catalogTools);
  const memory = {};
  for (const v of ["ours", "ajv", "cfworker"]) {
    memory[v] = {
      captured: child(["heap", v, file], true),
      thousand: child(["heap", v, file, "1000"], true),
    };
  }
  console.log(
    `\n5. memory: heap growth from compiling (child process per figure, --expose-gc; the schema objects exist before and after, so they are not counted)`,
  );
  printTable(
    [
      "validator",
      `bytes/tool (${catalogTools.length} captured)`,
      "1,000 tools: heap MB",
      "bytes/tool",
      "external KB",
      "rss MB",
    ],
    Object.entries(memory).map(([v, m]) => [
      COMPILE_LABELS[v] === COMPILE_LABELS.ajv ? "Ajv 8 (one instance)" : COMPILE_LABELS[v],
      Math.round(m.captured.heapBytesPerTool),
      (m.thousand.heapBytes / 1e6).toFixed(2),
      Math.round(m.thousand.heapBytesPerTool),
      (m.thousand.externalBytes / 1024).toFixed(0),
      (m.thousand.rssBytes / 1e6).toFixed(1),
    ]),
  );
  const t = memory.ours.thousand;
  console.log(
    `   the 1,000 schemas themselves: ${(t.schemaHeapBytes / 1e6).toFixed(2)} MB of heap, ${(t.schemaJsonBytes / 1e6).toFixed(2)} MB of JSON; ` +
      `${t.distinct} distinct (copies of ${catalogTools.length} tools, property keys renamed per copy)`,
  );
  console.log(
    "   rss is noisy (allocator and JIT code); compiled patterns live outside V8's heap and show only in rss",
  );
  results.memory = { source: catalogSource, tools: catalogTools.length, ...memory };
}

// Every pattern search of the run, by the engine that ran it (ours only; Ajv
// runs V8's RegExp). A build from before the two engines (BENCH_LIB) has no counts.
const searches = ours.patternEngine.searches?.() ?? null;
results.searches = searches;
if (searches !== null) {
  const n = (x) => x.toLocaleString("en-US");
  console.log(
    `\npattern searches in this run: ${n(searches.pcre2)} in PCRE2, ${n(searches.dfa)} in the DFA, ${searches.pcre2Trips} PCRE2 limits tripped`,
  );
  console.log(
    `  of which ${n(searches.fast)} came through V8's fast call and ${n(searches.slow)} through its ordinary callback (${ours.patternEngine.fastCall.why})`,
  );
}
results.disagreements = disagreements;
results.sink = sink.value;
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(results, null, 2) + "\n");
const undocumented = disagreements.filter((d) => !d.documented).length;
if (undocumented) loud(`${undocumented} undocumented disagreement(s): see above and "disagreements" in the results`);
console.log(`\nwrote ${path.relative(process.cwd(), OUT)} (sink ${sink.value})`);
