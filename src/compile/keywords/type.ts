import { Decimal } from "../../runtime/decimal";
import type { Keyword } from "../keyword";
import { either, jsonTextHint, preview, typeWord, shapeOf } from "../../explain/messages";
import type { Check } from "../../explain/report";
import { isPlainObject, PROTO_ACCESSOR_IS_INTRINSIC } from "../../runtime/shape";

export const TYPE_NAMES = ["object", "array", "string", "integer", "number", "boolean", "null"] as const;

/** A type's test, as each tier applies it. */
interface TypeTest {
  /** The closures' test, on a value already walked to be JSON; a Decimal is the exact number a lenient scalar string stands for (lenient.ts). */
  holds: (value: unknown) => boolean;
  /** The generated fast check's test of `v`, which also answers for the input domain: only JSON passes it (finite numbers, plain objects). */
  code: (v: string) => string;
  /** The same for a value JSON.parse returned: its objects are plain, its arrays have no holes (its numbers may be Infinity: `1e400`). */
  parsedCode: (v: string) => string;
}

/** Code that `v` is an object and no array: all a value JSON.parse returned needs. */
const objectShape = (v: string) => `(typeof ${v} === "object" && ${v} !== null && !Array.isArray(${v}))`;

/**
 * Code for a container's full test (`full`, a helper of the generated code
 * on `v`): where the prototype may be read through `__proto__`
 * (src/runtime/shape.ts), `v` of the right shape whose `__proto__` is
 * `prototype` passes at once, and only the rest takes the full test.
 */
const quickPrototype = (v: string, shape: string, prototype: string, full: string) =>
  PROTO_ACCESSOR_IS_INTRINSIC ? `(${shape} && (${v}.__proto__ === ${prototype} || ${full}(${v})))` : `${full}(${v})`;

const TYPES: Record<string, TypeTest> = {
  object: {
    // Arguments are checked to be JSON first, so any non-array object is plain.
    holds: (v) => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Decimal),
    code: (v) => quickPrototype(v, objectShape(v), "objectPrototype", "isPlainObject"),
    parsedCode: objectShape,
  },
  array: {
    holds: (v) => Array.isArray(v),
    code: (v) => quickPrototype(v, `Array.isArray(${v})`, "arrayPrototype", "isJsonArray"),
    parsedCode: (v) => `Array.isArray(${v})`,
  },
  string: {
    holds: (v) => typeof v === "string",
    code: (v) => `typeof ${v} === "string"`,
    parsedCode: (v) => `typeof ${v} === "string"`,
  },
  integer: {
    // `1.0` is an integer (JSON Schema); a bigint comes from a lossless parser.
    holds: (v) => Number.isInteger(v) || typeof v === "bigint" || (v instanceof Decimal && v.isInteger()),
    code: (v) => `(Number.isInteger(${v}) || typeof ${v} === "bigint")`,
    parsedCode: (v) => `Number.isInteger(${v})`,
  },
  number: {
    holds: (v) => typeof v === "number" || typeof v === "bigint" || v instanceof Decimal,
    code: (v) => `(Number.isFinite(${v}) || typeof ${v} === "bigint")`,
    parsedCode: (v) => `Number.isFinite(${v})`,
  },
  boolean: {
    holds: (v) => typeof v === "boolean",
    code: (v) => `typeof ${v} === "boolean"`,
    parsedCode: (v) => `typeof ${v} === "boolean"`,
  },
  null: { holds: (v) => v === null, code: (v) => `${v} === null`, parsedCode: (v) => `${v} === null` },
};

/** The generated fast check's test that `v` is of `type` (TypeTest): for any value, or for one JSON.parse returned. */
export function typeTestCode(type: string, v: string, parsed: boolean): string {
  return parsed ? TYPES[type].parsedCode(v) : TYPES[type].code(v);
}

export function matchesType(type: string, value: unknown): boolean {
  return TYPES[type].holds(value);
}

/**
 * The type names of a valid `type` value, or null when it is missing or
 * bad. A valid list names distinct types, so one longer than the list of
 * types is bad without reading it (it may be the list of a subschema that
 * compiling has not copied yet, and its length a proxy's claim).
 */
export function parseTypeNames(value: unknown): string[] | null {
  if (typeof value === "string") return Object.hasOwn(TYPES, value) ? [value] : null;
  if (!Array.isArray(value)) return null;
  const length: unknown = value.length;
  if (typeof length !== "number" || !(length > 0 && length <= TYPE_NAMES.length)) return null;
  const names: string[] = [];
  for (let i = 0; i < length; i++) {
    const name: unknown = value[i];
    if (typeof name !== "string" || !Object.hasOwn(TYPES, name) || names.includes(name)) return null;
    names.push(name);
  }
  return names;
}

/** "expected a list, got a string (...)" with the JSON-text hint where it applies. */
export function typeProblem(types: readonly string[], value: unknown): string {
  return wrongType(either(types.map(typeWord)), types, value);
}

/**
 * "expected <words>, got a string ("3")": what came, with a scalar's value,
 * and the JSON-text hint for `types`. The one wording of a wrong type, for
 * `type` and for the compositions whose branches all want other types.
 */
export function wrongType(expected: string, types: readonly string[], value: unknown): string {
  const scalar =
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean" ||
    typeof value === "bigint" ||
    value instanceof Decimal;
  const detail = scalar ? ` (${preview(value)})` : "";
  return `expected ${expected}, got ${shapeOf(value)}${detail}${jsonTextHint(value, types)}`;
}

/** One list per type name, shared by every subschema of that one type (compiled nodes keep their type names). */
const ONE_TYPE = new Map(TYPE_NAMES.map((name) => [name as string, [name as string]]));

export const typeKeyword: Keyword = {
  name: "type",
  list: true,
  typeNames: (value) => (typeof value === "string" ? (ONE_TYPE.get(value) ?? null) : parseTypeNames(value)),
  compile(value, site) {
    const names = typeof value === "string" ? [value] : value;
    if (!Array.isArray(names) || names.length === 0 || !names.every((name) => typeof name === "string")) {
      site.problem("type", "must be a type name or a non-empty list of type names");
      return null;
    }
    if (new Set(names).size !== names.length) {
      site.problem("type", "must not list a type name twice");
      return null;
    }
    const unknown = names.filter((name) => !Object.hasOwn(TYPES, name));
    if (unknown.length > 0) {
      site.problem(
        "type",
        `type ${either(unknown.map((name) => JSON.stringify(name)))} is not supported (supported: ${TYPE_NAMES.join(", ")})`,
        "unsupported_capability",
      );
      return null;
    }
    const predicates = names.map((name) => TYPES[name].holds);
    const pointer = site.pointer("type");
    // Ajv's: the type as the schema writes it, a name or a list.
    const params = { type: typeof value === "string" ? value : Object.freeze([...names]) };
    const fail: Check = (v, r) => r !== null && r.fail("type", pointer, () => typeProblem(names, v), params);
    if (predicates.length === 1) {
      const [only] = predicates;
      return (v, r) => only(v) || fail(v, r);
    }
    return (v, r) => predicates.some((predicate) => predicate(v)) || fail(v, r);
  },
};

/** The `type` names of a subschema, when it is an object with a valid `type`. */
export function declaredTypes(schema: unknown): string[] | null {
  return isPlainObject(schema) && Object.hasOwn(schema, "type") ? parseTypeNames(schema.type) : null;
}
