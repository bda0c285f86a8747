// The shapes recorded tool calls are stored in, one reader each (docs/cli.md,
// "Call records"). A record is read by its shape; one that no shape reads, or
// whose arguments sit under a name its shape does not have, holds no call and
// says why: it is never read as a call with arguments {}.
import { preview, shapeOf } from "../explain/messages";
import { isPlainObject } from "../runtime/shape";

/** A call's arguments: a value, or JSON text that validateJson parses (as OpenAI stores them). */
export type StoredArguments = { value: unknown } | { text: string };

/** One call read from a record: the tool it names and its arguments. */
export interface StoredCall {
  name: string;
  args: StoredArguments;
}

type Json = Record<string, unknown>;
/** A shape's calls, or why the record holds none it can read. */
type Read = StoredCall[] | string;

/** The shapes, named as a bad line's reason names them. */
const SHAPES =
  "MCP tools/call, OpenAI tool_calls or function_call, Anthropic tool_use, Gemini functionCall, or a message or response that holds them";

/** `at` and `key` joined as a path into the record, for reasons ("choices[0].message"). */
function inside(at: string, key: string | number): string {
  return typeof key === "number" ? `${at}[${key}]` : at === "" ? key : `${at}.${key}`;
}

/** "<at>: <problem>", or the problem alone at the record's top. */
function problemAt(at: string, problem: string): string {
  return at === "" ? problem : `${at}: ${problem}`;
}

/** An object at `key`, or why there is none. */
function objectAt(record: Json, key: string, at: string): Json | string {
  if (!Object.hasOwn(record, key)) return problemAt(at, `missing "${key}"`);
  const value = record[key];
  return isPlainObject(value) ? value : problemAt(inside(at, key), `expected an object, got ${shapeOf(value)}`);
}

/** A list at `key`, or why there is none. */
function listAt(record: Json, key: string, at: string): unknown[] | string {
  const value = record[key];
  return Array.isArray(value) ? value : problemAt(inside(at, key), `expected a list, got ${shapeOf(value)}`);
}

/** The tool's name, or why there is none. */
function nameAt(record: Json, at: string): string | { problem: string } {
  if (!Object.hasOwn(record, "name")) return { problem: problemAt(at, 'missing "name"') };
  const name = record.name;
  return typeof name === "string"
    ? name
    : { problem: problemAt(inside(at, "name"), `expected a string, got ${shapeOf(name)}`) };
}

/** How a shape keeps a call's arguments: always JSON text, always a value, or a value where a string is JSON text. */
type Kept = "text" | "value" | "either";

/**
 * One call whose arguments the shape keeps under `key`; absent, they are {}
 * where the shape leaves them out for a call without arguments (`absentIsEmpty`).
 */
function oneCall(record: Json, at: string, key: string, kept: Kept, absentIsEmpty = false): Read {
  const name = nameAt(record, at);
  if (typeof name !== "string") return name.problem;
  if (!Object.hasOwn(record, key))
    return absentIsEmpty ? [{ name, args: { value: {} } }] : problemAt(at, `missing "${key}"`);
  const args = record[key];
  if (typeof args === "string" && kept !== "value") return [{ name, args: { text: args } }];
  if (kept !== "text") return [{ name, args: { value: args } }];
  return problemAt(inside(at, key), `expected JSON text (a string), got ${shapeOf(args)}`);
}

/** The calls of each item of a list, in order; items `holds` says hold no call are passed over. */
function callsOfItems(
  items: unknown[],
  at: string,
  holds: (item: Json) => boolean,
  read: (item: Json, at: string) => Read,
): Read {
  const calls: StoredCall[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!isPlainObject(item)) return problemAt(inside(at, i), `expected an object, got ${shapeOf(item)}`);
    if (!holds(item)) continue;
    const found = read(item, inside(at, i));
    if (typeof found === "string") return found;
    calls.push(...found);
  }
  return calls;
}

const every = () => true;

// ---- MCP: tools/call params ({ name, arguments, _meta }), alone or in their JSON-RPC request.

