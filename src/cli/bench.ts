import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { compile, validateSchema } from "../api/entry-points";
import { readOptions } from "../api/options";
import type { ToolEntry } from "../api/tool-list";
import type { CompileOptions } from "../compile/keyword";
import { MAX_DEPTH } from "../runtime/json-value";
import { oneLine } from "../runtime/one-line";
import { ajvCompile, loadAjv, type AjvPair } from "./bench-ajv";
import { benchCalls, type BenchCall } from "./bench-calls";
import { patternCosts } from "./bench-patterns";
import { renderReport } from "./bench-report";
import type { BenchRun, ToolBench } from "./bench-results";
import { benchText } from "./bench-text";
import { searchesPerCall, timeCalls, timeFirstCalls, type AjvChecks } from "./bench-timing";
import { CliError, COMMON_FLAGS, compileOptions, parseCommandLine, type Command } from "./command";
import { timed } from "./measure";
import { readJson, systemReason } from "./read-json";
import { toolsInFile } from "./tool-file";

const USAGE = `Usage: tool-input-schema bench [options] <catalog>... [--calls <calls.jsonl>]

Times your own catalog, per tool: preflight + compile; a fresh validator's
first call and the call that generates its fast check; the calls that pass
and the calls that fail, apart, in ns a call (median and spread over
interleaved rounds, and CPU time), beside Ajv 8 when it can be loaded (calls
that pass beside Ajv stopping at its first error, calls that fail beside Ajv
with allErrors: true and stopping at its first error); and per pattern of
the catalog its engine, its searches and what one costs.

The calls come from --calls, read exactly as validate --calls reads them
(every record shape it reads; arguments kept as JSON text are parsed as
validate parses them), or, without it, from "valid" and "invalid" cases
that a tool file carries beside its schema; a tool with neither is only
compiled. Whether a call passes or fails is validate's answer. Bad lines and
calls to tools that are not in the catalog are counted and skipped.

Options:
  --calls <file>           the calls to time
  --rounds <N>             interleaved rounds behind each figure (default: 9)
  --profile core|extended  the keyword table (default: core)
  --lenient-scalars        compile with the lenientScalars option
  --present-required       compile with the presentRequired option
  --json                   the results as JSON
  --html <file>            also write a self-contained HTML report to <file>
  --help                   this text`;

const DEFAULT_ROUNDS = 9;

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

function roundsOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_ROUNDS;
  const rounds = Number(text);
  if (!/^[0-9]+$/.test(text) || rounds < 1 || rounds > 1000)
    throw new CliError(`--rounds must be a whole number from 1 to 1000, got ${JSON.stringify(text)}`);
  return rounds;
}

function readTools(files: readonly string[]): ToolEntry[] {
  const tools: ToolEntry[] = [];
  for (const file of files) {
    const found = toolsInFile(readJson(file), file);
    if (found.problems.length > 0) throw new CliError(`${file}: ${found.problems[0].message}`);
    tools.push(...found.tools);
  }
  const seen = new Set<string>();
  for (const { name } of tools) {
    if (seen.has(name)) throw new CliError(`bench: tool ${oneLine(JSON.stringify(name))} is in more than one catalog`);
    seen.add(name);
  }
  return tools;
}

