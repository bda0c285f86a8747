import { chargeKeywords, chargeSubschema, MAX_CHAIN, MAX_SUBSCHEMAS, SchemaTooLarge, schemaValueCount } from "./bounds";
import { MAX_DEPTH, type CountVisits } from "../runtime/json-value";
import type { CompileOptions, Keyword, SchemaSite } from "./keyword";
import { isListValued, keywordFor, keywordNamed, placementOf } from "./keywords";
import { refKeyword } from "./keywords/ref";
import { typeKeyword } from "./keywords/type";
import type { Assertion, Claims } from "./assertion";
import { closureOps } from "./closure-ops";
import { lenientTypeGate } from "./lenient";
import { memoized } from "./memo";
import { SchemaPatterns } from "../pattern/compile-pattern";
import type { CompiledPattern } from "../pattern/native";
import type { PatternError } from "../pattern/syntax";
import { escapePointerSegment, type PathSegment } from "../runtime/paths";
import { resolveRef, valueAt, type RefTarget } from "./ref-target";
import { acceptAll, every, type Check } from "../explain/report";
import type { ErrorKind, Issue } from "../runtime/types";
import { isPlainObject, ownFields } from "../runtime/shape";
import { charge } from "../runtime/pass";
import { MAX_ISSUES, unplacedIssue } from "../explain/failure";
import { NO_PARAMS } from "../explain/params";

/**
 * Above this many subschema visits per value (counting every path through
 * shared `$ref` targets), the shared targets are decided once per value.
 * Below it, remembering costs more than it saves.
 */
const UNROLLED_VISITS = 256;

/**
 * The longest `$ref`, or target pointer, that keys a map of the compiler:
 * V8 hashes a string of 16,384 characters or more by its length alone, so
 * longer ones would collide; they are resolved each time they are met.
 */
const MAX_KEYED_REF = 1024;

/** `make(key)`, remembered in `known` when the key is short enough to key a map by (MAX_KEYED_REF), else made again. */
function keyedByRef<T>(known: Map<string, T>, key: string, make: (key: string) => T): T {
  if (key.length > MAX_KEYED_REF) return make(key);
  let value = known.get(key);
  if (value === undefined) known.set(key, (value = make(key)));
  return value;
}

export interface CompiledSchema {
  /** Present when `issues` is empty. */
  check: Check | null;
  /** Problems of the schema, in document order: at most MAX_ISSUES of them. */
  issues: Issue[];
  /** How many problems there were beyond `issues`. */
  uncounted: number;
  /** How many subschemas were compiled. */
  subschemas: number;
  /** `$ref` targets decided once per value (see UNROLLED_VISITS), by their subschema. */
  remembered: ReadonlySet<unknown>;
  /** Native memory held by the schema's compiled patterns. */
  patternBytes: number;
  /** The compiled patterns by their source, as the closures search them. */
  patterns: ReadonlyMap<string, CompiledPattern | PatternError>;
  /** Lets go of the compiled patterns (src/pattern/compile-pattern.ts, SchemaPatterns): for a schema whose checks will not run again. */
  release(): void;
  /** The subschema compiled from `schema` at `pointer` (for the generated explaining pass, src/validate/explainer.ts). */
  nodeAt(schema: unknown, pointer: string): CompiledNode | undefined;
  /**
   * With presentRequired (src/runtime/present.ts), the names listed by the root's
   * `required` and by those of the subschemas that always apply to the
   * arguments object with it (`allOf` branches and `$ref` targets, and
   * theirs): a call whose arguments hold one of them blank fails, so while
   * explaining, no other subschema checks that value. Null without the option.
   */
  rootRequired: ReadonlySet<string> | null;
}

/** One keyword's check, as a subschema runs it, and what it compiled. */
export interface KeywordCheck {
  readonly name: string;
  readonly check: Check;
  /** Its description: what it applies to, and whether its subschemas meet the same value. */
  readonly described: Keyword;
  /** Its assertion, which the closure was read from and generated code is written from; null for a keyword that compiles its own closure. */
  readonly assertion: Assertion | null;
  /** The subschemas it compiled, in order. */
  readonly children: readonly CompiledNode[];
}