/** MCP's own fields of tools/call params besides "arguments". */
const MCP_FIELDS = new Set(["name", "_meta"]);

function mcpParams(record: Json, at: string): Read {
  // Absent arguments are {} (MCP), but only where nothing else could be the arguments under another name.
  const others = Object.hasOwn(record, "arguments") ? [] : Object.keys(record).filter((key) => !MCP_FIELDS.has(key));
  if (others.length > 0) {
    const listed =
      others
        .slice(0, 3)
        .map((key) => JSON.stringify(key))
        .join(", ") + (others.length > 3 ? ", …" : "");
    return problemAt(
      at,
      `no "arguments", and ${listed} ${others.length === 1 ? "is no field" : "are no fields"} of MCP tools/call params`,
    );
  }
  // Arguments kept as a string are JSON text, as a host that stored the model's text has them.
  return oneCall(record, at, "arguments", "either", true);
}

function jsonRpcRequest(record: Json, at: string): Read {
  if (record.method !== "tools/call")
    return problemAt(inside(at, "method"), `a JSON-RPC ${preview(record.method)} message, not a tools/call request`);
  const params = objectAt(record, "params", at);
  return typeof params === "string" ? params : mcpParams(params, inside(at, "params"));
}

// ---- OpenAI Chat Completions: a response's choices, a message's tool_calls, one tool call.

function chatToolCall(record: Json, at: string): Read {
  if (record.type !== "function")
    return problemAt(inside(at, "type"), `expected "function", got ${preview(record.type)}`);
  const fn = objectAt(record, "function", at);
  return typeof fn === "string" ? fn : oneCall(fn, inside(at, "function"), "arguments", "text");
}

function chatMessage(record: Json, at: string): Read {
  // The single function_call of messages from before tool_calls, still found in stored conversations.
  if (record.function_call !== undefined && record.function_call !== null) {
    const fn = objectAt(record, "function_call", at);
    return typeof fn === "string" ? fn : oneCall(fn, inside(at, "function_call"), "arguments", "text");
  }
  if (record.tool_calls === undefined || record.tool_calls === null) return [];
  const calls = listAt(record, "tool_calls", at);
  return typeof calls === "string" ? calls : callsOfItems(calls, inside(at, "tool_calls"), every, chatToolCall);
}

function chatResponse(record: Json, at: string): Read {
  const choices = listAt(record, "choices", at);
  if (typeof choices === "string") return choices;
  return callsOfItems(choices, inside(at, "choices"), every, (choice, where) => {
    const message = objectAt(choice, "message", where);
    return typeof message === "string" ? message : chatMessage(message, inside(where, "message"));
  });
}

// ---- OpenAI Responses: a response's output items, one function_call item.

function responsesItem(record: Json, at: string): Read {
  return oneCall(record, at, "arguments", "text");
}

function responsesResponse(record: Json, at: string): Read {
  const output = listAt(record, "output", at);
  return typeof output === "string"
    ? output
    : callsOfItems(output, inside(at, "output"), (item) => item.type === "function_call", responsesItem);
}

// ---- Anthropic Messages: a message's content blocks, one tool_use block.

function anthropicToolUse(record: Json, at: string): Read {
  return oneCall(record, at, "input", "value");
}

function anthropicMessage(record: Json, at: string): Read {
  const content = listAt(record, "content", at);
  return typeof content === "string"
    ? content
    : callsOfItems(content, inside(at, "content"), (block) => block.type === "tool_use", anthropicToolUse);
}

// ---- Gemini: a response's candidates, a content's parts, a functionCall part, a FunctionCall.

function geminiFunctionCall(record: Json, at: string): Read {
  // args is optional in Gemini's FunctionCall: a function without parameters is called without them.
  return oneCall(record, at, "args", "value", true);
}

function geminiPart(record: Json, at: string): Read {
  const call = objectAt(record, "functionCall", at);
  return typeof call === "string" ? call : geminiFunctionCall(call, inside(at, "functionCall"));
}

