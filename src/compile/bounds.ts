/**
 * Bounds on a schema that no compile or validation may exceed
 * (docs/bounds.md); a schema over one is refused at preflight.
 */

import type { CountVisits } from "../runtime/json-value";
import {
  KEYWORD_COMPILE_UNITS,
  MAX_SCHEMA_COMPILE_UNITS,
  NO_ROOM,
  SUBSCHEMA_COMPILE_UNITS,
  VALUE_COMPILE_UNITS,
  type SchemaPatterns,
} from "../pattern/compile-pattern";

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

/**
 * Values of a schema's copy (src/api/own-json.ts, schemaText) past which it
 * cannot fit its compile share, each of them costing VALUE_COMPILE_UNITS at
 * least as a value of a list or choice, KEYWORD_COMPILE_UNITS as a keyword's
 * or SUBSCHEMA_COMPILE_UNITS as a subschema: such a schema gets no copy, and
 * compiling it stops at its share, so writing the copy never costs more
 * than compiling may.
 */
export const MAX_COPIED_VALUES = MAX_SCHEMA_COMPILE_UNITS / VALUE_COMPILE_UNITS;

/**
 * A count of a schema's values (see findNonJson) that throws SchemaTooLarge
 * past `bound`, and, given the share of a schema being compiled, charges
 * each value to it.
 */
export function schemaValueCount(share?: SchemaPatterns, bound = MAX_SCHEMA_VALUES): CountVisits {
  let values = 0;
  return (more) => {
    values += more;
    if (values > bound) throw new SchemaTooLarge(`the schema holds more than ${bound} values (counted as written out)`);
    if (share !== undefined) chargeCompile(share, VALUE_COMPILE_UNITS * more);
  };
}

/**
 * Charge a subschema about to be compiled, and its keywords, to its
 * schema's compile share (src/pattern/compile-pattern.ts,
 * MAX_SCHEMA_COMPILE_UNITS): past the share, compiling stops at once and the
 * schema is refused, so a schema the preflight accepts compiles in about
 * 0.25 s of CPU at most, and one it refuses stops there too.
 */
export function chargeSubschema(share: SchemaPatterns): void {
  chargeCompile(share, SUBSCHEMA_COMPILE_UNITS);
}
export function chargeKeywords(share: SchemaPatterns, keywords: number): void {
  chargeCompile(share, KEYWORD_COMPILE_UNITS * keywords);
}

function chargeCompile(share: SchemaPatterns, units: number): void {
  if (!share.spend(units)) throw new SchemaTooLarge(NO_ROOM);
}

/** The longest chain of `$ref`s and composition branches applied to one value. */
export const MAX_CHAIN = 256;