/** A compiled subschema: its check, and the parts it is made of. */
export interface CompiledNode {
  readonly schema: unknown;
  /** Its JSON Pointer, as built (read only for messages and to tell apart places that hold one object). */
  readonly pointer: string;
  readonly check: Check;
  /** The work one evaluation counts, without its children and branches (Keyword.weight). */
  readonly weight: number;
  /** Its `type` check, which runs first: a value of the wrong type meets no other keyword. */
  readonly type: Check | null;
  /** The names of that type, or null without one. */
  readonly types: readonly string[] | null;
  /** The property names its keywords require (Keyword.requires), as compiled. */
  readonly required: readonly string[];
  /** The checks of its other keywords that assert something, in the order they run. */
  readonly keywords: readonly KeywordCheck[];
  /** Where its `$ref` leads, and whether that target is decided once per value (see UNROLLED_VISITS). */
  readonly ref: { readonly target: CompiledNode; readonly remembered: boolean } | null;
}

/**
 * Checks a whole tool schema and builds its validator in one pass. Every
 * subschema is checked, reached by the arguments or not.
 */
export function compileSchema(schema: unknown, options: CompileOptions): CompiledSchema {
  return new Compiler(schema, options).run();
}

/** A `$ref` waiting for its target, which may not be compiled yet (recursion). */
interface PendingRef {
  /** The node that holds it, and where it is written. */
  from: number;
  via: string;
  keyword: string;
  /** The target's canonical JSON Pointer. */
  target: string;
  check: Check;
}

/** An edge between two subschemas applied to the same value: a `$ref`, or a composition branch. */
interface SameValueEdge {
  to: number;
  /** Where the edge is written (the `$ref`, or the branch) and its keyword. */
  via: string;
  keyword: string;
}

/** A compiled subschema, as it is being built. */
interface Node extends CompiledNode {
  check: Check;
  weight: number;
  type: Check | null;
  types: readonly string[] | null;
  keywords: KeywordCheck[];
  ref: { target: Node; remembered: boolean } | null;
  required: readonly string[];
}

/**
 * The compiled subschema of `schema` at `pointer` (compared by pointer only
 * when the object is at several places). It holds the nodes and nothing
 * else of the compiler, which a validator would otherwise keep alive.
 */
function nodeFinder(nodes: readonly Node[], bySchema: ReadonlyMap<unknown, number[]>): CompiledSchema["nodeAt"] {
  return (schema, pointer) => {
    const compiled = bySchema.get(schema);
    const id = compiled?.length === 1 ? compiled[0] : compiled?.find((other) => nodes[other].pointer === pointer);
    return id === undefined ? undefined : nodes[id];
  };
}

/**
 * Compiles a schema into closures. Subschemas are numbered, and the maps
 * here are keyed by number or by object, never by JSON Pointer: V8 hashes a
 * string of 16,384 characters or more by its length alone, and the pointers
 * below a long property name would all collide (and be copied flat).
 */
class Compiler {
  private readonly issues: Issue[] = [];
  private uncounted = 0;
  /** Every compiled subschema, by number. */
  readonly nodes: Node[] = [];
  /** The numbers of the nodes compiled from each subschema object. */
  private readonly bySchema = new Map<unknown, number[]>();
  private readonly pendingRefs: PendingRef[] = [];
  /** Same-value edges by the number of the node they leave. */
  private readonly sameValue: SameValueEdge[][] = [];
  readonly typeCache = new Map<unknown, string[] | null | undefined>();
  /** Where each `$ref` string leads (resolveRef), resolved once: a schema may repeat one `$ref` thousands of times. */
  private readonly refTargets = new Map<string, RefTarget>();
  readonly patterns: SchemaPatterns;
  readonly countValues: CountVisits;
  readonly rootRequired: Set<string> | null;

  constructor(
    readonly document: unknown,
    readonly options: CompileOptions,
  ) {
    this.patterns = new SchemaPatterns(options.profile);
    this.countValues = schemaValueCount(this.patterns);
    this.rootRequired = options.presentRequired ? new Set() : null;
  }

