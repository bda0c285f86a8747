/**
 * `multipleOf` on the decimal forms JavaScript prints (SPEC §9): 0.0075 is a
 * multiple of 0.0001 and 19.99 of 0.01, though `%` and `/` on doubles say
 * otherwise, and 1e308 is not a multiple of 0.123456789.
 */

interface Decimal {
  /** The digits, without sign. */
  digits: bigint;
  /** The value is digits × 10^exponent. */
  exponent: number;
}

/** The exact value of the shortest round-trip text of a number ("0.0075", "1e+308", "1.5e-7"). */
function decimal(value: number | bigint): Decimal {
  if (typeof value === "bigint") return { digits: value < 0n ? -value : value, exponent: 0 };
  const [mantissa, exponent = "0"] = String(Math.abs(value)).split("e");
  const [whole, fraction = ""] = mantissa.split(".");
  return { digits: BigInt(whole + fraction), exponent: Number(exponent) - fraction.length };
}

/** True when `value / divisor` is an integer, computed exactly; `divisor` > 0. */
export function isMultipleOf(value: number | bigint, divisor: number): boolean {
  // Doubles hold integers up to 2^53 exactly, and so does their remainder.
  if (Number.isSafeInteger(value) && Number.isSafeInteger(divisor)) return (value as number) % divisor === 0;
  const v = decimal(value);
  const d = decimal(divisor);
  if (v.digits === 0n) return true;
  const exponent = Math.min(v.exponent, d.exponent);
  const scaledValue = v.digits * 10n ** BigInt(v.exponent - exponent);
  const scaledDivisor = d.digits * 10n ** BigInt(d.exponent - exponent);
  return scaledValue % scaledDivisor === 0n;
}
