// How long the largest schema of each kind that the compile share accepts
// takes to compile (docs/bounds.md, "Compiled patterns"): for every kind,
// the largest count the preflight accepts (a binary search of validateSchema
// in a process of its own), then that schema compiled in fresh processes,
// five times, its first call and the call that turns it hot (generating its
// fast check) timed, and one more than the count, refused, timed once:
//
//   node bench/compile-share.mjs [kind ...]
//
// prints one line of JSON a kind and then a table (CPU ms of the process,
// all threads: the collector's helpers included; the fastest, median and
// slowest of the five cold compiles: on a shared machine the fastest is the
// closest to the compile's own cost). Kinds are object branches under anyOf, oneOf and
// allOf (with `const`, `required`, `enum`, additionalProperties false, nested
// objects, `not`), `$defs` reached by `$ref`, nesting, wide
// `properties`, lists (`enum`, `required`, `prefixItems`) and patterns.
import { execFileSync } from "child_process";
import { createRequire } from "module";
import { fileURLToPath } from "url";

const require = createRequire(import.meta.url);
const self = fileURLToPath(import.meta.url);
const EXTENDED = { profile: "extended" };
const DEFAULT = {};

const range = (count, make) => Array.from({ length: count }, (_, i) => make(i));
const object = (properties, more = {}) => ({ type: "object", properties, ...more });
const keyed = (count, make) => Object.fromEntries(range(count, (i) => [`p${i}`, make(i)]));
const constBranch = (i) => object({ [`k${i}`]: { const: i } }, { required: [`k${i}`] });

/** Each kind: the schema of `n`, valid arguments for it, its options, and a count to start the search from. */
export const KINDS = {
  "anyOf-const": { make: (n) => object({}, { anyOf: range(n, constBranch) }), args: { k0: 0 }, start: 4000 },
  "anyOf-enum-default": {
    make: (n) => object({}, { anyOf: range(n, (i) => object({ [`k${i}`]: { enum: [i] } }, { required: [`k${i}`] })) }),
    args: { k0: 0 },
    options: DEFAULT,
    start: 4000,
  },
  "anyOf-empty": { make: (n) => object({}, { anyOf: range(n, () => ({ type: "object" })) }), args: {}, start: 8000 },
  "oneOf-closed": {
    make: (n) =>
      object(
        {},
        {
          oneOf: range(n, (i) =>
            object({ [`k${i}`]: { type: "integer" } }, { required: [`k${i}`], additionalProperties: false }),
          ),
        },
      ),
    args: { k0: 1 },
    start: 3000,
  },
  "allOf-enum": {
    make: (n) => object({}, { allOf: range(n, (i) => object({ [`k${i}`]: { enum: ["a", "b", i] } })) }),
    args: { k0: "a" },
    start: 3000,
  },
  "anyOf-nested": {
    make: (n) =>
      object(
        {},
        {
          anyOf: range(n, (i) =>
            object({ [`k${i}`]: object({ v: { const: i } }, { required: ["v"] }) }, { required: [`k${i}`] }),
          ),
        },
      ),
    args: { k0: { v: 0 } },
    start: 2000,
  },
  "allOf-not": {
    make: (n) => object({}, { allOf: range(n, (i) => ({ not: { required: [`x${i}`] } })) }),
    args: {},
    start: 4000,
  },
  "defs-anyOf-refs": {
    make: (n) =>
      object(
        {},
        {
          anyOf: range(n, (i) => ({ $ref: `#/$defs/d${i}` })),
          $defs: Object.fromEntries(range(n, (i) => [`d${i}`, constBranch(i)])),
        },
      ),
    args: { k0: 0 },
    start: 2000,
  },
  "defs-shared-ref": {
    make: (n) =>
      object(
        keyed(n, () => ({ $ref: "#/$defs/d" })),
        { $defs: { d: object({ v: { type: "string" } }, { required: ["v"] }) } },
      ),
    args: { p0: { v: "x" } },
    start: 8000,
  },
  deep: {
    make: (n) => {
      let schema = { type: "string" };
      for (let i = 0; i < n; i++) schema = object({ a: schema });
      return schema;
    },
    args: {},
    start: 200,
  },
  "props-string": { make: (n) => object(keyed(n, () => ({ type: "string" }))), args: { p0: "x" }, start: 15000 },
  "props-const": { make: (n) => object(keyed(n, (i) => ({ const: i }))), args: { p0: 0 }, start: 15000 },
  "props-enum": {
    make: (n) => object(keyed(n, () => ({ enum: ["a", "b", "c", "d"] }))),
    args: { p0: "a" },
    start: 10000,
  },
  "props-tree": {
    make: (n) => object(keyed(n, () => object({ a: object({ b: { type: "string" } }, { required: ["b"] }) }))),
    args: { p0: { a: { b: "x" } } },
    start: 4000,
  },
  "enum-numbers": { make: (n) => object({ e: { enum: range(n, (i) => i) } }), args: { e: 0 }, start: 200000 },
  "enum-objects": {
    make: (n) => object({ e: { enum: range(n, (i) => ({ k: i })) } }),
    args: { e: { k: 0 } },
    start: 100000,
  },
  "required-names": {
    make: (n) => object({}, { required: range(n, (i) => `r${i}`) }),
    args: {},
    valid: false,
    start: 200000,
  },
  prefixItems: {
    make: (n) => object({ a: { type: "array", prefixItems: range(n, () => ({ type: "integer" })) } }),
    args: { a: [1] },
    start: 15000,
  },
  "prefixItems-objects": {
    make: (n) => object({ a: { type: "array", prefixItems: range(n, (i) => object({ v: { const: i } })) } }),
    args: { a: [{ v: 0 }] },
    start: 4000,
  },
  "allOf-string": {
    make: (n) => object({ s: { allOf: range(n, () => ({ type: "string" })) } }),
    args: { s: "x" },
    start: 14000,
  },
  "props-pattern": {
    make: (n) => object(keyed(n, (i) => ({ type: "string", pattern: `^(?:a|b${i})` }))),
    args: { p0: "a" },
    start: 1000,
  },
  mix: {
    make: (n) =>
      object(
        {},
        {
          anyOf: range(n, (i) =>
            object(
              {
                kind: { const: `k${i}` },
                name: { type: "string", minLength: 1, enum: ["x", "y"] },
                at: object(
                  { line: { type: "integer", minimum: 0 } },
                  { required: ["line"], additionalProperties: false },
                ),
                tags: { type: "array", items: { type: "string" } },
              },
              { required: ["kind", "name"], additionalProperties: false },
            ),
          ),
        },
      ),
    args: { kind: "k0", name: "x" },
    start: 800,
  },
};

