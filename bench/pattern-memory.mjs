// Hostile schemas against the native memory and compile time of patterns
// (docs/bounds.md, "Compiled patterns"): classes whose code points sit in
// distinct pages of 256, thousands of them in one schema, a catalog or a
// rotation through validate(), and tens of thousands of small patterns.
// Each row runs in a child process of its own, so that its RSS growth is
// its own:
//
//   node bench/pattern-memory.mjs [row ...]
//
// prints one line of JSON a row (times in ms, RSS growth in MB, measured
// after a collection) and then a table. Rows: allOf-<n> (one property,
// n sparse classes under allOf), catalog (60 tools of 100), rotation-held
// and rotation-parsed (validate() over 60 schemas of 200, three times, the
// schema objects kept or parsed again each call), tiny-<n> (n patterns of a
// few bytes), wide-classes (one pattern, searched on a long subject),
// worst-<kind> (as many patterns of one kind as a schema's compile share
// holds: tiny, mid (PCRE2, JIT), sparse, long (100,000 instructions);
// and of what else the share counts: props (listed properties), allOf
// (subschemas of one keyword), fat (subschemas of six), enum (choices)),
// over-<kind> (one more than the share holds: refused).
import { execFileSync } from "child_process";
import { createRequire } from "module";
import { fileURLToPath } from "url";

const require = createRequire(import.meta.url);
const self = fileURLToPath(import.meta.url);
const ROWS = [
  "allOf-1000",
  "allOf-3000",
  "allOf-400",
  "catalog",
  "rotation-held",
  "rotation-parsed",
  "tiny-16000",
  "tiny-1800",
  "wide-classes",
  "worst-tiny",
  "worst-mid",
  "worst-sparse",
  "worst-long",
  "worst-props",
  "worst-allOf",
  "worst-fat",
  "worst-enum",
  "over-props",
  "over-enum",
];

/**
 * The `n`-th distinct class: "a" and 300 code points, each in a page of 256
 * of its own (surrogates skipped), so that each lies between two class
 * boundaries of its own page.
 */
export function sparseClass(n, points = 300) {
  const offset = 1 + (n % 251);
  const shift = Math.floor(n / 251) % 16;
  let body = "a";
  for (let page = 1 + shift, written = 0; written < points; page++) {
    if (page >= 0xd8 && page <= 0xdf) continue;
    body += String.fromCodePoint(page * 256 + offset);
    written++;
  }
  return `[${body}]`;
}

function stringSchema(patterns) {
  return { type: "object", properties: { s: { type: "string", allOf: patterns.map((pattern) => ({ pattern })) } } };
}

function allOfSchema(count, make) {
  return { type: "object", properties: { s: { allOf: Array.from({ length: count }, make) } } };
}
const EXTENDED = { profile: "extended" };
// The timing core of bench/run.mjs and `bench`, from this checkout's lib/.
const measure = require("../lib/cli/measure.js");

/** One run of `run`, timed: its value and the wall time in ms. */
function timed(run) {
  const { value, ns } = measure.timed(run);
  return { value, ms: ns / 1e6 };
}

/** compile(), timed; a refused schema is recorded in `out` (its kind and first words) and gives null. */
function compiled(lib, schema, out) {
  const { value, ns, cpuNs } = measure.timedWithCpu(() => {
    try {
      return { validator: lib.compile(schema, EXTENDED) };
    } catch (error) {
      return { error };
    }
  });
  out.compileMs = ns / 1e6;
  out.compileCpuMs = cpuNs / 1e6;
  if (value.error === undefined) return value.validator;
  out.refused = `${value.error.kind}: ${value.error.issues[0].message.replace(/^#\/[^:]*: /, "").slice(0, 60)}…`;
  return null;
}

