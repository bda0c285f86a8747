/**
 * A pattern's automaton built completely when it was compiled (native/addon.cc
 * sends small ones as tables), searched here: one pass over the subject's
 * code points with a table lookup each, and no crossing into the addon.
 */
export interface Table {
  /** How many classes the code points fall into. */
  classes: number;
  /** The class of each ASCII code point. */
  ascii: Uint16Array;
  /** The first code point of each class, ascending. */
  boundaries: Uint32Array;
  /** For each state's row (state × classes) and class, the next row; row 0 is "no match possible", row `classes` "match found". */
  next: Uint16Array;
  /** For each state, 1 when it holds a match at the end of the subject. */
  accepts: Uint8Array;
}

/** The row of the state at the start of a subject (states 0 and 1 are the sinks). */
const START = 2;

/** A search answering `2 × read + found`, as src/pattern/native.ts charges it. */
export function tableMatcher({ classes, ascii, boundaries, next, accepts }: Table): (subject: string) => number {
  const classOf = (c: number): number => {
    // The last class whose first code point is at most c.
    let low = 0;
    let high = boundaries.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (boundaries[middle] <= c) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const sinks = 2 * classes;
  return (subject) => {
    const length = subject.length;
    let row = START * classes;
    let i = 0;
    while (i < length) {
      let c = subject.charCodeAt(i++);
      let cls: number;
      if (c < 128) {
        cls = ascii[c];
      } else {
        // Code points, as the `u` flag reads them; a lone surrogate is one.
        if (c >= 0xd800 && c <= 0xdbff && i < length) {
          const trail = subject.charCodeAt(i);
          if (trail >= 0xdc00 && trail <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (trail - 0xdc00);
            i++;
          }
        }
        cls = classOf(c);
      }
      row = next[row + cls];
      if (row < sinks) return 2 * i + (row === 0 ? 0 : 1);
    }
    return 2 * i + accepts[row / classes];
  };
}
