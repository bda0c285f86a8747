/**
 * An issue's `params`: what its keyword asked, named as Ajv names it where
 * Ajv has the keyword (`missingProperty`, `additionalProperty`, `limit` and
 * `comparison`, `allowedValues`, `allowedValue`, `pattern`, `type`,
 * `multipleOf`, `i` and `j`, `propertyName`, `passingSchemas`; docs/api.md,
 * "Issue params"). A check makes them once when it is compiled, or when it
 * records a problem if they depend on the value. An issue holds a copy of
 * its own (src/explain/report.ts), so params objects are shared between
 * calls unfrozen (a frozen object is slower to copy); a value in them that
 * the issue hands out, such as an `enum`'s choices, is a frozen copy.
 */
export type Params = Readonly<Record<string, unknown>>;

/** The params of a problem whose keyword asks for nothing to be named. */
export const NO_PARAMS: Params = {};

/**
 * A deep frozen copy of a JSON value of the schema (an `enum`'s choices, a
 * `const`), which every issue that quotes it shares: frozen, so that no
 * caller can change what the next one reads, and a copy, so that the
 * caller's schema is never frozen. (A bigint is copied as itself.)
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? value.map(frozenCopy) : {};
  if (!Array.isArray(value)) {
    for (const key of Object.keys(value)) {
      // defineProperty, not assignment: a "__proto__" key is data.
      Object.defineProperty(copy, key, {
        value: frozenCopy((value as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return Object.freeze(copy) as T;
}

/** `make()`'s value, made on its first use and kept: a schema's value is copied only once a failure quotes it. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/** Characters of JSON text of the frozen values that params share, by value: each is measured once. */
const measured = new WeakMap<object, number>();

/** About how many characters `value` takes written as JSON text (strings without their escapes). */
function textLength(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  if (typeof value !== "object" || value === null) return String(value).length;
  const known = measured.get(value);
  if (known !== undefined) return known;
  let length = 2;
  if (Array.isArray(value)) {
    for (const item of value) length += textLength(item) + 1;
  } else {
    for (const key of Object.keys(value))
      length += key.length + 4 + textLength((value as Record<string, unknown>)[key]);
  }
  if (Object.isFrozen(value)) measured.set(value, length);
  return length;
}

/**
 * The text that `params` adds to an issue written out: what the bound on a
 * failure's text counts (src/explain/failure.ts). An `enum` of megabytes
 * quoted by 100 issues is one value in memory and 100 copies in the JSON a
 * host writes.
 */
export function paramsText(params: Params): number {
  let length = 0;
  // for-in: an issue's params are plain objects of own keys, and no list of keys is made.
  for (const key in params) length += key.length + textLength(params[key]);
  return length;
}
