// The calls `bench` times, each with the answer `validate` gives it: read
// from --calls by the code `validate --calls` reads with, and checked by the
// same catalog and the same call (src/cli/stored-calls.ts), or the cases a
// tool file carries beside its schema.
import type { ToolEntry } from "../api/tool-list";
import { isPlainObject } from "../runtime/shape";
import type { Options } from "../runtime/types";
import { importCatalog } from "./bulk-batch";
import type { StoredArguments, StoredCall } from "./call-shapes";
import { checkCall, readCallsFile, type BadLine } from "./stored-calls";

/** A call to time: its arguments, and whether it passes. */
export interface BenchCall {
  args: StoredArguments;
  ok: boolean;
}

export interface BenchCalls {
  /** Per tool of the catalog, its calls in the order read. */
  byTool: Map<string, BenchCall[]>;
  badLines: number;
  firstBadLine: BadLine | null;
  /** Calls whose tool is not in the catalog, per name: most calls first, then by name (as the validate summary lists tools). */
  unknownTools: { name: string; calls: number }[];
}

/** The "valid" and "invalid" cases a tool file carries beside its schema (as the repository's fixtures/tools/ do). */
function fixtureCases(tools: readonly ToolEntry[]): StoredCall[] {
  const calls: StoredCall[] = [];
  for (const { name, descriptor } of tools) {
    if (!isPlainObject(descriptor)) continue;
    const valid = Array.isArray(descriptor.valid) ? descriptor.valid : [];
    const invalid = Array.isArray(descriptor.invalid)
      ? descriptor.invalid.map((c) => (isPlainObject(c) ? c.arguments : c))
      : [];
    for (const value of [...valid, ...invalid]) calls.push({ name, args: { value } });
  }
  return calls;
}

/** The calls of `callsFile`, or without one the tool files' own cases, by tool, with validate's answers. */
export async function benchCalls(
  tools: readonly ToolEntry[],
  callsFile: string | undefined,
  options: Options,
): Promise<BenchCalls> {
  const read =
    callsFile === undefined
      ? { calls: fixtureCases(tools), badLines: 0, firstBadLine: null }
      : await readCallsFile(callsFile);
  const catalog = importCatalog(
    tools.map(({ name, inputSchema }) => ({ name, inputSchema })),
    options,
  );
  const known = new Set(catalog.names());
  const byTool = new Map<string, BenchCall[]>();
  const unknown = new Map<string, number>();
  for (const call of read.calls) {
    if (!known.has(call.name)) {
      unknown.set(call.name, (unknown.get(call.name) ?? 0) + 1);
      continue;
    }
    let list = byTool.get(call.name);
    if (list === undefined) byTool.set(call.name, (list = []));
    list.push({ args: call.args, ok: checkCall(catalog, call).ok });
  }
  const unknownTools = [...unknown]
    .map(([name, calls]) => ({ name, calls }))
    .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { byTool, badLines: read.badLines, firstBadLine: read.firstBadLine, unknownTools };
}
