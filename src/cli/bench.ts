import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { build, compile, validateSchema } from "../api/entry-points";
import type { CompileOptions } from "../compile/keyword";
import { readOptions } from "../api/options";
import { engine as patternEngine, type Searches } from "../pattern/native";
import { CompiledValidator } from "../validate/validator";
import type { Validator } from "../runtime/types";
import { MAX_DEPTH } from "../runtime/json-value";
import { shortName } from "../explain/messages";
import { oneLine } from "../runtime/one-line";
import type { ToolEntry } from "../api/tool-list";
import { ajvCompile, loadAjv, type AjvInstance } from "./bench-ajv";
import { renderReport, show, type AjvComparison, type ToolTiming } from "./bench-report";
import { readCall } from "./bulk-batch";
import { foreignEncoding } from "./encoding";
import { readLines } from "./lines";
import { CliError, COMMON_FLAGS, compileOptions, parseCommandLine, type Command } from "./command";
import { counted, formatNumber } from "./numbers";
import { readJson, systemReason } from "./read-json";
import { toolsInFile } from "./tool-file";
import { isPlainObject } from "../runtime/shape";

const USAGE = `Usage: tool-input-schema bench [options] <catalog>... [--calls <calls.jsonl>]

Times your own catalog: per tool, preflight + compile (validateSchema, then
compile), and validation in ns per call, with the number of patterns in its
schema. The arguments come from --calls (JSON Lines of { "name", "arguments" })
or, without it, from "valid" and "invalid" cases that a tool file carries
beside its schema; a tool with neither is only compiled. Calls to tools that
are not in the catalog are counted and skipped.

Options:
  --calls <file>           the calls to time
  --profile core|extended  the keyword table (default: core)
  --lenient-scalars        compile with the lenientScalars option
  --present-required       compile with the presentRequired option
  --json                   the table as JSON
  --html <file>            also write a self-contained HTML report to <file>:
                           charts and a table per tool, with Ajv 8 timed the
                           same way (when ajv is installed; else our numbers
                           alone, saying why) and the pattern searches each
                           validation runs; the table and --json then show
                           these numbers too
  --help                   this text`;

/** Each tool's calls are repeated this long untimed, then this long timed. */
const WARM_MS = 100;
const TIMED_MS = 200;

/**
 * Compiled a few times before anything is timed, so that the first tool does
 * not pay for loading and optimizing the library's own code. Its pattern is one
 * no catalog uses: the pattern cache stays cold for the tools.
 */
const WARM_UP = {
  type: "object",
  properties: {
    a: { type: "string", minLength: 1, pattern: "^tool-input-schema bench warm-up$" },
    b: { type: "array", minItems: 1, items: { enum: ["x", 1] } },
    c: { oneOf: [{ type: "integer", minimum: 0, maximum: 9 }, { not: {} }] },
    d: { anyOf: [{ type: "boolean" }, { type: "object", properties: {}, additionalProperties: { type: "null" } }] },
  },
  required: ["a"],
  additionalProperties: false,
};

/** Keywords whose values are data, not schemas: a "pattern" key inside them is not a pattern. */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);

/** The `pattern` keywords of a schema, each occurrence once. */
function patternsOf(schema: unknown, found: string[] = [], depth = 0): string[] {
  if (typeof schema !== "object" || schema === null || depth > MAX_DEPTH) return found;
  for (const [key, value] of Object.entries(schema)) {
    if (key === "pattern" && typeof value === "string") found.push(value);
    else if (!DATA_KEYWORDS.has(key)) patternsOf(value, found, depth + 1);
  }
  return found;
}

/**
 * Arguments per tool name, from a calls file; lines that hold no call (or
 * whose bytes are not UTF-8) are skipped and counted.
 */
