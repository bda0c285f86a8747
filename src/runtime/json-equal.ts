import { compareWithPrinted, Decimal } from "./decimal";
import { keysOf } from "./own-keys";
import { lengthOf } from "./shape";
import { PerPass, charge } from "./pass";
import { chargeBigint, chargeComparison, chargeRead } from "./work-costs";

/**
 * V8 hashes a string of this many characters or more by its length alone,
 * and a bigint by its lowest 64 bits: as Map keys, long strings of one
 * length, or bigints that agree in those bits, would all collide. Such values
 * are checked again each time; the work limit bounds how often (src/runtime/pass.ts).
 */
export const LONG_STRING = 16384;

/**
 * Equality of JSON values for `enum` (docs/contract.md, "Equality"):
 * numbers by value (a bigint equals the number it denotes), strings by code
 * units, arrays in order, objects by key set with key order ignored,
 * booleans never equal to numbers.
 * A Decimal, the exact number of a lenient scalar string, equals a number
 * or bigint of the same value, a number's value being the decimal it prints.
 * Strings of one length and two bigints are compared whole, which is
 * charged (src/runtime/work-costs.ts).
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const typeA = typeof a;
  const typeB = typeof b;
  if (typeA === "string" || typeB === "string") return typeA === typeB && sameString(a as string, b as string);
  if (typeA === "number" || typeA === "bigint") {
    if (typeB === "number" || typeB === "bigint") return sameNumber(a as number | bigint, b as number | bigint);
    return b instanceof Decimal && decimalEqual(b, a);
  }
  if (a === b) return true;
  if (a instanceof Decimal || b instanceof Decimal) return a instanceof Decimal && decimalEqual(a, b);
  if (typeA !== "object" || typeB !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return false;
    // Each length read once: a proxy may claim another on every read.
    const length = a.length;
    if (b.length !== length) return false;
    for (let i = 0; i < length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const objectA = a as Record<string, unknown>;
  const objectB = b as Record<string, unknown>;
  const keys = keysOf(objectA);
  if (keys.length !== keysOf(objectB).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(objectB, key) || !jsonEqual(objectA[key], objectB[key])) return false;
  }
  return true;
}

/** `a === b`, charged as a comparison when V8 compares them unit by unit: when they are of one length. */
export function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  chargeComparison(a.length);
  return a === b;
}

/**
 * Equal numbers or bigints: a bigint equals a number that stands for it
 * (denotes), and two bigints are compared word by word.
 */
function sameNumber(a: number | bigint, b: number | bigint): boolean {
  if (typeof a === "bigint" && typeof b === "bigint") {
    chargeBigint(b);
    return a === b;
  }
  if (typeof a === "number" && typeof b === "number") return a === b;
  return typeof a === "number" ? denotes(a, b as bigint) : denotes(b as number, a);
}

/**
 * Whether the number `n` stands for the bigint `c`: a number stands for the
 * decimal it prints (docs/contract.md, "Exact numbers"); below 2^53 in size
 * that is its value (compareWithPrinted).
 */
function denotes(n: number, c: bigint): boolean {
  return Number.isFinite(n) && compareWithPrinted(c, n) === 0;
}

/**
 * A test for "equals one of `choices`": scalars are looked up in a Set (a
 * bigint by the number that stands for it), so a long list costs one lookup,
 * not a comparison per choice. Structures, strings of 16,384 characters or
 * more and bigints no number stands for are compared one by one: V8 hashes such
 * strings by their length alone and bigints by their lowest 64 bits, so in a
 * Set they would be compared one by one anyway, uncharged.
 */
export function memberOf(choices: readonly unknown[]): (value: unknown) => boolean {
  const scalars = new Set<unknown>();
  const compared: unknown[] = [];
  for (const choice of choices) {
    const key = scalarKey(choice);
    if (key === undefined) compared.push(choice);
    else scalars.add(key);
  }
  return (value) => {
    // A lenient scalar's Decimal is a value no double holds (decimalNumber
    // gives the double whenever the decimal it prints is the text's value),
    // so no number choice equals it: only bigints among the compared can.
    const key = value instanceof Decimal ? undefined : scalarKey(value);
    if (key === undefined) return compared.some((choice) => jsonEqual(choice, value));
    if (!scalars.has(key)) return false;
    // V8 compared the string with the equal choice unit by unit.
    if (typeof value === "string") chargeComparison(value.length);
    return true;
  };
}

/**
 * The Set key of a scalar (Set's equality is jsonEqual's on them: 0 and -0
 * are one), or undefined for a structure, a long string or a bigint no
 * double holds, which are compared instead.
 */
function scalarKey(value: unknown): unknown {
  switch (typeof value) {
    case "string":
      return value.length < LONG_STRING ? value : undefined;
    case "boolean":
    case "number":
      return value;
    case "bigint": {
      // Equal to a number exactly when the number it converts to stands for it.
      const number = Number(value);
      return denotes(number, value) ? number : undefined;
    }
    default:
      return value === null ? null : undefined;
  }
}

function decimalEqual(a: Decimal, b: unknown): boolean {
  return (typeof b === "number" || typeof b === "bigint" || b instanceof Decimal) && a.compare(Decimal.of(b)) === 0;
}

