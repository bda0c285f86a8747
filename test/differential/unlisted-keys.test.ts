import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { compile, validate, type Options, type Result, type Validator } from "../../src/index";
import { pass } from "../../src/runtime/pass";
import { HOT_AFTER_CALLS } from "../../src/validate/validator";
import { Random, testSeed } from "../support/random";

/**
 * The keys a schema does not list are walked by one loop every generated
 * check shares (check-generator.ts, walkUnlisted), and by findNonJson in the
 * closures. Arguments are built from each schema so that most pass (the work
 * is compared on those), with unlisted keys at every level: names that are
 * prototype lookups or array indexes, objects without a prototype or from
 * another realm, objects in dictionary mode, values nested to the depth
 * bound, and now and then a value that is no JSON or a name added to
 * Object.prototype between calls.
 */
type Schema = Record<string, unknown>;

const NAMES = ["a", "b", "0", "4294967295", "__proto__", "constructor", "toString", "x1"];
const UNLISTED = ["u", "x9", "2", "4294967294", "__proto__", "hasOwnProperty", "v w"];

/** Sets `key` as an own enumerable property, `__proto__` too. */
const own = (object: object, key: string, value: unknown) =>
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });

class Builder {
  constructor(private readonly random: Random) {}

  schema(depth: number): unknown {
    const r = this.random;
    switch (r.int(0, depth > 3 ? 3 : 13)) {
      case 0:
        return r.pick([true, {}, { description: "d" }]);
      case 1:
        return { type: r.pick(["string", "integer", "number", "boolean", "null"]) };
      case 2:
        return { enum: [1, "a", null] };
      case 3:
        return { type: "array", items: this.schema(depth + 1) };
      case 4:
        return { items: this.schema(depth + 1) };
      case 5:
        return { anyOf: [this.schema(depth + 1), this.schema(depth + 1)] };
      case 6:
        return { allOf: [this.object(depth + 1), { minProperties: 0 }] };
      case 7:
        return { $ref: "#/$defs/t" };
      case 8:
        return { $ref: "#/$defs/t", type: "object" };
      case 9:
        return { type: ["object", "null"], properties: { a: this.schema(depth + 1) } };
      default:
        return this.object(depth + 1);
    }
  }

  object(depth: number): Schema {
    const r = this.random;
    const schema: Schema = r.chance(0.7) ? { type: "object" } : {};
    const properties = {};
    for (let i = r.int(0, 3); i > 0; i--) own(properties, r.pick(NAMES), this.schema(depth));
    schema.properties = properties;
    const names = Object.keys(properties);
    switch (r.int(0, 7)) {
      case 0:
        schema.additionalProperties = false;
        break;
      case 1:
        schema.additionalProperties = this.schema(depth);
        break;
      case 2:
        schema.patternProperties = { "^x": this.schema(depth) };
        break;
      case 3:
        schema.propertyNames = { maxLength: 10 };
        break;
    }
    if (names.length > 0 && r.chance(0.5)) schema.required = [names[0]];
    return schema;
  }

  root(): Schema {
    const schema = { ...this.object(0), type: "object" };
    const target = this.random.chance(0.5)
      ? this.object(3)
      : { type: "object", properties: { r: { $ref: "#/$defs/t" } } };
    return { ...schema, $defs: { t: target } };
  }

  /** A value for `schema` (of `root`), mostly one it accepts. */
  value(schema: unknown, root: Schema, depth: number): unknown {
    const r = this.random;
    if (r.chance(1 / 80)) return r.pick([NaN, Infinity, undefined, () => 0, new Date(0), 2n]);
    if (r.chance(1 / 80)) return nested(r.pick([254, 255, 256, 257]) - depth, r);
    if (depth > 12 && r.chance(0.75)) return r.chance(0.5) ? {} : [];
    let s = schema as Schema | boolean | undefined;
    if (typeof s === "object" && s.$ref !== undefined) s = (root.$defs as Record<string, Schema>).t;
    if (s === true || s === undefined) return r.pick([0, -0, "a", true, null, 7n, { f: [1, { g: "h" }] }]);
    if (s === false) return 1;
    if (s.enum !== undefined) return r.pick(s.enum as unknown[]);
    if (s.anyOf !== undefined) return this.value(r.pick(s.anyOf as unknown[]), root, depth);
    if (s.allOf !== undefined) return this.value((s.allOf as unknown[])[0], root, depth);
    const types = s.type === undefined ? [s.items === undefined ? "object" : "array"] : [s.type].flat();
    switch (r.pick(types as string[])) {
      case "string":
        return r.pick(["a", "xy", ""]);
      case "integer":
        return r.pick([0, -3, 2 ** 40, 7n]);
      case "number":
        return r.pick([0.5, -0, 3]);
      case "boolean":
        return true;
      case "null":
        return null;
      case "array":
        return Array.from({ length: r.int(0, 3) }, () => this.value(s.items ?? true, root, depth + 1));
      default:
        return this.instance(s, root, depth);
    }
  }

