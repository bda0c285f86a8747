import { typeTestCode } from "../compile/keywords/type";
import { ownValueCode } from "../runtime/own-value";
import { COUNTED_AHEAD, findNonJson, isJsonListedInPlace, MAX_DEPTH, nestsWithin } from "../runtime/json-value";
import { CodeWriter, codeGenerationAllowed, MAX_SWITCH_NAMES } from "./code-writer";
import type { CompiledNode, CompiledSchema, KeywordCheck } from "../compile/compile-schema";
import type { Claims, KeyWords, Ops } from "../compile/assertion";
import type { CompileOptions } from "../compile/keyword";
import { memoizedGenerated } from "../compile/memo";
import { keysOf, prototypeListsKeys } from "../runtime/own-keys";
import { isBlank } from "../runtime/present";
import {
  flushSearches,
  queueSearch,
  searchAtOnce,
  searchesAtOnce,
  startBatch,
  type CompiledPattern,
} from "../pattern/native";
import { escapePointerSegment } from "../runtime/paths";
import type { Check } from "../explain/report";
import { isCount, isJsonArray, isJsonScalar, isPlainObject, isShallowJson } from "../runtime/shape";
import { charge, chargeCode, overrun, pass, WORK_PER_VALUE } from "../runtime/pass";

/**
 * The fast path as generated code: one JavaScript function per schema that
 * answers "valid JSON arguments" or not, with no report. It is written from
 * the compiled subschemas (compile-schema.ts), keyword by keyword in the
 * order their closures run: an assertion (src/compile/assertion.ts) is
 * written from its operations, each written once here for every keyword
 * that says it (Generator.ops), a composition from how it decides, and any
 * other keyword calls its own closure. On arguments it
 * accepts, it counts exactly the work the closures count, the JSON walk
 * included, so whether a call runs out of work does not depend on which of
 * them ran (src/validate/validator.ts relies on it). A pattern that
 * exhausts the engine throws the same EngineLimit as the closure would.
 * Where the fast call is on (src/pattern/fast-call.ts), every search runs
 * where it is met, and looks at the time budget;
 * otherwise searches whose failure can only fail the whole check (none
 * inside a composition branch or a shared `$ref` target) are queued and run
 * together in one crossing into the addon when the rest has passed.
 *
 * It also answers for the JSON input domain (docs/contract.md) in the same
 * pass: every value it visits gets a type test that only JSON passes, and
 * every value it does not visit (under `{}`, an unlisted property, a
 * closure's subtree) is walked with the depth left to it (isJsonListedInPlace,
 * which finds what findNonJson finds); every value is counted once, as
 * findNonJson counts it. So `true` means
 * valid JSON, and only a `false` needs the separate walk to say what was
 * wrong.
 */
export type FastCheck = (value: unknown) => boolean;

/**
 * Which values a fast check is given: any JavaScript value, or a value
 * JSON.parse returned, which can break only two rules of the input domain,
 * the depth bound and finite numbers (`1e400` parses as Infinity): so its
 * type tests need not look at prototypes, and its walks only count levels
 * and look at numbers.
 */
export type Given = "any" | "parsed";

/**
 * An object's properties are written into functions of this many each once
 * it lists more: V8 optimizes no function of more than 60 KB of bytecode, and
 * a check left to its interpreter reads every listed name, one by one, on
 * every call (600 properties: 5.8 µs a call where optimized code takes 75 ns).
 */
const PROPERTIES_A_FUNCTION = 64;

/** The fast check the closures make: the JSON walk (for a value JSON.parse returned, its levels and numbers), then the check without a report. */
export function closureFastCheck(check: Check, given: Given): FastCheck {
  if (given === "parsed") return (args) => nestsWithin(args, MAX_DEPTH, charge) && check(args, null);
  return (args) => findNonJson(args, MAX_DEPTH, charge) === null && check(args, null);
}

