import { overlaps, type Ranges } from "./sets";
import { END, START, type Node } from "./syntax";

/**
 * A matcher without the native engine for the patterns most schemas use:
 * anchored at the start, then a plain sequence of character sets with counts,
 * optionally anchored at the end (`^[a-z0-9-]+$`, `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`).
 *
 * It is exact only when greed cannot be wrong: every step whose count can
 * vary shares no character with the steps after it, up to and including the
 * first one that must take a character. In any match, the character after
 * such a step's run belongs to one of those steps, so the run is as long as
 * the step can make it (or its maximum), which is what greed takes. Then one
 * left-to-right pass decides, in time linear in the subject, with no work to
 * count. Any other pattern returns null and runs in the native engine.
 */
/**
 * The matcher answers with one number, `2 × read + found`: how many code
 * units it read (what its work is charged for, src/pattern/native.ts), and 1
 * when it found a match.
 */
export function plainMatcher(root: Node): ((subject: string) => number) | null {
  const items = root.kind === "sequence" ? root.items : [root];
  const first = items[0];
  if (first?.kind !== "assertion" || first.assertion !== START) return null;
  const last = items[items.length - 1];
  const anchoredEnd = items.length > 1 && last.kind === "assertion" && last.assertion === END;
  const steps: Step[] = [];
  for (const item of items.slice(1, anchoredEnd ? -1 : undefined)) {
    const step = stepOf(item);
    if (step === null) return null;
    steps.push(step);
  }
  for (let i = 0; i < steps.length; i++) {
    if (steps[i].min === steps[i].max) continue;
    for (let j = i + 1; j < steps.length; j++) {
      if (overlaps(steps[i].set, steps[j].set)) return null;
      if (steps[j].min > 0) break;
    }
  }
  const compiled = steps.map(compileStep);
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
      if (taken < min) return 2 * at;
    }
    return 2 * at + (!anchoredEnd || at === length ? 1 : 0);
  };
}

interface Step {
  set: Ranges;
  min: number;
  max: number;
}

/** A set, or a set with a count; null for anything else. */
function stepOf(node: Node): Step | null {
  if (node.kind === "set") return { set: node.ranges, min: 1, max: 1 };
  if (node.kind === "repeat" && node.item.kind === "set") return { set: node.item.ranges, min: node.min, max: node.max };
  return null;
}

interface CompiledStep {
  /** 1 for each ASCII code point in the set. */
  ascii: Uint8Array;
  /** The set's ranges above ASCII. */
  above: [number, number][];
  min: number;
  max: number;
}

function compileStep({ set, min, max }: Step): CompiledStep {
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