  run(): CompiledSchema {
    const root = this.document;
    const type = typeKeyword.name;
    if (!isPlainObject(root) || root[type] !== "object") {
      this.record(
        isPlainObject(root) ? `/${type}` : "",
        type,
        'the root schema must be an object with "type": "object"',
        "validation",
      );
    }
    let check: Check = acceptAll;
    const remembered = new Set<unknown>();
    try {
      check = this.node(root, "", 0).check;
      const found = new Map<string, number>();
      const targets = this.pendingRefs.map((ref) => keyedByRef(found, ref.target, (target) => this.nodeAt(target)));
      this.pendingRefs.forEach((ref, i) => this.edge(ref.from, { to: targets[i], via: ref.via, keyword: ref.keyword }));
      const acyclic = this.refuseCycles();
      if (acyclic) this.collectRootRequired();
      const once = acyclic ? this.boundChains() : new Set<number>();
      this.pendingRefs.forEach((ref, i) => {
        const target = this.nodes[targets[i]];
        const decidedOnce = once.has(targets[i]);
        ref.check = decidedOnce ? memoized(target.check) : target.check;
        if (decidedOnce) remembered.add(target.schema);
        this.nodes[ref.from].ref = { target, remembered: decidedOnce };
      });
    } catch (error) {
      if (!(error instanceof SchemaTooLarge)) throw error;
      this.record("", "schema", error.message, "unsupported_capability");
    }
    const failed = this.issues.length > 0 || this.uncounted > 0;
    return {
      check: failed ? null : check,
      issues: this.issues,
      uncounted: this.uncounted,
      subschemas: this.nodes.length,
      remembered,
      patternBytes: this.patterns.bytes,
      patterns: this.patterns.compiled,
      // Bound to the patterns alone: a validator's finalizer holds it, and must not keep the compiler's state alive.
      release: this.patterns.release.bind(this.patterns),
      nodeAt: nodeFinder(this.nodes, this.bySchema),
      rootRequired: this.rootRequired,
    };
  }

  /**
   * Fills rootRequired: the required names of the root node and of every
   * node that applies to the same value unconditionally (a keyword whose
   * sameValue is "all": `allOf`, `$ref`). The branches of the others apply
   * only when they are chosen, so theirs are left out: a blank value they
   * name may still be checked, and the call may still pass.
   */
  private collectRootRequired(): void {
    const names = this.rootRequired;
    if (names === null) return;
    const seen = new Uint8Array(this.nodes.length);
    const stack = [0];
    seen[0] = 1;
    while (stack.length > 0) {
      const id = stack.pop()!;
      for (const name of this.nodes[id].required) names.add(name);
      for (const { to, keyword } of this.sameValue[id] ?? []) {
        if (keywordNamed(keyword)?.sameValue !== "all" || seen[to] === 1) continue;
        seen[to] = 1;
        stack.push(to);
      }
    }
  }

  /**
   * The node at a `$ref` target's pointer: the one compiled from the object
   * there (compared by pointer only when the object is at several places),
   * or, for a target its keyword compiled without a node of its own (the
   * `false` of additionalProperties), one compiled now: never assumed valid.
   */
  private nodeAt(pointer: string): number {
    const schema = valueAt(this.document, pointer);
    const compiled = typeof schema === "object" ? this.bySchema.get(schema) : undefined;
    const found = compiled?.length === 1 ? compiled[0] : compiled?.find((id) => this.nodes[id].pointer === pointer);
    return found ?? this.node(schema, pointer, 0).id;
  }

  /** resolveRef in the document, once for each `$ref` string short enough to key a map by (MAX_KEYED_REF). */
  resolve(ref: unknown): RefTarget {
    const resolved = (value: unknown) => resolveRef(this.document, value, placementOf);
    return typeof ref === "string" ? keyedByRef(this.refTargets, ref, resolved) : resolved(ref);
  }

  record(pointer: string, keyword: string, message: string, kind: ErrorKind): void {
    if (this.issues.length >= MAX_ISSUES) this.uncounted++;
    else this.issues.push(unplacedIssue(kind, pointer, keyword, `#${pointer}: ${message}`));
  }

  node(schema: unknown, pointer: string, depth: number): { id: number; check: Check } {
    const id = this.nodes.length;
    if (id >= MAX_SUBSCHEMAS)
      throw new SchemaTooLarge(`the schema has more than ${MAX_SUBSCHEMAS} subschemas (counted as written out)`);
    chargeSubschema(this.patterns);
    const node: Node = {
      pointer,
      schema,
      check: acceptAll,
      weight: 0,
      type: null,
      types: null,
      keywords: [],
      ref: null,
      required: NO_NAMES,
    };
    this.nodes.push(node);
    const compiled = this.bySchema.get(schema);
    if (compiled === undefined) this.bySchema.set(schema, [id]);
    else compiled.push(id);
    node.check = this.build(schema, pointer, depth, id);
    return { id, check: node.check };
  }