/** Builds the fast check, or null when the whole schema is better left to the closures (lenient scalars, too much source). */
export function generateFastCheck(
  schema: unknown,
  options: CompileOptions,
  compiled: CompiledSchema,
  given: Given,
): FastCheck | null {
  const { check } = compiled;
  if (options.lenientScalars || !codeGenerationAllowed || check === null) return null;
  const root = compiled.nodeAt(schema, "");
  if (root === undefined) throw new Error("no root subschema compiled");
  const generator = new Generator(given, options.presentRequired);
  return generator.build<FastCheck>(() => {
    const body = generator.region(() =>
      generator.node(root, "v", { base: "0", offset: 0, walked: "false", shared: false }),
    );
    // Without a queued search, no batch to start or run (searched at once, each search looks at the time budget).
    const [start, end] = generator.queues
      ? ["const batch = startBatch();\n", "return flushSearches(batch);"]
      : ["", "return true;"];
    // Work an optional property added is compared with the limit here at the latest (Generator.listedProperties).
    const compared = "if (!(pass.spent <= pass.limit)) overrun();\n";
    // for…in would list enumerable properties added to Object.prototype, and
    // count their turns: while it has any, the closures answer.
    const polluted = generator.forIn
      ? `if (prototypeListsKeys()) return ${generator.constant(closureFastCheck(check, given))}(v);\n`
      : "";
    // A getter in the arguments can add one while the check runs: what its
    // loops listed since is no answer, and the explaining pass (the
    // closures' Object.keys) decides (src/validate/validator.ts, fastPass).
    const pollutedSince = generator.forIn ? "if (prototypeListsKeys()) return false;\n" : "";
    return `${generator.functions.join("\n")}\nreturn function fastCheck(v) {\n${polluted}${start}${body}\n${compared}${pollutedSince}${end}\n}`;
  });
}

/**
 * Where generated code runs: how many containers below the arguments (a
 * function's `d` plus an offset known when generating), whether a
 * composition above has already walked the value to be JSON ("true"; "w"
 * in a `$ref` function, which takes it as a parameter), and whether other
 * subschemas may meet the same value in the same pass (composition
 * branches, a `$ref` beside other keywords, and everything below them).
 */
interface CodeSite {
  base: "0" | "d";
  offset: number;
  walked: "false" | "true" | "w";
  shared: boolean;
}

const depthOf = (at: CodeSite) => (at.base === "0" ? String(at.offset) : at.offset === 0 ? "d" : `d + ${at.offset}`);
const below = (at: CodeSite): CodeSite => ({ ...at, offset: at.offset + 1 });

/** The container levels a value at `at` may still hold under the depth bound. */
const depthLeft = (at: CodeSite) => (at.base === "0" ? String(MAX_DEPTH - at.offset) : `${MAX_DEPTH - at.offset} - d`);

/**
 * What a turn of a loop over a container's items or keys costs: what the
 * keyword charges for it (`units`, with the subschemas it always checks in
 * it) and, for the loop that walks the container (`walks`), the turn's
 * share of the JSON walk, which findNonJson counts for every item and key
 * and this code counts where it loops instead, unless a composition above
 * has walked the value already.
 */
function turnCost(units: number, at: CodeSite, walks: boolean): string {
  if (!walks || at.walked === "true") return String(units);
  return at.walked === "w" ? `(w ? ${units} : ${units + 1})` : String(units + 1);
}

/** True when `value` is JSON down to `depthLeft` container levels. */
const isJson = (value: unknown, depthLeft: number) => isJsonListedInPlace(value, depthLeft, charge);
/** The same for a value JSON.parse returned: the levels are counted and the numbers looked at. */
const isShallowEnough = (value: unknown, depthLeft: number) => nestsWithin(value, depthLeft, charge);

/**
 * The walk of an object's keys that no keyword's loop walks (walkKeys), as
 * one function every generated check shares: a scalar is tested as one
 * (undefined is none), a container under a name `listed` names was checked
 * where it was read, any other is walked with `depthLeft` levels. It returns
 * the keys it met (the caller counts a unit each, as findNonJson does), or
 * -1 at the first value that is no JSON. Written into each check, this loop
 * ran unoptimized in the many checks a catalog calls rarely (for…in and a
 * string comparison per listed name: about 0.6 µs a call, a third of such a
 * call); shared, V8 optimizes it once.
 */
function unlistedWalk(json: (value: unknown, depthLeft: number) => boolean) {
  return (object: Record<string, unknown>, listed: ReadonlySet<string>, depthLeft: number): number => {
    let keys = 0;
    for (const key in object) {
      keys++;
      const value = object[key];
      // A scalar is JSON or not whether listed or not (undefined is not): no lookup.
      if (typeof value !== "object" ? !isJsonScalar(value) : !listed.has(key) && !json(value, depthLeft)) return -1;
    }
    return keys;
  };
}
const walkUnlisted = { any: unlistedWalk(isJson), parsed: unlistedWalk(isShallowEnough) };

/** How a subschema's code walks the value's items or keys: whether a loop of a keyword has walked them already. */
interface Walk {
  keys: boolean;
  items: boolean;
  /** The keyword whose loop walks the keys, or null for a loop of its own. */
  readonly keysBy: KeywordCheck | null;
}

/**
 * What the generator reads of a keyword before it writes any code: whether
 * it writes the keyword out (else it calls the keyword's closure, on a value
 * walked first), whether the keyword checks the value against a `$ref`
 * target (a subschema that holds nothing else is that target's check),
 * the property names it reads and checks where it reads them (their values
 * need no other walk, and a required one is tested on the same read), and
 * what its loop over the object's keys checks: their values, or their names.
 */
