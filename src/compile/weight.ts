import { schemaValueCount } from "./bounds";
import { findNonJson, MAX_DEPTH } from "../runtime/json-value";
import { lengthOf } from "../runtime/shape";

/**
 * What keywords add to a subschema's weight (Keyword.weight): the work one
 * evaluation costs, without its children and branches (they count their
 * own), is a unit for the subschema, a unit per keyword, and what each
 * keyword adds: a unit per listed or required property name, and per value
 * of a structured `enum` or `const` choice, which is compared value by value
 * (scalar choices are one lookup).
 */

export const isStructure = (value: unknown) => typeof value === "object" && value !== null;

/** The values of an `enum`'s structured choices, written out; the list's length read once, and bounded as treeSize is. */
export function choicesWeight(choices: readonly unknown[]): number {
  const length = lengthOf(choices);
  schemaValueCount()(length);
  let weight = 0;
  for (let i = 0; i < length; i++) weight += isStructure(choices[i]) ? treeSize(choices[i]) : 0;
  return weight;
}

/**
 * How many values a schema's JSON value holds, written out. The schema has
 * been checked, but this reads it again: past the schema's bound on values
 * (src/compile/bounds.ts) it throws, as it would only for a value that claims more
 * now (a proxy), and compiling refuses the schema.
 */
export function treeSize(value: unknown): number {
  const count = schemaValueCount();
  let values = 1;
  findNonJson(value, MAX_DEPTH, (more) => {
    count(more);
    values += more;
  });
  return values;
}
