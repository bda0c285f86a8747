import { memoFor } from "../runtime/pass";
import { LONG_STRING } from "../runtime/json-equal";
import type { Check } from "../explain/report";
import { chargeComparison } from "../runtime/work-costs";

/**
 * Answers of the fast check for a schema that several `$ref`s share, so a
 * value meets it once however many paths lead there (compile-schema.ts
 * decides which schemas need it). Each pass starts a new generation
 * (src/runtime/pass.ts); answers of an earlier one are never used.
 */

const unkeyable = (value: unknown) =>
  typeof value === "bigint" || (typeof value === "string" && value.length >= LONG_STRING);

/**
 * Finding a string among the answers compares it with the equal key unit by
 * unit (unless it is the very same string): charged (src/runtime/work-costs.ts), or copies
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
    seen = memoFor(answers, seen);
    let ok = answers.get(value);
    if (ok !== undefined) chargeFound(value);
    else answers.set(value, (ok = check(value, null)));
    return ok;
  };
}

/**
 * memoized() for generated code (src/validate/check-generator.ts): one memo for
 * one `$ref`, as the closures keep one for each (however many times the
 * code of its subschema is written), which runs the target's function `fn`
 * on a value it has not decided. Generated functions take the value's depth
 * too: an object's answer is reused only at the same depth (the depth bound
 * holds where it is met; only arguments built in JavaScript can hold one
 * object at two depths); a scalar's does not depend on it. (The third
 * parameter only says whether the value was walked already; the answer for
 * a JSON value does not depend on it.)
 */
export function memoizedGenerated(): (
  fn: (v: unknown, d: number, w: boolean) => boolean,
  v: unknown,
  d: number,
  w: boolean,
) => boolean {
  let seen = -1;
  const answers = new Map<unknown, number>(); // 2 × depth + (1 when valid); depth 0 for a scalar
  return (fn, v, d, w) => {
    if (unkeyable(v)) return fn(v, d, w);
    seen = memoFor(answers, seen);
    const depth = typeof v === "object" && v !== null ? d : 0;
    const known = answers.get(v);
    if (known !== undefined) chargeFound(v);
    if (known !== undefined && known >> 1 === depth) return (known & 1) === 1;
    const ok = fn(v, d, w);
    answers.set(v, 2 * depth + (ok ? 1 : 0));
    return ok;
  };
}