interface Shape {
  readonly written: boolean;
  readonly ref: boolean;
  readonly listed: readonly string[];
  readonly keys: "values" | "names" | null;
}

const NO_NAMES: readonly string[] = [];
const WRITTEN: Shape = { written: true, ref: false, listed: NO_NAMES, keys: null };
const CALLED: Shape = { written: false, ref: false, listed: NO_NAMES, keys: null };

/** The generator's first reading of an assertion: its Shape, as Generator.ops writes it. */
const SHAPE: Ops<Shape> = {
  require: () => WRITTEN,
  search: () => WRITTEN,
  present: () => WRITTEN,
  ref: () => ({ ...WRITTEN, ref: true }),
  itemsFrom: (from) => (from === 0 ? WRITTEN : CALLED),
  firstItems: () => CALLED,
  listedProperties: (names) => ({ ...WRITTEN, listed: names }),
  otherKeys: () => ({ ...WRITTEN, keys: "values" }),
  keyNames: () => ({ ...WRITTEN, keys: "names" }),
};

/** The property names a node's keywords read where they check them (Shape.listed). */
function listedNames(node: CompiledNode): readonly string[] {
  for (const { assertion } of node.keywords) {
    const listed = assertion?.(SHAPE).listed ?? NO_NAMES;
    if (listed.length > 0) return listed;
  }
  return NO_NAMES;
}

class Generator extends CodeWriter {
  /** Branches of `oneOf`, `anyOf`, `allOf` and `not`, and `$ref` targets, each a function of its own. */
  readonly functions: string[] = [];

  constructor(
    private readonly given: Given,
    /** Whether a required property of the arguments object must hold a value that is not blank (src/runtime/present.ts). */
    private readonly presentRequired: boolean,
  ) {
    super({
      queueSearch,
      searchAtOnce,
      startBatch,
      flushSearches,
      hasOwn: Object.hasOwn,
      isPlainObject,
      isJsonArray,
      isShallowJson,
      isCount,
      json: given === "parsed" ? isShallowEnough : isJson,
      walkUnlisted: walkUnlisted[given],
      objectPrototype: Object.prototype,
      arrayPrototype: Array.prototype,
      keysOf,
      prototypeListsKeys,
      pass,
      overrun,
      isBlank,
    });
  }

  /** Whether some search is queued for the batch (queueSearch). */
  queues = false;
  /** Whether some loop lists keys with for…in (keyLoop, walkUnlisted, the JSON walk: walkTest). */
  forIn = false;

  /** Work counted so far in the current region (see region()). */
  private weight = 0;

  /**
   * A function's body, which starts by counting the work of the region it
   * is (see count()). Loops, functions and code that may not run inside
   * it count their own.
   */
  region(build: () => string): string {
    // A function's body is written beside the code that asks for it, not into it.
    const { head, code } = this.beside(() => this.measured(build));
    this.written += head.length;
    return `${head}${code}`;
  }

  /** The code `build` writes, and the statement that counts the work of its region. */
  private measured(build: () => string): { head: string; code: string } {
    const { code, units } = this.measure(build);
    return { head: units === 0 ? "" : chargeCode(String(units)), code };
  }

  /**
   * Counts `units` of work where code at `at` runs, as the closures count
   * them. A subschema met once per pass (outside compositions, where a
   * failure fails the whole check) adds them to its region, which counts
   * them all as it starts: on arguments that pass, every part of a region
   * runs, so it counts what the closures count. Where a subschema shares its
   * value (a branch, which may fail while the check passes), each counts as
   * it starts, in the closures' order, so a branch that fails has counted
   * what theirs has.
   */
  private count(units: number, at: CodeSite): string {
    if (at.shared) return units === 0 ? "" : chargeCode(String(units));
    this.weight += units;
    return "";
  }

  /** Code that may not run on arguments that pass (a keyword of one of several types, the subschema of keys a list leaves out): a region of its own where regions are counted. */
  private sometimes(at: CodeSite, build: () => string): string {
    if (at.shared) return build();
    const { head, code } = this.measured(build);
    return `${head}${code}`;
  }

  /** Sets the text of the function at `index`, counting what it writes around its body (the body counted its own). */
  private define(index: number, text: string, body: string): void {
    this.functions[index] = text;
    this.written += text.length - body.length;
  }

  /**
   * Statements that `return false` unless the value in `v`, at place `at`,
   * is JSON and matches the schema at `pointer` (counted: see
   * CodeWriter.counted).
   */
  node(node: CompiledNode, v: string, place: CodeSite): string {
    return this.counted(() => this.nodeCode(node, v, place));
  }

