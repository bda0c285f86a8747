/**
 * Bounds on a schema that no compile or validation may exceed
 * (docs/bounds.md); a schema over one is refused at preflight.
 */

import type { CountVisits } from "./json-value";

/**
 * Values a schema may hold, counted as written out: a schema built in
 * JavaScript can hold one object at many places, and a few thousand shared
 * objects can stand for more values than memory holds.
 */
export const MAX_SCHEMA_VALUES = 10_000_000;

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
    if (values > MAX_SCHEMA_VALUES) throw new SchemaTooLarge(`the schema holds more than ${MAX_SCHEMA_VALUES} values (counted as written out)`);
  };
}

/** The longest chain of `$ref`s and composition branches applied to one value. */
export const MAX_CHAIN = 256;

/**
 * Instructions the patterns of one schema may write out together (about
 * 12 bytes each once compiled), whether they are searched as tables or in
 * the addon: checked before a pattern is compiled.
 */
export const MAX_SCHEMA_INSTRUCTIONS = 1_000_000;

/**
 * Counted work (native/dfa.h's units) building tables may take for the
 * patterns of one schema together: 32 patterns at the bound of one
 * (TABLE_WORK, src/pattern/native.ts), or hundreds of ordinary ones, about
 * 10 ms at 4 ns a unit; the same as one validation pass's base allowance.
 * The patterns past it are searched by the lazy DFA, with the same answers.
 */
export const SCHEMA_TABLE_WORK = 2_097_152;
