import type { Failure, Issue } from "../runtime/types";

/** A copy of an issue the caller owns: its path and params are its own (values the params share with the schema are frozen). */
export function copyIssue(issue: Issue): Issue {
  return { ...issue, path: [...issue.path], params: { ...issue.params } };
}

/**
 * A copy the caller owns of a failure that is kept (a cached or published
 * schema's): results are plain mutable objects, and one caller's edits must
 * never reach the next caller.
 */
export function copyFailure({ kind, message, issues }: Failure): Failure {
  return { ok: false, kind, message, issues: issues.map(copyIssue) };
}
