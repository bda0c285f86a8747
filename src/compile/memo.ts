import type { Check } from "../explain/report";
import { chargeComparison } from "../runtime/work";

/**
 * Answers of the fast check for a schema that several `$ref`s share, so a
 * value meets it once however many paths lead there (compile.ts decides
 * which schemas need it). A validation starts a new generation; answers of
 * an earlier one are never used.
 */
let generation = 0;

/** Starts a validation's pass: what earlier passes remembered is forgotten. */
export function startMemo(): void {
  generation++;
}

/** The answer maps filled since the validation started: emptied when it ends, so they hold no arguments after the call. */
const filled: Map<unknown, unknown>[] = [];

/** Ends a validation: every answer remembered for it is dropped. */
export function endMemo(): void {
  if (filled.length === 0) return; // most validations: setting the length costs a call into the runtime
  for (const answers of filled) answers.clear();
  filled.length = 0;
}

/** A pass's first use of `answers`: emptied of earlier passes' answers, and listed to be emptied when the validation ends. */
function refill(answers: Map<unknown, unknown>): void {
  answers.clear();
  filled.push(answers);
}

/**
 * V8 hashes a string of this many characters or more by its length alone,
 * and a bigint by its lowest 64 bits: as Map keys, long strings of one
 * length, or bigints that agree in those bits, would all collide. Such values
 * are checked again each time; the work limit bounds how often (src/runtime/work.ts).
 */
export const LONG_STRING = 16384;

const unkeyable = (value: unknown) => typeof value === "bigint" || (typeof value === "string" && value.length >= LONG_STRING);

/**
 * Finding a string among the answers compares it with the equal key unit by
 * unit (unless it is the very same string): charged (src/runtime/work.ts), or copies
 * of one long string would each be compared whole at every `$ref`.
 */
function chargeFound(value: unknown): void {
  if (typeof value === "string") chargeComparison(value.length);
}

/** `check`, decided once per value in the fast check, and once per value and place when it explains a failure. */
export function memoized(check: Check): Check {
  let seen = -1;
  const answers = new Map<unknown, boolean>();
  return (value, report) => {
    if (report !== null) return report.remember(check, value);
    if (unkeyable(value)) return check(value, null);
    if (seen !== generation) {
      seen = generation;
      refill(answers);
    }
    let ok = answers.get(value);
    if (ok !== undefined) chargeFound(value);
    else answers.set(value, (ok = check(value, null)));
    return ok;
  };
}

/**
 * memoized() for a generated `$ref` function (src/validate/fast-check.ts), which takes
 * the value's depth too: an answer is reused only at the same depth. (Its
 * third parameter only says whether the value was walked already; the answer
 * for a JSON value does not depend on it.)
 */
export function memoizedGenerated(fn: (v: unknown, d: number, w: boolean) => boolean): (v: unknown, d: number, w: boolean) => boolean {
  let seen = -1;
  const answers = new Map<unknown, number>(); // 2 × depth + (1 when valid)
  return (v, d, w) => {
    if (unkeyable(v)) return fn(v, d, w);
    if (seen !== generation) {
      seen = generation;
      refill(answers);
    }
    const known = answers.get(v);
    if (known !== undefined) chargeFound(v);
    if (known !== undefined && known >> 1 === d) return (known & 1) === 1;
    const ok = fn(v, d, w);
    answers.set(v, 2 * d + (ok ? 1 : 0));
    return ok;
  };
}

/**
 * State that lasts one validation pass (uniqueItems' ids, previews, listed
 * keys): a fresh one once a new pass has started. It is also dropped when
 * the current job ends, so nothing it holds outlives the call that made it.
 */
export class PerPass<T> {
  private seen = -1;
  private current: T | null = null;
  /** Whether a task to drop the state when the job ends is queued already. */
  private dropQueued = false;

  constructor(private readonly make: () => T) {}

  /** This pass's state, made on first use. */
  get(): T {
    if (this.seen !== generation || this.current === null) {
      this.seen = generation;
      this.current = this.make();
      // One task a job, however many passes it runs (queueing one costs
      // more than many a failed call): it drops whatever state is current
      // when the job ends. The task holds no state, so validations in a
      // loop that never yields keep only the last pass's.
      if (!this.dropQueued) {
        this.dropQueued = true;
        queueMicrotask(() => {
          this.dropQueued = false;
          this.current = null;
        });
      }
    }
    return this.current;
  }

  /** This pass's state if it was made, without making it. */
  made(): T | null {
    return this.seen === generation ? this.current : null;
  }
}
