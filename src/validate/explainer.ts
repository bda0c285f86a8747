import { CodeWriter, codeGenerationAllowed } from "./code-writer";
import type { CompiledNode, CompiledSchema, KeywordCheck } from "../compile/compile-schema";
import type { CompileOptions } from "../compile/keyword";
import { withBranches } from "../compile/keywords/composition";
import { ownValueCode } from "../runtime/own-value";
import { isObject, type Claims, type KeyWords, type NameWords, type Ops } from "../compile/assertion";
import { keysOf } from "../runtime/own-keys";
import { isArguments, isBlank } from "../runtime/present";
import { escapePointerSegment } from "../runtime/paths";
import type { Check, Report } from "../explain/report";
import { isPlainObject } from "../runtime/shape";
import { chargeCode, overrun, pass } from "../runtime/pass";

/** Runs the explaining pass over the arguments: the problems go to the report. */
export type Explainer = (value: unknown, report: Report) => unknown;

/**
 * The explaining pass as generated code, for a validator that explains
 * failures often. The closures spend most of an explaining pass calling
 * each other: every subschema is a chain of closures (its work, its type,
 * each keyword, each child), and every call site in them sees every
 * subschema's closures. Here the walk through the arguments is written out:
 * the operations of assertions that walk the value (the listed properties,
 * the present test, the other keys, the items from the start, a `$ref`
 * target, in a function of its own) and every branch of `allOf` are checked
 * in place, in the closures' order, with the words the assertion gives,
 * counting the same work; `oneOf`, `anyOf`
 * and `not` keep their closures' way of deciding and wording, over branches
 * written out. Every other keyword or operation, `type` included, calls its own closure,
 * from a call site that sees only that closure; so the problems found, their
 * order, their places and their words are the closures' own.
 */
export function generateExplainer(
  schema: unknown,
  options: CompileOptions,
  compiled: CompiledSchema,
): Explainer | null {
  if (options.lenientScalars || !codeGenerationAllowed) return null;
  const writer = new ExplainWriter(compiled, options.presentRequired);
  return writer.build<Explainer>(() => {
    const root = compiled.nodeAt(schema, "");
    if (root === undefined) throw new Error("no root subschema compiled");
    const body = writer.node(root, "v", "ok");
    return `${writer.functions.join("\n")}\nreturn function explain(v, r) {\nlet ok = true;\n${body}return ok;\n}`;
  });
}

class ExplainWriter extends CodeWriter {
  /** `$ref` targets and composition branches, each a function of its own, and the compositions made over the branches. */
  readonly functions: string[] = [];
  private readonly targets = new Map<CompiledNode, string>();

  constructor(
    private readonly compiled: CompiledSchema,
    /** Whether a required property of the arguments object must hold a value that is not blank (src/runtime/present.ts). */
    private readonly presentRequired: boolean,
  ) {
    super({
      isObject,
      keysOf,
      pass,
      overrun,
      withBranches,
      hasOwn: Object.hasOwn,
      objectPrototype: Object.prototype,
      isArguments,
      isBlank,
    });
  }

  /**
   * Statements that check the value in `v` against the subschema `schema`
   * compiled at `pointer`, as its closure would, and set `ok` to false when
   * it fails.
   */
  node(node: CompiledNode, v: string, ok: string): string {
    return this.counted(() => this.nodeCode(node, v, ok));
  }

  private nodeCode(node: CompiledNode, v: string, ok: string): string {
    if (node.schema === true) return "";
    if (!isPlainObject(node.schema)) return this.call(node.check, v, ok);
    let rest = "";
    for (const keyword of node.keywords) rest += this.keyword(node, keyword, v, ok);
    // As compile-schema.ts joins them: the type first, the other keywords only for a value of the right type.
    const checked =
      node.type === null ? rest : `if (!${this.constant(node.type)}(${v}, r)) ${ok} = false;\nelse {\n${rest}}\n`;
    return chargeCode(String(node.weight)) + checked;
  }

  /** A call of a compiled check on the value in `v`. */
  private call(check: Check, v: string, ok: string): string {
    return `if (!${this.constant(check)}(${v}, r)) ${ok} = false;\n`;
  }