async function readCalls(file: string): Promise<{ calls: Map<string, unknown[]>; badLines: number }> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new CliError(`${file}: cannot read (${systemReason(error)})`);
  }
  const problem = foreignEncoding(bytes);
  if (problem !== null) throw new CliError(`${file}: ${problem}`);
  const calls = new Map<string, unknown[]>();
  let badLines = 0;
  for await (const { lines } of readLines([bytes], 0, Infinity, Infinity)) {
    for (const line of lines) {
      const call = readCall(line);
      if (call === null) continue;
      if (typeof call === "string") {
        badLines++;
        continue;
      }
      const list = calls.get(call.name) ?? [];
      list.push(call.args);
      calls.set(call.name, list);
    }
  }
  return { calls, badLines };
}

/** The "valid" and "invalid" cases a fixture file carries beside its schema. */
function fixtureCalls(tools: readonly ToolEntry[]): Map<string, unknown[]> {
  const calls = new Map<string, unknown[]>();
  for (const { name, descriptor } of tools) {
    if (!isPlainObject(descriptor)) continue;
    const valid = Array.isArray(descriptor.valid) ? descriptor.valid : [];
    const invalid = Array.isArray(descriptor.invalid) ? descriptor.invalid.map((c) => (isPlainObject(c) ? c.arguments : c)) : [];
    if (valid.length + invalid.length > 0) calls.set(name, [...valid, ...invalid]);
  }
  return calls;
}

