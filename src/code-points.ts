import { PerPass } from "./memo";

/**
 * Strings at least this long have their code points counted once per
 * validation pass: the branches of a composition may ask again and again.
 */
const COUNTED_ONCE = 1024;

const counted = new PerPass(() => new Map<string, number>());

/**
 * Length keywords count Unicode code points, not UTF-16 units: a
 * surrogate pair is one code point, a lone surrogate is one too.
 */
export function codePointLength(s: string): number {
  if (s.length < COUNTED_ONCE) return count(s);
  const lengths = counted.get();
  let length = lengths.get(s);
  if (length === undefined) lengths.set(s, (length = count(s)));
  return length;
}

function count(s: string): number {
  let length = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const unit = s.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

// A string has between length/2 and length code points: counting is needed
// only when the bound lies between the two.

/** `codePointLength(s) >= min`. */
export function hasAtLeastCodePoints(s: string, min: number): boolean {
  if (s.length < min) return false;
  if (s.length >= 2 * min) return true;
  return codePointLength(s) >= min;
}

/** `codePointLength(s) <= max`. */
export function hasAtMostCodePoints(s: string, max: number): boolean {
  if (s.length <= max) return true;
  if (s.length > 2 * max) return false;
  return codePointLength(s) <= max;
}