  /** The check of node `id`, whose parts it records on the node. */
  private build(schema: unknown, pointer: string, depth: number, id: number): Check {
    if (schema === true) return acceptAll;
    if (schema === false) return rejectAll(pointer);
    if (!isPlainObject(schema)) {
      this.record(pointer, "schema", "a schema must be an object or a boolean", "validation");
      return acceptAll;
    }
    if (depth >= MAX_DEPTH) {
      this.record(pointer, "schema", `the schema nests deeper than ${MAX_DEPTH} levels`, "validation");
      return acceptAll;
    }
    const fields = this.fields(schema);
    chargeKeywords(this.patterns, Object.keys(fields).length);
    const site = new Site(this, fields, pointer, depth, id);
    const node = this.nodes[id];
    const names = Object.keys(fields);
    // A unit for the subschema, one for each keyword (annotations too), and what each adds, read once the
    // keyword has checked its value (a list that only claims its length is refused unread).
    let weight = 1 + names.length;
    for (const name of names) {
      const keyword = keywordFor(name, this.options.profile);
      if (typeof keyword === "string") {
        site.problem(name, keyword, "unsupported_capability");
        continue;
      }
      const value = fields[name];
      site.startKeyword();
      if (keyword.requires) node.required = keyword.requires(value);
      const assertion = keyword.assert ? keyword.assert(value, site) : null;
      const compiled = assertion === null ? keyword.compile?.(value, site) : null;
      const subschemas: readonly CompiledNode[] = exactly(site.children) ?? NO_CHILDREN;
      const check = assertion
        ? assertion(
            closureOps({
              name,
              pointer: site.pointer(name),
              applies: keyword.applies,
              rootRequired: this.rootRequired,
              children: subschemas.map((subschema) => subschema.check),
            }),
          )
        : compiled;
      if (keyword.weight) weight += keyword.weight(value);
      if (!check) continue;
      if (keyword.typeNames) {
        node.type = check;
        node.types = keyword.typeNames(value);
      } else
        node.keywords.push({
          name,
          check,
          described: keyword,
          assertion,
          children: subschemas,
        });
    }
    node.weight = weight;
    node.keywords = exactly(node.keywords) ?? [];
    const checks = node.keywords.map((keyword) => keyword.check);
    if (this.options.lenientScalars && node.type !== null && node.types !== null)
      return charged(weight, null, [lenientTypeGate(node.types, node.type, every(checks))]);
    return charged(weight, node.type, checks);
  }

  /** What the keywords of a schema object's `fields` check themselves (Keyword.claims). */
  claimed(fields: Record<string, unknown>, site: SchemaSite): Claims {
    const names: string[] = [];
    const tests: ((name: string) => boolean)[] = [];
    const words: string[] = [];
    for (const name of Object.keys(fields)) {
      const keyword = keywordFor(name, this.options.profile);
      if (typeof keyword === "string" || keyword.claims === undefined) continue;
      const claims = keyword.claims(fields[name], site);
      names.push(...claims.names);
      if (claims.test !== null) tests.push(claims.test);
      if (claims.words !== null) words.push(claims.words);
    }
    if (tests.length === 0) return names.length === 0 ? NO_CLAIMS : { names, test: null, words: null };
    const test = tests.length === 1 ? tests[0] : (name: string) => tests.some((claimed) => claimed(name));
    return { names, test, words: words.join(", ") };
  }

  /**
   * A subschema's own fields, each read once (ownFields), with the lists its
   * keywords walk copied (see list): a keyword, its siblings and the
   * subschema's weight all read the same values, whatever a getter or proxy
   * would answer on another read.
   */
  private fields(schema: Record<string, unknown>): Record<string, unknown> {
    const fields = ownFields(schema);
    for (const name of Object.keys(fields)) {
      const value = fields[name];
      if (Array.isArray(value) && isListValued(name)) fields[name] = this.list(value);
    }
    return fields;
  }

  /**
   * A copy of a list in the schema, its length read once and counted
   * against the schema's values before an item is read: a sparse list of
   * 2^32 - 1 holes, or a proxy that claims a billion items, is refused at
   * the bound instead of walked. A hole is copied as undefined, which every
   * keyword refuses.
   */
  list(value: readonly unknown[]): unknown[] {
    const length: unknown = value.length;
    if (!Number.isSafeInteger(length) || (length as number) < 0) throw new TypeError("a list's length is not a count");
    this.countValues(length as number);
    const copy: unknown[] = [];
    for (let i = 0; i < (length as number); i++) copy.push(value[i]);
    return copy;
  }