  /** The code `build` writes and the work it adds to the region, which the caller charges. */
  private measure(build: () => string): { code: string; units: number } {
    const outer = this.weight;
    this.weight = 0;
    const code = build();
    const units = this.weight;
    this.weight = outer;
    return { code, units };
  }

  /**
   * A subschema's code follows its compiled node (compile-schema.ts) as its
   * closure runs it: its weight, its type first, then each keyword in the
   * node's order, with the work each counts; a keyword written out here
   * counts what its closure counts, and any other is its closure.
   */
  private nodeCode(node: CompiledNode, v: string, place: CodeSite): string {
    let at = place;
    // The closures of `true` and `false` count nothing.
    if (node.schema === true) return this.walkStatement(v, at);
    if (node.schema === false) return "return false;";
    let code = this.count(node.weight, at);
    const { keywords } = node;
    if (node.type === null) {
      // Asserting nothing, it takes any JSON value, as `true` does.
      if (keywords.length === 0) return code + this.walkStatement(v, at);
      // A `$ref` alone: its target checks everything, the JSON domain included.
      if (keywords.length === 1 && keywords[0].assertion?.(SHAPE).ref === true)
        return code + this.refTest(node, v, at, at.shared);
    }
    const { types } = node;
    const test = (type: string) => typeTestCode(type, v, this.given === "parsed");
    // A closure meets a value walked first (the walk bounds the depth it may
    // recurse to), and so does a composition: a branch that fails because of
    // a value that is not JSON would make `not` hold. So does a `$ref`
    // beside other keywords, or its target and they would each walk it.
    // Walked, the value's other keywords need not walk what they do not check.
    const walksHere =
      at.walked !== "true" && keywords.some((keyword) => keyword.described.sameValue || !this.writes(keyword));
    // Without a type, any JSON value (for one JSON.parse returned, any but a
    // number it read as Infinity): nothing to test where the value was
    // walked above or is walked here, since the walk tests that first.
    const anyJson =
      at.walked === "true" || walksHere
        ? null
        : this.given === "any"
          ? `isShallowJson(${v})`
          : `(typeof ${v} !== "number" || Number.isFinite(${v}))`;
    if (types !== null) code += `if (!(${types.map(test).join(" || ")})) return false;\n`;
    else if (anyJson !== null) code += `if (!${anyJson}) return false;\n`;
    if (walksHere) {
      code += this.walkStatement(v, at);
      at = { ...at, walked: "true" };
    }
    const only = types?.length === 1 ? types[0] : null;
    const canBe = (kind: string) =>
      types === null || types.includes(kind) || (kind === "number" && types.includes("integer"));
    const guards: Record<string, string> = {
      object: test("object"),
      array: `Array.isArray(${v})`,
      string: `typeof ${v} === "string"`,
      number: `typeof ${v} === "number" || typeof ${v} === "bigint"`,
    };
    const isOnly = (kind: string) => only === kind || (kind === "number" && only === "integer");
    // The keys are walked by a loop that checks their values (as
    // additionalProperties' does), which checks each unlisted value anyway,
    // else by one that checks their names, else by a loop of their own.
    const loopOver = (keys: Shape["keys"]) => keywords.find(({ assertion }) => assertion?.(SHAPE).keys === keys);
    const keysBy = loopOver("values") ?? loopOver("names") ?? null;
    const walk: Walk = { keys: at.walked === "true", items: at.walked === "true", keysBy };
    for (const keyword of keywords) {
      const kind = this.writes(keyword) ? keyword.described.applies : undefined;
      if (kind === undefined) {
        code += this.keyword(node, keyword, v, at, walk);
      } else if (canBe(kind)) {
        // A keyword applies to values of its type only, as its closure does.
        code += isOnly(kind)
          ? this.keyword(node, keyword, v, at, walk)
          : this.guarded(
              guards[kind],
              this.sometimes(at, () => this.keyword(node, keyword, v, at, walk)),
            );
      }
    }
    // What no keyword walked: an object's keys, or a list's items.
    if (!walk.keys && walk.keysBy === null && canBe("object")) {
      const rest = this.walkKeys(listedNames(node), v, at);
      code += isOnly("object") ? rest : this.guarded(guards.object, rest);
    }
    if (!walk.items && canBe("array"))
      code += isOnly("array") ? this.walkStatement(v, at) : this.guarded(guards.array, this.walkStatement(v, at));
    return code;
  }

  /**
   * The test that `v` is JSON down to the depth bound, or null when a
   * composition above walked it already. The walk lists keys with for…in
   * (isJsonListedInPlace), so the check asks prototypeListsKeys first.
   */
  private walkTest(v: string, at: CodeSite): string | null {
    const left = depthLeft(at);
    if (at.walked === "true") return null;
    this.forIn = true;
    return at.walked === "w" ? `(w || json(${v}, ${left}))` : `json(${v}, ${left})`;
  }

