import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { callsInRecord } from "../../../src/cli/call-shapes";

// Each file of fixtures/calls/ holds records as one API hands them over;
// `validate --calls` must read every call of every line, run from lib/ as
// users run it.
vi.setConfig({ testTimeout: 30_000 });

const root = join(__dirname, "..", "..", "..");
const main = join(root, "lib/cli/main.js");
const catalog = "fixtures/calls/tools.json";

beforeAll(() => {
  if (!existsSync(main))
    throw new Error("lib/ is not built: run `npx tsc -p tsconfig.build.json` (npm install does it)");
});

/** Each result line of `validate --calls <file>`: line, place on the line, tool, and "ok" or the message. */
function validated(file: string): [number, number | null, string, string][] {
  const run = spawnSync(process.execPath, [main, "validate", "--catalog", catalog, "--calls", file], {
    cwd: root,
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  return run.stdout
    .trimEnd()
    .split("\n")
    .map((text) => JSON.parse(text))
    .map((r) => [r.line, r.call ?? null, r.name, r.ok ? "ok" : r.message]);
}

describe("validate --calls reads each API's records", () => {
  it("MCP: a tools/call request, its params alone, and absent arguments as {}", () => {
    expect(validated("fixtures/calls/mcp.jsonl")).toEqual([
      [1, null, "get_weather", "ok"],
      [2, null, "get_time", "ok"],
      [3, null, "search_docs", "invalid arguments: limit: must be at most 50, got 100"],
      [4, null, "get_time", "invalid arguments: timezone: missing (required)"],
      [5, null, "get_weather", "ok"],
    ]);
  });

  it("OpenAI Chat Completions: a response, messages with tool_calls (every call of a message), one tool call; arguments as JSON text", () => {
    expect(validated("fixtures/calls/openai-chat.jsonl")).toEqual([
      [1, null, "get_weather", "ok"],
      [2, 1, "get_weather", "ok"],
      [2, 2, "get_weather", 'invalid arguments: unit: must be one of "celsius", "fahrenheit", got "kelvin"'],
      [3, null, "search_docs", 'invalid arguments: limit: expected an integer, got a string ("10")'],
      [
        4,
        null,
        "get_time",
        "invalid arguments: arguments are not valid JSON: unexpected end of input, expected '\"' at line 1 column 22",
      ],
      [5, null, "get_time", "ok"],
    ]);
  });

  it("OpenAI Responses: a response's function_call items (other items passed over), and one item alone", () => {
    expect(validated("fixtures/calls/openai-responses.jsonl")).toEqual([
      [1, null, "get_weather", "ok"],
      [2, null, "search_docs", 'invalid arguments: query: must be at least 1 character long, got ""'],
      [3, 1, "get_time", "ok"],
      [3, 2, "get_time", 'invalid arguments: timezone: must match the pattern ^[A-Za-z]+/[A-Za-z_]+$, got "Oslo"'],
    ]);
  });

  it("Anthropic: a message's tool_use blocks (text passed over), and a block alone whose input breaks the schema", () => {
    expect(validated("fixtures/calls/anthropic.jsonl")).toEqual([
      [1, null, "get_weather", "ok"],
      [2, null, "get_weather", 'invalid arguments: unit: must be one of "celsius", "fahrenheit", got "kelvin"'],
      [3, 1, "get_time", "ok"],
      [3, 2, "search_docs", "invalid arguments: limit: must be at least 1, got 0"],
      [4, null, "search_docs", "ok"],
    ]);
  });

  it("Gemini: a response, a functionCall part, a content of two parts, and a call without args as {}", () => {
    expect(validated("fixtures/calls/gemini.jsonl")).toEqual([
      [1, null, "get_weather", "ok"],
      [2, null, "search_docs", "invalid arguments: limit: must be at most 50, got 51"],
      [3, 1, "get_time", "ok"],
      [3, 2, "get_weather", "invalid arguments: units: unexpected property; allowed: location, unit"],
      [4, null, "get_weather", "ok"],
    ]);
  });
});

describe("callsInRecord", () => {
  const call = (name: string, args: { value: unknown } | { text: string }) => ({ name, args });

  it("reads arguments as the shape keeps them: a value, or JSON text", () => {
    expect(callsInRecord({ name: "a", arguments: { x: 1 } })).toEqual([call("a", { value: { x: 1 } })]);
    expect(callsInRecord({ name: "a", arguments: '{"x":1}' })).toEqual([call("a", { text: '{"x":1}' })]);
    expect(callsInRecord({ name: "a", arguments: null })).toEqual([call("a", { value: null })]);
    expect(callsInRecord({ name: "a", _meta: { progressToken: 1 } })).toEqual([call("a", { value: {} })]);
    expect(callsInRecord({ type: "function", function: { name: "a", arguments: "{}" } })).toEqual([
      call("a", { text: "{}" }),
    ]);
    expect(callsInRecord({ type: "function_call", call_id: "c", name: "a", arguments: "{}" })).toEqual([
      call("a", { text: "{}" }),
    ]);
    expect(callsInRecord({ type: "tool_use", id: "t", name: "a", input: "{}" })).toEqual([call("a", { value: "{}" })]);
    expect(callsInRecord({ functionCall: { name: "a", args: { x: 1 } } })).toEqual([call("a", { value: { x: 1 } })]);
    expect(callsInRecord({ name: "a", args: { x: 1 } })).toEqual([call("a", { value: { x: 1 } })]);
    // The single function_call of Chat Completions messages from before tool_calls.
    expect(callsInRecord({ role: "assistant", content: null, function_call: { name: "a", arguments: "{}" } })).toEqual([
      call("a", { text: "{}" }),
    ]);
  });

  it("refuses a record of no shape, or with its arguments under a name its shape lacks, with the reason, never as {}", () => {
    for (const [record, reason] of [
      [[1], "expected a call record (an object), got a list"],
      ["x", "expected a call record (an object), got a string"],
      [
        { name: "get_weather", input: { unit: "kelvin" } },
        'no "arguments", and "input" is no field of MCP tools/call params',
      ],
      [
        { name: "a", parameters: {}, id: 1 },
        'no "arguments", and "parameters", "id" are no fields of MCP tools/call params',
      ],
      [{ name: 3, arguments: {} }, "name: expected a string, got a number"],
      [{ arguments: {} }, 'missing "name"'],
      [
        { tool: "a", params: {} },
        "matches no call shape (the shapes: MCP tools/call, OpenAI tool_calls or function_call, Anthropic tool_use, Gemini functionCall, or a message or response that holds them)",
      ],
      [
        { type: "text", text: "hi" },
        'no call shape has "type": "text" (the shapes: MCP tools/call, OpenAI tool_calls or function_call, Anthropic tool_use, Gemini functionCall, or a message or response that holds them)',
      ],
      [
        { jsonrpc: "2.0", id: 1, method: "tools/list" },
        'method: a JSON-RPC "tools/list" message, not a tools/call request',
      ],
      [{ jsonrpc: "2.0", id: 1, method: "tools/call", params: [] }, "params: expected an object, got a list"],
      [{ type: "tool_use", id: "t", name: "a" }, 'missing "input"'],
      [
        { type: "function_call", name: "a", arguments: { x: 1 } },
        "arguments: expected JSON text (a string), got an object",
      ],
      [
        {
          role: "assistant",
          tool_calls: [
            { type: "function", function: { name: "a", arguments: "{}" } },
            { type: "custom", custom: { name: "b", input: "x" } },
          ],
        },
        'tool_calls[1].type: expected "function", got "custom"',
      ],
      [
        { choices: [{ message: { role: "assistant", tool_calls: [{ type: "function", function: { name: "a" } }] } }] },
        'choices[0].message.tool_calls[0].function: missing "arguments"',
      ],
      [
        {
          candidates: [
            { content: { role: "model", parts: [{ functionCall: { name: "a", args: {} } }, { functionCall: "b" }] } },
          ],
        },
        "candidates[0].content.parts[1].functionCall: expected an object, got a string",
      ],
      [
        { role: "assistant", content: "It is sunny." },
        "holds no tool call (an OpenAI Chat Completions message without one)",
      ],
      [
        { type: "message", role: "assistant", content: [{ type: "text", text: "Hi" }] },
        "holds no tool call (an Anthropic message without one)",
      ],
      [
        { object: "response", output: [{ type: "message", content: [] }] },
        "holds no tool call (an OpenAI Responses response without one)",
      ],
    ] as const) {
      expect(callsInRecord(record), JSON.stringify(record)).toBe(reason);
    }
  });
});
