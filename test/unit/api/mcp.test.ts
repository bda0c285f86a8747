import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  Catalog,
  guardClient,
  guardToolHandler,
  validateSchema,
  type CallToolParams,
  type GuardedClient,
} from "../../../src/index";

// End to end over stdio with real server processes. guarded-server.mjs loads
// lib/, which `npm install` builds (the prepare script).
const root = join(__dirname, "..", "..", "..");
const everything = join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const guardedServer = join(__dirname, "../../support/guarded-server.mjs");
/** The schema of guarded-server's "lookup" tool: $ref, which the core profile refuses. */
const lookupSchema = { type: "object", properties: { id: { $ref: "#/$defs/id" } }, $defs: { id: { type: "string" } } };

async function connect(script: string, ...args: string[]): Promise<Client> {
  const client = new Client({ name: "tool-input-schema-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [script, ...args], cwd: root, stderr: "ignore" }),
  );
  return client;
}

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0].text;
}

function refused(message: string) {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** What a call to a tool whose schema is refused gets: the schema's message, after saying the fault is not the call's. */
function schemaRefused(name: string, schema: unknown) {
  const preflight = validateSchema(schema);
  if (preflight.ok) throw new Error("expected a refused schema");
  return refused(
    `tool "${name}" cannot be called: the fault is in its schema, not in this call, and retrying will not help (${preflight.message})`,
  );
}

describe("guardClient against @modelcontextprotocol/server-everything", () => {
  let client: Client;
  let guard: GuardedClient<Client>;

  beforeAll(async () => {
    client = await connect(everything, "stdio");
    guard = await guardClient(client);
  }, 20_000);
  afterAll(() => client?.close());

  it("publishes the server's tools/list", async () => {
    const { tools } = await client.listTools();
    expect(guard.catalog.names()).toEqual(tools.map((tool) => tool.name));
    expect(guard.catalog.names()).toEqual(expect.arrayContaining(["echo", "get-sum"]));
  });

  it("sends a valid call", async () => {
    const send = vi.spyOn(client, "callTool");
    const result = await guard.callTool({ name: "echo", arguments: { message: "hello" } });
    expect(text(result)).toBe("Echo: hello");
    expect(send).toHaveBeenCalledTimes(1);
    send.mockRestore();
  });

  it("answers an invalid call itself, with the message, and sends nothing", async () => {
    const send = vi.spyOn(client, "callTool");
    expect(await guard.callTool({ name: "echo", arguments: {} })).toEqual(
      refused("invalid arguments: message: missing (required)"),
    );
    expect(await guard.callTool({ name: "echo" })).toEqual(refused("invalid arguments: message: missing (required)"));
    expect(await guard.callTool({ name: "get-sum", arguments: { a: "1", b: 2 } })).toEqual(
      refused('invalid arguments: a: expected a number, got a string ("1")'),
    );
    expect(await guard.callTool({ name: "ecoh", arguments: { message: "x" } })).toEqual(
      refused('unknown tool "ecoh"; did you mean "echo"?'),
    );
    expect(send).not.toHaveBeenCalled();
    send.mockRestore();
  });
});

describe("a real server process whose tools/call handler is wrapped by guardToolHandler", () => {
  let client: Client;

  beforeAll(async () => {
    client = await connect(guardedServer);
  }, 20_000);
  afterAll(() => client?.close());

  it("lists the tool with the unsupported schema unchanged", async () => {
    const { tools } = await client.listTools();
    const lookup = tools.find((tool) => tool.name === "lookup");
    expect(lookup?.inputSchema).toEqual(lookupSchema);
    expect(validateSchema(lookupSchema)).toMatchObject({ ok: false, kind: "unsupported_capability" });
  });

  it("runs the handler for a valid call only", async () => {
    expect(await client.callTool({ name: "greet", arguments: { name: "" } })).toEqual(
      refused('invalid arguments: name: must be at least 1 character long, got ""'),
    );
    expect(await client.callTool({ name: "lookup", arguments: { id: "x" } })).toEqual(
      schemaRefused("lookup", lookupSchema),
    );
    expect(text(await client.callTool({ name: "greet", arguments: { name: "Ada" } }))).toBe("hello, Ada");
    expect(JSON.parse(text(await client.callTool({ name: "handled" })))).toEqual(["greet", "handled"]);
  });
});

describe("guardClient against a server with an unsupported schema and a changing tool list", () => {
  let client: Client;
  let guard: GuardedClient<Client>;

  beforeAll(async () => {
    client = await connect(guardedServer);
    guard = await guardClient(client);
  }, 20_000);
  afterAll(() => client?.close());

  it("registers the unsupported tool but refuses every call to it before sending", async () => {
    expect(guard.catalog.names()).toContain("lookup");
    const send = vi.spyOn(client, "callTool");
    const result = await guard.callTool({ name: "lookup", arguments: { id: "x" } });
    expect(result).toEqual(schemaRefused("lookup", lookupSchema));
    expect(text(result)).toMatch(
      /^tool "lookup" cannot be called: the fault is in its schema, not in this call, and retrying will not help \(unsupported schema: #\/properties\/id\/\$ref: keyword "\$ref" is not supported/,
    );
    expect(send).not.toHaveBeenCalled();
    send.mockRestore();
  });

  it("names the refused tools at set-up: refused(), and onRefused", async () => {
    const preflight = validateSchema(lookupSchema);
    if (preflight.ok) throw new Error("expected a refused schema");
    const lookup = {
      name: "lookup",
      kind: "unsupported_capability",
      message: preflight.message,
      issues: preflight.issues,
    };
    expect(guard.refused()).toEqual([{ index: expect.any(Number), ...lookup }]);
    expect(guard.refused()).toEqual(guard.catalog.refused());
    const seen: unknown[] = [];
    const other = await connect(guardedServer);
    try {
      const watched = await guardClient(other, {
        onRefused: (tools) => seen.push(tools.map(({ name, kind }) => [name, kind])),
      });
      expect(seen).toEqual([[["lookup", "unsupported_capability"]]]);
      expect(watched.refused().map(({ name }) => name)).toEqual(["lookup"]);
      // The extended profile accepts $ref: nothing refused, nothing reported.
      const extended = await guardClient(other, { profile: "extended", onRefused: () => seen.push("called") });
      expect(extended.refused()).toEqual([]);
      expect(seen).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("validates against the tools/list fetched after notifications/tools/list_changed", async () => {
    expect(await guard.callTool({ name: "shout", arguments: { word: "HEY" } })).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^unknown tool "shout"/) }],
    });
    expect(text(await guard.callTool({ name: "add_shout" }))).toBe("added");
    expect(await guard.callTool({ name: "shout", arguments: { word: "hey" } })).toEqual(
      refused('invalid arguments: word: must match the pattern ^[A-Z]+$, got "hey"'),
    );
    expect(text(await guard.callTool({ name: "shout", arguments: { word: "HEY" } }))).toBe("HEY!");
    expect(guard.catalog.names()).toContain("shout");
  });
});

