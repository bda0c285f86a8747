import { describe, expect, it } from "vitest";
import { Catalog } from "../../../src/index";
import { readToolList } from "../../../src/api/tool-list";

const schema = { type: "object", properties: { path: { type: "string" } } };

describe("readToolList: the formats", () => {
  it("reads an MCP tools/list result, extra fields ignored", () => {
    const descriptor = {
      name: "read_file",
      description: "Reads a file",
      inputSchema: schema,
      annotations: { readOnlyHint: true },
    };
    expect(readToolList({ tools: [descriptor], nextCursor: "x" })).toEqual({
      ok: true,
      tools: [{ name: "read_file", inputSchema: schema, descriptor }],
      problems: [],
    });
  });

  it("reads a list of { name, inputSchema }, keeping each descriptor as it came", () => {
    const descriptor = { name: "a", inputSchema: schema };
    const list = readToolList([descriptor]);
    expect(list.ok && list.tools[0].descriptor).toBe(descriptor);
  });

  it("reads OpenAI function definitions, both forms, and Anthropic's input_schema", () => {
    const list = readToolList([
      { type: "function", function: { name: "chat", parameters: schema } },
      { type: "function", name: "responses", parameters: schema, strict: true },
      { name: "legacy", parameters: schema },
      { name: "anthropic", input_schema: schema },
    ]);
    expect(list.ok && list.tools.map((tool) => [tool.name, tool.inputSchema])).toEqual([
      ["chat", schema],
      ["responses", schema],
      ["legacy", schema],
      ["anthropic", schema],
    ]);
  });

  it("gives an OpenAI function without parameters a schema that takes no arguments", () => {
    const list = readToolList([
      { type: "function", function: { name: "now" } },
      { type: "function", name: "today" },
    ]);
    const noArguments = { type: "object", properties: {}, additionalProperties: false };
    expect(list.ok && list.tools.map((tool) => tool.inputSchema)).toEqual([noArguments, noArguments]);
    const catalog = new Catalog();
    expect(catalog.publish(list.ok ? list.tools.map(({ descriptor }) => descriptor) : [])).toEqual({
      ok: true,
      tools: 2,
      refused: [],
    });
    expect(catalog.validate("now", {})).toEqual({ ok: true });
    expect(catalog.validate("today", { anything: 1 })).toEqual({
      ok: false,
      kind: "validation",
      message: "invalid arguments: anything: unexpected property; no properties are allowed here",
      issues: [
        {
          kind: "validation",
          instancePath: "/anything",
          path: ["anything"],
          schemaPath: "/additionalProperties",
          keyword: "additionalProperties",
          params: { additionalProperty: "anything" },
          message: "anything: unexpected property; no properties are allowed here",
        },
      ],
    });
  });

  it("keeps a schema that is not an object as it is: refusing it is the preflight's job", () => {
    const list = readToolList([{ name: "odd", inputSchema: "yes" }]);
    expect(list.ok && list.tools[0].inputSchema).toBe("yes");
  });
});

describe("readToolList: problems", () => {
  it("refuses what is not a list of tools", () => {
    expect(readToolList({ type: "object" })).toEqual({
      ok: false,
      message: 'expected a tools/list result ({ "tools": [...] }) or a list of tools, got an object',
    });
    expect(readToolList("tools")).toEqual({
      ok: false,
      message: 'expected a tools/list result ({ "tools": [...] }) or a list of tools, got a string',
    });
  });

  it("reports every descriptor without a usable name or schema, by position", () => {
    const list = readToolList([
      "read_file",
      { inputSchema: schema },
      { name: "", inputSchema: schema },
      { name: "bare" },
      { type: "function", function: null },
      { name: "fine", inputSchema: schema },
    ]);
    expect(list).toEqual({
      ok: true,
      tools: [{ name: "fine", inputSchema: schema, descriptor: { name: "fine", inputSchema: schema } }],
      problems: [
        { index: 0, name: null, keyword: "tool", message: "tools[0]: expected a tool (an object), got a string" },
        { index: 1, name: null, keyword: "name", message: "tools[1].name: expected a non-empty string, got undefined" },
        {
          index: 2,
          name: null,
          keyword: "name",
          message: "tools[2].name: expected a non-empty string, got an empty string",
        },
        {
          index: 3,
          name: "bare",
          keyword: "inputSchema",
          message: 'tools[3] ("bare"): no input schema (inputSchema, parameters or input_schema)',
        },
        { index: 4, name: null, keyword: "function", message: "tools[4].function: expected an object, got null" },
      ],
    });
  });

  it("reports a repeated name and keeps the first", () => {
    const list = readToolList([
      { name: "a", inputSchema: schema },
      { name: "b", inputSchema: schema },
      { name: "a", inputSchema: { type: "object" } },
    ]);
    expect(list.ok && list.tools.map((tool) => tool.name)).toEqual(["a", "b"]);
    expect(list.ok && list.problems).toEqual([
      { index: 2, name: "a", keyword: "name", message: 'tools[2]: duplicate tool name "a" (first at tools[0])' },
    ]);
  });

  it("treats names as data: __proto__ and toString are ordinary names", () => {
    const list = readToolList(
      JSON.parse(
        '[{"name":"__proto__","inputSchema":{}},{"name":"toString","inputSchema":{}},{"name":"__proto__","inputSchema":{}}]',
      ),
    );
    expect(list.ok && list.tools.map((tool) => tool.name)).toEqual(["__proto__", "toString"]);
    expect(list.ok && list.problems.length).toBe(1);
  });
});
