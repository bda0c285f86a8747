import { engine } from "./pattern/native";

export type { CallOptions, ErrorKind, Issue, Options, Profile, Result, Validator } from "./types";
export { SchemaError } from "./schema-error";
export { compile, validate, validateSchema, violation } from "./api";
export { patternInfo } from "./pattern-info";
export type { PatternInfo } from "./pattern-info";
export { Catalog } from "./catalog";
export type { PublishMode, PublishOptions, PublishResult, RefusedTool, ToolFailure } from "./catalog";
export { guardClient, guardToolHandler } from "./mcp";
export type { CallToolParams, GuardOptions, GuardedCallResult, GuardedClient, McpClient, RefusedToolResult } from "./mcp";

/**
 * The pattern engines (PCRE2's version, its JIT, the proof's bound K, the
 * searches each has run in this thread) and the counted work limit
 * (docs/patterns.md, "The work limit").
 */
export const patternEngine = engine;
