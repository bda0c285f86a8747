import { preview, shapeOf } from "../explain/messages";
import type { Issue } from "../runtime/types";
import { isPlainObject } from "../runtime/shape";
import { unplacedIssue } from "../explain/failure";

/** One tool: its name, its input schema, and the descriptor exactly as it came. */
export interface ToolEntry {
  name: string;
  inputSchema: unknown;
  descriptor: unknown;
}

/** A descriptor that gives no usable tool, by its position in the list. */
export interface EntryProblem {
  index: number;
  /** The name it gives, when it gives one. */
  name: string | null;
  /** The descriptor field at fault: "name", "inputSchema" or "tool". */
  keyword: string;
  message: string;
}

/** A problem with a tool rather than its arguments (its name, its descriptor) as an issue: no path into arguments or schema. */
export function toolIssue(message: string, keyword: string): Issue {
  return unplacedIssue("validation", "", keyword, message);
}

export type ToolList = { ok: true; tools: ToolEntry[]; problems: EntryProblem[] } | { ok: false; message: string };

/** OpenAI lets a function omit `parameters` when it takes none: its arguments must be `{}`. */
const NO_PARAMETERS = Object.freeze({ type: "object", properties: Object.freeze({}), additionalProperties: false });

/**
 * The longest tool name taken. MCP asks for at most 128 characters; longer
 * ones are taken up to here. (V8 hashes a string of 16,384 characters or
 * more by its length alone, so a list of such names would make every lookup
 * compare long strings.)
 */
export const MAX_TOOL_NAME = 1024;

/** Where each format keeps the schema: MCP, OpenAI, Anthropic. */
const SCHEMA_FIELDS = ["inputSchema", "parameters", "input_schema"] as const;

/**
 * Reads an MCP `tools/list` result (`{ tools: [...] }`, extra fields ignored)
 * or a list of descriptors in any of these forms:
 * `{ name, inputSchema }` (MCP), `{ name, parameters }` and
 * `{ type: "function", function: { name, parameters } }` (OpenAI),
 * `{ name, input_schema }` (Anthropic). Every descriptor that gives no usable
 * tool, and every repeated name, is a problem; the others are tools.
 */
export function readToolList(value: unknown): ToolList {
  const list = Array.isArray(value) ? value : isPlainObject(value) && Array.isArray(value.tools) ? value.tools : null;
  if (list === null) {
    return {
      ok: false,
      message: `expected a tools/list result ({ "tools": [...] }) or a list of tools, got ${shapeOf(value)}`,
    };
  }
  return { ok: true, ...readDescriptors(list) };
}

/** Reads a list of descriptors (see readToolList). */
export function readDescriptors(list: readonly unknown[]): { tools: ToolEntry[]; problems: EntryProblem[] } {
  const tools: ToolEntry[] = [];
  const problems: EntryProblem[] = [];
  const firstIndex = new Map<string, number>();
  list.forEach((descriptor, index) => {
    const read = readDescriptor(descriptor, index);
    if ("message" in read) {
      problems.push(read);
      return;
    }
    const first = firstIndex.get(read.name);
    if (first !== undefined) {
      const message = `tools[${index}]: duplicate tool name ${preview(read.name)} (first at tools[${first}])`;
      problems.push({ index, name: read.name, keyword: "name", message });
      return;
    }
    firstIndex.set(read.name, index);
    tools.push({ name: read.name, inputSchema: read.inputSchema, descriptor });
  });
  return { tools, problems };
}

function readDescriptor(descriptor: unknown, index: number): { name: string; inputSchema: unknown } | EntryProblem {
  const at = `tools[${index}]`;
  if (!isPlainObject(descriptor)) {
    return {
      index,
      name: null,
      keyword: "tool",
      message: `${at}: expected a tool (an object), got ${shapeOf(descriptor)}`,
    };
  }
  const isFunction = descriptor.type === "function";
  const wrapped = isFunction && "function" in descriptor;
  const tool = wrapped ? descriptor.function : descriptor;
  if (!isPlainObject(tool)) {
    return {
      index,
      name: null,
      keyword: "function",
      message: `${at}.function: expected an object, got ${shapeOf(tool)}`,
    };
  }
  const { name } = tool;
  if (typeof name !== "string" || name === "") {
    return {
      index,
      name: null,
      keyword: "name",
      message: `${at}.name: expected a non-empty string, got ${name === "" ? "an empty string" : shapeOf(name)}`,
    };
  }
  if (name.length > MAX_TOOL_NAME) {
    return {
      index,
      name: null,
      keyword: "name",
      message: `${at}.name: longer than ${MAX_TOOL_NAME} characters (${name.length}): ${preview(name)}`,
    };
  }
  const field = SCHEMA_FIELDS.find((key) => Object.hasOwn(tool, key));
  if (field !== undefined) return { name, inputSchema: tool[field] };
  if (isFunction) return { name, inputSchema: NO_PARAMETERS };
  return {
    index,
    name,
    keyword: "inputSchema",
    message: `${at} (${preview(name)}): no input schema (inputSchema, parameters or input_schema)`,
  };
}
