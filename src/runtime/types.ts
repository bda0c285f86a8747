import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";

/** The three kinds of failure (README, "Failures"; docs/api.md, "Failures"). */
export type ErrorKind = "validation" | "unsupported_capability" | "execution_failure";

/** One problem, located in the arguments and in the schema. */
export interface Issue {
  kind: ErrorKind;
  /** JSON Pointer into the arguments ("" for schema problems). */
  instancePath: string;
  /** The same place as a list of keys and indices (`[]` for the root and for schema problems). */
  path: (string | number)[];
  /** JSON Pointer into the schema. */
  schemaPath: string;
  keyword: string;
  /**
   * What the keyword asked, named as Ajv names it where Ajv has the keyword:
   * `missingProperty`, `limit`, `allowedValues`, `pattern`, `type`, …
   * (docs/api.md, "Issue params"); `{}` when there is nothing to name.
   */
  params: Record<string, unknown>;
  /** One line a model can act on. */
  message: string;
}

export type Result = { ok: true } | { ok: false; kind: ErrorKind; message: string; issues: Issue[] };

export type Failure = Extract<Result, { ok: false }>;

/**
 * "core": the default keyword table (docs/schemas.md, "The supported subset").
 * "extended": the keywords of docs/schemas.md, "Profiles", as well.
 */
export type Profile = "core" | "extended";

export interface Options {
  /** Which keyword table to enforce; "core" when omitted. */
  profile?: Profile;
  /**
   * Accept the plain string form of an integer, number or boolean, and a
   * number or boolean where a string is asked for. Off by default.
   */
  lenientScalars?: boolean;
  /**
   * A property that a `required` list of the arguments object names is
   * missing when its value is null or a string of white space only, as if
   * the key were absent (for tools whose arguments fill a template). Nested
   * objects keep JSON Schema's rule: the key alone. Off by default.
   */
  presentRequired?: boolean;
  /**
   * The most time, in milliseconds, one validation may spend matching
   * patterns; past it the result is `execution_failure`. Off by default:
   * each match is bounded by the engine's work limit either way.
   */
  timeBudgetMs?: number;
  /**
   * Generate the validator's code as it is compiled, rather than on the call
   * that turns it hot (the 8th), so that no call pays for it: for a gateway
   * that compiles its catalog ahead of traffic. Compiling then costs that
   * time instead, and the memory of code a schema used once would not have
   * needed. Off by default; it changes no answer.
   */
  eager?: boolean;
}

/** What `validate()` and `violation()` take: the options, and a key for the schema. */
export interface CallOptions extends Options {
  /**
   * A string that names the schema: equal keys must mean equal schemas (the
   * tool's name with the server's revision, a digest, or the schema's JSON
   * text as it arrived). The compiled schema is then found by the key alone,
   * in constant time, without reading the schema; it is compiled on a miss
   * and kept under the key.
   */
  schemaKey?: string;
}

/**
 * A validator's `"~standard"`: Standard Schema v1 (`validate`, synchronous,
 * `{ value }` for valid arguments, the very object given, or `{ issues }`)
 * and Standard JSON Schema v1 (`jsonSchema.input` and `.output`, the schema
 * the validator enforces, for the targets "draft-2020-12" and "draft-07").
 */
export type StandardProps<T> = {
  // First: of the intersected signatures, calls take the first, which never answers a Promise.
  readonly validate: (value: unknown, options?: StandardSchemaV1.Options) => StandardSchemaV1.Result<T>;
} & StandardSchemaV1.Props<unknown, T> &
  StandardJSONSchemaV1.Props<unknown, T>;

/**
 * A compiled tool schema, `T` the arguments it accepts. Its methods are
 * functions of its own: taken off it (`const { validate } = validator`),
 * they still work.
 */
export interface Validator<T = Record<string, unknown>>
  extends StandardSchemaV1<unknown, T>, StandardJSONSchemaV1<unknown, T> {
  /** Checks one call's arguments. Never throws. */
  readonly validate: (args: unknown) => Result;
  /**
   * Checks one call's arguments given as JSON text (as the OpenAI function
   * calling flow hands them over). Text that is not JSON is a `validation`
   * failure that says where it stops being JSON. Never throws.
   */
  readonly validateJson: (text: string) => Result;
  /** Standard Schema and Standard JSON Schema (docs/frameworks.md). */
  readonly "~standard": StandardProps<T>;
}
