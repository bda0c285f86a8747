import { readablePath, toPointer, type PathSegment } from "./paths";
import type { ErrorKind, Issue } from "./types";

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
    const path = child === undefined ? this.path : [...this.path, child];
    this.issues.push({
      kind,
      instancePath: toPointer(path),
      schemaPath,
      keyword,
      message: `${readablePath(path)}: ${problem}`,
    });
    return false;
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
