import { pointerStep, readableStep, ROOT_NAME, type PathSegment } from "../runtime/paths";
import { MAX_ISSUES } from "./failure";
import type { ErrorKind, Issue } from "../runtime/types";
import type { Params } from "./params";
import { charge } from "../runtime/pass";

/**
 * A place in the arguments: a step from its parent place. A finding keeps
 * its place and its paths are written only when it is read, so the many
 * findings of composition branches that are dropped cost no more at depth
 * 200 than at the root. A place writes its paths once, from its parent's,
 * however many findings are read there or below.
 */
export class Place {
  /** Its JSON Pointer and readable path ("" at the root), once written. */
  pointer: string | null;
  readable: string | null;

  constructor(
    readonly parent: Place | null,
    readonly segment: PathSegment,
    readonly depth: number,
  ) {
    this.pointer = parent === null ? "" : null;
    this.readable = parent === null ? "" : null;
  }

  below(segment: PathSegment): Place {
    return new Place(this, segment, this.depth + 1);
  }
}

/** The root of the arguments: its paths are written already, so it never changes and every report shares it. */
const ROOT = new Place(null, "", 0);

/** The path to `place`. */
export function pathTo(place: Place): PathSegment[] {
  const path = new Array<PathSegment>(place.depth);
  for (let at = place; at.parent !== null; at = at.parent) path[at.depth - 1] = at.segment;
  return path;
}

/**
 * The JSON Pointer of `place`, written from its parent's (and so on up to
 * the first place written already) and kept. Findings are cheap to make, so
 * a hostile schema can make many; the ones that are read pay for their
 * paths: a unit of work per step, and per 32 characters of a property name,
 * which the pointer holds whole. (The recursion is as deep as the
 * arguments, which nest at most MAX_DEPTH levels.)
 */
function pointerOf(place: Place): string {
  if (place.pointer !== null) return place.pointer;
  const before = pointerOf(place.parent!);
  const { segment } = place;
  charge(typeof segment === "string" ? 1 + (segment.length >> 5) : 1);
  return (place.pointer = before + pointerStep(segment));
}

/** The readable path of `place` ("" at the root), written and kept as pointerOf's pointer: a unit per step, as a readable path cuts long names. */
function readableOf(place: Place): string {
  if (place.readable !== null) return place.readable;
  const before = readableOf(place.parent!);
  charge(1);
  return (place.readable = before + readableStep(before, place.segment));
}

/** Whether two places are the same path (the same steps, not necessarily the same objects: remembered findings were made on an earlier visit). */
function samePath(a: Place, b: Place): boolean {
  if (a.depth !== b.depth) return false;
  let steps = 0;
  while (a !== b && a.segment === b.segment) {
    a = a.parent!;
    b = b.parent!;
    steps++;
  }
  charge(steps);
  return a === b;
}

/** A problem a check found, at the place of the value it is about. */
export interface Finding {
  readonly kind: ErrorKind;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Params;
  readonly problem: string;
  readonly place: Place;
}

/** The issue a finding reads as: its own copy of the params (values they share with the schema are frozen). */
function issueOf(finding: Finding): Issue {
  const { place, kind, schemaPath, keyword, params } = finding;
  return {
    kind,
    instancePath: pointerOf(place),
    path: pathTo(place),
    schemaPath,
    keyword,
    params: { ...params },
    message: messageOf(finding),
  };
}

/** A finding's problem behind its readable path. */
function messageOf(finding: Finding): string {
  return `${readableOf(finding.place) || ROOT_NAME}: ${finding.problem}`;
}

/** What a check found on one value: its findings (at most MAX_ISSUES) and how many more there were. */
export interface Run {
  ok: boolean;
  findings: Finding[];
  uncounted: number;
}

/** A memoized check's result at one place in the arguments. */
interface Remembered extends Run {
  value: unknown;
  /** The captures its findings were recorded in (ids are never reused, so closed ones never match). */
  frames: number[];
}

const NO_FINDINGS: Finding[] = [];

/** Thrown by fail() when a capture has found enough problems; caught by that capture. */
const ENOUGH = Symbol("enough problems");

/**
 * Collects the issues of a failed validation. Validation first runs without
 * one (the fast path, stopping at the first failure) and again with one only
 * when that fails, so the path is tracked only on the failure path.
 *
 * Composition keywords run their branches in captures (frames): a capture
 * takes back the findings recorded inside it. Each frame keeps MAX_ISSUES of
 * its own and counts the rest. Findings become issues (their paths written
 * out) only when they are read: most of those in captures never are.
 */
