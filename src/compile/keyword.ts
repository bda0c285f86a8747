import type { CountVisits } from "../runtime/json-value";
import { count } from "../explain/messages";
import type { CompiledPattern } from "../pattern/native";
import type { PatternError } from "../pattern/syntax";
import type { PathSegment } from "../runtime/paths";
import type { Check } from "../explain/report";
import type { ErrorKind, Profile } from "../runtime/types";
import type { Placement, RefTarget } from "./ref-target";
import type { Assertion, Claims, Kind, KindValue, Test, Words } from "./assertion";

export interface CompileOptions {
  readonly lenientScalars: boolean;
  /** A property the arguments object must hold is missing when it holds null or blank text (src/runtime/present.ts). */
  readonly presentRequired: boolean;
  readonly profile: Profile;
  readonly timeBudgetMs: number | null;
  /** Generate the validator's code when it is compiled, not when it turns hot (src/validate/validator.ts). */
  readonly eager: boolean;
  /** Equal for options whose validators are interchangeable: what caches key by. */
  readonly key: string;
}

/** What a keyword sees while its schema object is compiled. */
export interface SchemaSite {
  /** The schema object that holds the keyword. */
  readonly schema: Readonly<Record<string, unknown>>;
  readonly options: CompileOptions;
  /** JSON Pointer of `segments` below this schema object. */
  pointer(...segments: PathSegment[]): string;
  /** Records a schema problem at `keyword` (and `segments` below it). */
  problem(keyword: string, message: string, kind?: ErrorKind, ...segments: PathSegment[]): void;
  /** The whole schema document, for resolving `$ref`. */
  readonly document: unknown;
  /** Compiles a subschema that applies to a child of the value (below `segments`). */
  subschema(value: unknown, ...segments: PathSegment[]): Check;
  /** Compiles a subschema that applies to the value itself (`allOf`, `anyOf`, `oneOf`, `not`). */
  applicator(keyword: string, value: unknown, ...segments: PathSegment[]): Check;
  /** The check of the subschema at `target` (a JSON Pointer into the document), which `keyword` applies to the value. */
  ref(keyword: string, target: string): Check;
  /** Where a `$ref` value leads in the document (src/compile/ref-target.ts), or why it is refused. */
  resolve(ref: unknown): RefTarget;
  /** The property names the schema object's keywords check themselves (Keyword.claims), for `additionalProperties`. */
  claimed(): Claims;
  /** One compile's answers of src/compile/keywords/composition.ts's type search, by subschema. */
  readonly typeCache: Map<unknown, string[] | null | undefined>;
  /** Compiles a pattern within the schema's share (src/pattern/compile-pattern.ts), or says why it is refused. */
  pattern(source: string): CompiledPattern | PatternError;
  /** Counts values of the schema that a keyword walks (src/compile/bounds.ts): pass it to findNonJson. */
  readonly countValues: CountVisits;
  /**
   * Charges `count` rules a keyword builds from the entries of its value
   * (`dependentRequired`'s, one for each property it names) to the schema's
   * compile share, each what a keyword costs (src/compile/bounds.ts).
   */
  chargeRules(count: number): void;
  /**
   * With presentRequired, the names the arguments object must hold whatever
   * else it matches (CompiledSchema.rootRequired), filled once every
   * subschema is compiled; null without the option.
   */
  readonly rootRequired: ReadonlySet<string> | null;
  /**
   * A copy of a list inside a keyword's value, its length read once and
   * counted as values before it is read (a hole is copied as undefined).
   * The lists that are keyword values themselves come copied already.
   */
  list(value: readonly unknown[]): unknown[];
}

/**
 * One keyword, described once: what it applies to, where its subschemas
 * stand, what it costs and what it asserts. The compiler, both generated
 * passes and the `$ref` resolver read these fields; no other file keeps a
 * list of keyword names. A keyword either `assert`s (an Assertion each tier
 * reads: src/compile/assertion.ts) or `compile`s its closure, which every
 * tier calls (a composition is decided as `decides` says). Either reports a
 * bad value through `site.problem` and returns null when the keyword
 * asserts nothing.
 */
