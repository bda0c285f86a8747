import { chargeCode as charge, CodeWriter, codeGenerationAllowed } from "./code-writer";
import type { CompiledSchema } from "./compile";
import { isPlainObject, ownFields } from "./json-value";
import type { CompileOptions } from "./keyword";
import { allowedNames, isObject } from "./keywords/object";
import { keysOf } from "./own-keys";
import { escapePointerSegment } from "./paths";
import type { Check, Report } from "./report";
import { overrun, subschemaWeight, work } from "./work";

/** Runs the explaining pass over the arguments: the problems go to the report. */
export type Explainer = (value: unknown, report: Report) => unknown;

/**
 * The explaining pass as generated code, for a validator that explains
 * failures often. The closures spend most of an explaining pass calling
 * each other: every subschema is a chain of closures (its work, its type,
 * each keyword, each child), and every call site in them sees every
 * subschema's closures. Here the walk through the arguments is written out:
 * `properties`, `items` and a schema-valued `additionalProperties` read
 * their children in the closures' order and check them in place, counting
 * the same work. Every other keyword, `type` included, calls its own
 * closure, from a call site that sees only that closure; so the problems
 * found, their order, their places and their words are the closures' own.
 */
export function generateExplainer(schema: unknown, options: CompileOptions, compiled: CompiledSchema): Explainer | null {
  if (options.lenientScalars || !codeGenerationAllowed) return null;
  const writer = new ExplainWriter(compiled);
  const body = writer.node(schema, "", "v");
  return writer.build<Explainer>(`return function explain(v, r) {\n${body}}`);
}

class ExplainWriter extends CodeWriter {
  constructor(private readonly compiled: CompiledSchema) {
    super({ isObject, keysOf, work, overrun, hasOwn: Object.hasOwn, objectPrototype: Object.prototype });
  }

  /** Statements that check the value in `v` against the subschema `schema` compiled at `pointer`, as its closure would. */
  node(schema: unknown, pointer: string, v: string): string {
    const node = this.compiled.nodeAt(schema, pointer);
    if (node === undefined) throw new Error(`no subschema compiled at #${pointer}`);
    if (schema === true) return "";
    if (!isPlainObject(schema)) return this.call(node.check, v);
    const object = ownFields(schema);
    let rest = "";
    for (const { name, check } of node.keywords) rest += this.keyword(name, check, object, pointer, v);
    // As compile.ts joins them: the type first, the other keywords only for a value of the right type.
    const checked = node.type === null ? rest : `if (${this.constant(node.type)}(${v}, r)) {\n${rest}}\n`;
    return charge(String(subschemaWeight(schema))) + checked;
  }

  /** A call of a compiled check on the value in `v`. */
  private call(check: Check, v: string): string {
    return `${this.constant(check)}(${v}, r);\n`;
  }

  /** One keyword of a subschema: the keywords that walk children written out, the others their closure. */
  private keyword(name: string, check: Check, object: Record<string, unknown>, pointer: string, v: string): string {
    switch (name) {
      case "properties":
        return this.properties(object.properties as Record<string, unknown>, pointer, v);
      case "items":
        // Beside prefixItems, items starts after them: left to the closure.
        return Array.isArray(object.prefixItems) ? this.call(check, v) : this.items(object.items, pointer, v);
      case "additionalProperties":
      case "additional_properties":
        // `false` reports each unlisted name and checks nothing below it: the closure's loop is all there is.
        return isPlainObject(object[name]) ? this.additional(name, object, pointer, v) : this.call(check, v);
      default:
        return this.call(check, v);
    }
  }

  /** keywords/object.ts's properties: each listed name read once, in order, and checked when present. */
  private properties(properties: Record<string, unknown>, pointer: string, v: string): string {
    let code = "";
    for (const name of Object.keys(properties)) {
      const x = this.variable();
      const child = this.node(properties[name], `${pointer}/properties/${escapePointerSegment(name)}`, x);
      const literal = JSON.stringify(name);
      const present = child === "" ? "" : `if (${x} !== undefined) {\n${this.below(literal, child)}}\n`;
      code += `{ ${this.ownValue(x, v, literal)}${present}}\n`;
    }
    return `if (isObject(${v})) {\n${code}}\n`;
  }

  /**
   * keywords/object.ts's ownValue(v, name), written with the name in place:
   * each read then has a call site, and a cache, of its own.
   */
  private ownValue(x: string, v: string, literal: string): string {
    return `let ${x} = ${v}[${literal}];\nif (${x} !== undefined && ${literal} in objectPrototype && !hasOwn(${v}, ${literal})) ${x} = undefined;\n`;
  }

  /** keywords/object.ts's additionalProperties with a schema: every own name `properties` does not list, a unit of work each. */
  private additional(name: string, object: Record<string, unknown>, pointer: string, v: string): string {
    const [keys, i, key, x] = [this.variable(), this.variable(), this.variable(), this.variable()];
    const child = this.node(object[name], `${pointer}/${name}`, x);
    const declared = allowedNames(object);
    const unlisted = declared.length === 0 ? "true" : `!(${this.oneOfStrings(key, declared)})`;
    return (
      `if (isObject(${v})) {\nconst ${keys} = keysOf(${v});\n` +
      `for (let ${i} = 0; ${i} < ${keys}.length; ${i}++) {\nconst ${key} = ${keys}[${i}];\n${charge("1")}` +
      `if (${unlisted}) {\nconst ${x} = ${v}[${key}];\n${this.below(key, child)}}\n}\n}\n`
    );
  }

  /** keywords/array.ts's items (without prefixItems): every item, a unit of work each. */
  private items(items: unknown, pointer: string, v: string): string {
    const [i, length, x] = [this.variable(), this.variable(), this.variable()];
    const child = this.node(items, `${pointer}/items`, x);
    return (
      `if (Array.isArray(${v})) {\nfor (let ${i} = 0, ${length} = ${v}.length; ${i} < ${length}; ${i}++) {\n${charge("1")}` +
      `const ${x} = ${v}[${i}];\n${this.below(i, child)}}\n}\n`
    );
  }

  /** `child`'s statements, run with the report at `key` below the current place. */
  private below(key: string, child: string): string {
    return child === "" ? "" : `r.enter(${key});\n${child}r.leave();\n`;
  }
}