function kindOf(name) {
  const kind = KINDS[name];
  if (kind === undefined) throw new Error(`unknown kind ${name}; kinds: ${Object.keys(KINDS).join(" ")}`);
  return { options: EXTENDED, valid: true, ...kind };
}

/** The largest count of `name` the preflight accepts: from `start`, doubled or halved to a bracket, then bisected. */
function search(name) {
  const lib = require("../lib/index.js");
  const kind = kindOf(name);
  const accepted = (n) => lib.validateSchema(kind.make(n), kind.options).ok;
  let lo = kind.start;
  let hi = kind.start;
  if (accepted(lo)) {
    do hi *= 2;
    while (accepted(hi));
  } else {
    do lo = Math.floor(lo / 2);
    while (lo > 0 && !accepted(lo));
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (accepted(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** One cold compile of `name` at `n`, and its first calls: CPU and wall ms. */
function measureOnce(name, n) {
  const lib = require("../lib/index.js");
  const measure = require("../lib/cli/measure.js");
  const kind = kindOf(name);
  const schema = kind.make(n);
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const out = { kind: name, n, jsonKB: Math.round(JSON.stringify(schema).length / 1024) };
  const made = measure.timedWithCpu(() => {
    try {
      return { validator: lib.compile(schema, kind.options) };
    } catch (error) {
      return { error };
    }
  });
  out.compileCpuMs = ms(made.cpuNs);
  out.compileMs = ms(made.ns);
  if (made.value.error !== undefined) {
    out.refused = made.value.error.kind;
    return out;
  }
  const { validator } = made.value;
  const first = measure.timedWithCpu(() => validator.validate(kind.args));
  out.firstCallCpuMs = ms(first.cpuNs);
  out.ok = first.value.ok === kind.valid;
  // The calls up to the one that turns the validator hot and generates its code.
  let hot = 0;
  for (let i = 0; i < 9; i++) {
    const call = measure.timedWithCpu(() => validator.validate(kind.args));
    out.ok &&= call.value.ok === kind.valid;
    hot = Math.max(hot, call.cpuNs);
  }
  out.hotCallCpuMs = ms(hot);
  return out;
}

function child(...args) {
  return execFileSync(process.execPath, [self, ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 24,
    stdio: ["ignore", "pipe", "inherit"],
  });
}

if (process.argv[1] !== self) {
  // Imported for KINDS.
} else if (process.argv[2] === "--search") {
  console.log(search(process.argv[3]));
} else if (process.argv[2] === "--measure") {
  console.log(JSON.stringify(measureOnce(process.argv[3], Number(process.argv[4]))));
} else {
  const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(KINDS);
  const rows = [];
  for (const name of names) {
    kindOf(name);
    const n = Number(child("--search", name));
    const runs = [0, 1, 2, 3, 4].map(() => JSON.parse(child("--measure", name, String(n))));
    const over = JSON.parse(child("--measure", name, String(n + 1)));
    const cpu = runs.map((run) => run.compileCpuMs).sort((a, b) => a - b);
    const row = {
      kind: name,
      accepted: n,
      jsonKB: runs[0].jsonKB,
      fastestCpuMs: cpu[0],
      compileCpuMs: cpu[2],
      slowestCpuMs: cpu[4],
      firstCallCpuMs: Math.max(...runs.map((run) => run.firstCallCpuMs)),
      hotCallCpuMs: Math.max(...runs.map((run) => run.hotCallCpuMs)),
      ok: runs.every((run) => run.ok),
      overRefusedCpuMs: over.refused === undefined ? `accepted` : over.compileCpuMs,
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  console.table(rows);
}
