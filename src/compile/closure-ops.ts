import { checkChild, type Check, type Report } from "../explain/report";
import { charge } from "../runtime/pass";
import type { CompiledPattern } from "../pattern/native";
import { ownValue } from "../runtime/own-value";
import { isArguments, isBlank } from "../runtime/present";
import { IS_KIND, isObject, matches, type Kind, type NameWords, type Ops, type Words } from "./assertion";

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
