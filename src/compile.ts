import { MAX_CHAIN, MAX_SCHEMA_INSTRUCTIONS, MAX_SUBSCHEMAS, SchemaTooLarge, schemaValueCount } from "./bounds";
import { isPlainObject, MAX_DEPTH } from "./json-value";
import type { CompileOptions, SchemaSite } from "./keyword";
import { keywordFor } from "./keywords";
import { parseTypeNames } from "./keywords/type";
import { lenientTypeGate } from "./lenient";
import { memoized } from "./memo";
import type { CompiledPattern } from "./pattern/native";
import { escapePointerSegment, type PathSegment } from "./paths";
import { valueAt } from "./ref-target";
import { acceptAll, every, MAX_ISSUES, type Check } from "./report";
import type { ErrorKind, Issue } from "./types";
import { charge, subschemaWeight } from "./work";

/**
 * Above this many subschema visits per value (counting every path through
 * shared `$ref` targets), the shared targets are decided once per value.
 * Below it, remembering costs more than it saves.
 */
const UNROLLED_VISITS = 256;

export interface CompiledSchema {
  /** Present when `issues` is empty. */
  check: Check | null;
  /** Problems of the schema, in document order: at most MAX_ISSUES of them. */
  issues: Issue[];
  /** How many problems there were beyond `issues`. */
  uncounted: number;
  /** The check of every subschema, by JSON Pointer. */
  nodes: ReadonlyMap<string, Check>;
  /** `$ref` targets decided once per value (see UNROLLED_VISITS). */
  remembered: ReadonlySet<string>;
  /** Native memory held by the schema's compiled patterns. */
  patternBytes: number;
}

/**
 * Checks a whole tool schema and builds its validator in one pass. Every
 * subschema is checked, reached by the arguments or not (SPEC §2).
 */
export function compileSchema(schema: unknown, options: CompileOptions): CompiledSchema {
  return new Compiler(schema, options).run();
}

/** A `$ref` waiting for its target, which may not be compiled yet (recursion). */
interface PendingRef {
  target: string;
  check: Check;
}

/** An edge between two subschemas applied to the same value: a `$ref`, or a composition branch. */
interface SameValueEdge {
  to: string;
  /** Where the edge is written (the `$ref`, or the branch) and its keyword. */
  via: string;
  keyword: string;
}

class Compiler {
  private readonly issues: Issue[] = [];
  private uncounted = 0;
  /** Every compiled subschema by its JSON Pointer: each `$ref` target is compiled once. */
  private readonly nodes = new Map<string, Check>();
  private readonly pendingRefs: PendingRef[] = [];
  private readonly sameValue = new Map<string, SameValueEdge[]>();
  private readonly typeCache = new Map<unknown, string[] | null | undefined>();
  private readonly patterns = new Set<CompiledPattern>();
  private patternBytes = 0;
  private patternInstructions = 0;
  private readonly countValues = schemaValueCount();

  constructor(
    private readonly document: unknown,
    private readonly options: CompileOptions,
  ) {}

  run(): CompiledSchema {
    const root = this.document;
    if (!isPlainObject(root) || root.type !== "object") {
      this.record(isPlainObject(root) ? "/type" : "", "type", 'the root schema must be an object with "type": "object"', "validation");
    }
    let check: Check = acceptAll;
    let remembered = new Set<string>();
    try {
      check = this.node(root, "", 0);
      remembered = this.refuseCycles() ? this.boundChains() : remembered;
      for (const ref of this.pendingRefs) {
        // A target that its keyword compiled without a node of its own (the
        // `false` of additionalProperties) is compiled now: never assumed valid.
        const target = this.nodes.get(ref.target) ?? this.node(valueAt(this.document, ref.target), ref.target, 0);
        ref.check = remembered.has(ref.target) ? memoized(target) : target;
      }
    } catch (error) {
      if (!(error instanceof SchemaTooLarge)) throw error;
      this.record("", "schema", error.message, "unsupported_capability");
    }
    const failed = this.issues.length > 0 || this.uncounted > 0;
    return {
      check: failed ? null : check,
      issues: this.issues,
      uncounted: this.uncounted,
      nodes: this.nodes,
      remembered,
      patternBytes: this.patternBytes,
    };
  }

  private record(pointer: string, keyword: string, message: string, kind: ErrorKind): void {
    if (this.issues.length >= MAX_ISSUES) this.uncounted++;
    else this.issues.push({ kind, instancePath: "", schemaPath: pointer, keyword, message: `#${pointer}: ${message}` });
  }

  /** Counts a compiled pattern against the schema's share of instructions; false when it would exceed it. */
  private claimPattern(pattern: CompiledPattern): boolean {
    if (this.patterns.has(pattern)) return true;
    if (this.patternInstructions + pattern.size > MAX_SCHEMA_INSTRUCTIONS) return false;
    this.patterns.add(pattern);
    this.patternInstructions += pattern.size;
    this.patternBytes += pattern.bytes;
    return true;
  }

  private node(schema: unknown, pointer: string, depth: number): Check {
    if (this.nodes.size >= MAX_SUBSCHEMAS) throw new SchemaTooLarge(`the schema has more than ${MAX_SUBSCHEMAS} subschemas (counted as written out)`);
    const check = this.build(schema, pointer, depth);
    this.nodes.set(pointer, check);
    return check;
  }

