import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client as Client2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ElicitRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { InMemoryTransport as InMemoryTransport2, McpServer, Server as Server2 } from "@modelcontextprotocol/server";
import { asSchema, generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Catalog, compile, ToolInputSchemaValidator } from "../../../src/index";
import { moduleText, readExamples } from "../../support/doc-examples";

/*
 * The frameworks of docs/frameworks.md, run for real: the AI SDK 7 with its
 * own mock model, the MCP TypeScript SDK 2.x (McpServer, Client, Server) over
 * its in-memory transport, and the 1.x SDK's Client and Server with the
 * validator provider. The texts a model reads are checked exactly. The
 * page's examples also run in test/docs/doc-examples.test.ts; here they are
 * type-checked as a strict project with moduleResolution nodenext would
 * check them, as ES modules and as CommonJS.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const root = join(__dirname, "..", "..", "..");

const forecastSchema = {
  type: "object",
  properties: { city: { type: "string", minLength: 1 }, days: { type: "integer", minimum: 1, maximum: 7 } },
  required: ["city"],
};

describe("what the model reads", () => {
  it("from the package itself: the place before each problem, in one line (the frameworks' texts are below)", () => {
    expect(compile(forecastSchema).validate({ city: "", days: 9 })).toMatchObject({
      message: 'invalid arguments: city: must be at least 1 character long, got ""; days: must be at most 7, got 9',
    });
  });
});

describe("the AI SDK 7", () => {
  const usage = {
    inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 5, text: 5, reasoning: 0 },
  };
  const toolCall = (id: string, input: string) => ({
    content: [{ type: "tool-call" as const, toolCallId: id, toolName: "forecast", input }],
    finishReason: { unified: "tool-calls" as const, raw: undefined },
    usage,
    warnings: [],
  });
  const answer = {
    content: [{ type: "text" as const, text: "Sunny." }],
    finishReason: { unified: "stop" as const, raw: undefined },
    usage,
    warnings: [],
  };

  it("answers a call with bad arguments with the issues, never runs execute for it, and runs the good call that follows", async () => {
    const executed: unknown[] = [];
    const forecast = tool({
      inputSchema: compile<{ city: string; days?: number }>(forecastSchema),
      execute: async (input) => {
        executed.push(input);
        return `${input.city}: sunny`;
      },
    });
    const model = new MockLanguageModelV4({
      doGenerate: [toolCall("c1", '{"city": "", "days": 9}'), toolCall("c2", '{"city": "Oslo"}'), answer],
    });
    const result = await generateText({
      model,
      tools: { forecast },
      prompt: "Weather in Oslo?",
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("Sunny.");
    expect(executed).toEqual([{ city: "Oslo" }]);
    const [first, second] = [1, 2].map((call) => model.doGenerateCalls[call].prompt.at(-1));
    // The text the model reads names each place once: the SDK writes the issues' paths, the messages do not repeat them.
    expect(first).toEqual({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "c1",
          toolName: "forecast",
          output: {
            type: "error-text",
            value:
              'AI_InvalidToolInputError: Invalid input for tool forecast: AI_TypeValidationError: Type validation failed: Value: {"city":"","days":9}.\n' +
              'Error message: [{"message":"must be at least 1 character long, got \\"\\"","path":["city"]},{"message":"must be at most 7, got 9","path":["days"]}]',
          },
        },
      ],
    });
    expect(second).toEqual({
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "c2", toolName: "forecast", output: { type: "text", value: "Oslo: sunny" } },
      ],
    });
  });

  it("sends the provider the draft-07 schema, to which it adds additionalProperties: false", async () => {
    const model = new MockLanguageModelV4({ doGenerate: [answer] });
    await generateText({ model, tools: { forecast: tool({ inputSchema: compile(forecastSchema) }) }, prompt: "Hi" });
    expect(model.doGenerateCalls[0].tools).toEqual([
      { type: "function", name: "forecast", inputSchema: { ...forecastSchema, additionalProperties: false } },
    ]);
  });

  it("validates through asSchema, the SDK's own path for any schema it takes", async () => {
    const schema = asSchema(compile(forecastSchema));
    expect(await schema.validate!({ city: "Oslo" })).toEqual({ success: true, value: { city: "Oslo" } });
    expect(await schema.validate!({ city: "Oslo", days: 0 })).toMatchObject({
      success: false,
      error: {
        message: expect.stringContaining('Error message: [{"message":"must be at least 1, got 0","path":["days"]}]'),
      },
    });
  });

  it("tells the model a refused tool cannot be called, and lists it with its schema (passthrough)", async () => {
    const catalog = new Catalog();
    const weather = { type: "object", title: "weather", properties: { city: { type: "string" } } };
    catalog.publish([{ name: "weather", inputSchema: weather }], { mode: "passthrough" });
    let ran = false;
    const weatherTool = tool({ inputSchema: catalog.tool("weather")!, execute: async () => ((ran = true), "sunny") });
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          ...toolCall("c1", '{"city": "Oslo"}'),
          content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: '{"city": "Oslo"}' }],
        },
        answer,
      ],
    });
    await generateText({ model, tools: { weather: weatherTool }, prompt: "Weather?", stopWhen: stepCountIs(2) });
    expect(ran).toBe(false);
    expect(model.doGenerateCalls[0].tools).toEqual([
      { type: "function", name: "weather", inputSchema: { ...weather, additionalProperties: false } },
    ]);
    expect(JSON.stringify(model.doGenerateCalls[1].prompt.at(-1))).toContain(
      'Error message: [{\\"message\\":\\"tool \\\\\\"weather\\\\\\" cannot be called: the fault is in its schema, not in this call, and retrying will not help (unsupported schema: #/title: keyword \\\\\\"title\\\\\\" is not supported (profile: \\\\\\"extended\\\\\\" supports it))\\"}]',
    );
  });
});

describe("an MCP 2.x server whose registerTool takes a compiled validator", () => {
  async function connect(register: (server: McpServer) => void) {
    const server = new McpServer({ name: "weather", version: "1.0.0" });
    register(server);
    const [clientSide, serverSide] = InMemoryTransport2.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client2({ name: "gateway", version: "1.0.0" });
    await client.connect(clientSide);
    return client;
  }

  it("lists its draft-2020-12 schema, runs good calls, and answers bad ones with the issues before the handler runs", async () => {
    const handled: unknown[] = [];
    const client = await connect((server) =>
      server.registerTool(
        "forecast",
        { inputSchema: compile<{ city: string; days?: number }>(forecastSchema) },
        async (args) => {
          handled.push(args);
          return { content: [{ type: "text", text: `${args.city}: sunny` }] };
        },
      ),
    );
    expect((await client.listTools()).tools).toEqual([{ name: "forecast", inputSchema: forecastSchema }]);
    expect(await client.callTool({ name: "forecast", arguments: { city: "Oslo", days: 2 } })).toEqual({
      content: [{ type: "text", text: "Oslo: sunny" }],
    });
    expect(await client.callTool({ name: "forecast", arguments: { city: "", days: 9 } })).toEqual({
      content: [
        {
          type: "text",
          text: 'Input validation error: Invalid arguments for tool forecast: city: must be at least 1 character long, got "", days: must be at most 7, got 9',
        },
      ],
      isError: true,
    });
    // Absent arguments are {}.
    expect(await client.callTool({ name: "forecast" })).toEqual({
      content: [
        { type: "text", text: "Input validation error: Invalid arguments for tool forecast: city: missing (required)" },
      ],
      isError: true,
    });
    expect(handled).toEqual([{ city: "Oslo", days: 2 }]);
    await client.close();
  });

  it("checks structured output against a compiled output schema", async () => {
    const client = await connect((server) =>
      server.registerTool(
        "forecast",
        {
          inputSchema: compile<{ city: string }>(forecastSchema),
          outputSchema: compile<{ temperature: number }>({
            type: "object",
            properties: { temperature: { type: "number" } },
            required: ["temperature"],
          }),
        },
        async ({ city }) => ({
          content: [],
          structuredContent: { temperature: city === "Oslo" ? 3 : ("hot" as unknown as number) },
        }),
      ),
    );
    expect(await client.callTool({ name: "forecast", arguments: { city: "Oslo" } })).toEqual({
      content: [],
      structuredContent: { temperature: 3 },
    });
    expect(await client.callTool({ name: "forecast", arguments: { city: "Rome" } })).toEqual({
      content: [
        {
          type: "text",
          text: 'Output validation error: Invalid structured content for tool forecast: temperature: expected a number, got a string ("hot")',
        },
      ],
      isError: true,
    });
    await client.close();
  });

  it("lists a refused passthrough tool unchanged and refuses every call to it, telling the model why", async () => {
    const catalog = new Catalog();
    const weather = { type: "object", title: "weather", properties: { city: { type: "string" } } };
    catalog.publish([{ name: "weather", inputSchema: weather }], { mode: "passthrough" });
    let ran = false;
    const client = await connect((server) =>
      server.registerTool(
        "weather",
        { inputSchema: catalog.tool("weather")! },
        async () => ((ran = true), { content: [] }),
      ),
    );
    expect((await client.listTools()).tools).toEqual([{ name: "weather", inputSchema: weather }]);
    expect(await client.callTool({ name: "weather", arguments: { city: "Oslo" } })).toEqual({
      content: [
        {
          type: "text",
          text: 'Input validation error: Invalid arguments for tool weather: tool "weather" cannot be called: the fault is in its schema, not in this call, and retrying will not help (unsupported schema: #/title: keyword "title" is not supported (profile: "extended" supports it))',
        },
      ],
      isError: true,
    });
    expect(ran).toBe(false);
    await client.close();
  });
});

describe("MCP clients and servers given jsonSchemaValidator: new ToolInputSchemaValidator()", () => {
  const forecastTool = {
    name: "forecast",
    inputSchema: { type: "object" as const, properties: { city: { type: "string" } } },
    outputSchema: {
      type: "object" as const,
      title: "Forecast",
      properties: { temperature: { type: "number", title: "Temperature" } },
      required: ["temperature"],
    },
  };
  const temperature = (city: unknown) => ({
    content: [],
    structuredContent: { temperature: city === "Oslo" ? 3 : "hot" },
  });
  const mismatch = `Structured content does not match the tool's output schema: invalid arguments: temperature: expected a number, got a string ("hot")`;

  it("1.x Client: checks each tool's structured output with the provider", async () => {
    const server = new Server({ name: "weather", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [forecastTool] }));
    server.setRequestHandler(CallToolRequestSchema, (request) => temperature(request.params.arguments?.city));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client(
      { name: "gateway", version: "1.0.0" },
      { jsonSchemaValidator: new ToolInputSchemaValidator() },
    );
    await client.connect(clientSide);
    await client.listTools();
    expect(await client.callTool({ name: "forecast", arguments: { city: "Oslo" } })).toEqual({
      content: [],
      structuredContent: { temperature: 3 },
    });
    await expect(client.callTool({ name: "forecast", arguments: { city: "Rome" } })).rejects.toThrow(
      `MCP error -32602: ${mismatch}`,
    );
    await client.close();
  });

  it("2.x Client: checks each tool's structured output with the provider", async () => {
    const server = new Server2({ name: "weather", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler("tools/list", () => ({ tools: [forecastTool] }));
    server.setRequestHandler("tools/call", (request) => temperature(request.params.arguments?.city));
    const [clientSide, serverSide] = InMemoryTransport2.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client2(
      { name: "gateway", version: "1.0.0" },
      { jsonSchemaValidator: new ToolInputSchemaValidator() },
    );
    await client.connect(clientSide);
    await client.listTools();
    expect(await client.callTool({ name: "forecast", arguments: { city: "Oslo" } })).toEqual({
      content: [],
      structuredContent: { temperature: 3 },
    });
    await expect(client.callTool({ name: "forecast", arguments: { city: "Rome" } })).rejects.toThrow(mismatch);
    await client.close();
  });

  it("1.x Server: checks a client's answer to an elicitation with the provider", async () => {
    const server = new Server(
      { name: "booking", version: "1.0.0" },
      { capabilities: {}, jsonSchemaValidator: new ToolInputSchemaValidator() },
    );
    const client = new Client({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    const answers = [{ seats: 2 }, { seats: "two" }];
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: "accept", content: answers.shift() }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    const requestedSchema = {
      type: "object" as const,
      properties: { seats: { type: "integer" as const, title: "Seats", minimum: 1 } },
      required: ["seats"],
    };
    expect(await server.elicitInput({ message: "How many seats?", requestedSchema })).toEqual({
      action: "accept",
      content: { seats: 2 },
    });
    await expect(server.elicitInput({ message: "How many seats?", requestedSchema })).rejects.toThrow(
      'invalid arguments: seats: expected an integer, got a string ("two")',
    );
    await client.close();
  });
});

/**
 * The page's examples, and the package's types against the frameworks',
 * checked by TypeScript as a user's strict project checks them: module and
 * moduleResolution nodenext, each example once as an ES module (.mts) and
 * once as CommonJS (.cts, its statements in an async function: CommonJS has
 * no top-level await).
 */