describe("requests and options the guards cannot read", () => {
  const schema = { type: "object", properties: { name: { type: "string" } } };

  it("guardToolHandler refuses a request it cannot read, or without params, and never runs the handler", async () => {
    const catalog = new Catalog();
    catalog.publish([{ name: "greet", inputSchema: schema }]);
    const handler = vi.fn(() => ({ content: [] }));
    const guarded = guardToolHandler(catalog, handler);
    const unreadable = {
      get params(): never {
        throw new Error("gone");
      },
    };
    expect(await guarded(unreadable, undefined)).toEqual(refused("the tool call could not be read (gone)"));
    expect(await guarded(null as never, undefined)).toEqual(
      refused("the tool call could not be read (Cannot read properties of null (reading 'params'))"),
    );
    expect(await guarded({} as never, undefined)).toEqual(refused("tool name: expected a string, got undefined"));
    expect(handler).not.toHaveBeenCalled();
  });

  it("guardClient rejects options it cannot read with TypeError, before it asks for tools/list", async () => {
    const client = {
      listTools: vi.fn(async () => ({ tools: [] })),
      callTool: vi.fn(async () => ({})),
      setNotificationHandler: vi.fn(),
    };
    const options = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error("gone");
        },
      },
    );
    const error = await guardClient(client, options).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: "tool-input-schema: options could not be read (gone)" });
    expect(client.listTools).not.toHaveBeenCalled();
  });
});