  private build(schema: unknown, pointer: string, depth: number): Check {
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
    const at = (...segments: PathSegment[]) => pointer + segments.map((s) => "/" + escapePointerSegment(s)).join("");
    const site: SchemaSite = {
      schema,
      options: this.options,
      document: this.document,
      pointer: at,
      problem: (keyword, message, kind = "validation", ...segments) => this.record(at(keyword, ...segments), keyword, message, kind),
      subschema: (value, ...segments) => this.node(value, at(...segments), depth + 1),
      applicator: (keyword, value, ...segments) => {
        const branch = at(keyword, ...segments);
        this.edge(pointer, { to: branch, via: branch, keyword });
        return this.node(value, branch, depth + 1);
      },
      ref: (target) => this.ref(pointer, { to: target, via: at("$ref"), keyword: "$ref" }),
      typeCache: this.typeCache,
      countValues: this.countValues,
      claimPattern: (pattern) => this.claimPattern(pattern),
      patternRoom: () => MAX_SCHEMA_INSTRUCTIONS - this.patternInstructions,
    };
    let typeCheck: Check | null = null;
    const checks: Check[] = [];
    for (const name of Object.keys(schema)) {
      const keyword = keywordFor(name, this.options.profile);
      if (typeof keyword === "string") {
        site.problem(name, keyword, "unsupported_capability");
        continue;
      }
      const check = keyword.compile(schema[name], site);
      if (check === null) continue;
      if (name === "type") typeCheck = check;
      else checks.push(check);
    }
    return charged(this.join(schema, typeCheck, every(checks)), subschemaWeight(schema));
  }

  /** The node's type check and the rest: a value of the wrong type gets one problem, not one per keyword. */
  private join(schema: Record<string, unknown>, typeCheck: Check | null, rest: Check): Check {
    if (typeCheck === null) return rest;
    const types = parseTypeNames(schema.type);
    if (this.options.lenientScalars && types !== null) return lenientTypeGate(types, typeCheck, rest);
    return (value, report) => typeCheck(value, report) && rest(value, report);
  }

  private edge(from: string, edge: SameValueEdge): void {
    const edges = this.sameValue.get(from);
    if (edges) edges.push(edge);
    else this.sameValue.set(from, [edge]);
  }

  /** A check that runs the target's compiled check, filled in once every node is compiled. */
  private ref(from: string, edge: SameValueEdge): Check {
    this.edge(from, edge);
    // Replaced once every node is compiled; until then nothing passes.
    const pending: PendingRef = { target: edge.to, check: () => false };
    this.pendingRefs.push(pending);
    return (value, report) => pending.check(value, report);
  }

  /**
   * A loop of `$ref`s and composition branches that comes back to the same
   * subschema without descending into the value would never end (SPEC §9):
   * it is malformed. Any other recursion descends, and the depth bound on
   * arguments ends it.
   */
  private refuseCycles(): boolean {
    // Depth-first search with an explicit stack: a hostile schema can chain
    // many thousands of $defs.
    let acyclic = true;
    const state = new Map<string, "open" | "done">();
    for (const start of this.sameValue.keys()) {
      if (state.has(start)) continue;
      const stack: { pointer: string; next: number }[] = [{ pointer: start, next: 0 }];
      state.set(start, "open");
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        const edge = this.sameValue.get(top.pointer)?.[top.next++];
        if (edge === undefined) {
          state.set(top.pointer, "done");
          stack.pop();
          continue;
        }
        const seen = state.get(edge.to);
        if (seen === "open") {
          acyclic = false;
          this.record(edge.via, edge.keyword, `a cycle of $ref and composition that never descends into the value returns to #${edge.to}`, "validation");
        } else if (seen === undefined) {
          state.set(edge.to, "open");
          stack.push({ pointer: edge.to, next: 0 });
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
  private boundChains(): Set<string> {
    const chain = new Map<string, number>();
    const visits = new Map<string, number>();
    const incoming = new Map<string, number>();
    let mostVisits = 0;
    // Post-order with an explicit stack, children before parents.
    for (const start of this.sameValue.keys()) {
      if (chain.has(start)) continue;
      const stack: { pointer: string; next: number }[] = [{ pointer: start, next: 0 }];
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        const edges = this.sameValue.get(top.pointer) ?? [];
        const edge = edges[top.next++];
        if (edge !== undefined) {
          if (!chain.has(edge.to)) stack.push({ pointer: edge.to, next: 0 });
          continue;
        }
        stack.pop();
        let longest = 0;
        let total = 1;
        for (const { to } of edges) {
          longest = Math.max(longest, 1 + chain.get(to)!);
          total = Math.min(total + visits.get(to)!, Number.MAX_SAFE_INTEGER);
          incoming.set(to, (incoming.get(to) ?? 0) + 1);
        }
        if (longest === MAX_CHAIN + 1) {
          this.record(top.pointer, "$ref", `a chain of $ref and composition longer than ${MAX_CHAIN} steps starts here`, "validation");
        }
        chain.set(top.pointer, longest);
        visits.set(top.pointer, total);
        mostVisits = Math.max(mostVisits, total);
      }
    }
    const remembered = new Set<string>();
    if (mostVisits > UNROLLED_VISITS) {
      for (const [pointer, count] of incoming) if (count > 1) remembered.add(pointer);
    }
    return remembered;
  }
}

/** `check`, counting its weight of work each time it runs. */
function charged(check: Check, weight: number): Check {
  return (value, report) => {
    charge(weight);
    return check(value, report);
  };
}

function rejectAll(pointer: string): Check {
  return (_value, report) => report !== null && report.fail("false", pointer, "no value is allowed here");
}