export class Report {
  readonly findings: Finding[] = [];
  /** Problems found beyond MAX_ISSUES in the current frame. */
  uncounted = 0;
  /** The place of the value being checked. */
  here = ROOT;
  /**
   * A number for each place on the path (the same path, the same number, by
   * parent place and key): what `remember` keys by, without building the
   * pointer, whose length grows with the depth. Kept only for a schema that
   * remembers (compile-schema.ts).
   */
  private readonly placeNumbers: number[] | null;
  private childPlaces: Map<number, Map<PathSegment, number>> | null = null;
  private placesMade = 0;
  private frameStart = 0;
  /** Problems after which the current capture stops its check (capture's `enough`). */
  private frameEnough = Infinity;
  private frame = 0;
  private frames = 0;
  private remembered: Map<Check, Map<number, Remembered>> | null = null;

  constructor(remembers = false) {
    this.placeNumbers = remembers ? [0] : null;
  }

  /**
   * Records a problem at the current path (or at its child `child`); returns
   * false for `return r !== null && r.fail(...)`. A problem or params that
   * depend on the value are given as a function: past MAX_ISSUES the problem
   * is only counted, never written.
   */
  fail(
    keyword: string,
    schemaPath: string,
    problem: string | (() => string),
    params: Params | (() => Params),
    child?: PathSegment,
    kind: ErrorKind = "validation",
  ): false {
    const found = this.findings.length - this.frameStart;
    if (found >= MAX_ISSUES) {
      this.uncounted++;
    } else {
      const text = typeof problem === "string" ? problem : problem();
      const place = child === undefined ? this.here : this.here.below(child);
      this.findings.push({
        kind,
        schemaPath,
        keyword,
        params: typeof params === "function" ? params() : params,
        problem: text,
        place,
      });
    }
    // This problem is counted once: in the findings, or (past MAX_ISSUES) in uncounted.
    this.stopWhenEnough();
    return false;
  }

  /**
   * Runs `check` on `value` and returns its findings instead of keeping them.
   * With `enough`, the check stops once it has found that many problems: a
   * caller that only compares or quotes a few does not pay for the rest.
   */
  capture(check: Check, value: unknown, enough = Infinity): Run {
    const { frameStart, frame, uncounted, frameEnough, here } = this;
    this.frameStart = this.findings.length;
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
        this.here = here;
        if (this.placeNumbers !== null) this.placeNumbers.length = here.depth + 1;
      }
      const findings = this.findings.length === this.frameStart ? NO_FINDINGS : this.findings.splice(this.frameStart);
      return { ok, findings, uncounted: this.uncounted };
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
   * Called again at the same place, it adds the findings it made to the
   * current capture, unless they are in this very capture already.
   */
  remember(check: Check, value: unknown): boolean {
    this.remembered ??= new Map();
    let byPlace = this.remembered.get(check);
    if (byPlace === undefined) this.remembered.set(check, (byPlace = new Map()));
    const numbers = this.placeNumbers!;
    const place = numbers[numbers.length - 1];
    const known = byPlace.get(place);
    if (known !== undefined && known.value === value) {
      if (!known.frames.includes(this.frame)) {
        this.add(known);
        known.frames.push(this.frame);
      }
      return known.ok;
    }
    const findingsBefore = this.findings.length;
    const uncountedBefore = this.uncounted;
    const ok = check(value, this);
    const findings = this.findings.length === findingsBefore ? NO_FINDINGS : this.findings.slice(findingsBefore);
    byPlace.set(place, { ok, findings, uncounted: this.uncounted - uncountedBefore, value, frames: [this.frame] });
    return ok;
  }

  /**
   * Adds a remembered run's findings to the current capture. A run's
   * findings may hold those of runs it met inside it, already added here on
   * their own: a finding is added once (they are the same objects).
   */
  private add(run: Run): void {
    const present = new Set(this.findings.slice(this.frameStart));
    for (const finding of run.findings) {
      if (present.has(finding)) continue;
      if (this.findings.length - this.frameStart >= MAX_ISSUES) this.uncounted++;
      else this.findings.push(finding);
      this.stopWhenEnough();
    }
    this.uncounted += run.uncounted;
    this.stopWhenEnough();
  }

  /**
   * Ends the current capture's check once it has found its `enough`: a run
   * remembered from an earlier visit is added as if it ran again, so which
   * branch a composition finds closest never depends on what ran before.
   */
  private stopWhenEnough(): void {
    if (this.findings.length - this.frameStart + this.uncounted >= this.frameEnough) throw ENOUGH;
  }

  /** Steps into a child of the current value. */
  enter(key: PathSegment): void {
    this.here = this.here.below(key);
    const places = this.placeNumbers;
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
    this.here = this.here.parent!;
    this.placeNumbers?.pop();
  }

  /** What a finding says: its problem when it is about the current value, else its issue's message (the path in front). */
  problemOf(finding: Finding): string {
    return samePath(finding.place, this.here) ? finding.problem : messageOf(finding);
  }

  /** The findings of the whole pass as issues. */
  issues(): Issue[] {
    return this.findings.map(issueOf);
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
