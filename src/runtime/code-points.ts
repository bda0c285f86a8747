import { chargeRead } from "./work-costs";

/** A UTF-16 unit that may start a surrogate pair: strings without one count a code point a unit. */
const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/**
 * Length keywords count Unicode code points, not UTF-16 units: a
 * surrogate pair is one code point, a lone surrogate is one too. Counting
 * reads the string whole, so it is charged as a read (src/runtime/work-costs.ts) each
 * time: nothing is remembered by the string, which V8 would hash by its
 * length alone from 16,384 characters on.
 */
export function codePointLength(s: string): number {
  chargeRead(s.length);
  // Where V8 stores a string one byte a character, this answers at once.
  const first = s.search(HIGH_SURROGATE);
  return first < 0 ? s.length : s.length - pairsFrom(s, first);
}

/** The surrogate pairs of `s` from `start` on. */
function pairsFrom(s: string, start: number): number {
  let pairs = 0;
  for (let i = start; i < s.length - 1; i++) {
    const unit = s.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return pairs;
}

// A string has between ceil(length/2) and length code points (a pair is one,
// a lone surrogate one too): counting is needed only when the bound lies
// between the two.

/** `codePointLength(s) >= min`. */
export function hasAtLeastCodePoints(s: string, min: number): boolean {
  if (s.length < min) return false;
  if (s.length >= 2 * min - 1) return true;
  return codePointLength(s) >= min;
}

/** `codePointLength(s) <= max`. */
export function hasAtMostCodePoints(s: string, max: number): boolean {
  if (s.length <= max) return true;
  if (s.length > 2 * max) return false;
  return codePointLength(s) <= max;
}
