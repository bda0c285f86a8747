import { readablePath, toPointer, type PathSegment } from "./paths";
import type { ErrorKind, Issue } from "./types";

/** An issue about the value at `path`: its pointer, and the problem behind its readable path. */
export function issueAt(path: readonly PathSegment[], kind: ErrorKind, schemaPath: string, keyword: string, problem: string): Issue {
  return { kind, instancePath: toPointer(path), schemaPath, keyword, message: `${readablePath(path)}: ${problem}` };
}

/**
 * Collects the issues of a failed validation. Validation first runs without
 * one (the fast path, stopping at the first failure) and again with one only
 * when that fails, so the path is tracked only on the failure path.
 */
export class Report {
  readonly issues: Issue[] = [];
  readonly path: PathSegment[] = [];

  /** Records a problem at the current path (or at its child `child`); returns false for `return r !== null && r.fail(...)`. */
  fail(keyword: string, schemaPath: string, problem: string, child?: PathSegment, kind: ErrorKind = "validation"): false {
    this.issues.push(issueAt(child === undefined ? this.path : [...this.path, child], kind, schemaPath, keyword, problem));
    return false;
  }

  /** Runs `check` on `value` and returns its issues instead of keeping them. */
  capture(check: Check, value: unknown): { ok: boolean; issues: Issue[] } {
    const mark = this.issues.length;
    const ok = check(value, this);
    return { ok, issues: this.issues.splice(mark) };
  }

  /** What an issue at the current path says, without the path in front. */
  problemOf(issue: Issue): string {
    if (issue.instancePath !== toPointer(this.path)) return issue.message;
    return issue.message.slice(readablePath(this.path).length + 2);
  }
}

/**
 * A compiled schema: true when `value` is valid. With a report it records
 * every problem; without one it returns at the first.
 */
export type Check = (value: unknown, report: Report | null) => boolean;

export const acceptAll: Check = () => true;

/** Runs `check` on a child value, with `key` on the report's path. */
export function checkChild(check: Check, value: unknown, key: PathSegment, report: Report | null): boolean {
  if (report === null) return check(value, null);
  report.path.push(key);
  const ok = check(value, report);
  report.path.pop();
  return ok;
}

/** All of `checks` on the same value: with a report every failure is recorded, without one the first ends it. */
export function every(checks: readonly Check[]): Check {
  if (checks.length === 0) return acceptAll;
  if (checks.length === 1) return checks[0];
  return (value, report) => {
    let ok = true;
    for (const check of checks) {
      if (check(value, report)) continue;
      if (report === null) return false;
      ok = false;
    }
    return ok;
  };
}
