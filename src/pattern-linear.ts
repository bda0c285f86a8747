import { overlaps, type Ranges } from "./pattern-escapes";
import type { LinearStep } from "./pattern-translate";

/**
 * A matcher without the regex engine for the patterns most schemas use:
 * anchored at the start, then a plain sequence of character sets with counts,
 * optionally anchored at the end (`^[a-z0-9-]+$`, `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`).
 *
 * It is exact only when greed cannot be wrong: every step whose count can
 * vary shares no character with the steps after it, up to and including the
 * first one that must take a character. In any match, the character after
 * such a step's run belongs to one of those steps, so the run is as long as
 * the step can make it (or its maximum), which is what greed takes. Then one
 * left-to-right pass decides, in time linear in the subject, and no
 * backtracking or work limit is involved. Any other pattern returns null and
 * runs in PCRE2.
 */
export function linearMatcher(steps: readonly LinearStep[] | null): ((subject: string) => boolean) | null {
  if (steps === null || steps[0] !== "^") return null;
  const anchoredEnd = steps[steps.length - 1] === "$";
  const body = steps.slice(1, anchoredEnd ? -1 : undefined);
  const sets: { set: Ranges; min: number; max: number }[] = [];
  for (const step of body) {
    if (typeof step !== "object") return null;
    sets.push(step);
  }
  for (let i = 0; i < sets.length; i++) {
    if (sets[i].min === sets[i].max) continue;
    for (let j = i + 1; j < sets.length; j++) {
      if (overlaps(sets[i].set, sets[j].set)) return null;
      if (sets[j].min > 0) break;
    }
  }
  const compiled = sets.map(compileStep);
  return (subject) => {
    const length = subject.length;
    let at = 0;
    for (let k = 0; k < compiled.length; k++) {
      const { ascii, above, min, max } = compiled[k];
      let taken = 0;
      while (taken < max && at < length) {
        // Code points, as the `u` flag reads them; a lone surrogate is one.
        let codePoint = subject.charCodeAt(at);
        let width = 1;
        if (codePoint < 128) {
          if (ascii[codePoint] === 0) break;
        } else {
          if (codePoint >= 0xd800 && codePoint <= 0xdbff && at + 1 < length) {
            const trail = subject.charCodeAt(at + 1);
            if (trail >= 0xdc00 && trail <= 0xdfff) {
              codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (trail - 0xdc00);
              width = 2;
            }
          }
          if (!inRanges(above, codePoint)) break;
        }
        at += width;
        taken++;
      }
      if (taken < min) return false;
    }
    return !anchoredEnd || at === length;
  };
}

interface CompiledStep {
  /** 1 for each ASCII code point in the set. */
  ascii: Uint8Array;
  /** The set's ranges above ASCII. */
  above: [number, number][];
  min: number;
  max: number;
}

function compileStep({ set, min, max }: { set: Ranges; min: number; max: number }): CompiledStep {
  const ascii = new Uint8Array(128);
  const above: [number, number][] = [];
  for (const [from, to] of set) {
    for (let c = from; c <= Math.min(to, 127); c++) ascii[c] = 1;
    if (to > 127) above.push([Math.max(from, 128), to]);
  }
  return { ascii, above, min, max };
}

function inRanges(ranges: [number, number][], codePoint: number): boolean {
  for (let i = 0; i < ranges.length; i++) if (codePoint >= ranges[i][0] && codePoint <= ranges[i][1]) return true;
  return false;
}
