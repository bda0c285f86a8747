import { build } from "./entry-points";
import { copyFailure, copyIssue } from "./copy-failure";
import type { CompileOptions } from "../compile/keyword";
import { count, either, preview, refusedToolMessage, shortName, shapeOf } from "../explain/messages";
import { oneLine } from "../runtime/one-line";
import { nearestNames } from "../explain/nearest-names";
import { copyOptions, optionsError, readOptions } from "./options";
import { describeThrown } from "../runtime/thrown";
import { readToolList, toolIssue, type ToolList } from "./tool-list";
import { RefusedValidator } from "./refused-validator";
import { schemaText } from "./own-json";
import type { ErrorKind, Failure, Issue, Options, Result, Validator } from "../runtime/types";
import { CompiledValidator } from "../validate/validator";
import { failure, unplacedIssue } from "../explain/failure";

/**
 * "strict": every schema must pass preflight or nothing is published.
 * "passthrough" (the MCP boundary): every descriptor is registered
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

/** A published tool whose schema is refused (passthrough): every call to it fails. Such a tool always has a name. */
export interface RefusedTool extends ToolFailure {
  name: string;
}

export type PublishResult =
  /** `refused`: in passthrough mode, the tools whose calls will fail (always empty in strict mode). */
  | { ok: true; tools: number; refused: RefusedTool[] }
  /** Nothing changed; `failures` lists every tool at fault. */
  | { ok: false; message: string; failures: ToolFailure[] };

function isMode(mode: unknown): mode is PublishMode {
  return mode === "strict" || mode === "passthrough";
}

/** A failure with one issue about the tool rather than its arguments: its name. */
function nameFailure(message: string): Failure {
  return { ok: false, kind: "validation", message, issues: [toolIssue(message, "name")] };
}

/** How many refused tools a publish message names. */
const LISTED_REFUSALS = 10;

/**
 * Memory the compiled patterns of one catalog's validators may hold
 * together (each schema's own bound is 16 MiB: src/pattern/compile-pattern.ts),
 * counted per tool, so a pattern several tools share counts for each. A
 * catalog keeps its validators, and so their patterns, while it publishes
 * them: without this bound, a tools/list of many small schemas of counted
 * repeats could hold gigabytes.
 */
export const CATALOG_PATTERN_BYTES = 256 * 2 ** 20;

/** Why a tool is refused when its patterns would take the catalog past CATALOG_PATTERN_BYTES. */
export const CATALOG_FULL = `#: the compiled patterns of the catalog's tools would hold more than ${CATALOG_PATTERN_BYTES} bytes together`;

function unknownTool(name: string, known: Iterable<string>): Failure {
  const { names, close } = nearestNames(name, known);
  // Whole (a model needs the exact name), on one line.
  const quoted = names.map((candidate) => oneLine(JSON.stringify(candidate)));
  const hint =
    names.length === 0
      ? "no tools are published"
      : close
        ? `did you mean ${either(quoted)}?`
        : `the nearest known tools are ${quoted.join(", ")}`;
  return nameFailure(`unknown tool ${preview(name)}; ${hint}`);
}

/**
 * What a call to a tool whose schema is refused gets: the schema's kind and
 * issues, and a message that tells the model the fault is not its call.
 */
function refusedCall(name: string, schemaFailure: Failure): Failure {
  const { kind, message, issues } = copyFailure(schemaFailure);
  return { ok: false, kind, message: refusedToolMessage(name, message), issues };
}

/** Copies the caller owns. */
function copyRefused(refused: readonly RefusedTool[]): RefusedTool[] {
  return refused.map(({ index, name, kind, message, issues }) => ({
    index,
    name,
    kind,
    message,
    issues: issues.map(copyIssue),
  }));
}

/** readToolList, for a list that may be a proxy or hold getters that throw. */
function readTools(tools: unknown): ToolList {
  try {
    return readToolList(tools);
  } catch (error) {
    return { ok: false, message: `the tool list could not be read (${describeThrown(error)})` };
  }
}

/**
 * A set of tools published atomically. `validate(name, args)` sees
 * either the whole previous set or the whole new one, never a mix. Its
 * methods are functions of the instance: taken off it, they still work.
 */
export class Catalog {
  /** Each published tool's validator; a refused tool's fails every call with its refusal. */
  #tools = new Map<string, Validator>();
  /** The published tools whose schemas are refused (passthrough only), kept as publish found them. */
  #refused: RefusedTool[] = [];

