import { isPlainObject, MAX_DEPTH } from "./json-value";
import type { CompileOptions, SchemaSite } from "./keyword";
import { keywordFor } from "./keywords";
import { parseTypeNames } from "./keywords/type";
import { lenientTypeGate } from "./lenient";
import { escapePointerSegment, type PathSegment } from "./paths";
import { acceptAll, every, type Check } from "./report";
import type { ErrorKind, Issue } from "./types";

export interface CompiledSchema {
  /** Present when `issues` is empty. */
  check: Check | null;
  /** Every problem of the schema, in document order. */
  issues: Issue[];
  /** The check of every subschema, by JSON Pointer. */
  nodes: ReadonlyMap<string, Check>;
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
  /** Every compiled subschema by its JSON Pointer: each `$ref` target is compiled once. */
  private readonly nodes = new Map<string, Check>();
  private readonly pendingRefs: PendingRef[] = [];
  private readonly sameValue = new Map<string, SameValueEdge[]>();

  constructor(
    private readonly document: unknown,
    private readonly options: CompileOptions,
  ) {}

  run(): CompiledSchema {
    const root = this.document;
    if (!isPlainObject(root) || root.type !== "object") {
      this.record(isPlainObject(root) ? "/type" : "", "type", 'the root schema must be an object with "type": "object"', "validation");
    }
    const check = this.node(root, "", 0);
    for (const ref of this.pendingRefs) ref.check = this.nodes.get(ref.target) ?? acceptAll;
    this.refuseCycles();
    return { check: this.issues.length === 0 ? check : null, issues: this.issues, nodes: this.nodes };
  }

  private record(pointer: string, keyword: string, message: string, kind: ErrorKind): void {
    this.issues.push({ kind, instancePath: "", schemaPath: pointer, keyword, message: `#${pointer}: ${message}` });
  }

  private node(schema: unknown, pointer: string, depth: number): Check {
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
    const rest = every(checks);
    if (typeCheck === null) return rest;
    // A value of the wrong type gets one problem, not one per keyword.
    const types = parseTypeNames(schema.type);
    if (this.options.lenientScalars && types !== null) return lenientTypeGate(types, typeCheck, rest);
    const gate = typeCheck;
    return (value, report) => gate(value, report) && rest(value, report);
  }

  private edge(from: string, edge: SameValueEdge): void {
    const edges = this.sameValue.get(from);
    if (edges) edges.push(edge);
    else this.sameValue.set(from, [edge]);
  }

  /** A check that runs the target's compiled check, filled in once every node is compiled. */
  private ref(from: string, edge: SameValueEdge): Check {
    this.edge(from, edge);
    const pending: PendingRef = { target: edge.to, check: acceptAll };
    this.pendingRefs.push(pending);
    return (value, report) => pending.check(value, report);
  }

  /**
   * A loop of `$ref`s and composition branches that comes back to the same
   * subschema without descending into the value would never end (SPEC §9):
   * it is malformed. Any other recursion descends, and the depth bound on
   * arguments ends it.
   */
  private refuseCycles(): void {
    // Depth-first search with an explicit stack: a hostile schema can chain
    // many thousands of $defs.
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
          this.record(edge.via, edge.keyword, `a cycle of $ref and composition that never descends into the value returns to #${edge.to}`, "validation");
        } else if (seen === undefined) {
          state.set(edge.to, "open");
          stack.push({ pointer: edge.to, next: 0 });
        }
      }
    }
  }
}

function rejectAll(pointer: string): Check {
  return (_value, report) => report !== null && report.fail("false", pointer, "no value is allowed here");
}
