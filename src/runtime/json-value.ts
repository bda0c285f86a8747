import { isCount, isJsonArray, isJsonScalar, isPlainObject, isShallowJson, PROTO_ACCESSOR_IS_INTRINSIC } from "./shape";
import { keysOf } from "./own-keys";
import type { PathSegment } from "./paths";

/**
 * Containers may nest this deep in arguments and schemas. Walks
 * stop here, so no input can overflow the stack.
 */
export const MAX_DEPTH = 256;

/** What a value that is not JSON is, in a model's words ("undefined", "a Map"). */
export function describeNonJson(value: unknown): string {
  switch (typeof value) {
    case "undefined":
      return "undefined";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    case "number":
      return String(value);
    default: {
      const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
      // "Object" or "Array" here names a prototype that only poses as the plain one.
      if (typeof name === "string" && name !== "" && name !== "Object" && name !== "Array") return `a ${name}`;
      return Array.isArray(value) ? "a list with an unusual prototype" : "an object with an unusual prototype";
    }
  }
}

export interface NonJson {
  /** Where the value is, from the root given to findNonJson. */
  path: PathSegment[];
  /** "got undefined (not a JSON value)", "nests deeper than 256 levels". */
  problem: string;
}

/** Counts the values a walk is about to visit; validation counts them as work (src/runtime/pass.ts). */
export type CountVisits = (values: number) => void;

const uncounted: CountVisits = () => {};

/**
 * A walk counts a container's items this many at a time, before it reads
 * them. A list's length is only a claim (a sparse list of 2^32 - 1 holes, a
 * proxy): counted whole up front, it would run out of work before the hole
 * at index 0 is found, which is the answer to give.
 */
export const COUNTED_AHEAD = 1024;

/**
 * Finds the first value that is not JSON (docs/contract.md, "The JSON input
 * domain"), or a nesting deeper than `maxDepth`. The recursion is bounded by
 * `maxDepth`, and the path is built only while unwinding from a failure.
 * `count` hears of each container's values before they are visited, up to
 * COUNTED_AHEAD at a time; each container's length or keys are read once.
 */
export function findNonJson(value: unknown, maxDepth = MAX_DEPTH, count = uncounted): NonJson | null {
  return walk(value, 0, maxDepth, count);
}

function walk(value: unknown, depth: number, maxDepth: number, count: CountVisits): NonJson | null {
  if (!isShallowJson(value)) return notJson(value);
  if (typeof value !== "object" || value === null) return null;
  if (depth >= maxDepth) return { path: [], problem: `nests deeper than ${maxDepth} levels` };
  return Array.isArray(value)
    ? walkArray(value, depth, maxDepth, count)
    : walkObject(value as Record<string, unknown>, depth, maxDepth, count);
}

/**
 * True when `value`, parsed from JSON text, nests at most `depthLeft`
 * container levels and holds only finite numbers: the two rules of the input
 * domain that parsed JSON can break (it has no other prototypes, no
 * undefined, no holes, no NaN; but JSON.parse reads `1e400` as Infinity).
 */
export function nestsWithin(value: unknown, depthLeft: number, count: CountVisits): boolean {
  if (typeof value !== "object" || value === null) return typeof value !== "number" || Number.isFinite(value);
  if (depthLeft <= 0) return false;
  if (Array.isArray(value)) {
    const length = value.length;
    count(length);
    for (let i = 0; i < length; i++) if (!nestsWithin(value[i], depthLeft - 1, count)) return false;
    return true;
  }
  const keys = keysOf(value);
  count(keys.length);
  for (const key of keys) if (!nestsWithin((value as Record<string, unknown>)[key], depthLeft - 1, count)) return false;
  return true;
}

/** `value.__proto__`: V8 turns the read into a load from the object's map. */
const protoRead = (value: object): unknown => (value as unknown as { __proto__: unknown }).__proto__;

/**
 * Whether findNonJson finds nothing, for generated code (src/validate/check-generator.ts),
 * which asks only while Object.prototype lists no key (prototypeListsKeys):
 * for…in then lists an object's own keys, and reads each value from the
 * object's map, where findNonJson's Object.keys list and megamorphic reads
 * took a quarter of a call whose `oneOf` walks object items; a prototype is
 * read through `__proto__` first, as the generated type tests read it
 * (src/compile/keywords/type.ts). It counts what findNonJson counts, each
 * container's values: a list's COUNTED_AHEAD at a time before they are
 * read, an object's as for…in lists them (the same sum for a walk that
 * ends at its last value).
 */
export function isJsonListedInPlace(value: unknown, depthLeft: number, count: CountVisits): boolean {
  if (typeof value !== "object") return isJsonScalar(value);
  if (value === null) return true;
  if (depthLeft <= 0) return false;
  if (Array.isArray(value)) {
    if (!((PROTO_ACCESSOR_IS_INTRINSIC && protoRead(value) === Array.prototype) || isJsonArray(value))) return false;
    const length: unknown = value.length;
    if (!isCount(length)) return false;
    for (let start = 0; start < length; start += COUNTED_AHEAD) {
      const end = Math.min(start + COUNTED_AHEAD, length);
      count(end - start);
      for (let i = start; i < end; i++) {
        const item = value[i];
        // Most values are scalars: tested here, without a call.
        if (typeof item !== "object" ? !isJsonScalar(item) : !isJsonListedInPlace(item, depthLeft - 1, count))
          return false;
      }
    }
    return true;
  }
  if (!((PROTO_ACCESSOR_IS_INTRINSIC && protoRead(value) === Object.prototype) || isPlainObject(value))) return false;
  let listed = 0;
  for (const key in value) {
    if (++listed === COUNTED_AHEAD) {
      count(listed);
      listed = 0;
    }
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== "object" ? !isJsonScalar(item) : !isJsonListedInPlace(item, depthLeft - 1, count)) return false;
  }
  count(listed);
  return true;
}

function walkArray(array: unknown[], depth: number, maxDepth: number, count: CountVisits): NonJson | null {
  const length: unknown = array.length;
  if (!isCount(length)) return { path: [], problem: "got a list whose length is not a count (not a JSON value)" };
  for (let start = 0; start < length; start += COUNTED_AHEAD) {
    const end = Math.min(start + COUNTED_AHEAD, length);
    count(end - start);
    for (let i = start; i < end; i++) {
      const item = array[i];
      // Most items are scalars: tested here, without a call.
      if (isJsonScalar(item)) continue;
      const found =
        item === undefined
          ? {
              path: [],
              problem:
                i in array ? "got undefined (not a JSON value)" : "got a hole in a sparse array (not a JSON value)",
            }
          : walk(item, depth + 1, maxDepth, count);
      if (found) {
        found.path.unshift(i);
        return found;
      }
    }
  }
  return null;
}

function walkObject(
  object: Record<string, unknown>,
  depth: number,
  maxDepth: number,
  count: CountVisits,
): NonJson | null {
  const keys = keysOf(object);
  const length = keys.length;
  for (let start = 0; start < length; start += COUNTED_AHEAD) {
    const end = Math.min(start + COUNTED_AHEAD, length);
    count(end - start);
    for (let i = start; i < end; i++) {
      const key = keys[i];
      const item = object[key];
      if (isJsonScalar(item)) continue;
      const found = walk(item, depth + 1, maxDepth, count);
      if (found) {
        found.path.unshift(key);
        return found;
      }
    }
  }
  return null;
}

function notJson(value: unknown): NonJson {
  return { path: [], problem: `got ${describeNonJson(value)} (not a JSON value)` };
}
