import type { Failure } from "../runtime/types";

/**
 * A copy the caller owns of a failure that is kept (a cached or published
 * schema's): results are plain mutable objects, and one caller's edits must
 * never reach the next caller.
 */
export function copyFailure({ kind, message, issues }: Failure): Failure {
  return { ok: false, kind, message, issues: issues.map((issue) => ({ ...issue })) };
}
