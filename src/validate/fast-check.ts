import { hasAtLeastCodePoints, hasAtMostCodePoints } from "../runtime/code-points";
import { integersCompareExactly, isMultipleOf } from "../runtime/decimal";
import { CORE_ANNOTATIONS, EXTENDED_ANNOTATIONS } from "../compile/keywords/annotations";
import { bigintPasses, BOUNDS } from "../compile/keywords/number";
import { typeTestCode } from "../compile/keywords/type";
import { ownValueCode } from "../compile/keywords/object";
import { jsonEqual, memberOf, LONG_STRING } from "../runtime/json-equal";
import { findNonJson, MAX_DEPTH, nestsWithin } from "../runtime/json-value";
import { CodeWriter, codeGenerationAllowed, MAX_SWITCH_NAMES } from "./code-writer";
import type { CompiledSchema } from "../compile/compile-schema";
import type { CompileOptions } from "../compile/keyword";
import { memoizedGenerated } from "../compile/memo";
import { keysOf } from "../runtime/own-keys";
import { isBlank } from "../runtime/present";
import { EngineLimit, flushSearches, MATCH, NO_MATCH, NO_MEMORY, queueSearch, startBatch, type CompiledPattern } from "../pattern/native";
import { escapePointerSegment } from "../runtime/paths";
import { resolveRef, valueAt } from "../compile/ref-target";
import type { Check } from "../explain/report";
import { isCount, isJsonArray, isPlainObject, isShallowJson, ownFields } from "../runtime/shape";
import { charge, chargeBudget, chargeCode, overrun, pass, WORK_PER_VALUE } from "../runtime/pass";
import { chargeComparison, COMPARED_PER_STEP } from "../runtime/work-costs";
import { subschemaWeight } from "../compile/weight";

/**
 * The fast path as generated code: one JavaScript function per schema that
 * answers "valid JSON arguments" or not, with no report. It covers the
 * keywords tool schemas are made of; any subschema using another keyword
 * (composition, `$ref`, `propertyNames`, …) calls the compiled closure for
 * that subschema, which stays the one source of truth for the explaining pass.
 * A pattern that exhausts the engine throws the same EngineLimit as the
 * closure would. Searches whose failure can only fail the whole check (none
 * inside a composition branch or a shared `$ref` target) are queued and run
 * together in one crossing into the addon when the rest has passed.
 *
 * It also answers for the JSON input domain (docs/contract.md) in the same
 * pass: every value it visits gets a type test that only JSON passes, and
 * every value it does not visit (under `{}`, an unlisted property, a closure's
 * subtree) is walked by findNonJson with the depth left to it. So `true` means
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

/** Keywords the generator writes code for; a node with any other keyword falls back to its closure. */
const GENERATED = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "additional_properties",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "enum",
  "const",
  "pattern",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "$ref",
  "propertyNames",
  // Checked at compile time, nothing to do while validating.
  "$defs",
  "definitions",
  ...[...CORE_ANNOTATIONS, ...EXTENDED_ANNOTATIONS].map((keyword) => keyword.name),
]);

const COMPOSITION = ["anyOf", "allOf", "oneOf", "not"];

/** Keywords that assert nothing while validating. */
const ASSERTS_NOTHING = new Set(["$defs", "definitions", ...[...CORE_ANNOTATIONS, ...EXTENDED_ANNOTATIONS].map((keyword) => keyword.name)]);

/** Builds the fast check, or null when the whole schema is better left to the closures (lenient scalars, too much source). */
export function generateFastCheck(schema: unknown, options: CompileOptions, compiled: CompiledSchema, given: Given): FastCheck | null {
  if (options.lenientScalars || !codeGenerationAllowed) return null;
  const generator = new Generator(schema, compiled.closures, compiled.remembered, compiled.patterns, given, options.presentRequired);
  return generator.build<FastCheck>(() => {
    const body = generator.region(() => generator.node(schema, "", "v", { base: "0", offset: 0, walked: "false", shared: false }));
    // Without a queued search, no batch to start or run.
    const [start, end] = generator.queues ? ["const batch = startBatch();\n", "return flushSearches(batch);"] : ["", "return true;"];
    return `${generator.functions.join("\n")}\nreturn function fastCheck(v) {\n${start}${body}\n${end}\n}`;
  });
}