function geminiContent(record: Json, at: string): Read {
  const parts = listAt(record, "parts", at);
  return typeof parts === "string"
    ? parts
    : callsOfItems(parts, inside(at, "parts"), (part) => part.functionCall !== undefined, geminiPart);
}

function geminiResponse(record: Json, at: string): Read {
  const candidates = listAt(record, "candidates", at);
  if (typeof candidates === "string") return candidates;
  return callsOfItems(
    candidates,
    inside(at, "candidates"),
    (candidate) => candidate.content !== undefined,
    (candidate, where) => {
      const content = objectAt(candidate, "content", where);
      return typeof content === "string" ? content : geminiContent(content, inside(where, "content"));
    },
  );
}

// ---- Which shape a record has.

interface Shape {
  /** What the record is, as a reason names it. */
  name: string;
  is(record: Json): boolean;
  read(record: Json, at: string): Read;
}

/** Containers first (they may hold several calls), then the calls themselves; the first shape that fits reads the record. */
const SHAPE_TABLE: readonly Shape[] = [
  { name: "a JSON-RPC request", is: (r) => Object.hasOwn(r, "method"), read: jsonRpcRequest },
  { name: "an OpenAI Chat Completions response", is: (r) => Object.hasOwn(r, "choices"), read: chatResponse },
  { name: "an OpenAI Responses response", is: (r) => Object.hasOwn(r, "output"), read: responsesResponse },
  { name: "a Gemini response", is: (r) => Object.hasOwn(r, "candidates"), read: geminiResponse },
  {
    name: "an OpenAI Chat Completions message",
    is: (r) =>
      Object.hasOwn(r, "tool_calls") ||
      Object.hasOwn(r, "function_call") ||
      (Object.hasOwn(r, "role") && !Array.isArray(r.content) && !Object.hasOwn(r, "parts")),
    read: chatMessage,
  },
  {
    name: "an Anthropic message",
    is: (r) => Array.isArray(r.content) && (Object.hasOwn(r, "role") || r.type === "message"),
    read: anthropicMessage,
  },
  { name: "a Gemini content", is: (r) => Object.hasOwn(r, "parts"), read: geminiContent },
  { name: "a Gemini part", is: (r) => Object.hasOwn(r, "functionCall"), read: geminiPart },
  { name: "an OpenAI Chat Completions tool call", is: (r) => r.type === "function", read: chatToolCall },
  { name: "an OpenAI Responses function_call item", is: (r) => r.type === "function_call", read: responsesItem },
  { name: "an Anthropic tool_use block", is: (r) => r.type === "tool_use", read: anthropicToolUse },
  {
    name: "a Gemini FunctionCall",
    is: (r) => !Object.hasOwn(r, "type") && Object.hasOwn(r, "args") && !Object.hasOwn(r, "arguments"),
    read: geminiFunctionCall,
  },
  { name: "MCP tools/call params", is: (r) => !Object.hasOwn(r, "type") && Object.hasOwn(r, "name"), read: mcpParams },
];

/** Fields that hold arguments in some shape: a record with one but no name is missing its name, not of an unknown shape. */
const ARGUMENT_FIELDS = ["arguments", "input", "args"];

/**
 * The calls a record holds, in order (a message may hold several), or why
 * it holds none: a reason naming where in the record the problem is.
 */
export function callsInRecord(record: unknown): Read {
  if (!isPlainObject(record)) return `expected a call record (an object), got ${shapeOf(record)}`;
  const shape = SHAPE_TABLE.find((candidate) => candidate.is(record));
  if (shape === undefined) {
    if (Object.hasOwn(record, "type"))
      return `no call shape has "type": ${preview(record.type)} (the shapes: ${SHAPES})`;
    if (ARGUMENT_FIELDS.some((field) => Object.hasOwn(record, field))) return 'missing "name"';
    return `matches no call shape (the shapes: ${SHAPES})`;
  }
  const calls = shape.read(record, "");
  if (typeof calls === "string" || calls.length > 0) return calls;
  return `holds no tool call (${shape.name} without one)`;
}
