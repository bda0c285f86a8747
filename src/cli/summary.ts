import { shortName, shapeOf } from "../explain/messages";
import { oneLine } from "../runtime/one-line";
import type { ErrorKind } from "../runtime/types";
import type { Tally } from "./bulk-batch";
import { CliError } from "./command";
import { counted, formatNumber } from "./numbers";
import type { Shard } from "./shard";
import { isPlainObject } from "../runtime/shape";

/**
 * The summary of a bulk import, as `--summary --json` prints it
 * (docs/cli.md). Every count adds up over shards; `seconds` and
 * `recordsPerSecond` are the only timings.
 */
export interface Summary {
  /** The shard this run covered, or null for a whole file (and for merged shards). */
  shard: Shard | null;
  /** Lines read, blank ones included. */
  lines: number;
  /** Calls: a line may hold several (a message with several tool calls), and each counts. */
  calls: number;
  /** Lines that held a call, and those of them that held more than one. */
  linesWithCalls: number;
  linesWithSeveralCalls: number;
  valid: number;
  failed: number;
  failedByKind: Record<ErrorKind, number>;
  badLines: number;
  seconds: number;
  /** Calls and bad lines per second. */
  recordsPerSecond: number;
  /** Every tool called, known or not: most calls first, then by name. */
  tools: { name: string; calls: number; failed: number }[];
  /**
   * The first failed call: its line, the tool it names and the message a
   * model gets; null when every call passed. Merged, the first shard's (or
   * the first run's) that has one.
   */
  firstFailure: FirstFailure | null;
  /** The first line that held no call: where it is and why. Merged, as firstFailure. */
  firstBadLine: FirstBadLine | null;
}

/**
 * A failed call, as a summary shows it: where it is (the calls file as
 * given, "stdin" for standard input, its line, and its place on the line
 * when the line holds several calls), its tool and its message.
 */
export interface FirstFailure {
  file: string;
  line: number;
  call?: number;
  name: string;
  message: string;
}

/** A line that held no call, as a summary shows it: where it is and why. */
export interface FirstBadLine {
  file: string;
  line: number;
  reason: string;
}

const KINDS: readonly ErrorKind[] = ["validation", "unsupported_capability", "execution_failure"];

/** Tools listed in the text summary, most called first. */
const TEXT_TOOLS = 20;

type Firsts = Pick<Summary, "firstFailure" | "firstBadLine">;

function timed(
  counts: Omit<Summary, "seconds" | "recordsPerSecond" | keyof Firsts>,
  seconds: number,
  firsts: Firsts,
): Summary {
  const records = counts.calls + counts.badLines;
  const rounded = Math.round(seconds * 1000) / 1000;
  return { ...counts, seconds: rounded, recordsPerSecond: rounded > 0 ? Math.round(records / rounded) : 0, ...firsts };
}

