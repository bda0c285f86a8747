import { Decimal, decimalNumber } from "./decimal";
import { matchesType } from "./keywords/type";
import { PerPass } from "./memo";
import type { Check } from "./report";

/** Plain decimal text: optional minus, digits, optional fraction; no exponent, no spaces. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const NO_MATCH = Symbol("no match");

/** Decimal strings at least this long are read once per validation pass, however many branches ask. */
const READ_ONCE = 1024;
const numbersRead = new PerPass(() => new Map<string, number | Decimal>());

function numberOf(text: string): number | Decimal {
  if (text.length < READ_ONCE) return decimalNumber(text);
  const read = numbersRead.get();
  let number = read.get(text);
  if (number === undefined) read.set(text, (number = decimalNumber(text)));
  return number;
}

/**
 * The value a scalar stands for under `lenientScalars`, trying the
 * value's own type first and then the schema's types in order. A decimal
 * string stands for its exact value: a number, or a Decimal where no double
 * holds it ("9007199254740993" is not 9007199254740992, "1.0000000000000001"
 * is no integer).
 */
function denote(types: readonly string[], value: unknown): unknown {
  if (types.some((type) => matchesType(type, value))) return value;
  for (const type of types) {
    if (typeof value === "string") {
      if ((type === "integer" || type === "number") && DECIMAL.test(value)) {
        const number = numberOf(value);
        if (type === "number" || matchesType("integer", number)) return number;
      } else if (type === "boolean" && (value === "true" || value === "false")) {
        return value === "true";
      }
    } else if (type === "string" && (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint" || value instanceof Decimal)) {
      // The JSON text of the number or boolean.
      return String(value);
    }
  }
  return NO_MATCH;
}

/**
 * The node's `type` under lenientScalars: the other keywords then apply to
 * the value the scalar denotes. The arguments themselves are never changed.
 */
export function lenientTypeGate(types: readonly string[], typeCheck: Check, rest: Check): Check {
  return (value, report) => {
    const denoted = denote(types, value);
    return denoted === NO_MATCH ? typeCheck(value, report) : rest(denoted, report);
  };
}
