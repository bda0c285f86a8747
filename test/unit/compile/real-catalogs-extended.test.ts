import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validate, validateSchema } from "../../../src/index";

/**
 * Catalogs captured from real MCP servers whose generators (zod, OpenAPI)
 * emit keywords outside the core subset: the extended profile accepts every
 * tool, the core profile refuses them, and calls get the right answers.
 */
interface Catalog {
  package: string;
  version: string;
  tools: { name: string; inputSchema: unknown }[];
}

const load = (file: string): Catalog =>
  JSON.parse(readFileSync(path.join(__dirname, "..", "..", "..", "fixtures", "catalogs", file), "utf8"));
const extended = { profile: "extended" } as const;

const CATALOGS = [
  "notionhq__notion-mcp-server.json",
  "brave__brave-search-mcp-server.json",
  "shortcut__mcp.json",
  "firecrawl-mcp.json",
  "cyanheads__git-mcp-server.json",
];

describe.each(CATALOGS)("%s", (file) => {
  const catalog = load(file);

  it("is accepted whole by the extended profile and refused in part by core", () => {
    const refusedByExtended = catalog.tools
      .filter((tool) => !validateSchema(tool.inputSchema, extended).ok)
      .map((tool) => tool.name);
    expect(refusedByExtended).toEqual([]);
    const refusedByCore = catalog.tools.filter((tool) => !validateSchema(tool.inputSchema).ok);
    expect(refusedByCore.length).toBeGreaterThan(0);
    for (const tool of refusedByCore) {
      const result = validateSchema(tool.inputSchema);
      expect(result).toMatchObject({ ok: false, kind: "unsupported_capability" });
      if (!result.ok) expect(result.message).toContain('profile: "extended" supports it');
    }
  });
});

function schemaOf(file: string, name: string): unknown {
  const tool = load(file).tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`${file} has no tool ${name}`);
  return tool.inputSchema;
}

describe("calls against real extended schemas", () => {
  it("Notion: $defs, $ref and oneOf of parents", () => {
    const postPage = schemaOf("notionhq__notion-mcp-server.json", "API-post-page");
    expect(
      validate(postPage, { parent: { page_id: "59833787-2cf9-4fdf-8782-e53db20768a5" }, properties: {} }, extended),
    ).toEqual({ ok: true });
    expect(validate(postPage, { parent: { type: "workspace" }, properties: "{}" }, extended)).toEqual({ ok: true });
    expect(validate(postPage, { parent: { type: "database_id", database_id: "x" }, properties: {} }, extended)).toEqual(
      { ok: true },
    );
    expect(validate(postPage, { parent: {}, properties: {} }, extended)).toMatchObject({
      ok: false,
      kind: "validation",
      issues: [{ instancePath: "/parent", keyword: "anyOf" }],
    });
    expect(validate(postPage, { parent: 5, properties: {} }, extended)).toMatchObject({
      ok: false,
      message: "invalid arguments: parent: expected an object or a string, got a number (5)",
    });
    expect(validate(postPage, { properties: {} }, extended)).toMatchObject({
      message: "invalid arguments: parent: missing (required)",
    });
  });

  it("Brave: maxLength, bounds and a \\d pattern inside anyOf", () => {
    const search = schemaOf("brave__brave-search-mcp-server.json", "brave_web_search");
    expect(validate(search, { query: "pcre2 jit", count: 5, freshness: "2024-01-01to2024-02-01" }, extended)).toEqual({
      ok: true,
    });
    expect(validate(search, { query: "x", freshness: "pw" }, extended)).toEqual({ ok: true });
    expect(validate(search, { query: "x".repeat(401) }, extended)).toMatchObject({
      ok: false,
      issues: [{ instancePath: "/query", keyword: "maxLength" }],
    });
    expect(validate(search, { query: "x", count: 21 }, extended)).toMatchObject({
      message: "invalid arguments: count: must be at most 20, got 21",
    });
    expect(validate(search, { query: "x", freshness: "2024-1-1to2024-02-01" }, extended)).toMatchObject({
      ok: false,
      issues: [{ instancePath: "/freshness", keyword: "anyOf" }],
    });
  });

  it("Shortcut: zod's positive() as exclusiveMinimum 0", () => {
    const getStory = schemaOf("shortcut__mcp.json", "stories-get-by-id");
    expect(validate(getStory, { storyPublicId: 42 }, extended)).toEqual({ ok: true });
    expect(validate(getStory, { storyPublicId: 0 }, extended)).toMatchObject({
      message: "invalid arguments: storyPublicId: must be greater than 0, got 0",
    });
    expect(validate(getStory, { storyPublicId: 1, extra: true }, extended)).toMatchObject({
      ok: false,
      issues: [{ instancePath: "/extra", keyword: "additionalProperties" }],
    });
    expect(validate(getStory, { storyPublicId: 42 })).toMatchObject({ ok: false, kind: "unsupported_capability" });
  });
});
