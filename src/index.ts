import { cachedCompile, type Compiled } from "./cache";
import { compileSchema } from "./compile";
import type { CompileOptions } from "./keyword";
import { generateFastCheck } from "./generate";
import { failure } from "./messages";
import { engine } from "./pattern/native";
import { readOptions } from "./options";
import { SchemaError } from "./schema-error";
import type { Failure, Options, Result, Validator } from "./types";
import { CompiledValidator } from "./validator";

export type { ErrorKind, Issue, Options, Profile, Result, Validator } from "./types";
export { SchemaError } from "./schema-error";
export { Catalog } from "./catalog";
export type { PublishMode, PublishOptions, PublishResult, ToolFailure } from "./catalog";
export { guardClient, guardToolHandler } from "./mcp";
export type { CallToolParams, GuardedCallResult, GuardedClient, McpClient, RefusedToolResult } from "./mcp";

/** The pattern engine's counted work limit (README, "The work limit"). */
export const patternEngine = engine;

const VALID: Result = Object.freeze({ ok: true });

function build(schema: unknown, options: CompileOptions): Compiled {
  const { check, issues, nodes } = checkSchema(schema, options);
  if (check === null) return failure(issues, true);
  return new CompiledValidator(check, () => generateFastCheck(schema, options, nodes), options.timeBudgetMs);
}

/** compileSchema, for a schema that may be a proxy or hold getters that throw. */
function checkSchema(schema: unknown, options: CompileOptions): ReturnType<typeof compileSchema> {
  try {
    return compileSchema(schema, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `#: the schema could not be read (${reason})`;
    return { check: null, issues: [{ kind: "validation", instancePath: "", schemaPath: "", keyword: "schema", message }], nodes: new Map() };
  }
}

function optionsFailure(reason: string): Failure {
  const message = `invalid options: ${reason}`;
  return { ok: false, kind: "validation", message, issues: [{ kind: "validation", instancePath: "", schemaPath: "", keyword: "options", message }] };
}

/** Preflights a complete schema without arguments (SPEC §8). Never throws. */
export function validateSchema(schema: unknown, options?: Options): Result {
  const read = readOptions(options);
  if (typeof read === "string") return optionsFailure(read);
  const { issues } = checkSchema(schema, read);
  return issues.length === 0 ? VALID : failure(issues, true);
}

/** Checks the schema and builds its validator; throws SchemaError when the schema is refused. */
export function compile(schema: unknown, options?: Options): Validator {
  const read = readOptions(options);
  if (typeof read === "string") throw new TypeError(`tool-input-schema: ${read}`);
  const compiled = build(schema, read);
  if ("ok" in compiled) throw new SchemaError(compiled);
  return compiled;
}

/**
 * Validates one call. Never throws: a refused schema is a failure result.
 * Compiled validators are reused for the same or an equal schema.
 */
export function validate(schema: unknown, args: unknown, options?: Options): Result {
  const read = readOptions(options);
  if (typeof read === "string") return optionsFailure(read);
  const compiled = cachedCompile(schema, read, () => build(schema, read));
  return "ok" in compiled ? compiled : compiled.validate(args);
}

/** The model-facing line for a call, or null when the call is valid. */
export function violation(schema: unknown, args: unknown, options?: Options): string | null {
  const result = validate(schema, args, options);
  return result.ok ? null : result.message;
}
