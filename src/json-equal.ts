import { Decimal } from "./decimal";

/**
 * Equality of JSON values for `enum` (SPEC §5): numbers by value (a bigint
 * equals the number it denotes), strings by code units, arrays in order,
 * objects by key set with key order ignored, booleans never equal to numbers.
 * A Decimal, the exact number of a lenient scalar string, equals a number
 * or bigint of the same value, a number's value being the decimal it prints.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const typeA = typeof a;
  const typeB = typeof b;
  if (typeA === "number" || typeA === "bigint") {
    // eslint-disable-next-line eqeqeq -- loose equality compares a bigint with a number by value
    if (typeB === "number" || typeB === "bigint") return (a as number) == (b as number);
    return b instanceof Decimal && decimalEqual(b, a);
  }
  if (a instanceof Decimal || b instanceof Decimal) return a instanceof Decimal && decimalEqual(a, b);
  if (typeA !== "object" || typeB !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const objectA = a as Record<string, unknown>;
  const objectB = b as Record<string, unknown>;
  const keys = Object.keys(objectA);
  if (keys.length !== Object.keys(objectB).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(objectB, key) || !jsonEqual(objectA[key], objectB[key])) return false;
  }
  return true;
}

function decimalEqual(a: Decimal, b: unknown): boolean {
  return (typeof b === "number" || typeof b === "bigint" || b instanceof Decimal) && a.compare(Decimal.of(b)) === 0;
}

/**
 * A text that two JSON values share exactly when `jsonEqual` holds: numbers by
 * value (an integer as its digits, so 1, 1.0 and 1n agree), object keys
 * sorted. `uniqueItems` compares items by it in one pass.
 */
export function jsonKey(value: unknown): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isInteger(value) ? BigInt(value).toString() : String(value);
    case "bigint":
      return value.toString();
    case "boolean":
      return String(value);
    default:
      break;
  }
  if (value === null) return "null";
  if (Array.isArray(value)) return `[${value.map(jsonKey).join(",")}]`;
  const object = value as Record<string, unknown>;
  const entries = Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${jsonKey(object[key])}`);
  return `{${entries.join(",")}}`;
}