async function runRow(row) {
  const lib = require("../lib/index.js");
  globalThis.gc();
  const rss0 = process.memoryUsage().rss;
  const out = { row };
  const settle = async () => {
    // Finalizers run when the event loop turns.
    for (let i = 0; i < 3; i++) {
      globalThis.gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  if (row.startsWith("allOf-")) {
    const count = Number(row.slice(6));
    const schema = stringSchema(Array.from({ length: count }, (_, i) => sparseClass(i)));
    out.jsonMB = JSON.stringify(schema).length / 1e6;
    const validator = compiled(lib, schema, out);
    if (validator !== null) {
      const first = timed(() => validator.validate({ s: "a" }));
      out.ok = first.value.ok;
      if (!first.value.ok) out.message = first.value.message.slice(0, 160);
      out.firstValidateMs = first.ms;
      let slowest = 0;
      for (let i = 0; i < 5; i++) slowest = Math.max(slowest, timed(() => validator.validate({ s: "ab" })).ms);
      out.laterValidateMs = slowest;
      globalThis.keep = validator;
    }
  } else if (row === "catalog") {
    const tools = Array.from({ length: 60 }, (_, t) => ({
      name: `tool${t}`,
      inputSchema: stringSchema(Array.from({ length: 100 }, (_, i) => sparseClass(t * 100 + i))),
    }));
    out.jsonMB = JSON.stringify({ tools }).length / 1e6;
    const catalog = new lib.Catalog();
    const published = timed(() => catalog.publish({ tools }, EXTENDED));
    out.ok = published.value.ok;
    if (!published.value.ok) out.message = published.value.message.slice(0, 160);
    out.publishMs = published.ms;
    let slowest = 0;
    for (let round = 0; round < 2; round++) {
      for (const { name } of tools) {
        const call = timed(() => catalog.validate(name, { s: "a" }));
        out.ok &&= call.value.ok;
        slowest = Math.max(slowest, call.ms);
      }
    }
    out.slowestCallMs = slowest;
    globalThis.keep = catalog;
  } else if (row.startsWith("rotation-")) {
    const texts = Array.from({ length: 60 }, (_, k) =>
      JSON.stringify(stringSchema(Array.from({ length: 200 }, (_, i) => sparseClass(k * 200 + i)))),
    );
    out.jsonMB = texts.reduce((sum, text) => sum + text.length, 0) / 1e6;
    const held = texts.map((text) => JSON.parse(text));
    let slowest = 0;
    let ok = true;
    const rotation = timed(() => {
      for (let round = 0; round < 3; round++) {
        for (let k = 0; k < texts.length; k++) {
          const schema = row === "rotation-held" ? held[k] : JSON.parse(texts[k]);
          const call = timed(() => lib.validate(schema, { s: "a" }, EXTENDED));
          ok &&= call.value.ok;
          slowest = Math.max(slowest, call.ms);
        }
      }
    });
    out.ok = ok;
    out.totalMs = rotation.ms;
    out.slowestCallMs = slowest;
    out.rssBeforeSettleMB = (process.memoryUsage().rss - rss0) / 2 ** 20;
    globalThis.keep = held;
  } else if (row.startsWith("worst-") || row.startsWith("over-")) {
    // The most of one kind a schema's compile share holds (found by search,
    // src/pattern/compile-pattern.ts), or one more.
    const fat = { type: "string", minLength: 1, maxLength: 9, description: "d", enum: ["a", "b"], not: { const: "x" } };
    const byPattern = (make) => (count) => ({
      type: "object",
      properties: Object.fromEntries(
        Array.from({ length: count }, (_, i) => [`p${i}`, { type: "string", pattern: make(i) }]),
      ),
    });
    const kinds = {
      tiny: [993, byPattern((i) => `^(?:a|b${i})`)],
      mid: [925, byPattern((i) => `^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}${i}$`)],
      sparse: [347, byPattern((i) => sparseClass(i))],
      long: [9, byPattern((i) => `a{0,${49_990 - i}}b`)],
      props: [
        8_927,
        (count) => ({
          type: "object",
          properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: "string" }])),
        }),
      ],
      allOf: [8_618, (count) => allOfSchema(count, () => ({ type: "string" }))],
      fat: [1_798, (count) => allOfSchema(count, () => fat)],
      enum: [
        249_928,
        (count) => ({ type: "object", properties: { e: { enum: Array.from({ length: count }, (_, i) => i) } } }),
      ],
    };
    const over = row.startsWith("over-");
    const [count, make] = kinds[row.slice(over ? 5 : 6)];
    const schema = make(over ? count + 1 : count);
    out.jsonMB = JSON.stringify(schema).length / 1e6;
    const validator = compiled(lib, schema, out);
    out.ok = validator !== null;
    globalThis.keep = validator;
  } else if (row.startsWith("tiny-")) {
    const schema = stringSchema(Array.from({ length: Number(row.slice(5)) }, (_, i) => `^(?:a|b${i})`));
    out.jsonMB = JSON.stringify(schema).length / 1e6;
    const validator = compiled(lib, schema, out);
    if (validator !== null) {
      const first = timed(() => validator.validate({ s: "a" }));
      out.ok = first.value.ok;
      out.firstValidateMs = first.ms;
      globalThis.keep = validator;
    }
  } else if (row === "wide-classes") {
    // One pattern a schema: a class of 300 code points in distinct pages,
    // repeated as far as a pattern's 1,024 bytes allow, searched in the
    // DFA on a subject of those code points.
    const klass = sparseClass(0, 100);
    const schema = stringSchema([`^${klass}+$`]);
    const subject = [...klass.slice(2, -1)].join("").repeat(10_000);
    const validator = compiled(lib, schema, out);
    const first = timed(() => validator.validate({ s: subject }));
    out.ok = first.value.ok;
    out.validateMs = first.ms;
    out.engine = lib.patternInfo ? lib.patternInfo(`^${klass}+$`, EXTENDED)?.engine : undefined;
  } else {
    throw new Error(`unknown row ${row}`);
  }
  await settle();
  out.rssGrowthMB = (process.memoryUsage().rss - rss0) / 2 ** 20;
  console.log(JSON.stringify(out));
}

if (process.argv[1] !== self) {
  // Imported for sparseClass.
} else if (process.argv[2] === "--row") {
  await runRow(process.argv[3]);
} else {
  const rows = process.argv.length > 2 ? process.argv.slice(2) : ROWS;
  const results = [];
  for (const row of rows) {
    const line = execFileSync(process.execPath, ["--expose-gc", self, "--row", row], {
      encoding: "utf8",
      maxBuffer: 1 << 24,
      stdio: ["ignore", "pipe", "inherit"],
    });
    process.stdout.write(line);
    results.push(JSON.parse(line));
  }
  const round = (value) => (typeof value === "number" ? Math.round(value * 10) / 10 : value);
  console.table(
    results.map((result) => Object.fromEntries(Object.entries(result).map(([key, value]) => [key, round(value)]))),
  );
}
