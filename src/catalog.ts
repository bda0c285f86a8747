// index.ts re-exports Catalog; compile is only called at publish time, so the cycle is harmless.
import { compile } from "./index";
import { isPlainObject, shapeOf } from "./json-value";
import { count, either, preview } from "./messages";
import { nearestNames } from "./nearest-names";
import { readOptions } from "./options";
import { SchemaError } from "./schema-error";
import { readToolList, toolIssue } from "./tool-list";
import type { ErrorKind, Failure, Issue, Options, Result, Validator } from "./types";

/**
 * "strict": every schema must pass preflight or nothing is published.
 * "passthrough" (the MCP boundary, SPEC §8): every descriptor is registered
 * unchanged, and a call to a tool whose schema is refused fails with that
 * schema's own failure.
 */
export type PublishMode = "strict" | "passthrough";

export interface PublishOptions extends Options {
  /** "strict" when omitted. */
  mode?: PublishMode;
}

/** A tool that could not be published, or (passthrough) whose calls will be refused. */
export interface ToolFailure {
  /** Position in the published list. */
  index: number;
  /** The tool's name, or null when the descriptor gives none. */
  name: string | null;
  kind: ErrorKind;
  message: string;
  issues: Issue[];
}

export type PublishResult =
  /** `refused`: in passthrough mode, the tools whose calls will fail (always empty in strict mode). */
  | { ok: true; tools: number; refused: ToolFailure[] }
  /** Nothing changed; `failures` lists every tool at fault. */
  | { ok: false; message: string; failures: ToolFailure[] };

function isMode(mode: unknown): mode is PublishMode {
  return mode === "strict" || mode === "passthrough";
}

/** A failure with one issue about the tool rather than its arguments: its name. */
function nameFailure(message: string): Failure {
  return { ok: false, kind: "validation", message, issues: [toolIssue(message, "name")] };
}

function unknownTool(name: string, known: Iterable<string>): Failure {
  const { names, close } = nearestNames(name, known);
  const quoted = names.map((candidate) => JSON.stringify(candidate));
  const hint =
    names.length === 0 ? "no tools are published" : close ? `did you mean ${either(quoted)}?` : `the nearest known tools are ${quoted.join(", ")}`;
  return nameFailure(`unknown tool ${preview(name)}; ${hint}`);
}

function compiled(schema: unknown, options: Options): Validator | Failure {
  try {
    return compile(schema, options);
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return { ok: false, kind: error.kind, message: error.message, issues: error.issues };
  }
}

/**
 * A set of tools published atomically (SPEC §8). `validate(name, args)` sees
 * either the whole previous set or the whole new one, never a mix.
 */
export class Catalog {
  #tools = new Map<string, Validator | Failure>();

  /**
   * Publishes a revised set of tools: an MCP `tools/list` result, a list of
   * `{ name, inputSchema }`, or OpenAI / Anthropic function definitions.
   * Throws TypeError for bad options; every problem with the tools is in the result.
   */
  publish(tools: unknown, options?: PublishOptions): PublishResult {
    const { mode, compileOptions } = readPublishOptions(options);
    const list = readToolList(tools);
    if (!list.ok) return { ok: false, message: `not published: ${list.message}`, failures: [] };

    const failures: ToolFailure[] = list.problems.map(({ index, name, message, keyword }) => ({
      index,
      name,
      kind: "validation",
      message,
      issues: [toolIssue(message, keyword)],
    }));
    const refused: ToolFailure[] = [];
    const next = new Map<string, Validator | Failure>();
    list.tools.forEach(({ name, inputSchema }, index) => {
      const entry = compiled(inputSchema, compileOptions);
      next.set(name, entry);
      if ("ok" in entry) refused.push({ index, name, kind: entry.kind, message: entry.message, issues: entry.issues });
    });
    if (mode === "strict") failures.push(...refused);
    if (failures.length > 0) {
      failures.sort((a, b) => a.index - b.index);
      const total = list.tools.length + list.problems.length;
      const names = failures.map((failure) => failure.name ?? `tools[${failure.index}]`);
      return { ok: false, message: `not published: ${failures.length} of ${count(total, "tool")} refused (${names.join(", ")})`, failures };
    }
    this.#tools = next;
    return { ok: true, tools: next.size, refused: mode === "strict" ? [] : refused };
  }

  /** Validates a call to a published tool. Never throws. */
  validate(name: unknown, args: unknown): Result {
    if (typeof name !== "string") return nameFailure(`tool name: expected a string, got ${shapeOf(name)}`);
    const entry = this.#tools.get(name);
    if (entry === undefined) return unknownTool(name, this.#tools.keys());
    return "ok" in entry ? entry : entry.validate(args);
  }

  /** The published tool names, in publish order. */
  names(): string[] {
    return [...this.#tools.keys()];
  }
}

function readPublishOptions(options: PublishOptions | undefined): { mode: PublishMode; compileOptions: Options } {
  if (options !== undefined && !isPlainObject(options)) throw new TypeError("tool-input-schema: options must be an object");
  const { mode = "strict", ...compileOptions }: { mode?: unknown } = options ?? {};
  if (!isMode(mode)) throw new TypeError('tool-input-schema: options.mode must be "strict" or "passthrough"');
  // Checked here so that bad options throw before anything changes; compile reads them again.
  const problem = readOptions(compileOptions);
  if (typeof problem === "string") throw new TypeError(`tool-input-schema: ${problem}`);
  return { mode, compileOptions };
}
