import { acceptAll, checkChild, type Check, type Report } from "../explain/report";
import { charge } from "../runtime/pass";
import type { CompiledPattern } from "../pattern/native";
import { ownValue } from "../runtime/own-value";
import { isArguments, isBlank } from "../runtime/present";
import { keysOf } from "../runtime/own-keys";
import {
  IS_KIND,
  isObject,
  matches,
  type Claims,
  type KeyWords,
  type Kind,
  type NameProblem,
  type NameWords,
  type Ops,
  type Words,
} from "./assertion";

/** Where the closures read a keyword's assertion. */
export interface ClosureSite {
  /** The keyword, and its schema path. */
  readonly name: string;
  readonly pointer: string;
  /** The values it asserts on (Keyword.applies); absent: every value. */
  readonly applies: Kind | undefined;
  /**
   * With presentRequired (src/runtime/present.ts), the names the arguments
   * object must hold whatever else it matches (CompiledSchema.rootRequired),
   * filled once every subschema is compiled; null without the option.
   */
  readonly rootRequired: ReadonlySet<string> | null;
  /** The checks of the subschemas the keyword compiled, in order. */
  readonly children: readonly Check[];
}

/**
 * The closures' reading of an assertion (src/compile/assertion.ts): a
 * closure for each operation, made once per keyword of a subschema. Each
 * closure maker is a function of its own, so that the closure keeps what it
 * reads and nothing of the reading that made it (a validator holds one per
 * keyword).
 */
export function closureOps({ name, pointer, applies, rootRequired, children }: ClosureSite): Ops<Check> {
  return {
    require: (test, arg, words) => required(name, pointer, applies, test.holds, arg, words),
    search: (pattern, source, words) => searched(name, pointer, pattern, source, words),
    present: (names, words) =>
      rootRequired !== null ? presentOrNotBlank(name, pointer, names, words) : present(name, pointer, names, words),
    // The target's check, filled in once every subschema is compiled.
    ref: (target) => target,
    itemsFrom: (from) => itemsFrom(from, children[0]),
    firstItems: (count) => firstItems(children.slice(0, count)),
    listedProperties: (names) =>
      rootRequired !== null ? presentProperties(names, children, rootRequired) : listedProperties(names, children),
    otherKeys: (claims, refused) =>
      otherKeys(rootRequired, claims, refused === null ? children[0] : refusal(name, pointer, refused)),
    keyNames: (words) => keyNames(name, pointer, children[0], words),
  };
}

const ANY_KIND = () => true;

/** The closure of a required test. */
function required<V, A>(
  name: string,
  pointer: string,
  applies: Kind | undefined,
  holds: (value: V, arg: A) => boolean,
  arg: A,
  { problem, params }: Words<V>,
): Check {
  const fits = applies === undefined ? ANY_KIND : IS_KIND[applies];
  // The value is of the keyword's kind once `fits` holds: the one place a value is taken as its test's type.
  return (v, r) =>
    !fits(v) || holds(v as V, arg) || (r !== null && r.fail(name, pointer, () => problem(v as V), params));
}

/** The closure of a pattern search. */
function searched(
  name: string,
  pointer: string,
  pattern: CompiledPattern,
  source: string,
  words: Words<string>,
): Check {
  const { problem, params } = words;
  return (v, r) =>
    typeof v !== "string" ||
    matches(pattern, source, pointer, v) ||
    (r !== null && r.fail(name, pointer, () => problem(v), params));
}

/** The closure of a present test: each name read, in order. */
function present(name: string, pointer: string, names: readonly string[], { problem, params }: NameWords): Check {
  return (v, r) => {
    if (!isObject(v)) return true;
    let ok = true;
    for (let i = 0; i < names.length; i++) {
      if (ownValue(v, names[i]) !== undefined) continue;
      if (r === null) return false;
      ok = r.fail(name, pointer, problem, params[i], names[i]);
    }
    return ok;
  };
}

/**
 * The present test under presentRequired (src/runtime/present.ts): at the
 * arguments object, a listed property holding null or blank text is missing
 * too. This holds for every list that applies to the arguments object, the
 * root's own and those of root-level `allOf`, `anyOf`, `oneOf`, `not` and
 * `$ref` (docs/contract.md, "Present values"): all of them read the same
 * properties, and one reading of them keeps a branch from matching a value
 * the root calls missing. Nested objects keep the key-only rule.
 */
function presentOrNotBlank(
  name: string,
  pointer: string,
  names: readonly string[],
  { problem, params }: NameWords,
): Check {
  return (v, r) => {
    if (!isObject(v)) return true;
    const atRoot = isArguments(v);
    let ok = true;
    for (let i = 0; i < names.length; i++) {
      const value = ownValue(v, names[i]);
      if (value !== undefined && !(atRoot && isBlank(value))) continue;
      if (r === null) return false;
      ok = r.fail(name, pointer, problem, params[i], names[i]);
    }
    return ok;
  };
}

