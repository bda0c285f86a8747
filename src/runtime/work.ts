import { findNonJson, isJsonArray, isPlainObject, lengthOf, MAX_DEPTH } from "./json-value";
import { schemaValueCount } from "../compile/bounds";
import { keysOf } from "./own-keys";

/**
 * Validation work, counted. A unit is a subschema's keyword applied to one
 * value, one item or key that a keyword walks, or a step of a problem's path
 * written out (src/explain/report.ts). Work grows with the
 * arguments' size times the schema's, and a hostile schema can make that
 * product large: a thousand `anyOf` branches that each walk a list of 100,000
 * items are 10^8 units. So a validation pass may spend BASE_WORK units, and
 * past that WORK_PER_VALUE units for each value in the arguments and a few
 * whole reads of each string (workLimit); beyond that it fails
 * (execution_failure), the same way on any machine.
 *
 * Tool calls stay far below the bound: a call of a few thousand values
 * through a schema of a few hundred subschemas spends well under BASE_WORK,
 * and a schema would have to apply more than WORK_PER_VALUE keywords to
 * each value of large arguments to reach it.
 */
export const BASE_WORK = 2 ** 21;
export const WORK_PER_VALUE = 128;
/** Whole reads of each of the arguments' strings that the limit pays for, beyond the values' allowance. */
export const READS_PER_STRING = 4;
/**
 * The most a pass may spend, however large the arguments: at up to 50 ns a
 * step, about 1.7 s. Arguments of millions of values checked against a
 * schema that applies many keywords to each reach it; a call of a million
 * values through a plain schema spends a few million steps.
 */
export const MAX_WORK = 2 ** 25;

/** Thrown once a pass has spent its work; the validation then fails. */
export class WorkSpent {
  constructor(
    readonly limit: number,
    /** The arguments' size, as far as it was measured. */
    readonly size: ArgumentSize,
  ) {}
}

/**
 * The current pass's counter. Generated code reads it as a constant object
 * (src/validate/fast-check.ts) and the closures through charge(); validation is
 * synchronous, so one counter per thread is all there is.
 */
export const work = {
  spent: 0,
  limit: BASE_WORK,
  sized: false,
};

/** What the limits of a validation grow with. */
export interface ArgumentSize {
  /** JSON values, each container once. */
  values: number;
  /** UTF-16 units of the strings (values and property names), each plus one. */
  stringUnits: number;
  /**
   * False when measuring stopped at MEASURED_VALUES with more to read: the
   * counts are then of what was read, and the arguments get the most of
   * every limit that grows with their size.
   */
  complete: boolean;
}

/** The current validation's arguments, until they are measured. */
let args: unknown;
let size: ArgumentSize | null = null;

/** Starts a validation of `value`. */
export function startValidation(value: unknown): void {
  args = value;
  size = null;
}

/** Lets go of the arguments once the validation is over. */
export function endValidation(): void {
  args = undefined;
}

/** The current validation's arguments, measured on first use (most validations never ask). */
export function argumentSize(): ArgumentSize {
  if (size === null) {
    size = measure(args);
    args = undefined;
  }
  return size;
}

/** Starts a pass of the current validation: nothing spent, the base allowance. */
export function startValidationWork(): void {
  work.spent = 0;
  work.limit = BASE_WORK;
  work.sized = false;
}

/**
 * Counts `units` of work; throws WorkSpent past the limit. Written so that a
 * NaN count (a length a proxy claimed) is past it, never below it forever.
 */
export function charge(units: number): void {
  if (!((work.spent += units) <= work.limit)) overrun();
}

/**
 * Characters a step of work reads where a keyword reads a whole string a
 * character at a time: counting its code points, reading it as a decimal,
 * writing its key for `uniqueItems`, trimming it. The slowest of these reads
 * about a character a nanosecond and a half, so a step stays within the tens
 * of nanoseconds other steps take.
 */
export const CHARACTERS_PER_STEP = 16;

/** Characters a step of work compares where V8 compares two strings of one length: 0.1 to 0.25 ns a character. */
export const COMPARED_PER_STEP = 128;

/** Counts reading `length` characters a character at a time; the keyword's own step covers a string shorter than a step. */
export function chargeRead(length: number): void {
  if (length >= CHARACTERS_PER_STEP) charge(Math.floor(length / CHARACTERS_PER_STEP));
}

/** Counts comparing two strings of `length` characters; the keyword's own step covers strings shorter than a step. */
export function chargeComparison(length: number): void {
  if (length >= COMPARED_PER_STEP) charge(Math.floor(length / COMPARED_PER_STEP));
}

/**
 * 64-bit words of a bigint past one word (0 for one word: the keyword's own
 * step covers it). A double tells the size of one within its range; beyond
 * it, the hex digits do (its bits written out, in linear time).
 */
function bigintWords(value: bigint): number {
  const magnitude = Math.abs(Number(value));
  if (magnitude < 2 ** 64) return 0;
  return Number.isFinite(magnitude) ? Math.floor(Math.log2(magnitude) / 64) + 1 : Math.ceil(value.toString(16).length / 16);
}