/** The EngineLimit for a search that did not finish. */
const engineLimit = (outcome: number, schemaPath: string, pattern: string) => new EngineLimit(schemaPath, pattern, outcome === NO_MEMORY);

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

/** The test that `v` is JSON down to the depth bound, or null when a composition above walked it already. */
function walkTest(v: string, at: CodeSite): string | null {
  const left = at.base === "0" ? String(MAX_DEPTH - at.offset) : `${MAX_DEPTH - at.offset} - d`;
  if (at.walked === "true") return null;
  return at.walked === "w" ? `(w || json(${v}, ${left}))` : `json(${v}, ${left})`;
}

/** A statement that returns false unless `v` is JSON, or nothing when a composition above walked it. */
function walkStatement(v: string, at: CodeSite): string {
  const walked = walkTest(v, at);
  return walked === null ? "" : `if (!${walked}) return false;\n`;
}

/**
 * What a turn of a loop over a container's items or keys costs: the
 * subschemas checked in it (`units`), the turn itself, and the turn's share
 * of the JSON walk, which the closures count for every item (findNonJson
 * before their check) and the generated code counts where it loops instead,
 * unless a composition above has walked the value already. So generated code
 * never counts less than the closures on the same value (see region()).
 */
function turnCost(units: number, at: CodeSite): string {
  if (at.walked === "true") return String(units + 1);
  return at.walked === "w" ? `(w ? ${units + 1} : ${units + 2})` : String(units + 2);
}

/** Keywords the generator checks inside an object: without any, the object is only walked. */
const OBJECT_APPLICATORS = ["properties", "required", "additionalProperties", "additional_properties", "propertyNames"];

/** A string too short for comparing it to be charged (src/runtime/work-costs.ts). */
const isShortString = (value: unknown) => typeof value === "string" && value.length < COMPARED_PER_STEP;

/** True when `value` is JSON down to `depthLeft` container levels. */
const isJson = (value: unknown, depthLeft: number) => findNonJson(value, depthLeft, charge) === null;
/** The same for a value JSON.parse returned: the levels are counted and the numbers looked at. */
const isShallowEnough = (value: unknown, depthLeft: number) => nestsWithin(value, depthLeft, charge);

class Generator extends CodeWriter {
  /** Branches of `oneOf`, `anyOf`, `allOf` and `not`, each a function of its own. */
  readonly functions: string[] = [];

  constructor(
    private readonly document: unknown,
    /** The closures by subschema (compile-schema.ts). */
    private readonly closures: ReadonlyMap<unknown, Check>,
    /** `$ref` targets decided once per value, by subschema (compile-schema.ts). */
    private readonly remembered: ReadonlySet<unknown>,
    /** The compiled patterns by their source: the very ones the closures search (compile-schema.ts). */
    private readonly patterns: CompiledSchema["patterns"],
    private readonly given: Given,
    /** Whether a required property of the arguments object must hold a value that is not blank (src/runtime/present.ts). */
    private readonly presentRequired: boolean,
  ) {
    super({
      MATCH,
      NO_MATCH,
      engineLimit,
      chargeBudget,
      queueSearch,
      startBatch,
      flushSearches,
      hasAtLeastCodePoints,
      hasAtMostCodePoints,
      isMultipleOf,
      bigintPasses,
      jsonEqual,
      hasOwn: Object.hasOwn,
      isPlainObject,
      isJsonArray,
      isShallowJson,
      isCount,
      json: given === "parsed" ? isShallowEnough : isJson,
      objectPrototype: Object.prototype,
      remember: memoizedGenerated,
      keysOf,
      pass,
      overrun,
      chargeComparison,
      isBlank,
    });
  }

  /** Whether some search is queued for the batch (queueSearch). */
  queues = false;

  /** Work counted so far in the current region (see region()). */
  private weight = 0;

