import { engine } from "./pattern/native";

export type { CallOptions, ErrorKind, Issue, Options, Profile, Result, Validator } from "./types";
export { SchemaError } from "./schema-error";
export { compile, validate, validateSchema, violation } from "./api";
export { Catalog } from "./catalog";
export type { PublishMode, PublishOptions, PublishResult, RefusedTool, ToolFailure } from "./catalog";
export { guardClient, guardToolHandler } from "./mcp";
export type { CallToolParams, GuardOptions, GuardedCallResult, GuardedClient, McpClient, RefusedToolResult } from "./mcp";

/** The pattern engine's counted work limit (docs/patterns.md, "The work limit"). */
export const patternEngine = engine;
