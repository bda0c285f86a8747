import { createHash } from "node:crypto";
import type { CompileOptions } from "../compile/keyword";
import { schemaText, sourceOf } from "./own-json";
import { Lru } from "../runtime/lru";
import type { Result, Validator } from "../runtime/types";
import { CompiledValidator } from "../validate/validator";

/** A compiled validator, or the failure of a schema that did not compile: kept and shared, so hand out copies of it (copyFailure). */
export type Compiled = Validator | Extract<Result, { ok: false }>;

/** Distinct schemas kept compiled by `validate()` and `violation()`. */
export const SCHEMA_CACHE_SIZE = 1000;

/** Memory the kept schemas may hold together, as `weigh` estimates it; older schemas are dropped beyond it. */
export const SCHEMA_CACHE_BYTES = 64 * 2 ** 20;

/**
 * Upper estimates, measured on the captured catalogs and on hostile schemas:
 * a compiled subschema's closures and share of the generated fast check take
 * 1.1–1.9 KB; a JSON value of the schema, which the validator keeps (its
 * closures hold the schema) and whose generated code embeds it, 70–260 bytes
 * (an `enum` choice in a Set, a `required` name as a test, `{}` in a `default`).
 */
const SUBSCHEMA_BYTES = 2048;
const VALUE_BYTES = 256;

interface Entry {
  compiled: Compiled;
  /** Estimated bytes: see `weigh`. */
  weight: number;
  /** Set when byText let go of it: its validator's patterns are released, and byObject no longer answers with it. */
  dropped: boolean;
  /** Found through byObject since byText last weighed dropping it: byText keeps it once more (Lru's `spare`). */
  used: boolean;
}

/**
 * The validators kept by text (or the caller's key) own their patterns: one
 * that leaves lets go of them at once (CompiledValidator.release), and is
 * not found through byObject any more, so no validator the cache let go of
 * searches again.
 */
const byText = new Lru<string, Entry>(SCHEMA_CACHE_SIZE, {
  maxWeight: SCHEMA_CACHE_BYTES,
  weigh: (entry) => entry.weight,
  spare: (entry) => {
    const used = entry.used;
    entry.used = false;
    return used;
  },
  evicted: (entry) => {
    entry.dropped = true;
    if (entry.compiled instanceof CompiledValidator) entry.compiled.release();
  },
});
const byObject = new WeakMap<object, Map<string, Entry>>();

/** The schemas kept by text, and their estimated bytes together. */
export function cacheUse(): { schemas: number; bytes: number } {
  const { entries, weight } = byText.use;
  return { schemas: entries, bytes: weight };
}

/**
 * Finds or builds the compiled form of `schema`. With the caller's
 * `schemaKey`, the key alone finds it (equal keys must mean equal schemas):
 * a lookup in constant time, the schema not even read. Otherwise the same
 * schema object hits a WeakMap (schemas are treated as immutable once
 * validated), and an equal schema parsed again, as gateways do on every call,
 * hits a bounded map keyed by its JSON text (whose making costs time in
 * proportion to the schema's size), so it reuses the validator and memory
 * stays flat.
 *
 * `build` is given what to compile: for a schema with JSON text, a copy
 * parsed from that text, never the schema itself, whose getters or proxy
 * traps may answer differently on the next read (`owned` says which it is);
 * the validator kept under a text is then always the one of that text,
 * whoever brought it.
 */
export function cachedCompile(
  schema: unknown,
  options: CompileOptions,
  build: (source: unknown, owned: boolean) => Compiled,
  schemaKey: string | null = null,
): Compiled {
  const key = options.key;
  if (schemaKey !== null) return byCallerKey(schema, mapKey(key, `@${schemaKey}`), build);
  const isObject = typeof schema === "object" && schema !== null;
  const perObject = isObject ? byObject.get(schema) : undefined;
  const hit = perObject?.get(key);
  if (hit !== undefined && !hit.dropped) {
    hit.used = true;
    return hit.compiled;
  }

  const text = schemaText(schema);
  const textKey = text === undefined ? null : mapKey(key, text);
  let entry = textKey === null ? undefined : byText.get(textKey);
  if (entry === undefined) {
    const { source, owned } = sourceOf(schema, text);
    const compiled = build(source, owned);
    entry = { compiled, weight: textKey === null ? 0 : weigh(compiled, text!, source), dropped: false, used: false };
    if (textKey !== null) byText.set(textKey, entry);
  }
  if (isObject) {
    if (perObject) perObject.set(key, entry);
    else byObject.set(schema, new Map([[key, entry]]));
  }
  return entry.compiled;
}

/** The validator kept under a caller's key (`@` starts no JSON text, so it never meets a text key), built on a miss. */
function byCallerKey(
  schema: unknown,
  callerKey: string,
  build: (source: unknown, owned: boolean) => Compiled,
): Compiled {
  const entry = byText.get(callerKey);
  if (entry !== undefined) return entry.compiled;
  const text = schemaText(schema);
  const { source, owned } = sourceOf(schema, text);
  const compiled = build(source, owned);
  byText.set(callerKey, { compiled, weight: weigh(compiled, text ?? "", source), dropped: false, used: false });
  return compiled;
}

/** V8 hashes a string of 16,384 characters or more by its length alone: in a Map, long keys of one length would all collide. */
const LONG_TEXT = 16384;

/** The options key followed by the text, or for a long text by its SHA-256 digest (`#` never starts JSON text). */
function mapKey(optionsKey: string, text: string): string {
  return text.length < LONG_TEXT
    ? optionsKey + text
    : `${optionsKey}#${createHash("sha256").update(text).digest("base64")}`;
}

/**
 * What an entry holds, estimated from above: its text (a key, or the
 * strings of the parsed copy; two bytes a character), the copy's values, and
 * the validator's subschemas and compiled patterns, or the kept failure's
 * issues (at most 100, counted like subschemas).
 */
function weigh(compiled: Compiled, text: string, source: unknown): number {
  let held = 0;
  if ("ok" in compiled) held = compiled.issues.length * SUBSCHEMA_BYTES;
  else if (compiled instanceof CompiledValidator) held = compiled.subschemas * SUBSCHEMA_BYTES + compiled.patternBytes;
  return 2 * text.length + countValues(source) * VALUE_BYTES + held;
}

/** How many JSON values `root` holds, itself included; iterative, as the copy may nest deeper than the stack allows. */
function countValues(root: unknown): number {
  let count = 0;
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    count++;
    if (typeof value === "object" && value !== null) for (const child of Object.values(value)) stack.push(child);
  }
  return count;
}
