import { engine } from "./pattern/native";

export type {
  CallOptions,
  ErrorKind,
  Failure,
  Issue,
  Options,
  Profile,
  Result,
  StandardProps,
  Validator,
} from "./runtime/types";
export { SchemaError } from "./api/schema-error";
export { compile, validate, validateSchema, violation } from "./api/entry-points";
export { patternInfo } from "./api/pattern-info";
export type { PatternInfo } from "./api/pattern-info";
export { Catalog } from "./api/catalog";
export type { PublishMode, PublishOptions, PublishResult, RefusedTool, ToolFailure } from "./api/catalog";
export { guardClient, guardToolHandler } from "./api/mcp";
export type {
  CallToolParams,
  GuardOptions,
  GuardedCallResult,
  GuardedClient,
  McpClient,
  RefusedToolResult,
} from "./api/mcp";
export { ToolInputSchemaValidator } from "./api/mcp-validator";
export type { McpValidationResult, McpValidator } from "./api/mcp-validator";
export type { JsonSchemaTarget } from "./compile/json-schema-target";

/**
 * The pattern engines (PCRE2's version, its JIT, the proof's bound K, the
 * searches each has run in this thread) and the counted work limit
 * (docs/patterns.md, "The work limit").
 */
export const patternEngine = engine;
