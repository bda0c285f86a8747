import { Decimal } from "../runtime/decimal";
import type { Check } from "../explain/report";
import { EngineLimit, MATCH, NO_MATCH, NO_MEMORY, type CompiledPattern } from "../pattern/native";
import { chargeBudget } from "../runtime/pass";
import type { Params } from "../explain/params";

/**
 * A keyword's assertion, written once and read by each tier: the closures
 * read it with closureOps (src/compile/closure-ops.ts), the generated fast
 * check and the explaining pass with Ops of their own
 * (src/validate/check-generator.ts, src/validate/explainer.ts). The keyword says what must hold
 * and in which words; the reading says how that is run, counted and
 * reported, and applies the keyword to the values of its kind only.
 */
export type Assertion = <R>(o: Ops<R>) => R;

/** The kind of value a keyword asserts on: a value of any other kind passes it. */
export type Kind = "object" | "array" | "string" | "number";

/** The value of each kind, as a keyword's test receives it. */
export interface KindValue {
  object: Record<string, unknown>;
  array: unknown[];
  string: string;
  number: number | bigint | Decimal;
}

/** What the code form of a test is written with (src/validate/code-writer.ts). */
export interface CodeContext {
  /** A name for `value` in the generated code. */
  constant(value: unknown): string;
  /** Code that is true when the string in `v` is one of `strings`. */
  oneOfStrings(v: string, strings: readonly string[]): string;
}

/**
 * A test of a value against a compiled argument, written once: `holds` as
 * the closures run it, and `code`, when given, the same test written into
 * generated code on the variable `v` (it must answer as `holds` does and
 * count the same work; generated code never meets a lenient scalar's
 * Decimal). Without it, generated code calls `holds`.
 */
export interface Test<V, A> {
  holds(value: V, arg: A): boolean;
  code?(w: CodeContext, v: string, arg: A): string;
}

/** The words of a failed test: its problem (given the value) and Ajv's params. */
export interface Words<V> {
  problem(value: V): string;
  params: Params | (() => Params);
}

/**
 * What an assertion may say. A keyword's subschemas are those it compiled
 * (SchemaSite.subschema), in order; an operation names them by place.
 */
export interface Ops<R> {
  /** The value passes `test` with `arg`, or fails with `words`. */
  require<V, A>(test: Test<V, A>, arg: A, words: Words<V>): R;
  /** The string matches `pattern` (written `source`), searched by the pattern engines under the work limit, or fails with `words`. */
  search(pattern: CompiledPattern, source: string, words: Words<string>): R;
  /**
   * The object holds each of `names` as an own property (under
   * presentRequired, one that is not blank at the arguments object), or
   * fails with `words` for each it lacks, in order.
   */
  present(names: readonly string[], words: NameWords): R;
  /**
   * The value checked against a `$ref` target, whose compiled check is
   * `target` (generated code calls a function written for the target:
   * CompiledNode.ref).
   */
  ref(target: Check): R;
  /**
   * Each item of the list from index `from` on, a unit of work each,
   * checked against the keyword's subschema.
   */
  itemsFrom(from: number): R;
  /** Each of the list's first `count` items (those it has), a unit of work each, checked against the keyword's subschema of its index. */
  firstItems(count: number): R;
  /**
   * Each of the listed properties the object holds (read as own), in order,
   * its value checked against the keyword's subschema of its place; under
   * presentRequired, while explaining, not one the root requires and the
   * arguments object holds blank (its one problem is the `required` one).
   */
  listedProperties(names: readonly string[]): R;
  /**
   * Every own key of the object, a unit of work each: a key `claims` names
   * or tests is left alone (and so, while explaining under presentRequired,
   * is one the root requires and the arguments object holds blank, as for
   * the listed properties); the value of any other is checked against the
   * keyword's subschema, or, with `refused`, refused in its words.
   */
  otherKeys(claims: Claims, refused: KeyWords | null): R;
  /** Every own key of the object, a unit of work each, checked as a string against the keyword's subschema; a name that fails it fails with `words`. */
  keyNames(words: NameProblem): R;
}

/**
 * Property names a keyword checks itself (`properties`, `patternProperties`):
 * `additionalProperties` leaves them alone. `test`, when present, decides
 * names beyond the listed ones; it counts its own work.
 */
export interface Claims {
  readonly names: readonly string[];
  readonly test: ((name: string) => boolean) | null;
  /** What `test` allows, in the words of a refused name's problem ("names matching ^x-"); null without a test. */
  readonly words: string | null;
}

/** The words of a refused key: its problem, and the params that name it (`{ [param]: key }`). */
export interface KeyWords {
  readonly problem: string;
  readonly param: string;
}

/** The words of a property name that fails its subschema, given the problems found, the first `quoted` of them. */
export interface NameProblem {
  readonly quoted: number;
  problem(name: string, problems: string): string;
  params(name: string): Params;
}

/** The words of a missing name: its problem, and Ajv's params of each listed name. */
export interface NameWords {
  problem: string;
  params: readonly Params[];
}

// A Decimal is the number a lenient scalar string spells, not an object.
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Decimal);

/** Whether a value is of each kind: the one applicability test of the closures. */
export const IS_KIND: Record<Kind, (v: unknown) => boolean> = {
  object: isObject,
  array: Array.isArray,
  string: (v) => typeof v === "string",
  number: (v) => typeof v === "number" || typeof v === "bigint" || v instanceof Decimal,
};

/**
 * Whether the string `subject` matches `pattern` (written `source`, at the
 * schema path `pointer`): searched by the pattern engines, which count
 * their work, with the time budget looked at after it. A search the engine
 * cannot finish throws EngineLimit.
 */
export function matches(pattern: CompiledPattern, source: string, pointer: string, subject: string): boolean {
  const outcome = pattern.test(subject);
  chargeBudget();
  if (outcome === MATCH) return true;
  if (outcome !== NO_MATCH) throw new EngineLimit(pointer, source, outcome === NO_MEMORY);
  return false;
}