/** Counts reading a bigint whole (dividing it, comparing it): a step per 64-bit word. */
export function chargeBigint(value: bigint): void {
  charge(bigintWords(value));
}

/**
 * Counts writing a bigint's decimal digits, before they are written: V8
 * takes time growing as the words to the power 1.5 (about 50 ns times that,
 * measured from 16 to 44,000 words), so two steps per such unit.
 */
export function chargeBigintDigits(value: bigint): void {
  charge(Math.ceil(2 * bigintWords(value) ** 1.5));
}

/**
 * Called when the spent work passes the limit. The first time, the limit
 * grows with the arguments' size (workLimit; measured now: most passes
 * never get here); past the grown limit, the pass is over.
 */
export function overrun(): void {
  if (!work.sized) {
    work.sized = true;
    work.limit = workLimit(argumentSize());
    if (work.spent <= work.limit) return;
  }
  throw new WorkSpent(work.limit, argumentSize());
}

/**
 * The work a pass of arguments of `size` may spend: BASE_WORK, WORK_PER_VALUE
 * for each value, and READS_PER_STRING whole reads of each string (values
 * and property names), so that one long string can have its length bounded,
 * its decimal read or its key written without running out; never more than
 * MAX_WORK, which arguments too large to measure whole get.
 */
function workLimit(size: ArgumentSize): number {
  if (!size.complete) return MAX_WORK;
  return Math.min(BASE_WORK + WORK_PER_VALUE * size.values + Math.floor((READS_PER_STRING * size.stringUnits) / CHARACTERS_PER_STEP), MAX_WORK);
}

/**
 * Past this many values the limit is MAX_WORK whatever else the arguments
 * hold (BASE_WORK + WORK_PER_VALUE × this is MAX_WORK), so measuring stops
 * there: a list's length is only a claim (a sparse list of 2^32 - 1 holes, a
 * proxy), and reading every index it claims would cost time, and a pending
 * list memory, in proportion to it.
 */
export const MEASURED_VALUES = (MAX_WORK - BASE_WORK) / WORK_PER_VALUE;

/** A container being measured: its keys (null for a list), how many items it has, and the next one to read. */
interface Open {
  container: Record<string, unknown> | unknown[];
  keys: readonly string[] | null;
  length: number;
  next: number;
}

/**
 * The size of `args`, each container once: arguments that hold the same
 * list at many places (built in JavaScript, not parsed) count it once,
 * though a validation walks it at every place, so sharing cannot multiply
 * the work allowed. Each index of a list counts, a hole too (it fails the
 * validation anyway). Depth-first, reading each container's items as it
 * gets to them, and no more than MEASURED_VALUES of them in all.
 */
function measure(args: unknown): ArgumentSize {
  const seen = new Set<object>();
  const open: Open[] = [];
  let values = 0;
  let stringUnits = 0;
  let value = args;
  for (;;) {
    values++;
    if (typeof value === "string") {
      stringUnits += value.length + 1;
    } else if (typeof value === "object" && value !== null && !seen.has(value)) {
      seen.add(value);
      if (isJsonArray(value)) {
        open.push({ container: value, keys: null, length: lengthOf(value), next: 0 });
      } else if (isPlainObject(value)) {
        const keys = keysOf(value);
        open.push({ container: value, keys, length: keys.length, next: 0 });
      }
    }
    let top = open[open.length - 1];
    while (top !== undefined && top.next >= top.length) {
      open.pop();
      top = open[open.length - 1];
    }
    if (top === undefined) return { values, stringUnits, complete: true };
    if (values >= MEASURED_VALUES) return { values, stringUnits, complete: false };
    const at = top.next++;
    if (top.keys === null) {
      value = (top.container as unknown[])[at];
    } else {
      const key = top.keys[at];
      stringUnits += key.length + 1;
      value = (top.container as Record<string, unknown>)[key];
    }
  }
}

/**
 * What one evaluation of a subschema costs, without its children and
 * branches (they count their own): a unit per keyword, per listed or
 * required property name, and per value of a structured `enum` or `const`
 * choice, which is compared value by value (scalar choices are one lookup).
 */
export function subschemaWeight(schema: Record<string, unknown>): number {
  let weight = 1;
  for (const keyword of Object.keys(schema)) {
    const value = schema[keyword];
    weight++;
    if (keyword === "properties" && isPlainObject(value)) weight += Object.keys(value).length;
    else if (keyword === "required" && Array.isArray(value)) weight += lengthOf(value);
    else if (keyword === "dependentRequired" && isPlainObject(value)) weight += treeSize(value);
    else if (keyword === "enum" && Array.isArray(value)) weight += choicesWeight(value);
    else if (keyword === "const" && isStructure(value)) weight += treeSize(value);
  }
  return weight;
}

const isStructure = (value: unknown) => typeof value === "object" && value !== null;

/** The values of an `enum`'s structured choices, written out; the list's length read once, and bounded as treeSize is. */
function choicesWeight(choices: readonly unknown[]): number {
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
function treeSize(value: unknown): number {
  const count = schemaValueCount();
  let values = 1;
  findNonJson(value, MAX_DEPTH, (more) => {
    count(more);
    values += more;
  });
  return values;
}