  edge(from: number, edge: SameValueEdge): void {
    (this.sameValue[from] ??= []).push(edge);
  }

  /** A check that runs the target's compiled check, filled in once every node is compiled. */
  ref(from: number, via: string, keyword: string, target: string): Check {
    // Replaced once every node is compiled; until then nothing passes.
    const pending: PendingRef = { from, via, keyword, target, check: () => false };
    this.pendingRefs.push(pending);
    return (value, report) => pending.check(value, report);
  }

  /**
   * A loop of `$ref`s and composition branches that comes back to the same
   * subschema without descending into the value would never end:
   * it is malformed. Any other recursion descends, and the depth bound on
   * arguments ends it.
   */
  private refuseCycles(): boolean {
    // Depth-first search with an explicit stack: a hostile schema can chain
    // many thousands of $defs.
    let acyclic = true;
    const OPEN = 1;
    const DONE = 2;
    const state = new Uint8Array(this.nodes.length);
    for (let start = 0; start < this.sameValue.length; start++) {
      if (this.sameValue[start] === undefined || state[start] !== 0) continue;
      const stack: { id: number; next: number }[] = [{ id: start, next: 0 }];
      state[start] = OPEN;
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        const edge = this.sameValue[top.id]?.[top.next++];
        if (edge === undefined) {
          state[top.id] = DONE;
          stack.pop();
          continue;
        }
        if (state[edge.to] === OPEN) {
          acyclic = false;
          this.record(
            edge.via,
            edge.keyword,
            `a cycle of $ref and composition that never descends into the value returns to #${this.nodes[edge.to].pointer}`,
            "validation",
          );
        } else if (state[edge.to] === 0) {
          state[edge.to] = OPEN;
          stack.push({ id: edge.to, next: 0 });
        }
      }
    }
    return acyclic;
  }

  /**
   * On the (acyclic) graph of same-value edges: refuses chains longer than
   * MAX_CHAIN, which would run as deep recursion, and, when the schema's
   * paths multiply (`d1: allOf [$ref d2, $ref d2]`, `d2: allOf [$ref d3,
   * $ref d3]`, … is 2^n visits per value), returns the targets that more than
   * one edge leads to, to decide once per value.
   */
  private boundChains(): Set<number> {
    const UNSEEN = -1;
    const chain = new Int32Array(this.nodes.length).fill(UNSEEN);
    const visits = new Float64Array(this.nodes.length);
    const incoming = new Uint32Array(this.nodes.length);
    let mostVisits = 0;
    // Post-order with an explicit stack, children before parents.
    for (let start = 0; start < this.sameValue.length; start++) {
      if (this.sameValue[start] === undefined || chain[start] !== UNSEEN) continue;
      const stack: { id: number; next: number }[] = [{ id: start, next: 0 }];
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        const edges = this.sameValue[top.id] ?? [];
        const edge = edges[top.next++];
        if (edge !== undefined) {
          if (chain[edge.to] === UNSEEN) stack.push({ id: edge.to, next: 0 });
          continue;
        }
        stack.pop();
        let longest = 0;
        let total = 1;
        for (const { to } of edges) {
          longest = Math.max(longest, 1 + chain[to]);
          total = Math.min(total + visits[to], Number.MAX_SAFE_INTEGER);
          incoming[to]++;
        }
        if (longest === MAX_CHAIN + 1) {
          this.record(
            this.nodes[top.id].pointer,
            refKeyword.name,
            `a chain of $ref and composition longer than ${MAX_CHAIN} steps starts here`,
            "validation",
          );
        }
        chain[top.id] = longest;
        visits[top.id] = total;
        mostVisits = Math.max(mostVisits, total);
      }
    }
    const once = new Set<number>();
    if (mostVisits > UNROLLED_VISITS) {
      incoming.forEach((count, id) => {
        if (count > 1) once.add(id);
      });
    }
    return once;
  }
}

/**
 * What the keywords of one schema object compile with (SchemaSite): an
 * object a subschema, its methods on the prototype, so that a check that
 * keeps its site (a keyword's closure may) keeps this object and no
 * closures made for it.
 */
class Site implements SchemaSite {
  /** The subschemas the keyword being compiled makes, in order. */
  children: CompiledNode[] | null = null;
  /** What the object's keywords claim (Keyword.claims), once a keyword asked. */
  private claims: Claims | undefined = undefined;