/** One tool, measured: compile, then (when its schema compiles and it has calls) its calls. */
function benchTool(
  tool: ToolEntry,
  calls: readonly BenchCall[],
  options: ReturnType<typeof compileOptions>,
  ajv: AjvPair | null,
  rounds: number,
): ToolBench {
  const { name, inputSchema } = tool;
  const compiled = timed(() => {
    const preflight = validateSchema(inputSchema, options);
    return { preflight, validator: preflight.ok ? compile(inputSchema, options) : null };
  });
  const { preflight, validator } = compiled.value;
  const compileMicros = compiled.ns / 1000;
  const status = preflight.ok ? "ok" : preflight.kind === "unsupported_capability" ? "unsupported" : "malformed";
  const validCalls = calls.filter((call) => call.ok).length;
  const bench: ToolBench = {
    name,
    status,
    compileMicros,
    patterns: patternsOf(inputSchema).length,
    calls: calls.length,
    validCalls,
    failingCalls: calls.length - validCalls,
    valid: null,
    failing: null,
    firstCalls: null,
    searchesPerValidCall: null,
    searchesPerFailingCall: null,
  };
  let checks: AjvChecks | null = null;
  if (ajv !== null) {
    const first = ajvCompile(ajv.firstError, inputSchema);
    const all = ajvCompile(ajv.allErrors, inputSchema);
    bench.ajvCompileMicros = "error" in first ? null : first.micros;
    if ("error" in first || "error" in all)
      bench.ajvError = "error" in first ? first.error : (all as { error: string }).error;
    else checks = { firstError: first.check, allErrors: all.check };
    bench.ajvDisagrees = 0;
  }
  if (validator === null || calls.length === 0) return bench;
  const timings = timeCalls(validator, checks, calls, rounds);
  bench.valid = timings.valid;
  bench.failing = timings.failing;
  if (ajv !== null) bench.ajvDisagrees = timings.ajvDisagrees;
  bench.firstCalls = timeFirstCalls(inputSchema, options, calls, rounds);
  bench.searchesPerValidCall = searchesPerCall(
    validator,
    calls.filter((call) => call.ok),
  );
  bench.searchesPerFailingCall = searchesPerCall(
    validator,
    calls.filter((call) => !call.ok),
  );
  return bench;
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine("bench", () =>
    parseArgs({
      args: argv,
      options: {
        ...COMMON_FLAGS,
        calls: { type: "string" },
        rounds: { type: "string" },
        json: { type: "boolean" },
        html: { type: "string" },
      },
      allowPositionals: true,
    }),
  );
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (positionals.length === 0) throw new CliError("bench: no catalog given (see bench --help)");
  const options = compileOptions(values);
  const rounds = roundsOf(values.rounds);
  const tools = readTools(positionals);
  const calls = await benchCalls(tools, values.calls, options);

  // The report's file is checked before minutes of timing, not after.
  const html = values.html;
  if (html !== undefined) writeReport(html, "");
  const { comparison, ajv } = loadAjv();

  for (let round = 0; round < 20; round++) {
    validateSchema(WARM_UP, options);
    compile(WARM_UP, options).validate({ a: "x", b: [1], c: 3, d: {} });
    if (ajv !== null) ajvCompile(ajv.firstError, WARM_UP);
  }
  const timings = tools.map((tool) => benchTool(tool, calls.byTool.get(tool.name) ?? [], options, ajv, rounds));
  const uses = tools
    .filter((_, i) => timings[i].status === "ok")
    .map(({ name, inputSchema }) => ({ name, inputSchema, calls: calls.byTool.get(name) ?? [] }));
  const patterns = patternCosts(uses, readOptions(options) as CompileOptions, rounds);

  const result: BenchRun = {
    catalogs: positionals,
    callsFile: values.calls ?? null,
    profile: options.profile,
    lenientScalars: options.lenientScalars,
    presentRequired: options.presentRequired,
    rounds,
    badLines: calls.badLines,
    firstBadLine: calls.firstBadLine,
    unknownTools: calls.unknownTools,
    ajv: comparison,
    node: process.version,
    date: new Date().toISOString(),
    tools: timings,
    patterns,
  };
  process.stdout.write(values.json ? JSON.stringify(result, null, 2) + "\n" : benchText(result));
  if (html !== undefined) writeReport(html, renderReport(result));
  return 0;
}

function writeReport(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new CliError(`${file}: cannot write (${systemReason(error)})`);
  }
}

export const benchCommand: Command = {
  name: "bench",
  summary: "time compile, the calls that pass and fail, and the patterns of a catalog",
  usage: USAGE,
  run,
};
