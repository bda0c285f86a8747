/**
 * Length keywords count Unicode code points, not UTF-16 units (SPEC §3): a
 * surrogate pair is one code point, a lone surrogate is one too.
 */
export function codePointLength(s: string): number {
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

/**
 * `codePointLength(s) >= min`, counting only when the UTF-16 length cannot
 * decide: a string has between length/2 and length code points.
 */
export function hasAtLeastCodePoints(s: string, min: number): boolean {
  if (s.length < min) return false;
  if (s.length >= 2 * min) return true;
  return codePointLength(s) >= min;
}
