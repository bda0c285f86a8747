import { isJsonArray, isPlainObject, lengthOf } from "./shape";

/** What the limits of a validation grow with. */
export interface ArgumentSize {
  /** JSON values, each container once. */
  values: number;
  /** UTF-16 units of the strings (values and property names), each plus one. */
  stringUnits: number;
  /**
   * False when measuring stopped at its bound with more to read: the
   * counts are then of what was read, and the arguments get the most of
   * every limit that grows with their size.
   */
  complete: boolean;
}

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
 * gets to them, and no more than `maxValues` of them in all (past
 * src/runtime/pass.ts's MEASURED_VALUES every limit is at its most).
 */
export function measureArguments(args: unknown, maxValues: number): ArgumentSize {
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
        const keys = Object.keys(value);
        open.push({ container: value, keys, length: keys.length, next: 0 });
      }
    }
    let top = open[open.length - 1];
    while (top !== undefined && top.next >= top.length) {
      open.pop();
      top = open[open.length - 1];
    }
    if (top === undefined) return { values, stringUnits, complete: true };
    if (values >= maxValues) return { values, stringUnits, complete: false };
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
