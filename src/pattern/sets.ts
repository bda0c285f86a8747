/**
 * Code point sets: the class escapes of the extended profile exactly as
 * ECMAScript defines them with the `u` flag and without `i` (docs/patterns.md,
 * "Extended escapes"), `.`, and the range arithmetic that classes need.
 */

/** Inclusive code point ranges, sorted and disjoint. */
export type Ranges = readonly (readonly [number, number])[];

export const MAX_CODE_POINT = 0x10ffff;

const DIGITS: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
// WhiteSpace and LineTerminator (ECMA-262 §22.2.2.9, CharacterClassEscape :: s).
const SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

/** Sorted, with overlapping and adjacent ranges merged. */
export function union(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** Every code point not in `ranges` (normalized). */
export function complement(ranges: Ranges): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** `\d \D \w \W \s \S`: the same sets inside and outside a class. */
export const CLASS_ESCAPES: Readonly<Record<string, Ranges>> = {
  d: DIGITS,
  D: complement(DIGITS),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

/** What `.` matches: every code point but the line terminators. */
export const DOT: Ranges = complement([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);

/** `\t \n \v \f \r`. */
export const CONTROL_ESCAPES: Readonly<Record<string, number>> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d };