function byCallsThenName(a: { name: string; calls: number }, b: { name: string; calls: number }): number {
  return b.calls - a.calls || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

export function summaryOf(total: Tally, shard: Shard | null, seconds: number, callsFile: string): Summary {
  const tools = [...total.tools].map(([name, { calls, failed }]) => ({ name, calls, failed })).sort(byCallsThenName);
  const { lines, calls, linesWithCalls, linesWithSeveralCalls, valid } = total;
  const counts = { shard, lines, calls, linesWithCalls, linesWithSeveralCalls, valid, failed: calls - valid };
  const firstFailure = total.firstFailure === null ? null : { file: callsFile, ...total.firstFailure };
  const firstBadLine = total.firstBadLine === null ? null : { file: callsFile, ...total.firstBadLine };
  return timed({ ...counts, failedByKind: { ...total.failed }, badLines: total.badLines, tools }, seconds, {
    firstFailure,
    firstBadLine,
  });
}

/** "5 calls", or "7 calls from 5 lines (2 held several, each call counted)" when some line held several. */
function callsText(summary: Summary): string {
  const calls = counted(summary.calls, "call");
  if (summary.linesWithSeveralCalls === 0) return calls;
  const several = `${formatNumber(summary.linesWithSeveralCalls)} held several, each call counted`;
  return `${calls} from ${counted(summary.linesWithCalls, "line")} (${several})`;
}

/** "calls.jsonl:3" or, on a line of several calls, "calls.jsonl:3, call 2". */
function placeText(place: { file: string; line: number; call?: number }): string {
  return `${oneLine(place.file)}:${place.line}${place.call === undefined ? "" : `, call ${place.call}`}`;
}

/**
 * `5 calls: 2 valid, 3 failed (2 validation, 1 unsupported_capability); 3 bad lines; 0.02 s, 450 records/s`,
 * then the most called tools, the first failed call with its message and the first bad line with its reason.
 */
export function summaryText(summary: Summary): string {
  const kinds = KINDS.filter((kind) => summary.failedByKind[kind] > 0).map(
    (kind) => `${formatNumber(summary.failedByKind[kind])} ${kind}`,
  );
  const head =
    `${callsText(summary)}: ${formatNumber(summary.valid)} valid, ${formatNumber(summary.failed)} failed` +
    `${kinds.length > 0 ? ` (${kinds.join(", ")})` : ""}; ${counted(summary.badLines, "bad line")}; ` +
    `${formatNumber(summary.seconds, 2)} s, ${formatNumber(summary.recordsPerSecond)} records/s`;
  const tools = summary.tools.slice(0, TEXT_TOOLS);
  const shown = tools.map(({ name }) => oneLine(name));
  const width = Math.max(0, ...shown.map((name) => name.length));
  const rows = tools.map(
    ({ calls, failed }, i) => `  ${shown[i].padEnd(width)}  ${counted(calls, "call")}, ${formatNumber(failed)} failed`,
  );
  if (summary.tools.length > TEXT_TOOLS)
    rows.push(`  (and ${counted(summary.tools.length - TEXT_TOOLS, "more tool")})`);
  const first = summary.firstFailure;
  if (first !== null)
    rows.push(`first failed call: ${placeText(first)} (${oneLine(shortName(first.name))}): ${oneLine(first.message)}`);
  const bad = summary.firstBadLine;
  if (bad !== null) rows.push(`first bad line: ${placeText(bad)}: ${oneLine(bad.reason)}`);
  return [head, ...rows].join("\n") + "\n";
}

export function summaryJson(summary: Summary): string {
  return JSON.stringify(summary, null, 2) + "\n";
}

/** The exit status of the run a summary describes: 0 every call valid, 1 some call failed or a line was bad. */
export function summaryStatus(summary: Summary): number {
  return summary.failed === 0 && summary.badLines === 0 ? 0 : 1;
}

/** A summary read back from `--summary --json`; anything else is a CliError naming the file. */
export function readSummary(value: unknown, file: string): Summary {
  const wrong = (what: string) => new CliError(`${file}: not a summary from validate --summary --json (${what})`);
  const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  const counts = (object: unknown, keys: readonly string[], at: string): void => {
    if (!isPlainObject(object)) throw wrong(`${at}: expected an object, got ${shapeOf(object)}`);
    for (const key of keys)
      if (!isCount(object[key]))
        throw wrong(`${at}${at === "" ? "" : "."}${key}: expected a whole number, got ${shapeOf(object[key])}`);
  };
  counts(value, ["lines", "calls", "valid", "failed", "badLines"], "");
  const summary = value as unknown as Summary;
  counts(summary.failedByKind, KINDS, "failedByKind");
  // Summaries written before a line could hold several calls held one a line.
  if (summary.linesWithCalls === undefined && summary.linesWithSeveralCalls === undefined) {
    summary.linesWithCalls = summary.calls;
    summary.linesWithSeveralCalls = 0;
  }
  counts(summary, ["linesWithCalls", "linesWithSeveralCalls"], "");
  if (typeof summary.seconds !== "number" || !(summary.seconds >= 0))
    throw wrong(`seconds: expected a number of seconds, got ${shapeOf(summary.seconds)}`);
  if (!Array.isArray(summary.tools)) throw wrong(`tools: expected a list, got ${shapeOf(summary.tools)}`);
  summary.tools.forEach((tool, i) => {
    counts(tool, ["calls", "failed"], `tools[${i}]`);
    if (typeof tool.name !== "string") throw wrong(`tools[${i}].name: expected a string, got ${shapeOf(tool.name)}`);
  });
  // Summaries written before firstFailure was recorded have none.
  if (summary.firstFailure === undefined) summary.firstFailure = null;
  if (summary.firstFailure !== null) {
    counts(
      summary.firstFailure,
      ["line", ...(summary.firstFailure.call === undefined ? [] : ["call"])],
      "firstFailure",
    );
    for (const key of ["file", "name", "message"] as const) {
      if (typeof summary.firstFailure[key] !== "string")
        throw wrong(`firstFailure.${key}: expected a string, got ${shapeOf(summary.firstFailure[key])}`);
    }
  }
  // And before the first bad line was.
  if (summary.firstBadLine === undefined) summary.firstBadLine = null;
  if (summary.firstBadLine !== null) {
    counts(summary.firstBadLine, ["line"], "firstBadLine");
    for (const key of ["file", "reason"] as const) {
      if (typeof summary.firstBadLine[key] !== "string")
        throw wrong(`firstBadLine.${key}: expected a string, got ${shapeOf(summary.firstBadLine[key])}`);
    }
  }
  if (summary.shard !== null) {
    counts(summary.shard, ["index", "count"], "shard");
    if (summary.shard.index < 1 || summary.shard.index > summary.shard.count)
      throw wrong(`shard: ${summary.shard.index}/${summary.shard.count} is no shard`);
  }
  return summary;
}

/**
 * One summary for several runs: the N shards of one file, each once, or
 * whole runs over different files. Counts add up; `seconds` is the time all
 * runs took together, so records per second is the rate of one process.
 */
export function mergeSummaries(summaries: readonly Summary[], files: readonly string[]): Summary {
  const sharded = summaries.findIndex((summary) => summary.shard !== null);
  if (sharded !== -1) {
    const { count } = summaries[sharded].shard!;
    const seen = new Map<number, string>();
    summaries.forEach(({ shard }, i) => {
      if (shard === null || shard.count !== count) {
        const what = shard === null ? "a whole run" : `shard ${shard.index}/${shard.count}`;
        throw new CliError(
          `merge-summaries: ${files[sharded]} is shard ${summaries[sharded].shard!.index}/${count} but ${files[i]} is ${what}`,
        );
      }
      const twin = seen.get(shard.index);
      if (twin !== undefined)
        throw new CliError(`merge-summaries: ${twin} and ${files[i]} are both shard ${shard.index}/${count}`);
      seen.set(shard.index, files[i]);
    });
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !seen.has(index));
    if (missing.length > 0) {
      const listed = missing
        .slice(0, 10)
        .map((index) => `${index}/${count}`)
        .join(", ");
      throw new CliError(
        `merge-summaries: missing ${missing.length === 1 ? "shard" : "shards"} ${listed}${missing.length > 10 ? `, and ${formatNumber(missing.length - 10)} more` : ""}`,
      );
    }
  }
  const failedByKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<ErrorKind, number>;
  const tools = new Map<string, { name: string; calls: number; failed: number }>();
  const total = {
    shard: null,
    lines: 0,
    calls: 0,
    linesWithCalls: 0,
    linesWithSeveralCalls: 0,
    valid: 0,
    failed: 0,
    failedByKind,
    badLines: 0,
  };
  let seconds = 0;
  // Shards in their order, so the first failure is the first of the whole file; whole runs in the order given.
  const ordered = sharded === -1 ? summaries : [...summaries].sort((a, b) => a.shard!.index - b.shard!.index);
  const firstFailure = ordered.find((summary) => summary.firstFailure !== null)?.firstFailure ?? null;
  const firstBadLine = ordered.find((summary) => summary.firstBadLine !== null)?.firstBadLine ?? null;
  for (const summary of summaries) {
    for (const key of [
      "lines",
      "calls",
      "linesWithCalls",
      "linesWithSeveralCalls",
      "valid",
      "failed",
      "badLines",
    ] as const)
      total[key] += summary[key];
    for (const kind of KINDS) failedByKind[kind] += summary.failedByKind[kind];
    for (const { name, calls, failed } of summary.tools) {
      const into = tools.get(name);
      if (into === undefined) tools.set(name, { name, calls, failed });
      else {
        into.calls += calls;
        into.failed += failed;
      }
    }
    seconds += summary.seconds;
  }
  return timed({ ...total, tools: [...tools.values()].sort(byCallsThenName) }, seconds, { firstFailure, firstBadLine });
}