  /** A statement that returns false unless `v` is JSON, or nothing when a composition above walked it. */
  private walkStatement(v: string, at: CodeSite): string {
    const walked = this.walkTest(v, at);
    return walked === null ? "" : `if (!${walked}) return false;\n`;
  }

  private guarded(test: string, body: string): string {
    return body === "" ? "" : `if (${test}) {\n${body}\n}\n`;
  }

  /**
   * Whether the generator writes the code of a keyword: an assertion as its
   * Shape says (src/compile/assertion.ts), a composition from how it
   * decides; any other calls its own closure, on a value walked first.
   */
  private writes({ described, assertion }: KeywordCheck): boolean {
    return assertion !== null ? assertion(SHAPE).written : described.decides !== undefined;
  }

  private keyword(node: CompiledNode, keyword: KeywordCheck, v: string, at: CodeSite, walk: Walk): string {
    const { name, assertion, described } = keyword;
    if (assertion !== null)
      return assertion(this.ops(node, keyword, `${node.pointer}/${escapePointerSegment(name)}`, v, at, walk));
    if (described.decides !== undefined) return this.composition(described.decides, keyword.children, v, at);
    return this.called(keyword, v);
  }

  /** A call of the keyword's closure on the value in `v` (walked first: nodeCode). */
  private called({ check }: KeywordCheck, v: string): string {
    return `if (!${this.constant(check)}(${v}, null)) return false;\n`;
  }

  /**
   * The generated code's reading of an assertion (src/compile/assertion.ts)
   * of the keyword at `pointer` on the value in `v`: a statement that
   * returns false unless it holds. A test without a code form is called as
   * the closures call it; a number argument is written in place. A list's
   * items from the start are looped over here; from a later index, and the
   * first items, the closure checks them (SHAPE says so before).
   */
  private ops(
    node: CompiledNode,
    keyword: KeywordCheck,
    pointer: string,
    v: string,
    at: CodeSite,
    walk: Walk,
  ): Ops<string> {
    return {
      require: (test, arg) => {
        const argument = typeof arg === "number" ? JSON.stringify(arg) : this.constant(arg);
        const holds = test.code ? test.code(this, v, arg) : `${this.constant(test.holds)}(${v}, ${argument})`;
        return `if (!(${holds})) return false;\n`;
      },
      search: (pattern, source) => this.search(pattern, source, pointer, v, at),
      present: (names) => this.present(node, names, v, at),
      ref: () => this.refTest(node, v, at, true),
      itemsFrom: (from) => (from === 0 ? this.itemsFromStart(keyword, v, at, walk) : this.called(keyword, v)),
      firstItems: () => this.called(keyword, v),
      listedProperties: (names) => this.listedProperties(node, keyword.children, names, v, at),
      otherKeys: (claims, refused) => this.otherKeys(claims, refused, keyword, v, at, walk),
      keyNames: () => this.keyNames(node, keyword, v, at, walk),
    };
  }

  /** Generated `$ref` targets by subschema, for values met once and for shared ones: one function each, however many refs point at it. */
  private readonly refs = { single: new Map<CompiledNode, string>(), shared: new Map<CompiledNode, string>() };

  /** Memos of the `$ref`s decided once per value, by the subschema that holds the `$ref` (memoizedGenerated). */
  private readonly memos = new Map<CompiledNode, string>();

  /** A statement that returns false unless the value in `v` matches the target of the `$ref` of `node`. */
  private refTest(node: CompiledNode, v: string, at: CodeSite, shared: boolean): string {
    if (node.ref === null) throw new Error(`no $ref target compiled at #${node.pointer}`);
    const target = this.refFunction(node.ref.target, shared);
    const args = `${v}, ${depthOf(at)}, ${at.walked}`;
    if (!node.ref.remembered) return `if (!${target}(${args})) return false;\n`;
    let memo = this.memos.get(node);
    if (memo === undefined) this.memos.set(node, (memo = this.constant(memoizedGenerated())));
    return `if (!${memo}(${target}, ${args})) return false;\n`;
  }

  /**
   * The function for a `$ref` target (resolved at compile time; the schema
   * has been checked), for a value that other subschemas may meet too or
   * not (`shared`, see CodeSite). Recursion descends into the value, so the
   * depth it carries ends it: past the bound a container makes the
   * arguments no JSON (a scalar may stand there, as findNonJson holds). `w` says whether the caller has walked the value already.
   */
  private refFunction(target: CompiledNode, shared: boolean): string {
    const functions = shared ? this.refs.shared : this.refs.single;
    let name = functions.get(target);
    if (name === undefined) {
      name = `r${this.refs.single.size + this.refs.shared.size}`;
      functions.set(target, name);
      const index = this.functions.push("") - 1;
      const body = this.region(() => this.node(target, "v", { base: "d", offset: 0, walked: "w", shared }));
      this.define(
        index,
        `function ${name}(v, d, w) {\nif (d >= ${MAX_DEPTH} && typeof v === "object" && v !== null) return false;\n${body}\nreturn true;\n}`,
        body,
      );
    }
    return name;
  }

