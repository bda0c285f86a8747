// validateSchema, compile, validate and violation: index.ts re-exports them,
// and modules inside the package import them from here, never from index.ts.
import { cachedCompile, type Compiled } from "./cache";
import { compileSchema } from "../compile/compile-schema";
import { copyFailure } from "./copy-failure";
import { schemaText, sourceOf } from "./own-json";
import type { CompileOptions } from "../compile/keyword";
import { generateFastCheck, type Given } from "../validate/check-generator";
import { generateExplainer } from "../validate/explainer";
import { optionsError, readCallOptions, readOptions } from "./options";
import { SchemaError } from "./schema-error";
import { describeThrown } from "../runtime/thrown";
import type { CallOptions, Failure, Issue, Options, Result, Validator } from "../runtime/types";
import { CompiledValidator } from "../validate/validator";
import { failure, unplacedIssue, VALID } from "../explain/failure";

/**
 * The validator of a schema the caller holds, or the failure that refuses it.
 * Never throws. `generated` false keeps it on its closures for good, where
 * every search goes through CompiledPattern.test (`bench` counts a
 * pattern's searches there).
 */
export function build(schema: unknown, options: CompileOptions, generated = true): Compiled {
  const text = schemaText(schema);
  const { source, owned } = sourceOf(schema, text);
  return buildFrom(source, options, owned && generated, text ?? null);
}

/**
 * The validator of `source` (`owned`: see sourceOf; only an owned source
 * gets generated code), or the failure that refuses it. Never throws.
 * `text`, the schema's JSON text, is what the validator writes its JSON
 * Schema from: validators handed out keep it, and those only the cache
 * holds do without.
 */
function buildFrom(source: unknown, options: CompileOptions, owned: boolean, text: string | null): Compiled {
  const compiled = checkSchema(source, options);
  if (compiled.check === null) {
    compiled.release();
    return failure(compiled.issues, true, compiled.uncounted);
  }
  const generate = owned
    ? {
        fast: (given: Given) => generateFastCheck(source, options, compiled, given),
        explainer: () => generateExplainer(source, options, compiled),
      }
    : null;
  return new CompiledValidator(compiled.check, compiled, generate, options.timeBudgetMs, text, options.eager);
}

/** The cached validator of `schema`, or its cached failure (kept: hand out copies). Never throws. */
export function cachedValidator(schema: unknown, options: CompileOptions, schemaKey: string | null = null): Compiled {
  return cachedCompile(schema, options, (source, owned) => buildFrom(source, options, owned, null), schemaKey);
}

/** compileSchema, for a schema that may be a proxy or hold getters that throw. */
function checkSchema(schema: unknown, options: CompileOptions): ReturnType<typeof compileSchema> {
  try {
    return compileSchema(schema, options);
  } catch (error) {
    const message = `#: the schema could not be read (${describeThrown(error)})`;
    const issues: Issue[] = [unplacedIssue("validation", "", "schema", message)];
    return {
      check: null,
      issues,
      uncounted: 0,
      subschemas: 0,
      remembered: new Set(),
      patternBytes: 0,
      patterns: new Map(),
      release: () => {},
      nodeAt: () => undefined,
      rootRequired: null,
    };
  }
}

function optionsFailure(reason: string): Failure {
  const message = `invalid options: ${reason}`;
  return { ok: false, kind: "validation", message, issues: [unplacedIssue("validation", "", "options", message)] };
}

/** Preflights a complete schema without arguments. Never throws. */
export function validateSchema(schema: unknown, options?: Options): Result {
  const read = readOptions(options);
  if (typeof read === "string") return optionsFailure(read);
  const { check, issues, uncounted, release } = checkSchema(sourceOf(schema, schemaText(schema)).source, read);
  release();
  return check !== null ? VALID : failure(issues, true, uncounted);
}

/**
 * Checks the schema and builds its validator; throws SchemaError when the
 * schema is refused. `T` is the type of the arguments it accepts, for the
 * frameworks that read it from a Standard Schema.
 */
export function compile<T = Record<string, unknown>>(schema: unknown, options?: Options): Validator<T> {
  const read = readOptions(options);
  if (typeof read === "string") throw optionsError(read);
  const compiled = build(schema, read);
  if ("ok" in compiled) throw new SchemaError(compiled);
  // The validator checks the arguments; that they are a T is the caller's word.
  return compiled as unknown as Validator<T>;
}

/**
 * Validates one call. Never throws: a refused schema is a failure result.
 * Compiled validators are reused for the same or an equal schema.
 */
export function validate(schema: unknown, args: unknown, options?: CallOptions): Result {
  const read = readCallOptions(options);
  if (typeof read === "string") return optionsFailure(read);
  const compiled = cachedValidator(schema, read.compile, read.schemaKey);
  return "ok" in compiled ? copyFailure(compiled) : compiled.validate(args);
}

/** The model-facing line for a call, or null when the call is valid. */
export function violation(schema: unknown, args: unknown, options?: CallOptions): string | null {
  const result = validate(schema, args, options);
  return result.ok ? null : result.message;
}
