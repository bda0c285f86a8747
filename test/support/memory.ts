import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// A full collection before each reading, so that garbage (and the compiled
// patterns its finalizers free) does not count as memory in use.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

export const MiB = 2 ** 20;

/** Resident memory after a full collection, in bytes. */
export function residentBytes(): number {
  collect();
  collect();
  return process.memoryUsage().rss;
}

/** The JavaScript heap in use after a full collection, in bytes. */
export function heapBytes(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

/**
 * How much resident memory `run` leaves in use, in bytes, with what it returns
 * still held. Inputs made before the call do not count.
 */
export function residentGrowth<T>(run: () => T): { growth: number; value: T } {
  const before = residentBytes();
  const value = run();
  return { growth: residentBytes() - before, value };
}