  /**
   * One composition keyword, written from how its description decides:
   * each branch is a function that answers for the same value, run in the
   * order and with the short cuts of the closures' reading of the same
   * field (DECIDE in src/compile/keywords/composition.ts). The value was walked
   * before (nodeCode), so the branches, and compositions inside them, know
   * it is JSON.
   */
  private composition(
    decides: "all" | "any" | "one" | "none",
    branches: readonly CompiledNode[],
    v: string,
    at: CodeSite,
  ): string {
    const calls = branches.map((node) => {
      const index = this.functions.push("") - 1;
      const body = this.region(() => this.node(node, "v", { base: "d", offset: 0, walked: "true", shared: true }));
      this.define(index, `function b${index}(v, d) {\n${body}\nreturn true;\n}`, body);
      return `b${index}(${v}, ${depthOf(at)})`;
    });
    if (decides === "none") return `if (${calls[0]}) return false;\n`;
    if (decides === "any") return `if (!(${calls.join(" || ")})) return false;\n`;
    if (decides === "all") return `if (!(${calls.join(" && ")})) return false;\n`;
    const matched = this.variable();
    return `{ let ${matched} = 0;\n${calls.map((call) => `if (${call} && ++${matched} > 1) return false;`).join("\n")}\nif (${matched} !== 1) return false; }\n`;
  }

  /**
   * The listed properties (Ops.listedProperties): each name read once, in
   * order, and checked when present. A required one is present on
   * arguments that pass, so its subschema counts with the region; where the
   * order of the keywords does not matter (see count()), its `required`
   * test is made here too, on the same read. An optional one adds its work
   * as it runs, and the next counting statement (at the latest the one
   * ending the check) compares it with the limit.
   */
  private listedProperties(
    node: CompiledNode,
    children: readonly CompiledNode[],
    names: readonly string[],
    v: string,
    at: CodeSite,
  ): string {
    const required = new Set(node.required);
    const blank = this.blankTest(at);
    // The property of the object in `o` that `child` checks.
    const block = (i: number, o: string) => {
      const name = names[i];
      const x = this.variable();
      const check = () => this.node(children[i], x, below(at));
      if (at.shared || !required.has(name)) {
        const body = at.shared ? check() : this.added(check);
        return body === "" ? "" : `{ ${ownValueCode(x, o, name)}if (${x} !== undefined) {\n${body}\n} }\n`;
      }
      return `{ ${ownValueCode(x, o, name)}if (${x} === undefined${blank(x)}) return false;\n${check()}\n}\n`;
    };
    const all = children.map((_, i) => i);
    if (all.length <= PROPERTIES_A_FUNCTION) return all.map((i) => block(i, v)).join("");
    let code = "";
    for (let first = 0; first < all.length; first += PROPERTIES_A_FUNCTION) {
      const part = all.slice(first, first + PROPERTIES_A_FUNCTION);
      code += this.part(v, at, (o) => part.map((i) => block(i, o)).join(""));
    }
    return code;
  }

  /**
   * Code moved into a function of its own, called where it stood: one
   * object's properties, PROPERTIES_A_FUNCTION at a time. It takes the
   * object (`v`, which may be an expression: `build` writes for the
   * parameter it is given) and whatever else of its site it reads (the
   * depth `d`, the walked flag `w`); its work is counted where it stood
   * (count()).
   */
  private part(v: string, at: CodeSite, build: (o: string) => string): string {
    const o = this.variable();
    const rest = [...(at.base === "d" ? ["d"] : []), ...(at.walked === "w" ? ["w"] : [])];
    const index = this.functions.push("") - 1;
    const body = this.beside(() => this.counted(() => build(o)));
    this.define(index, `function p${index}(${[o, ...rest].join(", ")}) {\n${body}return true;\n}`, body);
    return `if (!p${index}(${[v, ...rest].join(", ")})) return false;\n`;
  }

  /** What `build` writes, preceded by the statement that adds its region's work without comparing it with the limit. */
  private added(build: () => string): string {
    const { code, units } = this.measure(build);
    return units === 0 ? code : `pass.spent += ${units};\n${code}`;
  }