  private instance(schema: Schema, root: Schema, depth: number): object {
    const r = this.random;
    const object: Record<string, unknown> = r.chance(1 / 12)
      ? Object.create(null)
      : r.chance(1 / 15)
        ? vm.runInContext("({})", realm)
        : {};
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    for (const name of Object.keys(properties))
      if (r.chance(0.75) || (schema.required as string[] | undefined)?.includes(name))
        own(object, name, this.value(properties[name], root, depth + 1));
    const unlisted = depth > 6 ? 0 : schema.additionalProperties === false ? Number(r.chance(1 / 6)) : r.int(0, 3);
    for (let i = 0; i < unlisted; i++) {
      const name = r.pick(UNLISTED);
      const patterns = schema.patternProperties as Record<string, unknown> | undefined;
      const sub =
        name.startsWith("x") && patterns !== undefined ? patterns["^x"] : (schema.additionalProperties ?? true);
      own(object, name, this.value(sub, root, depth + 1));
    }
    if (r.chance(1 / 20)) {
      // Dictionary mode: many keys added, most deleted.
      for (let i = 0; i < 25; i++) object[`k${i}`] = i;
      for (let i = 0; i < 20; i++) delete object[`k${i}`];
    }
    if (r.chance(1 / 30)) (object as Record<symbol, unknown>)[Symbol("s")] = NaN;
    return object;
  }
}

const realm = vm.createContext({});

/** A value `levels` containers deep. */
function nested(levels: number, random: Random): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = random.chance(0.5) ? [value] : { q: value };
  return value;
}

/** The result and the work of a call. */
function called(run: () => Result): { result: Result; spent: number } {
  const result = run();
  return { result, spent: pass.spent };
}

describe("the keys a schema does not list", () => {
  it("are walked as the closures walk them, for the same work, on every tier and through validateJson", () => {
    const random = new Random(testSeed(5151));
    const builder = new Builder(random);
    let passed = 0;
    let parsed = 0;
    for (let s = 0; s < 80; s++) {
      const schema = builder.root();
      const options: Options = { profile: "extended", presentRequired: random.chance(0.2) };
      const eager: Validator = compile(schema, { ...options, eager: true });
      const warm = compile(schema, options);
      for (let i = 0; i < HOT_AFTER_CALLS; i++) warm.validate(0);
      for (let c = 0; c < 8; c++) {
        const args = builder.value(schema, schema, 0);
        const added = random.chance(1 / 6) ? random.pick(["a", "u"]) : null;
        if (added !== null) (Object.prototype as Record<string, unknown>)[added] = 1;
        try {
          const cold = called(() => compile(schema, options).validate(args));
          for (const other of [
            called(() => eager.validate(args)),
            called(() => warm.validate(args)),
            called(() => validate(schema, args, options)),
          ]) {
            expect(other.result).toStrictEqual(cold.result);
            if (cold.result.ok) expect(other.spent).toBe(cold.spent);
          }
          if (cold.result.ok) passed++;
          let text: string | undefined;
          try {
            text = JSON.stringify(args);
          } catch {
            text = undefined;
          }
          if (text === undefined || added !== null) continue;
          const json = text;
          const reference = called(() => compile(schema, options).validateJson(json));
          for (const other of [
            called(() => eager.validateJson(json)),
            called(() => compile(schema, options).validate(JSON.parse(json))),
            called(() => eager.validate(JSON.parse(json))),
          ]) {
            expect(other.result).toStrictEqual(reference.result);
            if (reference.result.ok) expect(other.spent).toBe(reference.spent);
          }
          parsed++;
        } finally {
          if (added !== null) delete (Object.prototype as Record<string, unknown>)[added];
        }
      }
    }
    expect(passed).toBeGreaterThan(200);
    expect(parsed).toBeGreaterThan(200);
  }, 30_000);
});