  constructor(
    private readonly compiler: Compiler,
    readonly schema: Record<string, unknown>,
    /** The object's JSON Pointer. */
    private readonly at: string,
    private readonly depth: number,
    /** The node the object compiles to. */
    private readonly id: number,
  ) {}

  get options(): CompileOptions {
    return this.compiler.options;
  }
  get document(): unknown {
    return this.compiler.document;
  }
  get typeCache(): Map<unknown, string[] | null | undefined> {
    return this.compiler.typeCache;
  }
  get countValues(): CountVisits {
    return this.compiler.countValues;
  }
  chargeRules(count: number): void {
    chargeKeywords(this.compiler.patterns, count);
  }
  get rootRequired(): ReadonlySet<string> | null {
    return this.compiler.rootRequired;
  }

  /** Clears what the last keyword made, for the next one. */
  startKeyword(): void {
    this.children = null;
  }

  pointer(...segments: PathSegment[]): string {
    let pointer = this.at;
    for (const segment of segments) pointer += "/" + escapePointerSegment(segment);
    return pointer;
  }

  problem(keyword: string, message: string, kind: ErrorKind = "validation", ...segments: PathSegment[]): void {
    this.compiler.record(this.pointer(keyword, ...segments), keyword, message, kind);
  }

  subschema(value: unknown, ...segments: PathSegment[]): Check {
    return this.child(value, this.pointer(...segments)).check;
  }

  applicator(keyword: string, value: unknown, ...segments: PathSegment[]): Check {
    const branch = this.pointer(keyword, ...segments);
    const made = this.child(value, branch);
    this.compiler.edge(this.id, { to: made.id, via: branch, keyword });
    return made.check;
  }

  ref(keyword: string, target: string): Check {
    return this.compiler.ref(this.id, this.pointer(keyword), keyword, target);
  }

  resolve(ref: unknown): RefTarget {
    return this.compiler.resolve(ref);
  }

  claimed(): Claims {
    return (this.claims ??= this.compiler.claimed(this.schema, this));
  }

  list(value: readonly unknown[]): unknown[] {
    return this.compiler.list(value);
  }

  pattern(source: string): CompiledPattern | PatternError {
    return this.compiler.patterns.compile(source);
  }

  private child(value: unknown, pointer: string): { id: number; check: Check } {
    const made = this.compiler.node(value, pointer, this.depth + 1);
    (this.children ??= []).push(this.compiler.nodes[made.id]);
    return made;
  }
}

const NO_CLAIMS: Claims = { names: [], test: null, words: null };
const NO_CHILDREN: readonly CompiledNode[] = [];

/**
 * A list grown by push, copied to its length: V8 gives a list that grows
 * room for more, and a validator keeps these lists for as long as it lives.
 */
function exactly<T>(list: T[] | null): T[] | null {
  return list === null || list.length === 0 ? null : list.slice();
}
const NO_NAMES: readonly string[] = [];

/**
 * A node's check, counting its weight of work each time it runs: its `type`
 * check first (a value of the wrong type gets one problem, not one per
 * keyword), then each of `checks`, all of them with a report (every failure
 * recorded), the first failure ending it without one. One closure a node:
 * a validator keeps one for each of its subschemas.
 */
function charged(weight: number, type: Check | null, checks: readonly Check[]): Check {
  // Made by functions of their own: a closure made in a block would keep a context of the block's too.
  if (checks.length === 0) return type === null ? chargedOnly(weight) : chargedOne(weight, type);
  if (checks.length === 1) return type === null ? chargedOne(weight, checks[0]) : chargedTwo(weight, type, checks[0]);
  return chargedAll(weight, type, checks);
}

const chargedOnly =
  (weight: number): Check =>
  () => (charge(weight), true);
const chargedOne =
  (weight: number, check: Check): Check =>
  (value, report) => (charge(weight), check(value, report));
const chargedTwo =
  (weight: number, type: Check, check: Check): Check =>
  (value, report) => (charge(weight), type(value, report) && check(value, report));

function chargedAll(weight: number, type: Check | null, checks: readonly Check[]): Check {
  return (value, report) => {
    charge(weight);
    if (type !== null && !type(value, report)) return false;
    let ok = true;
    for (const check of checks) {
      if (check(value, report)) continue;
      if (report === null) return false;
      ok = false;
    }
    return ok;
  };
}

/** The check of a `false` schema at `pointer`. */
export function rejectAll(pointer: string): Check {
  return (_value, report) => report !== null && report.fail("false", pointer, "no value is allowed here", NO_PARAMS);
}
