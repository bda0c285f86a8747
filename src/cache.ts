import type { CompileOptions } from "./keyword";
import { findNonJson } from "./json-value";
import { Lru } from "./lru";
import { optionsKey } from "./options";
import type { Result, Validator } from "./types";
import { CompiledValidator } from "./validator";

/** A compiled validator, or the failure of a schema that did not compile: kept and shared, so hand out copies of it (copyFailure). */
export type Compiled = Validator | Extract<Result, { ok: false }>;

/** Distinct schemas kept compiled by `validate()` and `violation()`. */
export const CACHE_SIZE = 1000;

/** Native memory the compiled patterns of the kept schemas may hold together; older schemas are dropped beyond it. */
export const CACHE_PATTERN_BYTES = 128 * 2 ** 20;

const byText = new Lru<string, Compiled>(CACHE_SIZE, {
  maxWeight: CACHE_PATTERN_BYTES,
  weigh: (compiled) => (compiled instanceof CompiledValidator ? compiled.patternBytes : 0),
});
const byObject = new WeakMap<object, Map<string, Compiled>>();

/**
 * Finds or builds the compiled form of `schema`. The same schema object hits
 * a WeakMap (schemas are treated as immutable once validated); an equal
 * schema parsed again, as gateways do on every call, hits a bounded map keyed
 * by its JSON text, so it reuses the validator and memory stays flat.
 */
export function cachedCompile(schema: unknown, options: CompileOptions, build: () => Compiled): Compiled {
  const key = optionsKey(options);
  const isObject = typeof schema === "object" && schema !== null;
  const perObject = isObject ? byObject.get(schema) : undefined;
  const hit = perObject?.get(key);
  if (hit !== undefined) return hit;

  const textKey = jsonTextKey(key, schema);
  let compiled = textKey === undefined ? undefined : byText.get(textKey);
  if (compiled === undefined) {
    compiled = build();
    if (textKey !== undefined) byText.set(textKey, compiled);
  }
  if (isObject) {
    if (perObject) perObject.set(key, compiled);
    else byObject.set(schema, new Map([[key, compiled]]));
  }
  return compiled;
}

/**
 * The options key followed by the schema's JSON text, or undefined when the
 * schema is not exactly JSON (JSON.stringify would turn `undefined` or `NaN`
 * into `null` and drop functions, giving a refused schema the text of a valid
 * one), cannot be read (a getter or proxy that throws; compiling it says so),
 * or is too long for one string.
 */
function jsonTextKey(optionsKey: string, schema: unknown): string | undefined {
  try {
    return findNonJson(schema) === null ? optionsKey + JSON.stringify(schema) : undefined;
  } catch {
    return undefined;
  }
}