  /** One keyword of a subschema: an assertion as this pass reads it (ops), a composition over its branches written out, any other its closure. */
  private keyword(node: CompiledNode, keyword: KeywordCheck, v: string, ok: string): string {
    const { described, children, check, assertion } = keyword;
    if (assertion !== null) return assertion(this.ops(node, keyword, v, ok));
    // Every branch of allOf reports its own problems: as if they were the subschema's own keywords.
    if (described.decides === "all") return children.map((child) => this.node(child, v, ok)).join("");
    if (described.decides !== undefined) return this.composition(check, children, v, ok);
    return this.call(check, v, ok);
  }

  /** A `$ref`: its target's function; a target decided once per value keeps its closure, which remembers. */
  private ref(node: CompiledNode, { check }: KeywordCheck, v: string, ok: string): string {
    return node.ref === null || node.ref.remembered
      ? this.call(check, v, ok)
      : `if (!${this.target(node.ref.target)}(${v}, r)) ${ok} = false;\n`;
  }

  /** A function that checks a value against `node` (a `$ref` target), written once however many `$ref`s lead to it. */
  private target(node: CompiledNode): string {
    let name = this.targets.get(node);
    if (name === undefined) {
      name = `t${this.targets.size}`;
      this.targets.set(node, name);
      this.functions.push(this.function(name, node));
    }
    return name;
  }

  /** A function `name(v, r)` that checks `v` against `node` and says whether it holds. */
  private function(name: string, node: CompiledNode): string {
    return `function ${name}(v, r) {\nlet ok = true;\n${this.beside(() => this.node(node, "v", "ok"))}return ok;\n}`;
  }

  /** `oneOf`, `anyOf` or `not`: its closure's way of deciding, made over its branches written out. */
  private composition(check: Check, branches: readonly CompiledNode[], v: string, ok: string): string {
    const names = branches.map((node) => {
      // Its place is taken first: the branch's own compositions are written while it is.
      const index = this.functions.push("") - 1;
      this.functions[index] = this.function(`b${index}`, node);
      return `b${index}`;
    });
    const made = `c${this.functions.length}`;
    const closure = this.constant(check);
    this.functions.push(`const ${made} = withBranches(${closure}, [${names.join(", ")}]) ?? ${closure};`);
    return `if (!${made}(${v}, r)) ${ok} = false;\n`;
  }

  /**
   * The listed properties (Ops.listedProperties): each name read once, in
   * order, and checked when present; under presentRequired, not when it is
   * a blank root-required property of the arguments object (as
   * src/compile/closure-ops.ts's presentProperties).
   */
  private listedProperties(children: readonly CompiledNode[], names: readonly string[], v: string, ok: string): string {
    const rootRequired = this.compiled.rootRequired;
    const skipBlank = rootRequired === null ? null : this.variable();
    let code = skipBlank === null ? "" : `const ${skipBlank} = isArguments(${v});\n`;
    for (let i = 0; i < children.length; i++) {
      const [name, node] = [names[i], children[i]];
      const x = this.variable();
      const child = this.node(node, x, ok);
      const literal = JSON.stringify(name);
      const blank = skipBlank !== null && rootRequired!.has(name) ? ` && !(${skipBlank} && isBlank(${x}))` : "";
      const present = child === "" ? "" : `if (${x} !== undefined${blank}) {\n${this.below(literal, child)}}\n`;
      code = this.growing(code + `{ ${ownValueCode(x, v, name)}${present}}\n`);
    }
    return `if (isObject(${v})) {\n${code}}\n`;
  }

  /**
   * The explaining pass's reading of an assertion (src/compile/assertion.ts):
   * a test or a search calls the keyword's closure, the present test, a
   * `$ref` and a list's items from the start are written out (the items
   * from a later index, and the first items, call the closure).
   */
  private ops(node: CompiledNode, keyword: KeywordCheck, v: string, ok: string): Ops<string> {
    return {
      require: () => this.call(keyword.check, v, ok),
      search: () => this.call(keyword.check, v, ok),
      present: (names, words) => this.present(node, keyword, names, words, v, ok),
      ref: () => this.ref(node, keyword, v, ok),
      itemsFrom: (from) => (from === 0 ? this.itemsFromStart(keyword, v, ok) : this.call(keyword.check, v, ok)),
      firstItems: () => this.call(keyword.check, v, ok),
      listedProperties: (names) => this.listedProperties(keyword.children, names, v, ok),
      // A name a test claims (a pattern) is tested by the closure, in its order.
      otherKeys: (claims, refused) =>
        claims.test !== null ? this.call(keyword.check, v, ok) : this.otherKeys(node, keyword, claims, refused, v, ok),
      keyNames: () => this.call(keyword.check, v, ok),
    };
  }

