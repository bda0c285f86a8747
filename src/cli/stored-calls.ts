// The calls of a calls file, read the one way both `validate --calls` and
// `bench --calls` read them: a line is JSON text holding one record, whose
// shape says where its calls are (src/cli/call-shapes.ts).
import { readFileSync } from "node:fs";
import type { Catalog } from "../api/catalog";
import { BOM_REASON, locateJsonError } from "../runtime/json-syntax";
import type { Result } from "../runtime/types";
import { callsInRecord, type StoredCall } from "./call-shapes";
import { CliError } from "./command";
import { foreignEncoding } from "./encoding";
import { readLines, type LineText } from "./lines";
import { systemReason } from "./read-json";

/**
 * A line's calls, why it holds none (the reason a bad line gives), or null
 * for a blank line, which is skipped.
 */
export function readCallsLine(line: LineText): StoredCall[] | string | null {
  if (typeof line !== "string") return line.error;
  if (line.trim() === "") return null;
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    const { column, reason } = locateJsonError(line);
    // The file's own mark is taken off line 1 (see readLines): one here comes from files joined together.
    if (reason === BOM_REASON)
      return `not JSON at column ${column} (a byte-order mark; only the start of the file may hold one)`;
    return `not JSON at column ${column} (${reason})`;
  }
  return callsInRecord(record);
}

/** A call's result: arguments kept as JSON text are parsed as validateJson parses them, a value is validated as it is. */
export function checkCall(catalog: Catalog, call: StoredCall): Result {
  return "text" in call.args
    ? catalog.validateJson(call.name, call.args.text)
    : catalog.validate(call.name, call.args.value);
}

/** A call and where it is: its line, and its place on the line (from 1) when the line holds several. */
export interface LocatedCall extends StoredCall {
  line: number;
  call: number | null;
}

/** A line that holds no call, and why. */
export interface BadLine {
  line: number;
  reason: string;
}

/** Every call of a line, located. */
export function locate(calls: readonly StoredCall[], line: number): LocatedCall[] {
  return calls.map((call, i) => ({ ...call, line, call: calls.length > 1 ? i + 1 : null }));
}

/** Every call of a calls file, in order, and its bad lines: their count and the first. */
export async function readCallsFile(
  file: string,
): Promise<{ calls: LocatedCall[]; badLines: number; firstBadLine: BadLine | null }> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new CliError(`${file}: cannot read (${systemReason(error)})`);
  }
  const problem = foreignEncoding(bytes);
  if (problem !== null) throw new CliError(`${file}: ${problem}`);
  const calls: LocatedCall[] = [];
  let badLines = 0;
  let firstBadLine: BadLine | null = null;
  for await (const { lines, firstLine } of readLines([bytes], 0, Infinity, Infinity)) {
    lines.forEach((text, offset) => {
      const read = readCallsLine(text);
      if (read === null) return;
      if (typeof read === "string") {
        badLines++;
        firstBadLine ??= { line: firstLine + offset, reason: read };
      } else calls.push(...locate(read, firstLine + offset));
    });
  }
  return { calls, badLines, firstBadLine };
}