/** Runs `checkAt(i)` on the items from `start` to before `end`; every failure with a report, the first without. */
function eachItem(
  array: unknown[],
  start: number,
  end: number,
  checkAt: (i: number) => Check,
  r: Report | null,
): boolean {
  let ok = true;
  for (let i = start; i < end; i++) {
    charge(1);
    if (checkChild(checkAt(i), array[i], i, r)) continue;
    if (r === null) return false;
    ok = false;
  }
  return ok;
}

/** The closure of the items from `from` on. */
function itemsFrom(from: number, each: Check): Check {
  return (v, r) => !Array.isArray(v) || eachItem(v, from, v.length, () => each, r);
}

/** The closure of the first items, each checked against its own. */
function firstItems(checks: readonly Check[]): Check {
  return (v, r) => !Array.isArray(v) || eachItem(v, 0, Math.min(v.length, checks.length), (i) => checks[i], r);
}

/** The closure of the listed properties: each read once, in order, and checked when present. */
function listedProperties(names: readonly string[], checks: readonly Check[]): Check {
  return (v, r) => {
    if (!isObject(v)) return true;
    let ok = true;
    for (let i = 0; i < names.length; i++) {
      const child = ownValue(v, names[i]);
      if (child === undefined || checkChild(checks[i], child, names[i], r)) continue;
      if (r === null) return false;
      ok = false;
    }
    return ok;
  };
}

/**
 * The listed properties under presentRequired: a blank property of the arguments
 * object (src/runtime/present.ts) that the root always requires
 * (CompiledSchema.rootRequired) is not checked against its subschema either,
 * as if it were absent: its one problem is the `required` one. Only while
 * explaining: that required list fails the call whatever else holds, so the
 * fast check's answer is no either way, and it reads what the generated
 * fast check reads.
 */
function presentProperties(
  names: readonly string[],
  checks: readonly Check[],
  rootRequired: ReadonlySet<string>,
): Check {
  return (v, r) => {
    if (!isObject(v)) return true;
    const skipBlank = r !== null && isArguments(v);
    let ok = true;
    for (let i = 0; i < names.length; i++) {
      const child = ownValue(v, names[i]);
      const check = checks[i];
      // A `true` subschema has nothing to skip (and src/validate/explainer.ts writes no code for it).
      if (
        child === undefined ||
        (skipBlank && check !== acceptAll && rootRequired.has(names[i]) && isBlank(child)) ||
        checkChild(check, child, names[i], r)
      )
        continue;
      if (r === null) return false;
      ok = false;
    }
    return ok;
  };
}

/** The check of a refused key, run as a check of its value: the key is the last step of the report's place. */
function refusal(name: string, pointer: string, { problem, param }: KeyWords): Check {
  return (_v, r) => r !== null && r.fail(name, pointer, problem, () => ({ [param]: r.here.segment }));
}

/** The closure of the keys that `claims` leaves: each value checked against `each`. */
function otherKeys(rootRequired: ReadonlySet<string> | null, claims: Claims, each: Check): Check {
  const declared = new Set(claims.names);
  const claimed = claims.test ?? (() => false);
  return eachKey(
    rootRequired,
    (key) => declared.has(key) || claimed(key),
    (key, child, r) => checkChild(each, child, key, r),
  );
}

/**
 * A check over an object's own keys, a step each: a key `owned` answers for
 * is left alone, then a blank property of the arguments object that the
 * root always requires (absent, as for the listed properties:
 * presentProperties), and `passes` answers for the rest (reporting into `r`
 * when it is given).
 */
export function eachKey(
  rootRequired: ReadonlySet<string> | null,
  owned: (key: string) => boolean,
  passes: (key: string, value: unknown, r: Report | null) => boolean,
): Check {
  return (v, r) => {
    if (!isObject(v)) return true;
    const skipBlank = rootRequired !== null && r !== null && isArguments(v);
    let ok = true;
    for (const key of keysOf(v)) {
      charge(1);
      if (owned(key) || (skipBlank && rootRequired.has(key) && isBlank(v[key])) || passes(key, v[key], r)) continue;
      if (r === null) return false;
      ok = false;
    }
    return ok;
  };
}

/** The closure of the property names: each checked as a string, and a failing one reported with the problems it quotes. */
function keyNames(name: string, pointer: string, check: Check, words: NameProblem): Check {
  return (v, r) => {
    if (!isObject(v)) return true;
    let ok = true;
    for (const key of keysOf(v)) {
      charge(1);
      if (r === null) {
        if (!check(key, null)) return false;
        continue;
      }
      const run = r.capture(check, key, words.quoted);
      if (run.ok) continue;
      const problems = run.findings.map((finding) => r.problemOf(finding)).join("; ");
      ok = r.fail(
        name,
        pointer,
        () => words.problem(key, problems),
        () => words.params(key),
        key,
      );
    }
    return ok;
  };
}
