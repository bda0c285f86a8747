import { parseArgs } from "node:util";
import { validateSchema } from "../api/entry-points";
import { readOptions } from "../api/options";
import { enginesOf } from "../api/pattern-info";
import type { Engine } from "../pattern/native";
import { oneLine } from "../runtime/one-line";
import { toolIssue } from "../api/tool-list";
import type { Issue, Options, Profile, Result } from "../runtime/types";
import { CliError, COMMON_FLAGS, compileOptions, parseCommandLine, type Command } from "./command";
import { counted, formatNumber } from "./numbers";
import { readJson } from "./read-json";
import { inFileOrder, toolsInFile } from "./tool-file";

type Status = "ok" | "unsupported" | "malformed";

interface ToolReport {
  name: string;
  status: Status;
  /** With the core profile: the status "extended" would give a refused tool. */
  extended?: Status;
  message?: string;
  issues?: Issue[];
}

/** A distinct pattern of the checked tools: which engine runs it, why not PCRE2, and where it is used. */
interface PatternReport {
  pattern: string;
  engine: Engine;
  reason: string | null;
  tools: string[];
}

interface FileReport {
  file: string;
  tools: ToolReport[];
  /** Set when the file could not be read or is not JSON. */
  error?: string;
}

const USAGE = `Usage: tool-input-schema check [options] <file>...

Preflights every tool's input schema. A file holds an MCP tools/list result,
a list of tools ({ name, inputSchema }, OpenAI or Anthropic definitions), one
tool, or one schema. Each tool is ok, unsupported or malformed; each problem
is shown with its keyword and JSON Pointer.

Options:
  --profile core|extended  the keyword table to check against (default: core)
  --lenient-scalars        check as with the lenientScalars option
  --present-required       check as with the presentRequired option (it
                           changes what calls pass, not which schemas do)
  --patterns               also list every distinct pattern of the tools
                           with the engine that runs it (PCRE2, or the DFA
                           and why)
  --json                   one JSON document on stdout
  --help                   this text

Exit status: 0 all tools supported, 1 some refused, 2 a file cannot be read
or is not JSON.`;

function statusOf(result: Result): Status {
  if (result.ok) return "ok";
  return result.kind === "unsupported_capability" ? "unsupported" : "malformed";
}

/** Records the patterns of a tool's schema into `found`, by pattern. */
function addPatterns(found: Map<string, PatternReport>, name: string, schema: unknown, options: Options): void {
  const read = readOptions(options);
  if (typeof read === "string") return;
  for (const { pattern, engine, reason } of enginesOf(schema, read)) {
    let report = found.get(pattern);
    if (report === undefined) found.set(pattern, (report = { pattern, engine, reason, tools: [] }));
    if (!report.tools.includes(name)) report.tools.push(name);
  }
}

function checkFile(
  file: string,
  options: Options & { profile: Profile },
  accepted: Record<Profile, number>,
  patterns: Map<string, PatternReport> | null,
): FileReport {
  let value: unknown;
  try {
    value = readJson(file);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return { file, tools: [], error: error.message };
  }
  const reports = inFileOrder(toolsInFile(value, file)).map((entry): ToolReport => {
    if ("message" in entry) {
      const { name, index, keyword, message } = entry;
      return { name: name ?? `tools[${index}]`, status: "malformed", message, issues: [toolIssue(message, keyword)] };
    }
    const { name, inputSchema } = entry;
    const core = validateSchema(inputSchema, { ...options, profile: "core" });
    const extended = validateSchema(inputSchema, { ...options, profile: "extended" });
    if (core.ok) accepted.core++;
    if (extended.ok) accepted.extended++;
    const result = options.profile === "core" ? core : extended;
    if (patterns !== null) addPatterns(patterns, name, inputSchema, options);
    const report: ToolReport = { name, status: statusOf(result) };
    if (!result.ok) {
      if (options.profile === "core") report.extended = statusOf(extended);
      report.message = result.message;
      report.issues = result.issues;
    }
    return report;
  });
  return { file, tools: reports };
}

/** The pattern list's lines: a summary, then each pattern with its engine, and why not PCRE2. */
function patternLines(patterns: PatternReport[], profile: Profile): string[] {
  const inPcre2 = patterns.filter((p) => p.engine === "pcre2").length;
  const lines = [
    `patterns: ${counted(patterns.length, "distinct pattern")} (--profile ${profile}): ${formatNumber(inPcre2)} run in PCRE2, ${formatNumber(patterns.length - inPcre2)} in the DFA`,
  ];
  for (const { pattern, engine, reason } of patterns) {
    lines.push(`  ${engine.padEnd(5)}  ${oneLine(pattern)}`);
    if (reason !== null) lines.push(`         ${reason}`);
  }
  return lines;
}

function printText(files: FileReport[], summary: string, patterns: string[]): void {
  const lines: string[] = [];
  for (const { file, tools, error } of files) {
    if (error !== undefined) continue;
    lines.push(`${file}: ${counted(tools.length, "tool")}`);
    for (const tool of tools) {
      const hint = tool.extended === "ok" ? "  (needs --profile extended)" : "";
      lines.push(`  ${tool.status.padEnd(11)}  ${oneLine(tool.name)}${hint}`);
      for (const issue of tool.issues ?? []) lines.push(`      ${issue.keyword}  ${issue.message}`);
    }
  }
  lines.push(...patterns, summary);
  process.stdout.write(lines.join("\n") + "\n");
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine("check", () =>
    parseArgs({
      args: argv,
      options: { ...COMMON_FLAGS, json: { type: "boolean" }, patterns: { type: "boolean" } },
      allowPositionals: true,
    }),
  );
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (positionals.length === 0) throw new CliError("check: no file given (see check --help)");
  const options = compileOptions(values);

  const accepted: Record<Profile, number> = { core: 0, extended: 0 };
  const found = values.patterns ? new Map<string, PatternReport>() : null;
  const files = positionals.map((file) => checkFile(file, options, accepted, found));
  const patterns = found === null ? null : [...found.values()];
  for (const { error } of files) if (error !== undefined) process.stderr.write(`tool-input-schema: ${error}\n`);

  const tools = files.flatMap((file) => file.tools);
  const counts: Record<Status, number> = { ok: 0, unsupported: 0, malformed: 0 };
  for (const tool of tools) counts[tool.status]++;
  const unreadable = files.filter((file) => file.error !== undefined).length;

  if (values.json) {
    const summary = { profile: options.profile, tools: tools.length, ...counts, accepted, unreadableFiles: unreadable };
    process.stdout.write(
      JSON.stringify({ files, ...(patterns !== null ? { patterns } : {}), summary }, null, 2) + "\n",
    );
  } else {
    const n = formatNumber;
    const unreadableNote =
      unreadable > 0 ? `; ${n(unreadable)} of ${counted(files.length, "file")} could not be read` : "";
    printText(
      files,
      `summary: ${counted(tools.length, "tool")} (--profile ${options.profile}): ${n(counts.ok)} ok, ${n(counts.unsupported)} unsupported, ` +
        `${n(counts.malformed)} malformed; the core profile accepts ${n(accepted.core)}, the extended profile ${n(accepted.extended)}${unreadableNote}`,
      patterns === null ? [] : patternLines(patterns, options.profile),
    );
  }
  if (unreadable > 0) return 2;
  return counts.ok === tools.length ? 0 : 1;
}

export const checkCommand: Command = {
  name: "check",
  summary: "preflight the tool schemas in tools/list files",
  usage: USAGE,
  run,
};