  /**
   * A function's body, which starts by counting its work (src/runtime/pass.ts): the
   * weight of every subschema written into it, whether or not each runs (an
   * upper bound). Loops and functions inside it count their own.
   */
  region(build: () => string): string {
    // A function's body is written beside the code that asks for it, not into it.
    const { code, units } = this.beside(() => this.measure(build));
    const head = chargeCode(String(units));
    this.written += head.length;
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
  node(schema: unknown, pointer: string, v: string, place: CodeSite): string {
    return this.counted(() => this.nodeCode(schema, pointer, v, place));
  }

  /** The code `build` writes and the weight of the subschemas in it, which the caller charges. */
  private measure(build: () => string): { code: string; units: number } {
    const outer = this.weight;
    this.weight = 0;
    const code = build();
    const units = this.weight;
    this.weight = outer;
    return { code, units };
  }

  private nodeCode(schema: unknown, pointer: string, v: string, place: CodeSite): string {
    let at = place;
    const walked = walkTest(v, at);
    if (schema === true) return walkStatement(v, at);
    if (schema === false) return "return false;";
    const object = ownFields(schema as Record<string, unknown>);
    this.weight += subschemaWeight(object);
    const keywords = Object.keys(object).filter((keyword) => !ASSERTS_NOTHING.has(keyword));
    // Asserting nothing, it takes any JSON value, as `true` does: one walk,
    // not the type tests and loops of every kind (ten times the source).
    if (keywords.length === 0) return walkStatement(v, at);
    // A `$ref` alone: its target checks everything, the JSON domain included.
    if (keywords.length === 1 && keywords[0] === "$ref") return `if (!${this.refFunction(object.$ref as string, at.shared)}(${v}, ${depthOf(at)}, ${at.walked})) return false;`;
    if (keywords.some((keyword) => !GENERATED.has(keyword))) {
      // The walk comes first: it bounds the depth the closure may recurse to.
      const closure = this.constant(this.closures.get(schema));
      return `if (${walked === null ? "" : `!${walked} || `}!${closure}(${v}, null)) return false;`;
    }
    const types = typeof object.type === "string" ? [object.type] : Array.isArray(object.type) ? (object.type as string[]) : null;
    const test = (type: string) => typeTestCode(type, v, this.given === "parsed");
    // Without a type, any JSON value: for one JSON.parse returned, any but a number it read as Infinity.
    const anyJson = this.given === "any" ? `isShallowJson(${v})` : `(typeof ${v} !== "number" || Number.isFinite(${v}))`;
    let code = `if (!(${types === null ? anyJson : types.map(test).join(" || ")})) return false;\n`;
    // A composition walks its value before its branches run (see
    // composition()); walked first, the value's other keywords need not walk
    // what they do not check either.
    if (COMPOSITION.some((keyword) => keyword in object) && walked !== null) {
      code += `if (!${walked}) return false;\n`;
      at = { ...at, walked: "true" };
    }
    const only = types?.length === 1 ? types[0] : null;
    const canBe = (kind: string) => types === null || types.includes(kind);
    const guard = (kind: string, test: string, body: string) => (body === "" || !canBe(kind) ? "" : only === kind ? body : `if (${test}) {\n${body}\n}\n`);
    code += guard("object", test("object"), this.objectKeywords(object, pointer, v, at));
    code += guard("array", `Array.isArray(${v})`, this.arrayKeywords(object, pointer, v, at));
    code += guard("string", `typeof ${v} === "string"`, this.stringKeywords(object, pointer, v, at));
    const numeric = only === "integer" || only === "number";
    const numberBody = this.numberKeywords(object, v);
    code += numberBody === "" ? "" : numeric ? numberBody : `if (typeof ${v} === "number" || typeof ${v} === "bigint") {\n${numberBody}\n}\n`;
    code += this.valueKeywords(object, v);
    code += this.composition(object, pointer, v, at);
    if (typeof object.$ref === "string") code += `if (!${this.refFunction(object.$ref, true)}(${v}, ${depthOf(at)}, ${at.walked})) return false;\n`;
    return code;
  }

  /** Generated `$ref` targets by subschema, for values met once and for shared ones: one function each, however many refs point at it. */
  private readonly refs = { single: new Map<unknown, string>(), shared: new Map<unknown, string>() };

  /**
   * The function for a `$ref` target (resolved at compile time; the schema
   * has been checked), for a value that other subschemas may meet too or
   * not (`shared`, see CodeSite). Recursion descends into the value, so the
   * depth it carries ends it: past the bound the arguments are not JSON
   * anyway. `w` says whether the caller has walked the value already.
   */
  private refFunction(ref: string, shared: boolean): string {
    const { pointer } = resolveRef(this.document, ref) as { pointer: string };
    const target = valueAt(this.document, pointer);
    const functions = shared ? this.refs.shared : this.refs.single;
    let name = functions.get(target);
    if (name === undefined) {
      name = `r${this.refs.single.size + this.refs.shared.size}`;
      functions.set(target, name);
      const index = this.functions.push("") - 1;
      const body = this.region(() => this.node(target, pointer, "v", { base: "d", offset: 0, walked: "w", shared }));
      const fn = `function (v, d, w) {\nif (d >= ${MAX_DEPTH}) return false;\n${body}\nreturn true;\n}`;
      this.define(index, `const ${name} = ${this.remembered.has(target) ? `remember(${fn})` : fn};`, body);
    }
    return name;
  }

  /**
   * Each branch is a function that answers for the same value; they run in
   * the order and with the short cuts of the closures in
   * src/compile/keywords/composition.ts. A branch that fails because of a non-JSON value
   * would make `not` hold, so node() walks the value first, once: the
   * branches, and compositions inside them, know it is JSON.
   */
  private composition(object: Record<string, unknown>, pointer: string, v: string, at: CodeSite): string {
    const branch = (schema: unknown, path: string) => {
      const name = `b${this.functions.length}`;
      this.functions.push("");
      const body = this.region(() => this.node(schema, path, "v", { base: "d", offset: 0, walked: "true", shared: true }));
      this.define(Number(name.slice(1)), `function ${name}(v, d) {\n${body}\nreturn true;\n}`, body);
      return name;
    };
    const depth = depthOf(at);
    const list = (keyword: string) => (object[keyword] as unknown[]).map((schema, i) => branch(schema, `${pointer}/${keyword}/${i}`));
    let code = "";
    if ("anyOf" in object) code += `if (!(${list("anyOf").map((b) => `${b}(${v}, ${depth})`).join(" || ")})) return false;\n`;
    if ("allOf" in object) code += `if (!(${list("allOf").map((b) => `${b}(${v}, ${depth})`).join(" && ")})) return false;\n`;
    if ("oneOf" in object) {
      const matched = this.variable();
      code += `{ let ${matched} = 0;\n${list("oneOf")
        .map((b) => `if (${b}(${v}, ${depth}) && ++${matched} > 1) return false;`)
        .join("\n")}\nif (${matched} !== 1) return false; }\n`;
    }
    if ("not" in object) code += `if (${branch(object.not, `${pointer}/not`)}(${v}, ${depth})) return false;\n`;
    return code;
  }

  private objectKeywords(object: Record<string, unknown>, pointer: string, v: string, at: CodeSite): string {
    // Nothing to check inside: one walk instead of a loop that walks each value.
    if (!OBJECT_APPLICATORS.some((keyword) => keyword in object)) return walkStatement(v, at);
    let code = "";
    const properties = isPlainObject(object.properties) ? object.properties : {};
    const required = new Set((object.required as string[] | undefined) ?? []);
    const blank = this.blankTest(at);
    // Each listed or required property is read once.
    for (const name of new Set([...Object.keys(properties), ...required])) {
      const x = this.variable();
      const body = Object.hasOwn(properties, name) ? this.node(properties[name], `${pointer}/properties/${escapePointerSegment(name)}`, x, below(at)) : "";
      if (required.has(name)) {
        // Own properties only, whatever Object.prototype holds at the time of the call.
        code += `{ ${ownValueCode(x, v, name)}if (${x} === undefined${blank(x)}) return false;\n${body}\n}\n`;
      } else if (body !== "") {
        code += `{ ${ownValueCode(x, v, name, true)}if (${x} !== undefined) {\n${body}\n} }\n`;
      }
    }
    // Every property name, and every property the code above did not visit:
    // checked against propertyNames and additionalProperties, or else only
    // walked to be JSON, in one loop over the own keys.
    const key = this.variable();
    let names = "";
    let rest = "";
    const { units } = this.measure(() => {
      names = "propertyNames" in object ? this.node(object.propertyNames, `${pointer}/propertyNames`, key, at) : "";
      const additionalKey = "additionalProperties" in object ? "additionalProperties" : "additional_properties";
      const additional = additionalKey in object ? object[additionalKey] : true;
      rest = this.node(additional, `${pointer}/${additionalKey}`, `${v}[${key}]`, below(at));
      return "";
    });
    // A listed property holding undefined was skipped above: it is not JSON.
    const listed = at.walked === "true" ? "" : `if (${v}[${key}] === undefined) return false;`;
    if (names === "" && rest === "" && listed === "") return code;
    const body = `${names}\n${this.unlisted(key, Object.keys(properties), rest, listed)}`;
    if (!at.shared) {
      // Met once per pass: for…in lists the keys without allocating (it
      // would also list enumerable properties added to Object.prototype,
      // which then fail here, and the closures, which read own keys only,
      // have the last word). A cheap turn is counted when the loop ends (a
      // `return false` inside ends the pass, and no other subschema walks
      // this object again): the work done before it is counted is at most
      // half the allowance the keys' values bring. A costly turn is counted
      // as it starts.
      if (units + 2 > WORK_PER_VALUE / 2) return `${code}for (const ${key} in ${v}) {\n${chargeCode(turnCost(units, at))}${body}\n}\n`;
      const turns = this.variable();
      return `${code}{ let ${turns} = 0;\nfor (const ${key} in ${v}) {\n${turns}++;\n${body}\n}\n${chargeCode(`${turns} * ${turnCost(units, at)}`)}}\n`;
    }
    // Met by several subschemas: the keys of any but a small object are
    // listed once per pass (own-keys.ts), and each turn is counted as it
    // starts (a branch may end early and the next one walk the object again).
    const keys = this.variable();
    const i = this.variable();
    return `${code}{ const ${keys} = keysOf(${v});\nfor (let ${i} = 0; ${i} < ${keys}.length; ${i}++) { const ${key} = ${keys}[${i}];\n${chargeCode(turnCost(units, at))}${body}\n} }\n`;
  }

  /**
   * What a required property's test adds under presentRequired: the value
   * must not be blank where the object is the arguments object itself, which
   * the place tells (depth 0: the root, or a function's value at `d === 0`).
   * The closures ask the same of the object (src/compile/keywords/object.ts).
   */
  private blankTest(at: CodeSite): (x: string) => string {
    if (!this.presentRequired || at.offset !== 0) return () => "";
    return at.base === "0" ? (x) => ` || isBlank(${x})` : (x) => ` || (d === 0 && isBlank(${x}))`;
  }

  /**
   * `rest` for a key the schema does not list, `listed` for one it does. A
   * switch over a few names compares the key to each; many go to a Set.
   */
  private unlisted(key: string, names: string[], rest: string, listed: string): string {
    if (names.length === 0) return rest;
    if (names.length > MAX_SWITCH_NAMES) {
      const declared = this.constant(new Set(names));
      return `if (!${declared}.has(${key})) {\n${rest}\n} else {\n${listed}\n}`;
    }
    const cases = names.map((name) => `case ${JSON.stringify(name)}:`).join(" ");
    return `switch (${key}) {\n${cases}\n${listed}\nbreak;\ndefault: {\n${rest}\n}\n}`;
  }

  private arrayKeywords(object: Record<string, unknown>, pointer: string, v: string, at: CodeSite): string {
    let code = "";
    if (typeof object.minItems === "number") code += `if (${v}.length < ${object.minItems}) return false;\n`;
    if (typeof object.maxItems === "number") code += `if (${v}.length > ${object.maxItems}) return false;\n`;
    // Without items, one walk instead of a loop that walks each item.
    if (!("items" in object)) return code + walkStatement(v, at);
    // Every item, checked against items (a hole reads as undefined, which no test passes).
    const x = this.variable();
    const i = this.variable();
    const { code: body, units } = this.measure(() => this.node(object.items, `${pointer}/items`, x, below(at)));
    if (body === "") return code;
    // Met once per pass, the list is counted before the loop (a `return
    // false` inside ends the pass); met by several subschemas, each turn is
    // counted as it starts (a branch may end early and the next walk it again).
    // The length is read once: a proxy may claim another on every read, or
    // no count at all, which no JSON list has (findNonJson then names it).
    const length = this.variable();
    const before = at.shared ? "" : chargeCode(`${length} * ${turnCost(units, at)}`);
    const each = at.shared ? chargeCode(turnCost(units, at)) : "";
    code += `{ const ${length} = ${v}.length;\nif (!isCount(${length})) return false;\n${before}for (let ${i} = 0; ${i} < ${length}; ${i}++) { const ${x} = ${v}[${i}];\n${each}${body}\n} }\n`;
    return code;
  }

  private stringKeywords(object: Record<string, unknown>, pointer: string, v: string, at: CodeSite): string {
    let code = "";
    if (typeof object.minLength === "number") code += `if (!hasAtLeastCodePoints(${v}, ${object.minLength})) return false;\n`;
    if (typeof object.maxLength === "number") code += `if (!hasAtMostCodePoints(${v}, ${object.maxLength})) return false;\n`;
    if (typeof object.pattern === "string") {
      const pattern = this.constant(this.patterns.get(object.pattern) as CompiledPattern);
      // Passed as values, not written into the code: a schema path can be long, and so many copies of it.
      if (!at.shared) {
        // Met once per pass, outside any composition: a failure here fails the whole check, so it can wait for the batch.
        this.queues = true;
        code += `if (!queueSearch(${pattern}, ${v}, ${this.constant({ schemaPath: `${pointer}/pattern`, pattern: object.pattern })})) return false;\n`;
      } else {
        const where = `${this.constant(`${pointer}/pattern`)}, ${this.constant(object.pattern)}`;
        const outcome = this.variable();
        code += `{ const ${outcome} = ${pattern}.test(${v}); chargeBudget();\nif (${outcome} !== MATCH) { if (${outcome} !== NO_MATCH) throw engineLimit(${outcome}, ${where}); return false; } }\n`;
      }
    }
    return code;
  }

  private numberKeywords(object: Record<string, unknown>, v: string): string {
    let code = "";
    for (const [keyword, { operator }] of Object.entries(BOUNDS)) {
      const bound = object[keyword];
      if (typeof bound !== "number") continue;
      // A bigint against a bound of 2^53 or more is compared on decimals (bigintPasses).
      const literal = JSON.stringify(bound);
      const passes = integersCompareExactly(bound) ? `${v} ${operator} ${literal}` : `(typeof ${v} === "bigint" ? bigintPasses(${v}, ${literal}, "${operator}") : ${v} ${operator} ${literal})`;
      code += `if (!(${passes})) return false;\n`;
    }
    if (typeof object.multipleOf === "number") code += `if (!isMultipleOf(${v}, ${JSON.stringify(object.multipleOf)})) return false;\n`;
    return code;
  }

  private valueKeywords(object: Record<string, unknown>, v: string): string {
    let code = "";
    if (Array.isArray(object.enum)) code += this.enumCheck(object.enum, v);
    if ("const" in object) code += this.constCheck(object.const, v);
    return code;
  }

  /**
   * `enum`, charged as the closures charge (json-equal.ts memberOf): a
   * string found among the choices is compared whole once. Choices shorter
   * together than a comparison step (src/runtime/work-costs.ts) are compared inline; longer
   * ones looked up in a Set, where `===` would compare the value with every
   * choice of its length. Other choices, and strings V8 hashes by their
   * length alone, go to memberOf.
   */
  private enumCheck(choices: unknown[], v: string): string {
    if (!choices.every((choice) => typeof choice === "string" && choice.length < LONG_STRING)) return `if (!${this.constant(memberOf(choices))}(${v})) return false;\n`;
    const strings = choices as string[];
    if (strings.reduce((length, choice) => length + choice.length, 0) < COMPARED_PER_STEP) return `if (!(${this.oneOfStrings(v, strings)})) return false;\n`;
    const found = `if (!${this.constant(new Set(strings))}.has(${v})) return false;\n`;
    return strings.every(isShortString) ? found : `${found}chargeComparison(${v}.length);\n`;
  }

  /**
   * `const`: a string, boolean or null equals only itself; numbers and
   * structures need jsonEqual. A long string choice is passed as a value, not
   * written into the code, and a value of its length is compared unit by
   * unit, charged as the closures charge (json-equal.ts sameString).
   */
  private constCheck(value: unknown, v: string): string {
    if (typeof value === "boolean" || value === null) return `if (${v} !== ${String(value)}) return false;\n`;
    if (typeof value !== "string") return `if (!jsonEqual(${this.constant(value)}, ${v})) return false;\n`;
    if (isShortString(value)) return `if (${v} !== ${JSON.stringify(value)}) return false;\n`;
    return `if (typeof ${v} === "string" && ${v}.length === ${value.length}) chargeComparison(${value.length});\nif (${v} !== ${this.constant(value)}) return false;\n`;
  }
}