export type Keyword = Description &
  (
    | { assert(value: unknown, site: SchemaSite): Assertion | null; compile?: undefined }
    | { compile(value: unknown, site: SchemaSite): Check | null; assert?: undefined }
  );

interface Description {
  readonly name: string;
  /** The values it asserts on (any other passes it); absent: every value. */
  readonly applies?: Kind;
  /** Where its subschemas stand, for `$ref` targets; absent: it holds none. */
  readonly subschemas?: Placement;
  /** Its subschemas apply to the value itself: to every value ("all"), or as it decides ("some"). */
  readonly sameValue?: "all" | "some";
  /** For a composition, how its branches decide: all match, any does, exactly one does, or none does. */
  readonly decides?: "all" | "any" | "one" | "none";
  /** Its value is a list, copied (and counted) when its schema object is read. */
  readonly list?: true;
  /** The `type` gate: it runs first, and a value of another type meets no other keyword. Its type names. */
  typeNames?(value: unknown): string[] | null;
  /** Work one evaluation adds beyond the keyword's own unit (a listed name, a structured choice's values). */
  weight?(value: unknown): number;
  /** The property names the object must hold, read from its compiled value (for presentRequired's rootRequired). */
  requires?(value: unknown): readonly string[];
  /** The property names it checks itself, for `additionalProperties` beside it. */
  claims?(value: unknown, site: SchemaSite): Claims;
}

/** Shared schema-value checks, with the wording of their problems. */
export function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * A keyword whose value must pass `accepts`: a bad value is reported here,
 * as "must be …", and `build` makes the check from a good one (or null when
 * it asserts nothing).
 */
export function valueKeyword<T>(
  name: string,
  accepts: (value: unknown) => value is T,
  mustBe: string,
  build: (value: T, site: SchemaSite) => Check | null,
): Keyword {
  return {
    name,
    compile(value, site) {
      if (accepts(value)) return build(value, site);
      site.problem(name, `must be ${mustBe}`);
      return null;
    },
  };
}

export const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
export const isString = (value: unknown): value is string => typeof value === "string";

/**
 * A keyword that asserts one test on values of kind `applies`: its value
 * must pass `accepts` (a bad one is reported as "must be …"), and `words`
 * say why a value failed the test with it.
 */
export function testKeyword<T, K extends Kind>(
  name: string,
  applies: K,
  accepts: (value: unknown) => value is T,
  mustBe: string,
  test: Test<KindValue[K], T>,
  words: (value: T) => Words<KindValue[K]>,
): Keyword {
  return {
    name,
    applies,
    assert(value, site) {
      if (!accepts(value)) {
        site.problem(name, `must be ${mustBe}`);
        return null;
      }
      const said = words(value);
      return (o) => o.require(test, value, said);
    },
  };
}

/** A keyword whose value is a count (`minLength`, `maxItems`, …) that values of kind `applies` are held to by `test`. */
export function countKeyword<K extends Kind>(
  name: string,
  applies: K,
  test: Test<KindValue[K], number>,
  words: (bound: number) => Words<KindValue[K]>,
): Keyword {
  return testKeyword(name, applies, isNonNegativeInteger, "a non-negative integer", test, words);
}

/**
 * `minItems`/`maxItems` and `minProperties`/`maxProperties`: a bound on how
 * many things a value of kind `applies` holds, as `size` counts them.
 */
export function sizeBound<K extends Kind>(
  name: string,
  applies: K,
  atLeast: boolean,
  size: (value: KindValue[K]) => number,
  sizeCode: ((v: string) => string) | null,
  noun: string,
  plural?: string,
): Keyword {
  const operator = atLeast ? ">=" : "<=";
  type V = KindValue[K];
  const holds = atLeast ? (v: V, bound: number) => size(v) >= bound : (v: V, bound: number) => size(v) <= bound;
  const test: Test<V, number> =
    sizeCode === null ? { holds } : { holds, code: (_w, v, bound) => `${sizeCode(v)} ${operator} ${bound}` };
  return countKeyword(name, applies, test, (bound) => {
    const expected = `must have at ${atLeast ? "least" : "most"} ${count(bound, noun, plural)}`;
    return { problem: (v) => `${expected}, got ${size(v)}`, params: { limit: bound } };
  });
}
