import { Catalog } from "../api/catalog";
import type { ErrorKind, Options } from "../runtime/types";
import type { LineText } from "./lines";
import { checkCall, locate, readCallsLine, type BadLine } from "./stored-calls";

// One batch of a bulk import, the same on the main thread and in a worker.

/** The counts of a batch, or of a whole run. */
export interface Tally {
  /** Lines read, blank ones included. */
  lines: number;
  /** Calls: a line may hold several. */
  calls: number;
  /** Lines that held a call, and those that held more than one. */
  linesWithCalls: number;
  linesWithSeveralCalls: number;
  valid: number;
  failed: Record<ErrorKind, number>;
  /** Lines that are not UTF-8, not JSON, or not a call. */
  badLines: number;
  /** Per tool name: calls and failed calls. */
  tools: Map<string, { calls: number; failed: number }>;
  /** The first call that failed, by line: where a reader of the summary sees the messages a model gets. */
  firstFailure: { line: number; call?: number; name: string; message: string } | null;
  /** The first line that held no call, and why. */
  firstBadLine: BadLine | null;
}

export interface BatchOutput {
  /** One JSON line per call and per bad line; empty when only a summary is wanted. */
  text: string;
  tally: Tally;
}

export function emptyTally(): Tally {
  return {
    lines: 0,
    calls: 0,
    linesWithCalls: 0,
    linesWithSeveralCalls: 0,
    valid: 0,
    failed: { validation: 0, unsupported_capability: 0, execution_failure: 0 },
    badLines: 0,
    tools: new Map(),
    firstFailure: null,
    firstBadLine: null,
  };
}

/** Adds a batch's counts to the total; batches come in the order of their lines. */
export function addTally(total: Tally, batch: Tally): void {
  total.firstFailure ??= batch.firstFailure;
  total.firstBadLine ??= batch.firstBadLine;
  total.lines += batch.lines;
  total.calls += batch.calls;
  total.linesWithCalls += batch.linesWithCalls;
  total.linesWithSeveralCalls += batch.linesWithSeveralCalls;
  total.valid += batch.valid;
  total.badLines += batch.badLines;
  for (const kind of Object.keys(total.failed) as ErrorKind[]) total.failed[kind] += batch.failed[kind];
  for (const [name, counts] of batch.tools) {
    const into = total.tools.get(name);
    if (into === undefined) total.tools.set(name, { ...counts });
    else {
      into.calls += counts.calls;
      into.failed += counts.failed;
    }
  }
}

/**
 * The catalog calls are checked against. Passthrough: a stored call to a tool
 * whose schema is refused is one more failed call, not a reason to stop.
 */
export function importCatalog(tools: unknown, options: Options): Catalog {
  const catalog = new Catalog();
  catalog.publish(tools, { ...options, mode: "passthrough" });
  return catalog;
}

/**
 * Validates the calls in `lines` (JSON Lines; blank ones skipped); `firstLine`
 * is the number of the first. A line that holds several calls gives a result
 * for each, with its place on the line ("call", from 1).
 */
export function processBatch(
  catalog: Catalog,
  lines: readonly LineText[],
  firstLine: number,
  withResults: boolean,
): BatchOutput {
  const tally = emptyTally();
  tally.lines = lines.length;
  let text = "";
  lines.forEach((raw, offset) => {
    const line = firstLine + offset;
    const read = readCallsLine(raw);
    if (read === null) return;
    if (typeof read === "string") {
      tally.badLines++;
      tally.firstBadLine ??= { line, reason: read };
      if (withResults) text += JSON.stringify({ line, error: read }) + "\n";
      return;
    }
    tally.linesWithCalls++;
    if (read.length > 1) tally.linesWithSeveralCalls++;
    for (const call of locate(read, line)) {
      const result = checkCall(catalog, call);
      const place = call.call === null ? {} : { call: call.call };
      tally.calls++;
      let perTool = tally.tools.get(call.name);
      if (perTool === undefined) tally.tools.set(call.name, (perTool = { calls: 0, failed: 0 }));
      perTool.calls++;
      if (result.ok) tally.valid++;
      else {
        tally.failed[result.kind]++;
        perTool.failed++;
        tally.firstFailure ??= { line, ...place, name: call.name, message: result.message };
      }
      if (withResults) text += JSON.stringify({ line, ...place, name: call.name, ...result }) + "\n";
    }
  });
  return { text, tally };
}