describe("docs/frameworks.md's examples and the types, in a strict TypeScript project (nodenext)", () => {
  const page = readFileSync(join(root, "docs", "frameworks.md"), "utf8");
  const examples = readExamples(page);
  let scratch: string;
  let diagnostics: Map<string, string[]>;

  /** An example as CommonJS: its imports, then its statements in an async function. */
  function commonJs(text: string): string {
    const source = ts.createSourceFile("example.ts", text, ts.ScriptTarget.ES2022, true);
    const imports = source.statements.filter(ts.isImportDeclaration).map((statement) => statement.getText(source));
    const rest = source.statements
      .filter((statement) => !ts.isImportDeclaration(statement))
      .map((statement) => statement.getText(source));
    return `${imports.join("\n")}\nexport async function example(): Promise<void> {\n${rest.join("\n")}\n}\n`;
  }

  const types = `
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import type { FlexibleSchema } from "ai";
import type { jsonSchemaValidator as Provider1 } from "@modelcontextprotocol/sdk/validation/types.js";
import type { jsonSchemaValidator as ClientProvider2 } from "@modelcontextprotocol/client";
import type { jsonSchemaValidator as ServerProvider2, StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { Catalog, compile, ToolInputSchemaValidator, type Failure, type Validator } from "tool-input-schema";

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type Args = { city: string; days?: number };
const validator = compile<Args>({ type: "object" });
export const standard: StandardSchemaV1<unknown, Args> = validator;
export const json: StandardJSONSchemaV1<unknown, Args> = validator;
export const withJson: StandardSchemaWithJSON<unknown, Args> = validator;
export const flexible: FlexibleSchema<Args> = validator;
export const output: Same<StandardSchemaV1.InferOutput<typeof validator>, Args> = true;
export const input: Same<StandardSchemaV1.InferInput<typeof validator>, unknown> = true;
const plain = compile({ type: "object" });
export const untyped: Same<typeof plain, Validator<Record<string, unknown>>> = true;
const result = validator["~standard"].validate({ city: "Oslo" });
export const synchronous: string | undefined = result.issues ? result.issues[0].message : result.value.city;
export const tool: Validator | undefined = new Catalog().tool("forecast");
export const provider1: Provider1 = new ToolInputSchemaValidator();
export const clientProvider2: ClientProvider2 = new ToolInputSchemaValidator({ profile: "core" });
export const serverProvider2: ServerProvider2 = new ToolInputSchemaValidator();
const checked = validator.validate({});
export const failure: Failure | null = checked.ok ? null : checked;
`;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "tool-input-schema-frameworks-"));
    mkdirSync(join(scratch, "node_modules"));
    symlinkSync(root, join(scratch, "node_modules", "tool-input-schema"), "dir");
    for (const name of ["ai", "@modelcontextprotocol", "@standard-schema", "@types"])
      symlinkSync(join(root, "node_modules", name), join(scratch, "node_modules", name), "dir");
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "app", private: true }));
    const files: string[] = [];
    examples.forEach((example, i) => {
      const { text } = moduleText(example);
      files.push(join(scratch, `example-${i}.mts`), join(scratch, `example-${i}.cts`));
      writeFileSync(files.at(-2)!, text);
      writeFileSync(files.at(-1)!, commonJs(text));
    });
    files.push(join(scratch, "types.mts"), join(scratch, "types.cts"));
    writeFileSync(files.at(-2)!, types);
    writeFileSync(files.at(-1)!, types);
    const program = ts.createProgram(files, {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ["node"],
      skipLibCheck: true,
      noEmit: true,
    });
    diagnostics = new Map(files.map((file) => [file, []]));
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const file = diagnostic.file?.fileName ?? "(program)";
      const line =
        diagnostic.file && diagnostic.start !== undefined
          ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1
          : 0;
      const list = diagnostics.get(file) ?? diagnostics.get(files[0])!;
      list.push(`${file}:${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
    }
  });

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("has the page's examples: the Standard Schema, the AI SDK, an MCP server, the 2.x and 1.x clients", () => {
    expect(examples.map((example) => example.mode)).toEqual(["run", "run", "run", "run", "run"]);
  });

  it.each(["mts", "cts"])("type-checks each example as .%s", (extension) => {
    examples.forEach((_example, i) => expect(diagnostics.get(join(scratch, `example-${i}.${extension}`))).toEqual([]));
  });

  it.each(["mts", "cts"])(
    "type-checks a Validator as the Standard Schema types, the AI SDK's and the MCP SDK's, and the provider as both SDK lines' jsonSchemaValidator, as .%s",
    (extension) => {
      expect(diagnostics.get(join(scratch, `types.${extension}`))).toEqual([]);
    },
  );
});
