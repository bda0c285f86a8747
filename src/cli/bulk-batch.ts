import { Catalog } from "../api/catalog";
import type { ErrorKind, Options } from "../runtime/types";
import { BOM_REASON, locateJsonError } from "../runtime/json-syntax";
import type { LineText } from "./lines";
import { isPlainObject } from "../runtime/shape";
import { shapeOf } from "../explain/messages";

// One batch of a bulk import, the same on the main thread and in a worker.

/** The counts of a batch, or of a whole run. */
export interface Tally {
  /** Lines read, blank ones included. */
  lines: number;
  /** Lines that held a call. */
  calls: number;
  valid: number;
  failed: Record<ErrorKind, number>;
  /** Lines that are not UTF-8, not JSON, or not a call. */
  badLines: number;
  /** Per tool name: calls and failed calls. */
  tools: Map<string, { calls: number; failed: number }>;
  /** The first call that failed, by line: where a reader of the summary sees the messages a model gets. */
  firstFailure: { line: number; name: string; message: string } | null;
}

export interface BatchOutput {
  /** One JSON line per call and per bad line; empty when only a summary is wanted. */
  text: string;
  tally: Tally;
}

export function emptyTally(): Tally {
  return { lines: 0, calls: 0, valid: 0, failed: { validation: 0, unsupported_capability: 0, execution_failure: 0 }, badLines: 0, tools: new Map(), firstFailure: null };
}

/** Adds a batch's counts to the total; batches come in the order of their lines. */
export function addTally(total: Tally, batch: Tally): void {
  total.firstFailure ??= batch.firstFailure;
  total.lines += batch.lines;
  total.calls += batch.calls;
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
 * A JSON line's call, why the line holds none, or null for a blank line
 * (skipped). Absent "arguments" are `{}`, as in MCP; `"arguments": null` is a
 * value, checked like any other (an object schema refuses it: `got null`).
 */
export function readCall(line: LineText): { name: string; args: unknown } | string | null {
  if (typeof line !== "string") return line.error;
  if (line.trim() === "") return null;
  let call: unknown;
  try {
    call = JSON.parse(line);
  } catch {
    const { column, reason } = locateJsonError(line);
    // The file's own mark is taken off line 1 (see readLines): one here comes from files joined together.
    if (reason === BOM_REASON) return `not JSON at column ${column} (a byte-order mark; only the start of the file may hold one)`;
    return `not JSON at column ${column} (${reason})`;
  }
  if (!isPlainObject(call)) return `expected an object with "name" and "arguments", got ${shapeOf(call)}`;
  if (!Object.hasOwn(call, "name")) return 'missing "name"';
  if (typeof call.name !== "string") return `"name": expected a string, got ${shapeOf(call.name)}`;
  return { name: call.name, args: Object.hasOwn(call, "arguments") ? call.arguments : {} };
}

/** Validates the calls in `lines` (JSON Lines; blank ones skipped); `firstLine` is the number of the first. */
export function processBatch(catalog: Catalog, lines: readonly LineText[], firstLine: number, withResults: boolean): BatchOutput {
  const tally = emptyTally();
  tally.lines = lines.length;
  let text = "";
  lines.forEach((raw, offset) => {
    const line = firstLine + offset;
    const call = readCall(raw);
    if (call === null) return;
    if (typeof call === "string") {
      tally.badLines++;
      if (withResults) text += JSON.stringify({ line, error: call }) + "\n";
      return;
    }
    // Arguments stored as JSON text (as OpenAI hands them over) are read as such.
    const result = typeof call.args === "string" ? catalog.validateJson(call.name, call.args) : catalog.validate(call.name, call.args);
    tally.calls++;
    let perTool = tally.tools.get(call.name);
    if (perTool === undefined) tally.tools.set(call.name, (perTool = { calls: 0, failed: 0 }));
    perTool.calls++;
    if (result.ok) tally.valid++;
    else {
      tally.failed[result.kind]++;
      perTool.failed++;
      tally.firstFailure ??= { line, name: call.name, message: result.message };
    }
    if (withResults) text += JSON.stringify({ line, name: call.name, ...result }) + "\n";
  });
  return { text, tally };
}
