import { CodeWriter, codeGenerationAllowed } from "./code-writer";
import { rejectAll, type CompiledNode, type CompiledSchema } from "../compile/compile-schema";
import type { Claims, CompileOptions } from "../compile/keyword";
import { withBranches } from "../compile/keywords/composition";
import { isObject, MISSING, missingParams, ownValueCode, unexpectedProblem } from "../compile/keywords/object";
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
 * `properties`, `required`, `additionalProperties`, `items`, `allOf` and the
 * targets of `$ref` are checked in place (a target in a function of its
 * own), in the closures' order, with their words (exported by the keywords),
 * counting the same work; `oneOf`, `anyOf`
 * and `not` keep their closures' way of deciding and wording, over branches
 * written out. Every other keyword, `type` included, calls its own closure,
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
    const body = writer.node(schema, "", "v", "ok");
    return `${writer.functions.join("\n")}\nreturn function explain(v, r) {\nlet ok = true;\n${body}return ok;\n}`;
  });
}

/** How the branches of a composition keyword are found in its schema object, and where. */
const BRANCHES: Record<
  string,
  (object: Record<string, unknown>, pointer: string) => [schema: unknown, pointer: string][]
> = {
  oneOf: (object, pointer) => (object.oneOf as unknown[]).map((branch, i) => [branch, `${pointer}/oneOf/${i}`]),
  anyOf: (object, pointer) => (object.anyOf as unknown[]).map((branch, i) => [branch, `${pointer}/anyOf/${i}`]),
  not: (object, pointer) => [[object.not, `${pointer}/not`]],
};

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
      MISSING,
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
  node(schema: unknown, pointer: string, v: string, ok: string): string {
    return this.counted(() => this.nodeCode(schema, pointer, v, ok));
  }

  private nodeCode(schema: unknown, pointer: string, v: string, ok: string): string {
    // A boolean is the same value at every place it stands, so finding its
    // node by place would search them all: its check is made again instead.
    if (schema === true) return "";
    if (schema === false) return this.call(rejectAll(pointer), v, ok);
    const node = this.compiled.nodeAt(schema, pointer);
    if (node === undefined) throw new Error(`no subschema compiled at #${pointer}`);
    if (!isPlainObject(schema)) return this.call(node.check, v, ok);
    const object = node.fields;
    let rest = "";
    for (const { name, check } of node.keywords) rest += this.keyword(node, name, check, object, v, ok);
    // As compile-schema.ts joins them: the type first, the other keywords only for a value of the right type.
    const checked =
      node.type === null ? rest : `if (!${this.constant(node.type)}(${v}, r)) ${ok} = false;\nelse {\n${rest}}\n`;
    return chargeCode(String(node.weight)) + checked;
  }

  /** A call of a compiled check on the value in `v`. */
  private call(check: Check, v: string, ok: string): string {
    return `if (!${this.constant(check)}(${v}, r)) ${ok} = false;\n`;
  }

  /** One keyword of a subschema: the keywords that walk children or apply subschemas written out, the others their closure. */
  private keyword(
    node: CompiledNode,
    name: string,
    check: Check,
    object: Record<string, unknown>,
    v: string,
    ok: string,
  ): string {
    const { pointer } = node;
    switch (name) {
      case "properties":
        return this.properties(object.properties as Record<string, unknown>, pointer, v, ok);
      case "required":
        return this.required(object.required as string[], pointer, v, ok);
      case "items":
        // Beside prefixItems, items starts after them: left to the closure.
        return Array.isArray(object.prefixItems) ? this.call(check, v, ok) : this.items(object.items, pointer, v, ok);
      case "additionalProperties":
      case "additional_properties":
        // A name a pattern claims is tested by the closure, in its order.
        return node.claims.test !== null
          ? this.call(check, v, ok)
          : this.additional(name, node.claims, object, pointer, v, ok);
      case "allOf":
        // Every branch, each reporting its own problems: as if they were the subschema's own keywords.
        return (object.allOf as unknown[])
          .map((branch, i) => this.node(branch, `${pointer}/allOf/${i}`, v, ok))
          .join("");
      case "$ref":
        // A target decided once per value keeps its closure, which remembers.
        return node.ref === null || node.ref.remembered
          ? this.call(check, v, ok)
          : `if (!${this.target(node.ref.target)}(${v}, r)) ${ok} = false;\n`;
      case "oneOf":
      case "anyOf":
      case "not":
        return this.composition(check, BRANCHES[name](object, pointer), v, ok);
      default:
        return this.call(check, v, ok);
    }
  }

  /** A function that checks a value against `node` (a `$ref` target), written once however many `$ref`s lead to it. */
  private target(node: CompiledNode): string {
    let name = this.targets.get(node);
    if (name === undefined) {
      name = `t${this.targets.size}`;
      this.targets.set(node, name);
      this.functions.push(this.function(name, node.schema, node.pointer));
    }
    return name;
  }

  /** A function `name(v, r)` that checks `v` against `schema` at `pointer` and says whether it holds. */
  private function(name: string, schema: unknown, pointer: string): string {
    return `function ${name}(v, r) {\nlet ok = true;\n${this.beside(() => this.node(schema, pointer, "v", "ok"))}return ok;\n}`;
  }

  /** `oneOf`, `anyOf` or `not`: its closure's way of deciding, made over its branches written out. */
  private composition(check: Check, branches: [schema: unknown, pointer: string][], v: string, ok: string): string {
    const names = branches.map(([schema, pointer]) => {
      // Its place is taken first: the branch's own compositions are written while it is.
      const index = this.functions.push("") - 1;
      this.functions[index] = this.function(`b${index}`, schema, pointer);
      return `b${index}`;
    });
    const made = `c${this.functions.length}`;
    const closure = this.constant(check);
    this.functions.push(`const ${made} = withBranches(${closure}, [${names.join(", ")}]) ?? ${closure};`);
    return `if (!${made}(${v}, r)) ${ok} = false;\n`;
  }

  /**
   * src/compile/keywords/object.ts's properties: each listed name read once, in order,
   * and checked when present; under presentRequired, not when it is a blank
   * root-required property of the arguments object (presentProperties).
   */
  private properties(properties: Record<string, unknown>, pointer: string, v: string, ok: string): string {
    const rootRequired = this.compiled.rootRequired;
    const skipBlank = rootRequired === null ? null : this.variable();
    let code = skipBlank === null ? "" : `const ${skipBlank} = isArguments(${v});\n`;
    for (const name of Object.keys(properties)) {
      const x = this.variable();
      const child = this.node(properties[name], `${pointer}/properties/${escapePointerSegment(name)}`, x, ok);
      const literal = JSON.stringify(name);
      const blank = skipBlank !== null && rootRequired!.has(name) ? ` && !(${skipBlank} && isBlank(${x}))` : "";
      const present = child === "" ? "" : `if (${x} !== undefined${blank}) {\n${this.below(literal, child)}}\n`;
      code += `{ ${ownValueCode(x, v, name)}${present}}\n`;
    }
    return `if (isObject(${v})) {\n${code}}\n`;
  }

  /** src/compile/keywords/object.ts's required: each name read again, in order, and reported when absent (or, under presentRequired, blank at the arguments object). */
  private required(names: readonly string[], pointer: string, v: string, ok: string): string {
    const where = this.constant(`${pointer}/required`);
    const atRoot = this.presentRequired ? this.variable() : null;
    let code = atRoot === null ? "" : `const ${atRoot} = isArguments(${v});\n`;
    const params = missingParams(names);
    names.forEach((name, i) => {
      const x = this.variable();
      const literal = JSON.stringify(name);
      const missing = atRoot === null ? `${x} === undefined` : `${x} === undefined || (${atRoot} && isBlank(${x}))`;
      code += `{ ${ownValueCode(x, v, name)}if (${missing}) ${ok} = r.fail("required", ${where}, MISSING, ${this.constant(params[i])}, ${literal}); }\n`;
    });
    return `if (isObject(${v})) {\n${code}}\n`;
  }

  /**
   * src/compile/keywords/object.ts's additionalProperties (or its alias): every own name
   * `properties` does not list, a unit of work each; its value read, and
   * checked against the schema or refused with the closure's words.
   */
  private additional(
    name: string,
    claims: Claims,
    object: Readonly<Record<string, unknown>>,
    pointer: string,
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
      object[name] === false
        ? `${ok} = r.fail(${JSON.stringify(name)}, ${this.constant(`${pointer}/${name}`)}, ${this.constant(unexpectedProblem(claims))}, { additionalProperty: ${key} }, ${key});\n`
        : this.below(key, this.node(object[name], `${pointer}/${name}`, x, ok));
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

  /** src/compile/keywords/array.ts's items (without prefixItems): every item, a unit of work each. */
  private items(items: unknown, pointer: string, v: string, ok: string): string {
    const [i, length, x] = [this.variable(), this.variable(), this.variable()];
    const child = this.node(items, `${pointer}/items`, x, ok);
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