  /** The present test (src/compile/assertion.ts): each name read, and absent (or, under presentRequired, blank at the arguments object) fails; where the order does not matter, a listed name was tested where it was read. */
  private present(node: CompiledNode, names: readonly string[], v: string, at: CodeSite): string {
    const listed = new Set(at.shared ? NO_NAMES : listedNames(node));
    const blank = this.blankTest(at);
    let code = "";
    for (const name of names) {
      if (listed.has(name)) continue;
      const x = this.variable();
      // Own properties only, whatever Object.prototype holds at the time of the call.
      code = this.growing(code + `{ ${ownValueCode(x, v, name)}if (${x} === undefined${blank(x)}) return false; }\n`);
    }
    return code;
  }

  /**
   * What a required property's test adds under presentRequired: the value
   * must not be blank where the object is the arguments object itself, which
   * the place tells (depth 0: the root, or a function's value at `d === 0`),
   * as the closures ask of the object (src/compile/closure-ops.ts).
   */
  private blankTest(at: CodeSite): (x: string) => string {
    if (!this.presentRequired || at.offset !== 0) return () => "";
    return at.base === "0" ? (x) => ` || isBlank(${x})` : (x) => ` || (d === 0 && isBlank(${x}))`;
  }

  /**
   * The keys the siblings do not claim (Ops.otherKeys): every own key a
   * unit, and each one `claims` leaves checked against the keyword's
   * subschema (or refused). The first loop over the keys also walks them
   * (see walkKeys). A name claimed by a test (a pattern) is tested as the
   * closure tests it: a keyword with such a test leaves its closure to run
   * on a value walked first, so this loop walks nothing.
   */
  private otherKeys(
    { names: listed, test }: Claims,
    refused: KeyWords | null,
    keyword: KeywordCheck,
    v: string,
    at: CodeSite,
    walk: Walk,
  ): string {
    const walks = !walk.keys && walk.keysBy === keyword;
    walk.keys ||= walks;
    const key = this.variable();
    const value = `${v}[${key}]`;
    const check = () => (refused !== null ? "return false;\n" : this.node(keyword.children[0], value, below(at)));
    // With names claimed, the subschema checks only some keys.
    const { code: rest, units } =
      test !== null
        ? { code: `if (!${this.constant(test)}(${key})) {\n${this.sometimes(at, check)}\n}\n`, units: 0 }
        : listed.length === 0
          ? this.measure(check)
          : { code: this.sometimes(at, check), units: 0 };
    return this.keyLoop(
      v,
      key,
      turnCost(1 + units, at, walks),
      this.unlisted(key, listed, rest, walks ? this.listedWalk(value, at) : ""),
      at,
    );
  }

  /** The property names (Ops.keyNames): every own key a unit, and its name checked. */
  private keyNames(node: CompiledNode, keyword: KeywordCheck, v: string, at: CodeSite, walk: Walk): string {
    const listed = listedNames(node);
    const walks = !walk.keys && walk.keysBy === keyword;
    walk.keys ||= walks;
    const key = this.variable();
    const [each] = keyword.children;
    const { code: names, units } = this.measure(() => this.node(each, key, at));
    const walked = walks
      ? this.unlisted(key, listed, this.walkStatement(`${v}[${key}]`, below(at)), this.listedWalk(`${v}[${key}]`, at))
      : "";
    return this.keyLoop(v, key, turnCost(1 + units, at, walks), `${names}${walked}`, at);
  }

  /**
   * The walk of an object's keys that no keyword's loop walked: a value
   * `properties` lists was checked where it was read (one that reads as
   * undefined was skipped, and is no JSON), any other is walked.
   */
  private walkKeys(listed: readonly string[], v: string, at: CodeSite): string {
    // Nothing read where it stands: one walk of the whole object.
    if (listed.length === 0) return this.walkStatement(v, at);
    if (!at.shared && at.walked === "false") {
      // Met once per pass, by the shared loop: each key a unit of the walk, counted when it ends (as keyLoop counts a cheap turn).
      this.forIn = true;
      const keys = this.variable();
      return `{ const ${keys} = walkUnlisted(${v}, ${this.constant(new Set(listed))}, ${depthLeft(below(at))});\nif (${keys} < 0) return false;\n${chargeCode(keys)}}\n`;
    }
    const key = this.variable();
    const value = `${v}[${key}]`;
    const rest = this.walkStatement(value, below(at));
    return this.keyLoop(
      v,
      key,
      turnCost(0, at, true),
      this.unlisted(key, listed, rest, this.listedWalk(value, at)),
      at,
    );
  }

  /** A listed property holding undefined was skipped where it was read: it is not JSON. */
  private listedWalk(value: string, at: CodeSite): string {
    return at.walked === "true" ? "" : `if (${value} === undefined) return false;\n`;
  }