/** Calls whose tool is not in the catalog: per name, most calls first, then by name (as the validate summary lists tools). */
function unknownTools(calls: ReadonlyMap<string, unknown[]>, known: ReadonlySet<string>): { name: string; calls: number }[] {
  return [...calls]
    .filter(([name]) => !known.has(name))
    .map(([name, args]) => ({ name, calls: args.length }))
    .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Names listed where the header says which tools were not in the catalog. */
const LISTED_UNKNOWN = 5;

/** "; 3 calls to 2 tools not in the catalog skipped (reed_file, ecoh)", or "". */
function unknownNote(unknown: readonly { name: string; calls: number }[]): string {
  if (unknown.length === 0) return "";
  const calls = unknown.reduce((sum, tool) => sum + tool.calls, 0);
  const names = unknown.slice(0, LISTED_UNKNOWN).map(({ name }) => shortName(name));
  if (unknown.length > LISTED_UNKNOWN) names.push("…");
  return `; ${counted(calls, "call")} to ${unknown.length === 1 ? "a tool" : `${formatNumber(unknown.length)} tools`} not in the catalog skipped (${names.join(", ")})`;
}

/** The line that says why nothing was timed but compiling, and how to give calls; "" when some tool had calls. */
function noCallsNote(timings: readonly ToolTiming[], callsFile: string | undefined): string {
  if (timings.some((t) => t.calls > 0)) return "";
  const how = 'pass them with --calls <calls.jsonl> (one { "name", "arguments" } per line)';
  return callsFile === undefined
    ? `no calls given, so only preflight and compile were timed: ${how}\n`
    : `no calls in ${callsFile} name a tool of the catalog, so only preflight and compile were timed\n`;
}

/** Runs the validator over `args` for at least `ms`; returns the validations done and the nanoseconds taken. */
function repeat(validator: Validator, args: readonly unknown[], ms: number): { done: number; ns: number } {
  let done = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(ms * 1e6);
  let now = started;
  while (now < deadline) {
    for (const a of args) validator.validate(a);
    done += args.length;
    now = process.hrtime.bigint();
  }
  return { done, ns: Number(now - started) };
}

/** Nanoseconds per validation of `args`, timed after V8 has had time to optimize the validator. */
function timeValidation(validator: Validator, args: readonly unknown[]): number {
  repeat(validator, args, WARM_MS);
  const { done, ns } = repeat(validator, args, TIMED_MS);
  return ns / done;
}

/**
 * repeat() for an Ajv check. A loop of its own, so that neither validator's
 * call site sees the other's functions (a shared one would turn polymorphic
 * and slow both down).
 */
function repeatAjv(check: (data: unknown) => boolean, args: readonly unknown[], ms: number): { done: number; ns: number } {
  let done = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(ms * 1e6);
  let now = started;
  while (now < deadline) {
    for (const a of args) check(a);
    done += args.length;
    now = process.hrtime.bigint();
  }
  return { done, ns: Number(now - started) };
}

/** Ajv's compile time and ns per validation for one tool, timed as ours are. */
function timeAjv(ajv: AjvInstance, schema: unknown, args: readonly unknown[]): Pick<ToolTiming, "ajvCompileMicros" | "ajvNsPerValidation" | "ajvError"> {
  const compiled = ajvCompile(ajv, schema);
  if ("error" in compiled) return { ajvCompileMicros: null, ajvNsPerValidation: null, ajvError: compiled.error };
  if (args.length === 0) return { ajvCompileMicros: compiled.micros, ajvNsPerValidation: null };
  repeatAjv(compiled.check, args, WARM_MS);
  const { done, ns } = repeatAjv(compiled.check, args, TIMED_MS);
  return { ajvCompileMicros: compiled.micros, ajvNsPerValidation: ns / done };
}

/**
 * Pattern searches per validation of `args`, on average: every search the
 * validations run, both passes of a failing call, as the addon counts them.
 * Run after all timing, on a validator compiled again.
 */
function countSearches(schema: unknown, options: ReturnType<typeof compileOptions>, args: readonly unknown[]): number {
  const validator = build(schema, readOptions(options) as CompileOptions);
  if (!(validator instanceof CompiledValidator)) return 0;
  const before = searchesRun();
  for (const a of args) validator.validate(a);
  return (searchesRun() - before) / args.length;
}

/** The searches each engine ran since `before`. */
function searchesSince(before: Searches): Searches {
  const now = patternEngine.searches();
  return { pcre2: now.pcre2 - before.pcre2, dfa: now.dfa - before.dfa, pcre2Trips: now.pcre2Trips - before.pcre2Trips, fast: now.fast - before.fast, slow: now.slow - before.slow };
}

function searchesRun(): number {
  const { pcre2, dfa } = patternEngine.searches();
  return pcre2 + dfa;
}

function printTable(timings: ToolTiming[], header: string, compared: AjvComparison | null): void {
  const withAjv = compared?.loaded === true;
  const rows = [["tool", "status", "compile µs", ...(withAjv ? ["Ajv compile µs"] : []), "patterns", ...(compared ? ["searches"] : []), "calls", "ns/validation"]];
  if (withAjv) rows[0].push("Ajv ns", "× Ajv");
  for (const t of timings) {
    const row = [oneLine(t.name), t.status, show.micros(t.compileMicros), ...(withAjv ? [t.ajvError === undefined ? show.micros(t.ajvCompileMicros) : "refused"] : [])];
    row.push(show.count(t.patterns), ...(compared ? [show.searches(t.patternSearches)] : []), show.count(t.calls), show.ns(t.nsPerValidation));
    if (withAjv) row.push(show.ns(t.ajvNsPerValidation), show.ratio(t.nsPerValidation, t.ajvNsPerValidation));
    rows.push(row);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) => row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  "));
  process.stdout.write([header, ...lines].join("\n") + "\n");
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine("bench", () =>
    parseArgs({ args: argv, options: { ...COMMON_FLAGS, calls: { type: "string" }, json: { type: "boolean" }, html: { type: "string" } }, allowPositionals: true }),
  );
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (positionals.length === 0) throw new CliError("bench: no catalog given (see bench --help)");
  const options = compileOptions(values);

  const tools: ToolEntry[] = [];
  for (const file of positionals) {
    const found = toolsInFile(readJson(file), file);
    if (found.problems.length > 0) throw new CliError(`${file}: ${found.problems[0].message}`);
    tools.push(...found.tools);
  }
  const seen = new Set<string>();
  for (const { name } of tools) {
    if (seen.has(name)) throw new CliError(`bench: tool ${oneLine(JSON.stringify(name))} is in more than one catalog`);
    seen.add(name);
  }
  const { calls, badLines } = values.calls === undefined ? { calls: fixtureCalls(tools), badLines: 0 } : await readCalls(values.calls);
  const unknown = unknownTools(calls, seen);

  // The report's file is checked before minutes of timing, not after.
  const html = values.html;
  if (html !== undefined) writeReport(html, "");
  const { comparison, ajv } = html !== undefined ? loadAjv() : { comparison: null, ajv: null };

  for (let round = 0; round < 20; round++) {
    validateSchema(WARM_UP, options);
    compile(WARM_UP, options).validate({ a: "x", b: [1], c: 3, d: {} });
    if (ajv !== null) ajvCompile(ajv, WARM_UP);
  }
  let compileTotal = 0;
  const searchesBefore = patternEngine.searches();
  const timings = tools.map(({ name, inputSchema }): ToolTiming => {
    const started = process.hrtime.bigint();
    const preflight = validateSchema(inputSchema, options);
    const validator = preflight.ok ? compile(inputSchema, options) : null;
    const compileMicros = Number(process.hrtime.bigint() - started) / 1000;
    compileTotal += compileMicros;
    const args = calls.get(name) ?? [];
    const status = preflight.ok ? "ok" : preflight.kind === "unsupported_capability" ? "unsupported" : "malformed";
    const nsPerValidation = validator !== null && args.length > 0 ? timeValidation(validator, args) : null;
    const timing: ToolTiming = { name, status, compileMicros, patterns: patternsOf(inputSchema).length, calls: args.length, nsPerValidation };
    return ajv === null ? timing : { ...timing, ...timeAjv(ajv, inputSchema, args) };
  });
  if (html !== undefined) {
    tools.forEach(({ name, inputSchema }, i) => {
      const args = calls.get(name) ?? [];
      const t = timings[i];
      t.patternSearches = t.nsPerValidation === null ? null : countSearches(inputSchema, options, args);
    });
  }

  const searches = searchesSince(searchesBefore);
  if (values.json) {
    const { baseWork, workPerUnit, maxWork, readsPerUnit, K, pcre2Version, jit } = patternEngine;
    const engine = { baseWork, workPerUnit, maxWork, readsPerUnit, K, pcre2Version, jit };
    const report = { profile: options.profile, engine, searches, ...(comparison !== null ? { ajv: comparison } : {}), badLines, unknownTools: unknown, tools: timings };
    process.stdout.write(JSON.stringify(report, null, 2) + "\n");
  } else {
    const skipped = badLines > 0 ? `; ${counted(badLines, "bad line")} skipped` : "";
    const ajvNote = comparison === null ? "" : comparison.loaded ? `; against Ajv ${comparison.version}` : `; Ajv not compared (${comparison.reason})`;
    const searched = searches.pcre2 + searches.dfa === 0 ? "" : `; ${formatNumber(searches.pcre2)} pattern searches in PCRE2, ${formatNumber(searches.dfa)} in the DFA`;
    const header = `${counted(tools.length, "tool")}, preflight + compile ${formatNumber(compileTotal / 1000, 2)} ms in all (--profile ${options.profile})${searched}${skipped}${unknownNote(unknown)}${ajvNote}`;
    printTable(timings, header, comparison);
    process.stdout.write(noCallsNote(timings, values.calls));
  }
  if (html !== undefined && comparison !== null) {
    const run = {
      catalogs: positionals,
      callsFile: values.calls ?? null,
      profile: options.profile,
      lenientScalars: options.lenientScalars,
      presentRequired: options.presentRequired,
      badLines,
      unknownTools: unknown,
      ajv: comparison,
      node: process.version,
      date: new Date().toISOString(),
      tools: timings,
    };
    writeReport(html, renderReport(run));
  }
  return 0;
}

function writeReport(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new CliError(`${file}: cannot write (${systemReason(error)})`);
  }
}

export const benchCommand: Command = { name: "bench", summary: "time preflight, compile and validation for a catalog", usage: USAGE, run };
