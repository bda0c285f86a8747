import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { compile, validateSchema } from "../api";
import { engine as patternEngine } from "../pattern/native";
import type { Validator } from "../types";
import { isPlainObject, MAX_DEPTH } from "../json-value";
import { count } from "../messages";
import { oneLine } from "../one-line";
import type { ToolEntry } from "../tool-list";
import { readCall } from "./bulk-batch";
import { CliError, COMMON_FLAGS, compileOptions, parseCommandLine, type Command } from "./command";
import { readJson, systemReason, withoutBom } from "./read-json";
import { toolsInFile } from "./tool-file";

const USAGE = `Usage: tool-input-schema bench [options] <catalog>... [--calls <calls.jsonl>]

Times your own catalog: per tool, preflight + compile (validateSchema, then
compile), and validation in ns per call, with the number of patterns in its
schema. The arguments come from --calls (JSON Lines of { "name", "arguments" })
or, without it, from the "valid" and "invalid" cases of fixture files
(fixtures/tools/*.json); a tool with neither is only compiled.

Options:
  --calls <file>           the calls to time
  --profile core|extended  the keyword table (default: core)
  --lenient-scalars        compile with the lenientScalars option
  --json                   the table as JSON
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

interface ToolTiming {
  name: string;
  status: "ok" | "unsupported" | "malformed";
  /** validateSchema + compile, in microseconds. */
  compileMicros: number;
  patterns: number;
  calls: number;
  /** null when the tool has no calls or its schema is refused. */
  nsPerValidation: number | null;
}

function countPatterns(schema: unknown, depth = 0): number {
  if (typeof schema !== "object" || schema === null || depth > MAX_DEPTH) return 0;
  let patterns = 0;
  for (const [key, value] of Object.entries(schema)) {
    if (key === "pattern" && typeof value === "string") patterns++;
    else if (!DATA_KEYWORDS.has(key)) patterns += countPatterns(value, depth + 1);
  }
  return patterns;
}

/** Arguments per tool name, from a calls file; lines that hold no call are skipped and counted. */
function readCalls(file: string): { calls: Map<string, unknown[]>; badLines: number } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new CliError(`${file}: cannot read (${systemReason(error)})`);
  }
  const calls = new Map<string, unknown[]>();
  let badLines = 0;
  for (const line of withoutBom(text).split("\n")) {
    if (line.trim() === "") continue;
    const call = readCall(line);
    if (typeof call === "string") {
      badLines++;
      continue;
    }
    const list = calls.get(call.name) ?? [];
    list.push(call.args);
    calls.set(call.name, list);
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

function printTable(timings: ToolTiming[], header: string): void {
  const rows = [["tool", "status", "compile µs", "patterns", "calls", "ns/validation"]];
  for (const t of timings) {
    const ns = t.nsPerValidation === null ? "-" : Math.round(t.nsPerValidation).toLocaleString("en-US");
    rows.push([oneLine(t.name), t.status, t.compileMicros.toFixed(1), String(t.patterns), String(t.calls), ns]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) => row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  "));
  process.stdout.write([header, ...lines].join("\n") + "\n");
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine("bench", () =>
    parseArgs({ args: argv, options: { ...COMMON_FLAGS, calls: { type: "string" }, json: { type: "boolean" } }, allowPositionals: true }),
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
  const { calls, badLines } = values.calls === undefined ? { calls: fixtureCalls(tools), badLines: 0 } : readCalls(values.calls);

  for (let round = 0; round < 20; round++) {
    validateSchema(WARM_UP, options);
    compile(WARM_UP, options).validate({ a: "x", b: [1], c: 3, d: {} });
  }
  let compileTotal = 0;
  const timings = tools.map(({ name, inputSchema }): ToolTiming => {
    const started = process.hrtime.bigint();
    const preflight = validateSchema(inputSchema, options);
    const validator = preflight.ok ? compile(inputSchema, options) : null;
    const compileMicros = Number(process.hrtime.bigint() - started) / 1000;
    compileTotal += compileMicros;
    const args = calls.get(name) ?? [];
    const status = preflight.ok ? "ok" : preflight.kind === "unsupported_capability" ? "unsupported" : "malformed";
    const nsPerValidation = validator !== null && args.length > 0 ? timeValidation(validator, args) : null;
    return { name, status, compileMicros, patterns: countPatterns(inputSchema), calls: args.length, nsPerValidation };
  });

  if (values.json) {
    process.stdout.write(JSON.stringify({ profile: options.profile, engine: patternEngine, badLines, tools: timings }, null, 2) + "\n");
  } else {
    const skipped = badLines > 0 ? `; ${count(badLines, "bad line")} skipped` : "";
    printTable(timings, `${tools.length} tools, preflight + compile ${(compileTotal / 1000).toFixed(2)} ms in all (--profile ${options.profile})${skipped}`);
  }
  return 0;
}

export const bench: Command = { name: "bench", summary: "time preflight, compile and validation for a catalog", usage: USAGE, run };