  /** The present test: each name read again, in order, and reported when absent (or, under presentRequired, blank at the arguments object). */
  private present(
    { pointer }: CompiledNode,
    { name: keyword }: KeywordCheck,
    names: readonly string[],
    { problem, params }: NameWords,
    v: string,
    ok: string,
  ): string {
    const where = this.constant(`${pointer}/${escapePointerSegment(keyword)}`);
    const said = this.constant(problem);
    const atRoot = this.presentRequired ? this.variable() : null;
    let code = atRoot === null ? "" : `const ${atRoot} = isArguments(${v});\n`;
    names.forEach((name, i) => {
      const x = this.variable();
      const literal = JSON.stringify(name);
      const missing = atRoot === null ? `${x} === undefined` : `${x} === undefined || (${atRoot} && isBlank(${x}))`;
      code = this.growing(
        code +
          `{ ${ownValueCode(x, v, name)}if (${missing}) ${ok} = r.fail(${JSON.stringify(keyword)}, ${where}, ${said}, ${this.constant(params[i])}, ${literal}); }\n`,
      );
    });
    return `if (isObject(${v})) {\n${code}}\n`;
  }

  /**
   * The keys the siblings do not claim (Ops.otherKeys), those `claims`
   * lists: every own key a unit of work; its value read, and checked against
   * the keyword's subschema or refused in the keyword's words.
   */
  private otherKeys(
    node: CompiledNode,
    { name, children }: KeywordCheck,
    claims: Claims,
    refused: KeyWords | null,
    v: string,
    ok: string,
  ): string {
    const [keys, i, key, x, skip] = [
      this.variable(),
      this.variable(),
      this.variable(),
      this.variable(),
      this.variable(),
    ];
    const declared = claims.names;
    const child =
      refused !== null
        ? `${ok} = r.fail(${JSON.stringify(name)}, ${this.constant(`${node.pointer}/${escapePointerSegment(name)}`)}, ${this.constant(refused.problem)}, { ${refused.param}: ${key} }, ${key});\n`
        : this.below(key, this.node(children[0], x, ok));
    let unlisted = declared.length === 0 ? "true" : `!(${this.oneOfStrings(key, declared)})`;
    // As for properties: a blank root-required property of the arguments object is absent here too.
    const rootRequired = this.compiled.rootRequired;
    if (rootRequired !== null)
      unlisted += ` && !(${skip} && ${this.constant(rootRequired)}.has(${key}) && isBlank(${v}[${key}]))`;
    return (
      `if (isObject(${v})) {\n${rootRequired === null ? "" : `const ${skip} = isArguments(${v});\n`}const ${keys} = keysOf(${v});\n` +
      `for (let ${i} = 0; ${i} < ${keys}.length; ${i}++) {\nconst ${key} = ${keys}[${i}];\n${chargeCode("1")}` +
      `if (${unlisted}) {\nconst ${x} = ${v}[${key}];\n${child}}\n}\n}\n`
    );
  }

  /** The items of a list from the start (Ops.itemsFrom): every item, a unit of work each. */
  private itemsFromStart({ children: [item] }: KeywordCheck, v: string, ok: string): string {
    const [i, length, x] = [this.variable(), this.variable(), this.variable()];
    const child = this.node(item, x, ok);
    return (
      `if (Array.isArray(${v})) {\nfor (let ${i} = 0, ${length} = ${v}.length; ${i} < ${length}; ${i}++) {\n${chargeCode("1")}` +
      `const ${x} = ${v}[${i}];\n${this.below(i, child)}}\n}\n`
    );
  }

  /** `child`'s statements, run with the report at `key` below the current place. */
  private below(key: string, child: string): string {
    return child === "" ? "" : `r.enter(${key});\n${child}r.leave();\n`;
  }
}