  /**
   * Publishes a revised set of tools: an MCP `tools/list` result, a list of
   * `{ name, inputSchema }`, or OpenAI / Anthropic function definitions.
   * Throws TypeError for bad options; every problem with the tools is in the result.
   */
  readonly publish = (tools: unknown, options?: PublishOptions): PublishResult => {
    const { mode, compileOptions } = readPublishOptions(options);
    const list = readTools(tools);
    if (!list.ok) return { ok: false, message: `not published: ${list.message}`, failures: [] };

    const failures: ToolFailure[] = list.problems.map(({ index, name, message, keyword }) => ({
      index,
      name,
      kind: "validation",
      message,
      issues: [toolIssue(message, keyword)],
    }));
    const refused: RefusedTool[] = [];
    const next = new Map<string, Validator>();
    let patternBytes = 0;
    list.tools.forEach(({ name, inputSchema }, index) => {
      let entry = build(inputSchema, compileOptions);
      if (entry instanceof CompiledValidator) {
        patternBytes += entry.patternBytes;
        if (patternBytes > CATALOG_PATTERN_BYTES) {
          patternBytes -= entry.patternBytes;
          entry.release();
          entry = failure([unplacedIssue("unsupported_capability", "", "schema", CATALOG_FULL)], true);
        }
      }
      if ("ok" in entry) {
        const { kind, message, issues } = copyFailure(entry);
        refused.push({ index, name, kind, message, issues });
        // Passthrough registers the descriptor unchanged (docs/contract.md, "Boundaries"): its schema's text is what a framework lists.
        next.set(name, new RefusedValidator(refusedCall(name, entry), schemaText(inputSchema) ?? null));
      } else {
        next.set(name, entry);
      }
    });
    if (mode === "strict") {
      failures.push(...refused);
      refused.length = 0;
    }
    if (failures.length > 0) {
      failures.sort((a, b) => a.index - b.index);
      const total = list.tools.length + list.problems.length;
      const names = failures
        .slice(0, LISTED_REFUSALS)
        .map((failure) => (failure.name === null ? `tools[${failure.index}]` : shortName(failure.name)));
      if (failures.length > LISTED_REFUSALS) names.push(`… ${failures.length - LISTED_REFUSALS} more`);
      releaseAll(next);
      return {
        ok: false,
        message: `not published: ${failures.length} of ${count(total, "tool")} refused (${names.join(", ")})`,
        failures,
      };
    }
    releaseAll(this.#tools);
    this.#tools = next;
    this.#refused = refused;
    return { ok: true, tools: next.size, refused: copyRefused(refused) };
  };

  /**
   * The published tools whose schemas are refused, in publish order: each
   * with its kind, the schema's message and issues. A call to one of them
   * always fails. Empty after a strict publish, which refuses such a set.
   */
  readonly refused = (): RefusedTool[] => copyRefused(this.#refused);

  /** Validates a call to a published tool. Never throws. */
  readonly validate = (name: unknown, args: unknown): Result => {
    const entry = this.#entry(name);
    return "ok" in entry ? entry : entry.validate(args);
  };

  /** Validates a call whose arguments are JSON text (see Validator.validateJson). Never throws. */
  readonly validateJson = (name: unknown, text: string): Result => {
    const entry = this.#entry(name);
    return "ok" in entry ? entry : entry.validateJson(text);
  };

  /**
   * The validator of a published tool, a Standard Schema to hand a
   * framework (docs/frameworks.md); undefined for a name not published. A
   * tool whose schema is refused (passthrough) has one that fails every
   * call as `validate(name, …)` does.
   */
  readonly tool = (name: unknown): Validator | undefined =>
    typeof name === "string" ? this.#tools.get(name) : undefined;

  /** The validator of a published tool, or the failure a call to `name` gets. */
  #entry(name: unknown): Validator | Failure {
    if (typeof name !== "string") return nameFailure(`tool name: expected a string, got ${shapeOf(name)}`);
    return this.#tools.get(name) ?? unknownTool(name, this.#tools.keys());
  }

  /** The published tool names, in publish order. */
  readonly names = (): string[] => [...this.#tools.keys()];
}

/**
 * Lets go of the patterns of validators a catalog drops (a set replaced, or
 * refused): it owns them alone, so those no one else holds are freed now
 * (once no validation runs), not when the collector finds them.
 */
function releaseAll(tools: ReadonlyMap<string, Validator>): void {
  for (const entry of tools.values()) if (entry instanceof CompiledValidator) entry.release();
}

function readPublishOptions(options: unknown): { mode: PublishMode; compileOptions: CompileOptions } {
  const copy = copyOptions(options);
  if (typeof copy === "string") throw optionsError(copy);
  const { mode = "strict", ...rest } = copy;
  if (!isMode(mode)) throw optionsError('options.mode must be "strict" or "passthrough"');
  const compileOptions = readOptions(rest);
  if (typeof compileOptions === "string") throw optionsError(compileOptions);
  return { mode, compileOptions };
}
