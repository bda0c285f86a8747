import { Catalog, type RefusedTool } from "./catalog";
import { copyOptions, optionsError } from "./options";
import { ownJsonText } from "./own-json";
import { describeThrown } from "../runtime/thrown";
import { toolIssue } from "./tool-list";
import type { Options, Result } from "../runtime/types";
import { MAX_WORK } from "../runtime/pass";

// The MCP SDK is an optional peer: this file names its shapes structurally,
// so the package loads, and its declarations compile, without the SDK.

/** The `params` of an MCP `tools/call` request. */
export interface CallToolParams {
  name: string;
  arguments?: Record<string, unknown>;
}

/**
 * The tool result that refuses a call: the model-facing message as text. A
 * type alias, not an interface, so that it is assignable to the SDK's
 * `CallToolResult`, whose index signature an interface would not meet.
 */
export type RefusedToolResult = {
  content: [{ type: "text"; text: string }];
  isError: true;
};

/** What the client guard uses of the SDK's `Client`. */
export interface McpClient {
  listTools(params?: { cursor?: string }): Promise<{ tools: unknown[]; nextCursor?: string }>;
  callTool(params: CallToolParams, ...rest: unknown[]): Promise<unknown>;
  setNotificationHandler(schema: unknown, handler: (notification: unknown) => void | Promise<void>): void;
}

/** What the guarded `callTool` resolves to: the server's answer, or the refusal. */
export type GuardedCallResult<C extends McpClient> = Awaited<ReturnType<C["callTool"]>> | RefusedToolResult;

export interface GuardedClient<C extends McpClient> {
  /**
   * `client.callTool`, after validating the arguments against the latest
   * `tools/list`. A refused call is answered here, with `isError: true`, and
   * never sent. Absent `arguments` are validated as `{}`; `arguments: null`
   * is refused (`arguments: expected an object, got null`).
   */
  callTool(...args: Parameters<C["callTool"]>): Promise<GuardedCallResult<C>>;
  /** The server's tools, published in passthrough mode. */
  readonly catalog: Catalog;
  /**
   * The server's tools whose schemas are refused, with the kind and message
   * of each (`catalog.refused()`): every call to one of them is answered by
   * the guard and never sent.
   */
  refused(): RefusedTool[];
}

/** What `guardClient` takes: `compile`'s options, and a callback for refused tools. */
export interface GuardOptions extends Options {
  /**
   * Called with the refused tools each time a `tools/list` is published
   * that refuses some (at set-up, and after each
   * `notifications/tools/list_changed`): the place to log or alert, since
   * the model only learns of it when it calls one. Its exception rejects
   * `guardClient` (at set-up) or the call that waited for the new list.
   */
  onRefused?: (refused: RefusedTool[]) => void;
}

/** The result that refuses a call with the core's one-line message. */
function refusedResult(result: Extract<Result, { ok: false }>): RefusedToolResult {
  return { content: [{ type: "text", text: result.message }], isError: true };
}

/** The refusal of a request that could not be read. */
function unreadableCall(error: unknown): Extract<Result, { ok: false }> {
  const message = `the tool call could not be read (${describeThrown(error)})`;
  return { ok: false, kind: "validation", message, issues: [toolIssue(message, "params")] };
}

/** A `tools/call` request as validated, and as it is to be passed on. */
type CheckedCall = { result: Extract<Result, { ok: false }> } | { result: Result; params: CallToolParams };

/**
 * Values the arguments may hold when they are written out as text, counted
 * before they are read: a call that was checked within the work limit holds
 * fewer (src/runtime/pass.ts), so only arguments that claim more when read again
 * (a proxy, a getter) reach it.
 */
const WRITTEN_VALUES = MAX_WORK;

/** The arguments' JSON text, written from their own properties (src/api/own-json.ts), or why there is none. */
function argumentsText(given: unknown): string {
  let values = 0;
  const text = ownJsonText(given, (more) => {
    if ((values += more) > WRITTEN_VALUES)
      throw new Error(`the arguments hold more than ${WRITTEN_VALUES} values when read again`);
  });
  if (text === undefined)
    throw new Error("the arguments have no JSON text: a bigint, or a value that is not JSON when read again");
  return text;
}

/**
 * Validates a `tools/call` request against the catalog (absent `arguments`
 * as `{}`; `arguments: null` as null, which an object schema refuses). The
 * name is read once; the arguments, once valid as given, are
 * written as JSON text (from their own properties: an inherited toJSON
 * changes nothing) and that text parsed is validated again and is what is
 * passed on: a getter or proxy that answers one way to the check and another
 * to the sender cannot get an unchecked call through. A request that cannot
 * be read (a getter or proxy that throws) is refused like any other bad
 * call, never thrown.
 */
function checkCall(catalog: Catalog, request: { params?: Partial<CallToolParams> }): CheckedCall {
  let params: Partial<CallToolParams> | undefined;
  let name: unknown;
  let given: unknown;
  try {
    params = request.params;
    name = params?.name;
    // Absent arguments are `{}` (MCP); null is a value, and an object schema refuses it.
    given = params?.arguments;
    if (given === undefined) given = {};
  } catch (error) {
    return { result: unreadableCall(error) };
  }
  // The arguments as given first: within the work limit, so that arguments
  // built in JavaScript that hold one list at many places are refused before
  // they are written out as text.
  const checked = catalog.validate(name, given);
  if (!checked.ok) return { result: checked };
  let args: Record<string, unknown>;
  let rest: Partial<CallToolParams>;
  try {
    args = JSON.parse(argumentsText(given));
    // The request's other fields (`_meta`), passed on as they are.
    rest = { ...params };
  } catch (error) {
    return { result: unreadableCall(error) };
  }
  const result = catalog.validate(name, args);
  return result.ok ? { result, params: { ...rest, name: name as string, arguments: args } } : { result };
}

