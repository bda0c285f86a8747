// `bench` as text: a header that says what was measured and how, then a
// table per question (docs/cli.md, "bench"): the tools, the calls that pass,
// the calls that fail, the first calls, the patterns.
import { shortName } from "../explain/messages";
import { oneLine } from "../runtime/one-line";
import { show, type BenchRun, type ToolBench } from "./bench-results";
import { SAMPLE_MS, WARMUP_MS } from "./bench-timing";
import { counted, formatNumber } from "./numbers";
import { textTable } from "./text-table";

/** Names listed where the header says which tools were not in the catalog. */
const LISTED_UNKNOWN = 5;

/** What the run read: tools, calls, and what it skipped. */
function readLine(run: BenchRun): string {
  const tools = `${counted(run.tools.length, "tool")} (--profile ${run.profile}${run.lenientScalars ? ", --lenient-scalars" : ""}${run.presentRequired ? ", --present-required" : ""})`;
  const calls = run.tools.reduce((sum, t) => sum + t.calls, 0);
  const passing = run.tools.reduce((sum, t) => sum + t.validCalls, 0);
  const source = run.callsFile === null ? "the tool files' own cases" : oneLine(run.callsFile);
  const read =
    run.callsFile === null && calls === 0
      ? "no calls"
      : `${counted(calls, "call")} from ${source}: ${formatNumber(passing)} pass, ${formatNumber(calls - passing)} fail`;
  const parts = [`${tools}; ${read}`];
  if (run.badLines > 0 && run.firstBadLine !== null) {
    parts.push(
      `${counted(run.badLines, "bad line")} skipped (the first, line ${run.firstBadLine.line}: ${oneLine(run.firstBadLine.reason)})`,
    );
  }
  const unknown = run.unknownTools;
  if (unknown.length > 0) {
    const skipped = unknown.reduce((sum, tool) => sum + tool.calls, 0);
    const names = unknown.slice(0, LISTED_UNKNOWN).map(({ name }) => shortName(name));
    if (unknown.length > LISTED_UNKNOWN) names.push("…");
    parts.push(
      `${counted(skipped, "call")} to ${unknown.length === 1 ? "a tool" : `${formatNumber(unknown.length)} tools`} not in the catalog skipped (${names.join(", ")})`,
    );
  }
  return parts.join("; ");
}

/** How the figures were made, and against what. */
function methodLines(run: BenchRun): string[] {
  const lines = [
    `each figure: ns a call after ${WARMUP_MS} ms untimed, the median of ${counted(run.rounds, "interleaved round")} of about ${SAMPLE_MS} ms (fastest–slowest round); CPU: the process's CPU time a call; × Ajv: the median of the rounds' ratios`,
  ];
  lines.push(
    run.ajv.loaded
      ? `against Ajv ${run.ajv.version}: calls that pass beside Ajv stopping at its first error; calls that fail beside Ajv with allErrors: true and stopping at its first error (ours builds every problem's message)`
      : `Ajv not compared (${run.ajv.reason})`,
  );
  const disagree = run.tools.reduce((sum, t) => sum + (t.ajvDisagrees ?? 0), 0);
  if (disagree > 0)
    lines.push(
      `${counted(disagree, "call")} that Ajv answers otherwise left out of both timings (counted per tool in --json: "ajvDisagrees")`,
    );
  return lines;
}

/** A table under its title, after a blank line: the first `left` columns aligned left, the rest right. */
function table(title: string, header: string[], rows: string[][], left = 1): string[] {
  return ["", title, ...textTable(header, rows, { left })];
}

function toolsTable(run: BenchRun): string[] {
  const withAjv = run.ajv.loaded;
  const header = [
    "tool",
    "status",
    "compile µs",
    ...(withAjv ? ["Ajv compile µs"] : []),
    "patterns",
    "calls",
    "pass",
    "fail",
    "first call µs",
    "generating call µs",
  ];
  const rows = run.tools.map((t) => [
    oneLine(t.name),
    t.status,
    show.micros(t.compileMicros),
    ...(withAjv ? [t.ajvError === undefined ? show.micros(t.ajvCompileMicros) : "refused"] : []),
    show.count(t.patterns),
    show.count(t.calls),
    show.count(t.validCalls),
    show.count(t.failingCalls),
    show.spread(t.firstCalls?.first, 1000),
    show.spread(t.firstCalls?.generating, 1000),
  ]);
  return table(
    "tools: preflight + compile, and a fresh validator's first call and the call that generates its fast check (µs, median (fastest–slowest))",
    header,
    rows,
    2,
  );
}

