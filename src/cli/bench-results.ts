// What a `bench` run found, as `--json` prints it and the text tables and
// the HTML report show it (docs/cli.md, "bench"), and how each number is
// written wherever it is shown.
import type { Spread, Timing } from "./measure";
import { formatNumber } from "./numbers";

/** Nanoseconds a call over the rounds: the median, and the fastest and slowest round. */
export type { Spread };

/** One contestant's figure: wall clock with its spread, and the median CPU time, in ns a call. */
export interface Figure {
  ns: Spread;
  cpuNs: number;
}

/** A contestant's timing as a figure. */
export function figureOf(timing: Timing): Figure {
  return { ns: { median: timing.medianNs, min: timing.minNs, max: timing.maxNs }, cpuNs: timing.medianCpuNs };
}

/** Calls that pass, timed: ours and Ajv's (stopping at its first error). */
export interface ValidFigures {
  calls: number;
  ours: Figure;
  ajv: Figure | null;
  /** The median of the per-round ratios ours / Ajv, wall clock and CPU time. */
  ratio: number | null;
  cpuRatio: number | null;
}

/** Calls that fail, timed: ours (with the model-facing message), Ajv with allErrors: true, and Ajv stopping at its first error. */
export interface FailingFigures {
  calls: number;
  ours: Figure;
  ajvAllErrors: Figure | null;
  ajvFirstError: Figure | null;
  ratioAllErrors: number | null;
  ratioFirstError: number | null;
}

/** The first calls of a freshly compiled validator, each timed once per round. */
export interface FirstCalls {
  /** Its first call. */
  first: Spread;
  /** The call that generates its fast check (the 8th), which takes the compile of that code. */
  generating: Spread;
  /** Whether these were timed on a call that fails (the tool has no call that passes). */
  failing: boolean;
}

/** One tool of the catalog. */
export interface ToolBench {
  name: string;
  status: "ok" | "unsupported" | "malformed";
  /** validateSchema + compile, in µs. */
  compileMicros: number;
  /** `pattern` keywords in the schema. */
  patterns: number;
  /** Calls to it, and of them those that pass and those that fail (as `validate` answers). */
  calls: number;
  validCalls: number;
  failingCalls: number;
  /** null when there are no such calls or the schema is refused. */
  valid: ValidFigures | null;
  failing: FailingFigures | null;
  firstCalls: FirstCalls | null;
  /** Pattern searches a call runs, on average, on a hot validator: for calls that pass, and for calls that fail (both passes). */
  searchesPerValidCall: number | null;
  searchesPerFailingCall: number | null;
  /** Ajv's compile in µs, null when Ajv refuses the schema (ajvError says why); absent when Ajv is not compared. */
  ajvCompileMicros?: number | null;
  ajvError?: string;
  /** Calls Ajv answers otherwise than tool-input-schema (left out of both timings). */
  ajvDisagrees?: number;
}

/** One pattern of the catalog: which engine runs it, and what its searches cost over the calls. */
export interface PatternBench {
  pattern: string;
  engine: "pcre2" | "dfa";
  /** Why PCRE2 does not run it, or null. */
  reason: string | null;
  /** The tools whose schemas hold it. */
  tools: string[];
  /** Searches of it that validating every call once ran. */
  searches: number;
  /** One search, on the subjects the calls gave it; null without searches. */
  perSearch: Figure | null;
}

/** Whether Ajv was there to compare with, and if not, why. */
export type AjvComparison = { loaded: true; version: string } | { loaded: false; reason: string };

/** A whole bench run. */
export interface BenchRun {
  catalogs: readonly string[];
  /** The calls file, or null for the tool files' own cases. */
  callsFile: string | null;
  profile: string;
  lenientScalars: boolean;
  presentRequired: boolean;
  /** Interleaved rounds behind every figure. */
  rounds: number;
  badLines: number;
  /** The first line of the calls file that held no call, and why. */
  firstBadLine: { line: number; reason: string } | null;
  /** Calls whose tool is not in the catalogs, skipped: per name. */
  unknownTools: readonly { name: string; calls: number }[];
  ajv: AjvComparison;
  node: string;
  /** When the run ended, ISO 8601. */
  date: string;
  tools: readonly ToolBench[];
  patterns: readonly PatternBench[];
}

const dash = (n: number | null | undefined): n is null | undefined => n === null || n === undefined;

/** How each number is written, in the text tables and the report alike. */
export const show = {
  ns: (n: number | null | undefined) => (dash(n) ? "-" : formatNumber(n)),
  micros: (n: number | null | undefined) => (dash(n) ? "-" : formatNumber(n, 1)),
  /** A spread: "1,234 (1,100–1,900)". */
  spread: (s: Spread | null | undefined, unit = 1) =>
    dash(s?.median)
      ? "-"
      : `${formatNumber(s!.median / unit)} (${formatNumber(s!.min / unit)}–${formatNumber(s!.max / unit)})`,
  searches: (n: number | null | undefined) => (dash(n) ? "-" : formatNumber(n, 1)),
  ratio: (r: number | null | undefined) => (dash(r) ? "-" : `${formatNumber(r, 2)}×`),
  count: (n: number) => formatNumber(n),
};