/**
 * A key that two JSON values share exactly when `jsonEqual` holds: numbers
 * by value (an integer as its digits, so 1, 1.0 and 1n agree), object keys
 * sorted. Writing and interning texts is charged as reading them
 * (src/runtime/work-costs.ts). `uniqueItems` compares items by it in one pass.
 *
 * Keys stay short and cost the value's size once per validation pass, however
 * deeply arrays with `uniqueItems` nest: a short scalar is its own text, and
 * a list, an object or a long scalar is an id (`#12`) interned from its text,
 * in which every list or object inside stands as its id, remembered per
 * object for the rest of the pass.
 */
export function jsonKey(value: unknown): string {
  return keyOf(value, currentIds.get());
}

/** Scalar texts up to this long are their own key; longer ones are interned. */
const SHORT_KEY = 1024;

/**
 * Texts are interned in pieces this long: V8 hashes a string of 16,384
 * characters or more by its length alone, so long Map keys of one length
 * would all collide.
 */
const PIECE = 8192;

interface Ids {
  /** Ids by interned text (or `previous id + \0 + piece` for a long one). */
  byText: Map<string, string>;
  byObject: WeakMap<object, string>;
  /** firstRepeat's answers by list. */
  repeats: WeakMap<object, Repeat | null>;
}

/** The indexes of two equal items of a list: the first item that repeats an earlier one, and that one. */
export type Repeat = readonly [first: number, again: number];

/**
 * The first repeat among the first `length` items of `list` (its length,
 * read once and counted by the caller), by jsonKey, or null: found once per
 * pass for each list, however many `uniqueItems` ask about it.
 */
export function firstRepeat(list: readonly unknown[], length: number): Repeat | null {
  const ids = currentIds.get();
  let repeat = ids.repeats.get(list);
  if (repeat === undefined) ids.repeats.set(list, (repeat = findRepeat(list, length, ids)));
  return repeat;
}

function findRepeat(list: readonly unknown[], length: number, ids: Ids): Repeat | null {
  const seen = new Map<string, number>();
  for (let i = 0; i < length; i++) {
    const key = keyOf(list[i], ids);
    const first = seen.get(key);
    if (first !== undefined) return [first, i];
    seen.set(key, i);
  }
  return null;
}

function keyOf(value: unknown, ids: Ids): string {
  switch (typeof value) {
    case "string":
      return short(JSON.stringify(value), ids);
    case "number":
      // The shortest text that reads back as the number: short even for 1e308.
      return String(value);
    case "bigint": {
      // Items are arguments, so a bigint equals the number it converts to
      // exactly (a number of the schema stands for its decimal instead:
      // denotes); one that no number holds gets a text no number prints,
      // its hex digits: V8 writes those in linear time, decimal ones in more.
      const number = Number(value);
      // eslint-disable-next-line eqeqeq -- loose equality compares a bigint with a number by value
      if (number == (value as unknown as number)) return String(number);
      chargeBigint(value);
      return short(`n${value.toString(16)}`, ids);
    }
    case "boolean":
      return String(value);
    default:
      break;
  }
  if (value === null) return "null";
  const object = value as Record<string, unknown>;
  const known = ids.byObject.get(object);
  if (known !== undefined) return known;
  const text = Array.isArray(object) ? listText(object, ids) : objectText(object, ids);
  const id = intern(text, ids);
  ids.byObject.set(object, id);
  return id;
}

/**
 * The text of a list inside an item: its items' keys, each counted before it
 * is written (the length is read once, and a list claiming more items than
 * the work allows stops there).
 */
function listText(list: readonly unknown[], ids: Ids): string {
  const length = lengthOf(list);
  charge(length);
  let text = "[";
  for (let i = 0; i < length; i++) text += (i === 0 ? "" : ",") + keyOf(list[i], ids);
  return `${text}]`;
}

/** The text of an object inside an item: its keys sorted, each with its value's key, counted before they are written. */
function objectText(object: Record<string, unknown>, ids: Ids): string {
  const keys = [...keysOf(object)].sort();
  charge(keys.length);
  let text = "{";
  for (let i = 0; i < keys.length; i++)
    text += `${i === 0 ? "" : ","}${short(JSON.stringify(keys[i]), ids)}:${keyOf(object[keys[i]], ids)}`;
  return `${text}}`;
}

/** The key of a scalar's text, charged as reading the text (src/runtime/work-costs.ts). */
function short(text: string, ids: Ids): string {
  chargeRead(text.length);
  return text.length <= SHORT_KEY ? text : intern(text, ids);
}

/**
 * The id of a text, the same for the same text within a pass. Texts start
 * with `"`, a digit, `-`, `[` or `{`, and ids with `#`, so a piece's key
 * (an id or nothing, then `\0`) never equals a whole text.
 */
function intern(text: string, ids: Ids): string {
  // Hashing it reads the text whole.
  chargeRead(text.length);
  if (text.length <= PIECE) return idOf(text, ids);
  let id = "";
  for (let at = 0; at < text.length; at += PIECE) id = idOf(`${id}\0${text.slice(at, at + PIECE)}`, ids);
  return id;
}

function idOf(key: string, ids: Ids): string {
  let id = ids.byText.get(key);
  if (id === undefined) ids.byText.set(key, (id = `#${ids.byText.size}`));
  return id;
}

const currentIds = new PerPass<Ids>(() => ({ byText: new Map(), byObject: new WeakMap(), repeats: new WeakMap() }));
