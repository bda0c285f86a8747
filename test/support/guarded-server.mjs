// A real MCP server process for test/unit/api/mcp.test.ts: the SDK's low-level Server
// over stdio, its tools/call handler wrapped by guardToolHandler (from lib/).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { createRequire } from "node:module";

const { Catalog, guardToolHandler } = createRequire(import.meta.url)("../../lib/index.js");

const tools = [
  {
    name: "greet",
    description: "Greets someone by name.",
    inputSchema: {
      type: "object",
      properties: { name: { type: "string", minLength: 1 } },
      required: ["name"],
      additionalProperties: false,
    },
  },
  {
    name: "lookup",
    description: "Uses $ref, which the core profile refuses.",
    inputSchema: { type: "object", properties: { id: { $ref: "#/$defs/id" } }, $defs: { id: { type: "string" } } },
  },
  {
    name: "add_shout",
    description: "Adds the shout tool and announces it.",
    inputSchema: { type: "object", properties: {} },
  },
  {
    name: "handled",
    description: "Lists the calls that reached a handler.",
    inputSchema: { type: "object", properties: {} },
  },
];
const shout = {
  name: "shout",
  description: "Shouts a word.",
  inputSchema: { type: "object", properties: { word: { type: "string", pattern: "^[A-Z]+$" } }, required: ["word"] },
};

const handled = [];
const catalog = new Catalog();
catalog.publish(tools, { mode: "passthrough" });

const server = new Server(
  { name: "guarded-test-server", version: "1.0.0" },
  { capabilities: { tools: { listChanged: true } } },
);
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(
  CallToolRequestSchema,
  guardToolHandler(catalog, async (request) => {
    const { name, arguments: args = {} } = request.params;
    handled.push(name);
    const text = (value) => ({ content: [{ type: "text", text: value }] });
    switch (name) {
      case "greet":
        return text(`hello, ${args.name}`);
      case "shout":
        return text(`${args.word}!`);
      case "add_shout":
        if (!tools.includes(shout)) tools.push(shout);
        catalog.publish(tools, { mode: "passthrough" });
        await server.sendToolListChanged();
        return text("added");
      case "handled":
        return text(JSON.stringify(handled));
      default:
        return text(`called ${name}`);
    }
  }),
);
await server.connect(new StdioServerTransport());
