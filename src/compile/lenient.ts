import { Decimal, decimalNumber } from "../runtime/decimal";
import { matchesType } from "./keywords/type";
import type { Check } from "../explain/report";
import { chargeBigintDigits, chargeRead } from "../runtime/work-costs";

/** Plain decimal text: optional minus, digits, optional fraction; no exponent, no spaces. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const NO_MATCH = Symbol("no match");

/**
 * The number decimal text stands for, or null for other text. Testing the
 * text and reading it each read it whole, charged as reads (src/runtime/work-costs.ts)
 * every time: nothing is remembered by the text, which V8 would hash by its
 * length alone from 16,384 characters on.
 */
function decimalOf(text: string): number | Decimal | null {
  chargeRead(text.length);
  if (!DECIMAL.test(text)) return null;
  chargeRead(text.length);
  return decimalNumber(text);
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
  // Read once, however many numeric types ask.
  let number: number | Decimal | null | undefined;
  for (const type of types) {
    if (typeof value === "string") {
      if (type === "integer" || type === "number") {
        number ??= decimalOf(value);
        if (number !== null && (type === "number" || matchesType("integer", number))) return number;
      } else if (type === "boolean" && (value === "true" || value === "false")) {
        return value === "true";
      }
    } else if (
      type === "string" &&
      (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint" || value instanceof Decimal)
    ) {
      // The JSON text of the number or boolean.
      if (typeof value === "bigint") chargeBigintDigits(value);
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