function validTable(run: BenchRun, timed: readonly ToolBench[]): string[] {
  const withAjv = run.ajv.loaded;
  const header = [
    "tool",
    "calls",
    "ns",
    "CPU ns",
    ...(withAjv ? ["Ajv ns", "× Ajv", "× Ajv CPU"] : []),
    "searches a call",
  ];
  const rows = timed.map((t) => {
    const v = t.valid!;
    return [
      oneLine(t.name),
      show.count(v.calls),
      show.spread(v.ours.ns),
      show.ns(v.ours.cpuNs),
      ...(withAjv ? [show.spread(v.ajv?.ns), show.ratio(v.ratio), show.ratio(v.cpuRatio)] : []),
      show.searches(t.searchesPerValidCall),
    ];
  });
  return table("calls that pass (ns a call, median (fastest–slowest round))", header, rows);
}

function failingTable(run: BenchRun, timed: readonly ToolBench[]): string[] {
  const withAjv = run.ajv.loaded;
  const header = [
    "tool",
    "calls",
    "ns",
    "CPU ns",
    ...(withAjv ? ["Ajv allErrors ns", "× Ajv allErrors", "Ajv first error ns", "× Ajv first error"] : []),
    "searches a call",
  ];
  const rows = timed.map((t) => {
    const f = t.failing!;
    return [
      oneLine(t.name),
      show.count(f.calls),
      show.spread(f.ours.ns),
      show.ns(f.ours.cpuNs),
      ...(withAjv
        ? [
            show.spread(f.ajvAllErrors?.ns),
            show.ratio(f.ratioAllErrors),
            show.spread(f.ajvFirstError?.ns),
            show.ratio(f.ratioFirstError),
          ]
        : []),
      show.searches(t.searchesPerFailingCall),
    ];
  });
  return table(
    "calls that fail (ns a call, with the model-facing message; median (fastest–slowest round))",
    header,
    rows,
  );
}

function patternsTable(run: BenchRun): string[] {
  const header = ["pattern", "engine", "tools", "searches", "ns a search", "µs in all"];
  const rows = run.patterns.map((p) => [
    oneLine(JSON.stringify(p.pattern)),
    p.engine,
    show.count(p.tools.length),
    show.count(p.searches),
    show.spread(p.perSearch?.ns),
    p.perSearch === null ? "-" : show.micros((p.perSearch.ns.median * p.searches) / 1000),
  ]);
  return table(
    "patterns: the searches of each that validating every call once runs, and one search (ns, median (fastest–slowest round))",
    header,
    rows,
    2,
  );
}

/** The line that says why nothing was timed but compiling, and how to give calls; null when some tool had calls. */
function noCallsLine(run: BenchRun): string | null {
  if (run.tools.some((t) => t.calls > 0)) return null;
  const how = "pass them with --calls <calls.jsonl> (one call record per line, as validate --calls reads them)";
  return run.callsFile === null
    ? `no calls given, so only preflight and compile were timed: ${how}`
    : `no calls in ${oneLine(run.callsFile)} name a tool of the catalog, so only preflight and compile were timed`;
}

/** The whole text output of a run. */
export function benchText(run: BenchRun): string {
  const lines = [readLine(run), ...methodLines(run), ...toolsTable(run)];
  const valid = run.tools.filter((t) => t.valid !== null);
  const failing = run.tools.filter((t) => t.failing !== null);
  if (valid.length > 0) lines.push(...validTable(run, valid));
  if (failing.length > 0) lines.push(...failingTable(run, failing));
  if (run.patterns.length > 0) lines.push(...patternsTable(run));
  const none = noCallsLine(run);
  if (none !== null) lines.push("", none);
  return lines.join("\n") + "\n";
}