/** Loaded on first use only: the one runtime value needed from the SDK. */
function toolListChangedSchema(): unknown {
  try {
    return require("@modelcontextprotocol/sdk/types.js").ToolListChangedNotificationSchema;
  } catch (error) {
    throw new Error(
      `tool-input-schema: guardClient needs @modelcontextprotocol/sdk (npm install @modelcontextprotocol/sdk): ${describeThrown(error)}`,
    );
  }
}

/** A server that keeps handing out cursors is not followed past this many pages. */
export const MAX_TOOL_PAGES = 1000;

async function listAllTools(client: McpClient): Promise<unknown[]> {
  const tools: unknown[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  do {
    if (cursors.size >= MAX_TOOL_PAGES)
      throw new Error(`tool-input-schema: the server's tools/list did not end after ${MAX_TOOL_PAGES} pages`);
    const page = await client.listTools(cursor === undefined ? undefined : { cursor });
    for (const tool of page.tools) tools.push(tool);
    cursor = page.nextCursor;
    if (cursor !== undefined) {
      if (cursors.has(cursor))
        throw new Error(
          `tool-input-schema: the server's tools/list repeated the cursor ${JSON.stringify(cursor.slice(0, 60))}`,
        );
      cursors.add(cursor);
    }
  } while (cursor !== undefined);
  return tools;
}

/**
 * Guards an SDK `Client` that is already connected: fetches `tools/list` and
 * fetches it again on each `notifications/tools/list_changed` (the guard owns
 * that notification's handler). Every descriptor is registered unchanged
 * (docs/contract.md, "Boundaries"): a call to a tool whose schema is refused fails with
 * its schema's kind (`unsupported_capability` for a keyword outside the
 * profile) and is not sent; `refused()` and `options.onRefused` name such
 * tools at set-up. Rejects when `tools/list` fails or names a tool twice.
 */
export async function guardClient<C extends McpClient>(client: C, options?: GuardOptions): Promise<GuardedClient<C>> {
  const catalog = new Catalog();
  // Bad options throw here, before anything is sent.
  const given = copyOptions(options);
  if (typeof given === "string") throw optionsError(given);
  const { onRefused, ...compileOptions } = given;
  if (onRefused !== undefined && typeof onRefused !== "function")
    throw optionsError("options.onRefused must be a function");
  const publishOptions = { ...compileOptions, mode: "passthrough" as const };
  catalog.publish([], publishOptions);

  // A list_changed bumps `generation`; a call waits until the catalog holds
  // a tools/list fetched after the latest one before the call, and no longer:
  // a server that keeps notifying cannot hold a call back (at most two
  // fetches, one already under way and one of its own).
  let generation = 0;
  let published = -1;
  let inFlight: Promise<void> | null = null;

  const fetchAndPublish = async (): Promise<void> => {
    const target = generation;
    const result = catalog.publish(await listAllTools(client), publishOptions);
    if (!result.ok) throw new Error(`tool-input-schema: the server's tools/list was not published: ${result.message}`);
    published = Math.max(published, target);
    if (onRefused !== undefined && result.refused.length > 0)
      (onRefused as NonNullable<GuardOptions["onRefused"]>)(result.refused);
  };
  const ensureFresh = async (): Promise<void> => {
    const wanted = generation;
    while (published < wanted) {
      inFlight ??= fetchAndPublish().finally(() => (inFlight = null));
      await inFlight;
    }
  };

  client.setNotificationHandler(toolListChangedSchema(), () => {
    generation++;
    // Fetched now so the next call does not wait; a failure resurfaces on that call.
    ensureFresh().catch(() => undefined);
  });
  await ensureFresh();

  return {
    catalog,
    refused: () => catalog.refused(),
    async callTool(...args): Promise<GuardedCallResult<C>> {
      const [params, ...rest] = args as [CallToolParams, ...unknown[]];
      await ensureFresh();
      const call = checkCall(catalog, { params });
      if (!("params" in call)) return refusedResult(call.result);
      return (await client.callTool(call.params, ...rest)) as GuardedCallResult<C>;
    },
  };
}

/**
 * Wraps a server's `tools/call` handler (the SDK's low-level `Server`):
 * the arguments are validated against the catalog before the handler runs,
 * and a refused call is answered with `isError: true` and the message. The
 * handler gets the request with the arguments as they were validated (a
 * copy, parsed from their JSON text).
 * Publish the server's tools in passthrough mode so that a tool with an
 * unsupported schema stays listed but every call to it is refused.
 */
export function guardToolHandler<Q extends { params: CallToolParams }, E, R>(
  catalog: Catalog,
  handler: (request: Q, extra: E) => R | Promise<R>,
): (request: Q, extra: E) => Promise<R | RefusedToolResult> {
  return async (request, extra) => {
    const call = checkCall(catalog, request);
    return "params" in call ? handler({ ...request, params: call.params }, extra) : refusedResult(call.result);
  };
}
