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

/** States 0 and 1 are the sinks (no match possible, match found); 2 is the start of a subject. */
const START = 2;

/**
 * A search answering `2 × read + found`, as src/pattern/native.ts charges
 * it, and the memory its tables take. An ASCII code point (most of what
 * arguments hold) goes from state to state in one lookup; any other finds
 * its class first. At most 256 states (native.ts), so a state is a byte.
 */
export function tableMatcher({ classes, ascii, boundaries, next, accepts }: Table): { search: (subject: string) => number; bytes: number } {
  const states = next.length / classes;
  const byClass = new Uint8Array(states * classes);
  const byAscii = new Uint8Array(states * 128);
  for (let state = 0; state < states; state++) {
    for (let cls = 0; cls < classes; cls++) byClass[state * classes + cls] = next[state * classes + cls] / classes;
    for (let c = 0; c < 128; c++) byAscii[state * 128 + c] = byClass[state * classes + ascii[c]];
  }
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
  const search = (subject: string): number => {
    const length = subject.length;
    let state = START;
    let i = 0;
    while (i < length) {
      let c = subject.charCodeAt(i++);
      if (c < 128) {
        state = byAscii[(state << 7) | c];
      } else {
        // Code points, as the `u` flag reads them; a lone surrogate is one.
        if (c >= 0xd800 && c <= 0xdbff && i < length) {
          const trail = subject.charCodeAt(i);
          if (trail >= 0xdc00 && trail <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (trail - 0xdc00);
            i++;
          }
        }
        state = byClass[state * classes + classOf(c)];
      }
      if (state < START) return 2 * i + state;
    }
    return 2 * i + accepts[state];
  };
  return { search, bytes: byClass.byteLength + byAscii.byteLength + boundaries.byteLength + accepts.byteLength };
}