describe("absent and null arguments", () => {
  const tools = [
    { name: "list", inputSchema: { type: "object", properties: { dir: { type: "string" } } } },
    { name: "read", inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
  ];
  const fake = () => {
    const sent: unknown[] = [];
    const client = {
      listTools: async () => ({ tools }),
      callTool: async (params: unknown) => (sent.push(params), { content: [] }),
      setNotificationHandler() {},
    };
    return { client, sent };
  };

  it("guardClient validates absent arguments as {} and refuses null, which is a value", async () => {
    const { client, sent } = fake();
    const guarded = await guardClient(client);
    expect(await guarded.callTool({ name: "list" })).toEqual({ content: [] });
    expect(await guarded.callTool({ name: "list", arguments: undefined })).toEqual({ content: [] });
    expect(await guarded.callTool({ name: "read" })).toEqual(refused("invalid arguments: path: missing (required)"));
    expect(await guarded.callTool({ name: "list", arguments: null as never })).toEqual(
      refused("invalid arguments: arguments: expected an object, got null"),
    );
    expect(sent).toEqual([
      { name: "list", arguments: {} },
      { name: "list", arguments: {} },
    ]);
  });

  it("guardToolHandler does the same", async () => {
    const catalog = new Catalog();
    catalog.publish(tools);
    const handler = vi.fn((request: { params: CallToolParams }) => ({
      content: [{ type: "text", text: JSON.stringify(request.params.arguments) }],
    }));
    const guarded = guardToolHandler(catalog, handler);
    expect(await guarded({ params: { name: "list" } }, undefined)).toEqual({ content: [{ type: "text", text: "{}" }] });
    expect(await guarded({ params: { name: "list", arguments: null as never } }, undefined)).toEqual(
      refused("invalid arguments: arguments: expected an object, got null"),
    );
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe("a server whose schemas only the extended profile accepts (FastMCP, pydantic)", () => {
  // As FastMCP writes an optional field: title on every node, anyOf with null.
  const weather = {
    name: "get_weather",
    inputSchema: {
      type: "object",
      title: "get_weatherArguments",
      properties: {
        city: { type: "string", title: "City" },
        days: { anyOf: [{ type: "integer" }, { type: "null" }], default: null, title: "Days" },
      },
      required: ["city"],
    },
  };
  const fake = () => ({
    listTools: async () => ({ tools: [weather] }),
    callTool: vi.fn(async (_params: unknown) => ({ content: [{ type: "text", text: "sunny" }] })),
    setNotificationHandler() {},
  });

  it("with the default profile: refused at set-up, through refused() and onRefused, and each call is told the fault is the schema's", async () => {
    const client = fake();
    const onRefused = vi.fn();
    const guarded = await guardClient(client, { onRefused });
    expect(onRefused).toHaveBeenCalledTimes(1);
    const [[reported]] = onRefused.mock.calls;
    expect(reported).toEqual(guarded.refused());
    expect(guarded.refused()).toMatchObject([
      {
        index: 0,
        name: "get_weather",
        kind: "unsupported_capability",
        message: expect.stringMatching(
          /^unsupported schema: #\/title: keyword "title" is not supported \(profile: "extended" supports it\)/,
        ),
      },
    ]);
    const answer = await guarded.callTool({ name: "get_weather", arguments: { city: "Oslo" } });
    expect(text(answer)).toMatch(
      /^tool "get_weather" cannot be called: the fault is in its schema, not in this call, and retrying will not help \(unsupported schema: #\/title: /,
    );
    expect(client.callTool).not.toHaveBeenCalled();
  });

  it('with { profile: "extended" }: nothing refused, valid calls sent, invalid ones answered with the value shown', async () => {
    const client = fake();
    const onRefused = vi.fn();
    const guarded = await guardClient(client, { profile: "extended", onRefused });
    expect(guarded.refused()).toEqual([]);
    expect(onRefused).not.toHaveBeenCalled();
    expect(text(await guarded.callTool({ name: "get_weather", arguments: { city: "Oslo", days: null } }))).toBe(
      "sunny",
    );
    expect(await guarded.callTool({ name: "get_weather", arguments: { city: "Oslo", days: "3" } })).toEqual(
      refused('invalid arguments: days: expected an integer or null, got a string ("3")'),
    );
    expect(client.callTool).toHaveBeenCalledTimes(1);
  });

  it("refuses an onRefused that is not a function, before it asks for tools/list", async () => {
    const client = { ...fake(), listTools: vi.fn(async () => ({ tools: [] })) };
    await expect(guardClient(client, { onRefused: "log" as never })).rejects.toThrow(
      new TypeError("tool-input-schema: options.onRefused must be a function"),
    );
    expect(client.listTools).not.toHaveBeenCalled();
  });

  it("rejects set-up when onRefused throws", async () => {
    await expect(
      guardClient(fake(), {
        onRefused: () => {
          throw new Error("alert failed");
        },
      }),
    ).rejects.toThrow(new Error("alert failed"));
  });
});

describe("requests that answer differently when read again", () => {
  const tools = [
    {
      name: "read_file",
      inputSchema: {
        type: "object",
        properties: { path: { type: "string", pattern: "^/srv/public/" } },
        required: ["path"],
        additionalProperties: false,
      },
    },
    {
      name: "delete_all",
      inputSchema: {
        type: "object",
        properties: { confirm: { type: "boolean", enum: [false] } },
        required: ["confirm"],
      },
    },
  ];
  /** A name and arguments whose getters answer with the first value once, then with the second. */
  function twoFaced(name: [string, string], args: [unknown, unknown]) {
    let nameReads = 0;
    let argumentReads = 0;
    return {
      get name() {
        return name[nameReads++ === 0 ? 0 : 1];
      },
      get arguments() {
        return args[argumentReads++ === 0 ? 0 : 1];
      },
    };
  }
  const calls = () => [
    twoFaced(["read_file", "delete_all"], [{ path: "/srv/public/a" }, { path: "/srv/public/a" }]),
    twoFaced(["read_file", "read_file"], [{ path: "/srv/public/a" }, { path: "/etc/shadow" }]),
    twoFaced(["read_file", "read_file"], [pathThenShadow(), {}]),
    twoFaced(["read_file", "read_file"], [undefined, { path: "/etc/shadow" }]),
  ];
  /** Arguments whose path is public when first read and /etc/shadow after. */
  function pathThenShadow() {
    let reads = 0;
    return {
      get path() {
        return reads++ === 0 ? "/srv/public/a" : "/etc/shadow";
      },
    };
  }

  it("guardClient sends the name and the arguments it validated, read once", async () => {
    const sent: unknown[] = [];
    const client = {
      listTools: async () => ({ tools }),
      callTool: async (params: unknown) => (sent.push(JSON.parse(JSON.stringify(params))), { content: [] }),
      setNotificationHandler() {},
    };
    const guarded = await guardClient(client);
    const results = [];
    for (const params of calls()) results.push(await guarded.callTool(params as never));
    // A path that turns to /etc/shadow when read again is checked as the text that would be sent, and refused.
    expect(results).toEqual([
      { content: [] },
      { content: [] },
      refused('invalid arguments: path: must match the pattern ^/srv/public/, got "/etc/shadow"'),
      refused("invalid arguments: path: missing (required)"),
    ]);
    expect(sent).toEqual([
      { name: "read_file", arguments: { path: "/srv/public/a" } },
      { name: "read_file", arguments: { path: "/srv/public/a" } },
    ]);
  });

  it("guardToolHandler runs the handler on the name and the arguments it validated", async () => {
    const catalog = new Catalog();
    catalog.publish(tools);
    const seen: unknown[] = [];
    const guarded = guardToolHandler(
      catalog,
      (request: { params: { name: string; arguments?: Record<string, unknown> } }) => (
        seen.push(JSON.parse(JSON.stringify(request.params))),
        { content: [] }
      ),
    );
    const answers = [];
    for (const params of calls().slice(0, 3)) answers.push(await guarded({ params } as never, undefined));
    expect(answers).toEqual([
      { content: [] },
      { content: [] },
      refused('invalid arguments: path: must match the pattern ^/srv/public/, got "/etc/shadow"'),
    ]);
    expect(seen).toEqual(Array(2).fill({ name: "read_file", arguments: { path: "/srv/public/a" } }));
  });
});

describe("requests read with a toJSON on the prototypes", () => {
  const tools = [
    {
      name: "tag",
      inputSchema: {
        type: "object",
        properties: { tags: { type: "array", minItems: 1, items: { type: "string" } } },
        required: ["tags"],
      },
    },
  ];

  it("guardToolHandler validates and passes on the arguments' own data, not what an inherited toJSON makes of them", async () => {
    const catalog = new Catalog();
    catalog.publish(tools);
    const seen: unknown[] = [];
    const guarded = guardToolHandler(
      catalog,
      (request: { params: { arguments?: unknown } }) => (seen.push(request.params.arguments), { content: [] }),
    );
    Object.defineProperty(Array.prototype, "toJSON", { value: () => [], configurable: true, writable: true });
    let answers: unknown[];
    try {
      answers = [
        await guarded({ params: { name: "tag", arguments: { tags: ["a"] } } } as never, undefined),
        await guarded({ params: { name: "tag", arguments: { tags: [] } } } as never, undefined),
      ];
    } finally {
      delete (Array.prototype as { toJSON?: unknown }).toJSON;
    }
    // Written through the toJSON, ["a"] would be [], and the valid call refused.
    expect(answers).toEqual([{ content: [] }, refused("invalid arguments: tags: must have at least 1 item, got 0")]);
    expect(seen).toEqual([{ tags: ["a"] }]);
  });

  it("guardClient refuses arguments that have no JSON text, a bigint among them, before sending", async () => {
    const sent: unknown[] = [];
    const client = {
      listTools: async () => ({
        tools: [{ name: "count", inputSchema: { type: "object", properties: { n: { type: "integer" } } } }],
      }),
      callTool: async (params: unknown) => (sent.push(params), { content: [] }),
      setNotificationHandler() {},
    };
    const guarded = await guardClient(client);
    expect(await guarded.callTool({ name: "count", arguments: { n: 1n } } as never)).toEqual(
      refused(
        "the tool call could not be read (the arguments have no JSON text: a bigint, or a value that is not JSON when read again)",
      ),
    );
    expect(sent).toEqual([]);
  });
});

describe("without the SDK installed", () => {
  it("loads the package; guardToolHandler works and guardClient says what to install", () => {
    // Resolving anything under @modelcontextprotocol/sdk fails, as when the optional peer is absent.
    const script = `
      const Module = require("node:module");
      const resolve = Module._resolveFilename;
      Module._resolveFilename = function (request, ...rest) {
        if (request.startsWith("@modelcontextprotocol/sdk")) throw Object.assign(new Error("Cannot find module '" + request + "'"), { code: "MODULE_NOT_FOUND" });
        return resolve.call(this, request, ...rest);
      };
      const { Catalog, guardClient, guardToolHandler } = require("./lib/index.js");
      const catalog = new Catalog();
      catalog.publish([{ name: "greet", inputSchema: { type: "object", required: ["name"] } }]);
      const handler = guardToolHandler(catalog, () => ({ content: [{ type: "text", text: "ran" }] }));
      const fake = { listTools: async () => ({ tools: [] }), callTool: async () => ({}), setNotificationHandler() {} };
      Promise.all([handler({ params: { name: "greet", arguments: {} } }), guardClient(fake).catch((error) => error.message)])
        .then((answers) => console.log(JSON.stringify(answers)));
    `;
    const output = execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" });
    expect(JSON.parse(output)).toEqual([
      refused("invalid arguments: name: missing (required)"),
      "tool-input-schema: guardClient needs @modelcontextprotocol/sdk (npm install @modelcontextprotocol/sdk): Cannot find module '@modelcontextprotocol/sdk/types.js'",
    ]);
  });
});

describe("guardClient against a server whose tools/list never ends", () => {
  const client = (nextCursor: (page: number) => string | undefined) => {
    let page = 0;
    return {
      listTools: vi.fn(async () => ({
        tools: [{ name: `t${page}`, inputSchema: { type: "object" } }],
        nextCursor: nextCursor(page++),
      })),
      callTool: vi.fn(async () => ({})),
      setNotificationHandler: vi.fn(),
    };
  };

  it("stops after 1000 pages", async () => {
    const endless = client((page) => `c${page}`);
    await expect(guardClient(endless)).rejects.toThrow(
      new Error("tool-input-schema: the server's tools/list did not end after 1000 pages"),
    );
    expect(endless.listTools).toHaveBeenCalledTimes(1000);
  });

  it("stops at a cursor it has already followed", async () => {
    const looping = client((page) => (page % 2 === 0 ? "a" : "b"));
    await expect(guardClient(looping)).rejects.toThrow(
      new Error('tool-input-schema: the server\'s tools/list repeated the cursor "a"'),
    );
    expect(looping.listTools).toHaveBeenCalledTimes(3);
  });

  it("follows a list that ends", async () => {
    const guard = await guardClient(client((page) => (page < 2 ? `c${page}` : undefined)));
    expect(guard.catalog.names()).toEqual(["t0", "t1", "t2"]);
  });
});

describe("guardClient against a server that keeps announcing changes", () => {
  it("sends a call once the list fetched after the call began is published, however many notifications follow", async () => {
    let notify: (notification: unknown) => void = () => {};
    let storming = true;
    const client = {
      listTools: vi.fn(async () => {
        // Every fetch announces another change.
        if (storming) setImmediate(() => notify({}));
        await new Promise((resolve) => setTimeout(resolve, 1));
        return { tools: [{ name: "a", inputSchema: { type: "object", properties: { x: { type: "string" } } } }] };
      }),
      callTool: vi.fn(async (_params: unknown) => ({ content: [{ type: "text", text: "sent" }] })),
      setNotificationHandler: (_schema: unknown, handler: (notification: unknown) => void) => {
        notify = handler;
      },
    };
    const guarded = await guardClient(client);
    notify({});
    const fetchesBefore = client.listTools.mock.calls.length;
    expect(await guarded.callTool({ name: "a", arguments: { x: "s" } })).toEqual({
      content: [{ type: "text", text: "sent" }],
    });
    // The fetch under way when the call came, and one begun after it.
    expect(client.listTools.mock.calls.length - fetchesBefore).toBeLessThanOrEqual(2);
    storming = false;
  });
});
