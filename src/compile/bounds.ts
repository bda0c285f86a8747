/**
 * Bounds on a schema that no compile or validation may exceed
 * (docs/bounds.md); a schema over one is refused at preflight.
 */

import type { CountVisits } from "../runtime/json-value";

/**
 * Values a schema may hold, counted as written out: a schema built in
 * JavaScript can hold one object at many places, and a few thousand shared
 * objects can stand for more values than memory holds.
 */
export const MAX_SCHEMA_VALUES = 10_000_000;

/**
 * Characters of JSON text past which a schema is compiled as it is, not
 * from a copy of its own, and keeps its closures (src/api/own-json.ts,
 * schemaText): 32 times the largest captured tool schema (132 KB), and far
 * less than a schema of many shared objects or strings would write out.
 */
export const MAX_SCHEMA_TEXT = 4 * 2 ** 20;

/** Subschemas one schema may compile to (each is a closure or two, and code). */
export const MAX_SUBSCHEMAS = 100_000;

/** Thrown by a schema's value count once it passes its bound. */
export class SchemaTooLarge {
  constructor(readonly message: string) {}
}

/** A count of a schema's values (see findNonJson) that throws SchemaTooLarge past MAX_SCHEMA_VALUES. */
export function schemaValueCount(): CountVisits {
  let values = 0;
  return (more) => {
    values += more;
    if (values > MAX_SCHEMA_VALUES)
      throw new SchemaTooLarge(`the schema holds more than ${MAX_SCHEMA_VALUES} values (counted as written out)`);
  };
}

/** The longest chain of `$ref`s and composition branches applied to one value. */
export const MAX_CHAIN = 256;
