import { readablePath, toPointer, type PathSegment } from "./paths";
import type { ErrorKind, Issue } from "./types";

/**
 * A failure keeps at most this many issues; the rest are only counted, so an
 * array of a million wrong items costs a count, not a million objects.
 */
export const MAX_ISSUES = 100;

/** An issue about the value at `path` (or at its child `child`): its pointer, and the problem behind its readable path. */
export function issueAt(path: readonly PathSegment[], kind: ErrorKind, schemaPath: string, keyword: string, problem: string, child?: PathSegment): Issue {
  const at = child === undefined ? path : [...path, child];
  return { kind, instancePath: toPointer(at), schemaPath, keyword, message: `${readablePath(at)}: ${problem}` };
}

/** What a check found on one value: its issues (at most MAX_ISSUES) and how many more there were. */
export interface Run {
  ok: boolean;
  issues: Issue[];
  uncounted: number;
}

/** A memoized check's result at one place in the arguments. */
interface Remembered extends Run {
  value: unknown;
  /** The captures its issues were recorded in (ids are never reused, so closed ones never match). */
  frames: number[];
}

const NO_ISSUES: Issue[] = [];

/** Thrown by fail() when a capture has found enough problems; caught by that capture. */
const ENOUGH = Symbol("enough problems");

/**
 * Collects the issues of a failed validation. Validation first runs without
 * one (the fast path, stopping at the first failure) and again with one only
 * when that fails, so the path is tracked only on the failure path.
 *
 * Composition keywords run their branches in captures (frames): a capture
 * takes back the issues recorded inside it. Each frame keeps MAX_ISSUES of
 * its own and counts the rest.
 */
export class Report {
  readonly issues: Issue[] = [];
  /** Problems found beyond MAX_ISSUES in the current frame. */
  uncounted = 0;
  readonly path: PathSegment[] = [];
  /**
   * A number for each place on the path (the same path, the same number, by
   * parent place and key): what `remember` keys by, without building the
   * pointer, whose length grows with the depth. Kept only for a schema that
   * remembers (compile.ts).
   */
  private readonly places: number[] | null;
  private childPlaces: Map<number, Map<PathSegment, number>> | null = null;
  private placesMade = 0;
  private frameStart = 0;
  /** Problems after which the current capture stops its check (capture's `enough`). */
  private frameEnough = Infinity;
  private frame = 0;
  private frames = 0;
  private remembered: Map<Check, Map<number, Remembered>> | null = null;

  constructor(remembers = false) {
    this.places = remembers ? [0] : null;
  }

  /**
   * Records a problem at the current path (or at its child `child`); returns
   * false for `return r !== null && r.fail(...)`. A problem that depends on
   * the value is given as a function: past MAX_ISSUES it is only counted,
   * never written.
   */
  fail(keyword: string, schemaPath: string, problem: string | (() => string), child?: PathSegment, kind: ErrorKind = "validation"): false {
    const found = this.issues.length - this.frameStart;
    if (found >= MAX_ISSUES) {
      this.uncounted++;
    } else {
      const text = typeof problem === "string" ? problem : problem();
      this.issues.push(issueAt(this.path, kind, schemaPath, keyword, text, child));
    }
    if (found + 1 + this.uncounted >= this.frameEnough) throw ENOUGH;
    return false;
  }

  /**
   * Runs `check` on `value` and returns its issues instead of keeping them.
   * With `enough`, the check stops once it has found that many problems: a
   * caller that only compares or quotes a few does not pay for the rest.
   */
  capture(check: Check, value: unknown, enough = Infinity): Run {
    const { frameStart, frame, uncounted, frameEnough } = this;
    const depth = this.path.length;
    this.frameStart = this.issues.length;
    this.frame = ++this.frames;
    this.uncounted = 0;
    this.frameEnough = enough;
    try {
      let ok: boolean;
      try {
        ok = check(value, this);
      } catch (error) {
        if (error !== ENOUGH) throw error;
        ok = false;
        this.path.length = depth;
        if (this.places !== null) this.places.length = depth + 1;
      }
      return { ok, issues: this.issues.splice(this.frameStart), uncounted: this.uncounted };
    } finally {
      this.frameStart = frameStart;
      this.frame = frame;
      this.uncounted = uncounted;
      this.frameEnough = frameEnough;
    }
  }

  /**
   * Runs `check` once per value and place in the arguments: a schema that
   * several `$ref`s share is decided once, however many paths lead to it.
   * Called again at the same place, it adds the issues it found to the
   * current capture, unless they are in this very capture already.
   */
  remember(check: Check, value: unknown): boolean {
    this.remembered ??= new Map();
    let byPlace = this.remembered.get(check);
    if (byPlace === undefined) this.remembered.set(check, (byPlace = new Map()));
    const places = this.places!;
    const place = places[places.length - 1];
    const known = byPlace.get(place);
    if (known !== undefined && known.value === value) {
      if (!known.frames.includes(this.frame)) {
        this.add(known);
        known.frames.push(this.frame);
      }
      return known.ok;
    }
    const issuesBefore = this.issues.length;
    const uncountedBefore = this.uncounted;
    const ok = check(value, this);
    const issues = this.issues.length === issuesBefore ? NO_ISSUES : this.issues.slice(issuesBefore);
    byPlace.set(place, { ok, issues, uncounted: this.uncounted - uncountedBefore, value, frames: [this.frame] });
    return ok;
  }

  /**
   * Adds a remembered run's issues to the current capture. A run's issues
   * may hold those of runs it met inside it, already added here on their
   * own: an issue is added once (they are the same objects).
   */
  private add(run: Run): void {
    const present = new Set(this.issues.slice(this.frameStart));
    for (const issue of run.issues) {
      if (present.has(issue)) continue;
      if (this.issues.length - this.frameStart >= MAX_ISSUES) this.uncounted++;
      else this.issues.push(issue);
    }
    this.uncounted += run.uncounted;
  }

  /** Steps into a child of the current value. */
  enter(key: PathSegment): void {
    this.path.push(key);
    const places = this.places;
    if (places === null) return;
    const parent = places[places.length - 1];
    this.childPlaces ??= new Map();
    let children = this.childPlaces.get(parent);
    if (children === undefined) this.childPlaces.set(parent, (children = new Map()));
    let place = children.get(key);
    if (place === undefined) children.set(key, (place = ++this.placesMade));
    places.push(place);
  }

  leave(): void {
    this.path.pop();
    this.places?.pop();
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
  report.enter(key);
  const ok = check(value, report);
  report.leave();
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