  /**
   * A loop over the own keys of the object in `v`, each turn counted
   * `cost`. Met once per pass, for…in lists the keys without allocating
   * (the check leaves a call to the closures while Object.prototype has an
   * enumerable property, which for…in would list); a cheap turn is counted when the loop ends (a `return
   * false` inside ends the pass, and no other subschema walks this object
   * again), so the work done before it is counted is at most half the
   * allowance the keys' values bring; a costly turn as it starts. Met by
   * several subschemas, the keys of any but a small object are listed once
   * per pass (own-keys.ts), and each turn is counted as it starts, as the
   * closures count it (a branch may end early and the next one walk the
   * object again).
   */
  private keyLoop(v: string, key: string, cost: string, body: string, at: CodeSite): string {
    const charges = cost !== "0";
    if (!charges && body.trim() === "") return "";
    if (at.shared) {
      const [keys, i] = [this.variable(), this.variable()];
      return `{ const ${keys} = keysOf(${v});\nfor (let ${i} = 0; ${i} < ${keys}.length; ${i}++) { const ${key} = ${keys}[${i}];\n${charges ? chargeCode(cost) : ""}${body}\n} }\n`;
    }
    this.forIn = true;
    if (!charges) return `for (const ${key} in ${v}) {\n${body}\n}\n`;
    if (!/^\d+$/.test(cost) || Number(cost) > WORK_PER_VALUE / 2)
      return `for (const ${key} in ${v}) {\n${chargeCode(cost)}${body}\n}\n`;
    const turns = this.variable();
    return `{ let ${turns} = 0;\nfor (const ${key} in ${v}) {\n${turns}++;\n${body}\n}\n${chargeCode(`${turns} * ${cost}`)}}\n`;
  }

  /**
   * `rest` for a key the schema does not list, `listed` for one it does. A
   * switch over a few names compares the key to each; many go to a Set.
   */
  private unlisted(key: string, names: readonly string[], rest: string, listed: string): string {
    if (names.length === 0) return rest;
    if (rest === "" && listed === "") return "";
    if (names.length > MAX_SWITCH_NAMES) {
      const declared = this.constant(new Set(names));
      return `if (!${declared}.has(${key})) {\n${rest}\n} else {\n${listed}\n}`;
    }
    const cases = names.map((name) => `case ${JSON.stringify(name)}:`).join(" ");
    return `switch (${key}) {\n${cases}\n${listed}\nbreak;\ndefault: {\n${rest}\n}\n}`;
  }

  /** The items of a list from the start (Ops.itemsFrom): every item a unit, and checked. */
  private itemsFromStart({ children: [item] }: KeywordCheck, v: string, at: CodeSite, walk: Walk): string {
    walk.items = true;
    const x = this.variable();
    const i = this.variable();
    const { code: body, units } = this.measure(() => this.node(item, x, below(at)));
    // Met once per pass, the list is counted ahead, COUNTED_AHEAD items at a
    // time as findNonJson counts them (a `return false` inside ends the
    // pass; a length is only a claim, and a list of 2^32 - 1 holes counted
    // whole would run out of work before its first hole is found); met by
    // several subschemas, each turn is counted as it starts (a branch may end
    // early and the next walk it again). The length is read once: a proxy may
    // claim another on every read, or no count at all, which no JSON list has
    // (findNonJson then names it).
    const length = this.variable();
    const cost = turnCost(1 + units, at, true);
    const each = at.shared
      ? chargeCode(cost)
      : `if (${i} % ${COUNTED_AHEAD} === 0) ${chargeCode(`Math.min(${COUNTED_AHEAD}, ${length} - ${i}) * ${cost}`)}`;
    const counted = at.walked === "true" ? "" : `if (!isCount(${length})) return false;\n`;
    return `{ const ${length} = ${v}.length;\n${counted}for (let ${i} = 0; ${i} < ${length}; ${i}++) {\n${each}const ${x} = ${v}[${i}];\n${body}\n} }\n`;
  }

  /** A pattern search of the string in `v`, by the keyword at `schemaPath`. */
  private search(compiled: CompiledPattern, source: string, schemaPath: string, v: string, at: CodeSite): string {
    const pattern = this.constant(compiled);
    // Passed as values, not written into the code: a schema path can be long, and so many copies of it.
    const site = this.constant({ schemaPath, pattern: source });
    if (!searchesAtOnce && !at.shared) {
      // Without the fast call, met once per pass, outside any composition: a failure here fails the whole check, so it can wait for the batch.
      this.queues = true;
      return `if (!queueSearch(${pattern}, ${v}, ${site})) return false;\n`;
    }
    return `if (!searchAtOnce(${pattern}, ${v}, ${site})) return false;\n`;
  }
}
