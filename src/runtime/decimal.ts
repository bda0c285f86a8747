import { chargeBigint, chargeBigintDigits, chargeRead } from "./work-costs";
/**
 * Exact decimals (docs/contract.md, "Exact numbers"). A schema's number stands
 * for the shortest decimal JavaScript prints for it (`String(x)`: "0.1",
 * "1e+308"), and a lenient scalar string for the decimal it spells. So 0.0075
 * is a multiple of 0.0001 and 19.99 of 0.01, though `%` and `/` on doubles say
 * otherwise, 1e308 is not a multiple of 0.123456789, and "9007199254740993" is
 * more than 9007199254740992, though Number() rounds it to that.
 */

/** Decimal text: what String() prints for a number or a bigint ("-0.5", "1e+308", "1.5e-7"), and lenient scalars ("007.50"). */
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** Digits per step when a digit string is reduced modulo a divisor (500 measured fastest on 9,000,000 digits: 25 ms, 86 ms at 15). */
const CHUNK = 500;
/** Reducing digits modulo a divisor takes 4 to 6 ns a digit: charged as reading each digit this many times. */
const READS_PER_REDUCED_DIGIT = 4;
const CHUNK_POWER = 10n ** BigInt(CHUNK);

/**
 * An exact decimal number: ±0.d₁d₂…dₙ × 10^point, with no leading or
 * trailing zero digit (zero has no digits). Lenient scalar strings that no
 * double holds exactly stand for one (lenient.ts); the checks compare it as
 * the decimal it is. Its fields are private, so it has no own keys.
 */
export class Decimal {
  readonly #negative: boolean;
  readonly #digits: string;
  readonly #point: number;

  private constructor(negative: boolean, digits: string, point: number) {
    this.#negative = negative && digits !== "";
    this.#digits = digits;
    this.#point = digits === "" ? 0 : point;
  }

  /** The value of decimal text; linear in its length, however long. */
  static parse(text: string): Decimal {
    const [, sign, whole, fraction = "", exponent = "0"] = DECIMAL_TEXT.exec(text)!;
    const all = whole + fraction;
    let start = 0;
    while (start < all.length && all[start] === "0") start++;
    let end = all.length;
    while (end > start && all[end - 1] === "0") end--;
    return new Decimal(sign === "-", all.slice(start, end), whole.length - start + Number(exponent));
  }

  /** The decimal JavaScript prints for a finite number, or the value of a bigint. */
  static of(value: number | bigint | Decimal): Decimal {
    if (value instanceof Decimal) return value;
    if (typeof value === "bigint") chargeBigintDigits(value);
    return Decimal.parse(String(value));
  }

  isInteger(): boolean {
    return this.#digits.length <= this.#point;
  }

  /** Negative, zero or positive as this is less than, equal to or greater than `other`. */
  compare(other: Decimal): number {
    const sign = this.#sign();
    if (sign !== other.#sign() || sign === 0) return sign - other.#sign();
    // Same sign: the magnitudes decide, first by where the digits start.
    const digits = this.#digits === other.#digits ? 0 : this.#digits < other.#digits ? -1 : 1;
    const magnitude = this.#point !== other.#point ? this.#point - other.#point : digits;
    return sign * magnitude;
  }

  /** True when this / divisor is an integer; `divisor` > 0. */
  isMultipleOf(divisor: Decimal): boolean {
    if (this.#digits === "") return true;
    // this / divisor = D₁ × 10^gap / D₂, with D₁ and D₂ the digits read as integers.
    const gap = this.#point - this.#digits.length - (divisor.#point - divisor.#digits.length);
    // A negative gap needs 10 to divide D₁, whose last digit is not 0.
    if (gap < 0) return false;
    const d2 = BigInt(divisor.#digits);
    // D₂ holds fewer than 4 factors of 2 or 5 per digit: past that many, more factors of 10 change nothing.
    const scale = 10n ** BigInt(Math.min(gap, 4 * divisor.#digits.length));
    chargeRead(READS_PER_REDUCED_DIGIT * this.#digits.length);
    return (remainder(this.#digits, d2) * scale) % d2 === 0n;
  }

  /** True when `value` / this is an integer; this > 0. Bigint arithmetic: linear in the value's size, and no digits of it are written. */
  divides(value: bigint): boolean {
    // this = D × 10^exponent, with D the digits read as an integer.
    const d = BigInt(this.#digits);
    const exponent = this.#point - this.#digits.length;
    chargeBigint(value);
    if (exponent >= 0) return value % (d * 10n ** BigInt(exponent)) === 0n;
    // value / (D / 10^-exponent) = value × 10^-exponent / D.
    return ((value % d) * 10n ** BigInt(-exponent)) % d === 0n;
  }

  /** Plain decimal text, as messages show it and as the JSON text of the number: "9007199254740993", "-0.1000000000000000000001". */
  toString(): string {
    const digits = this.#digits;
    const point = this.#point;
    const sign = this.#negative ? "-" : "";
    if (digits === "") return "0";
    if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
    if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
    return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  }

  /**
   * No JSON text: a number would round it and a string would quote it. So
   * JSON.stringify gives undefined, and `preview` prints String(this).
   */
  toJSON(): undefined {
    return undefined;
  }

  #sign(): number {
    return this.#digits === "" ? 0 : this.#negative ? -1 : 1;
  }
}

/** The integer `digits` spells, modulo `divisor`, a chunk at a time: linear in the length, however long. */
function remainder(digits: string, divisor: bigint): bigint {
  let rest = 0n;
  for (let i = 0; i < digits.length; i += CHUNK) {
    const chunk = digits.slice(i, i + CHUNK);
    rest = (rest * (chunk.length === CHUNK ? CHUNK_POWER : 10n ** BigInt(chunk.length)) + BigInt(chunk)) % divisor;
  }
  return rest;
}

/**
 * The number plain decimal text ("2", "-2.5", "9007199254740993") stands
 * for: the double when the decimal it prints is exactly the text's value,
 * else the exact Decimal.
 */
export function decimalNumber(text: string): number | Decimal {
  const number = Number(text);
  if (String(number) === text) return number;
  const exact = Decimal.parse(text);
  return Number.isFinite(number) && Decimal.of(number).compare(exact) === 0 ? number : exact;
}

/** True when `value / divisor` is an integer, computed exactly; `divisor` > 0. */
export function isMultipleOf(value: number | bigint | Decimal, divisor: number): boolean {
  // Doubles hold integers up to 2^53 exactly, and so does their remainder.
  if (Number.isSafeInteger(value) && Number.isSafeInteger(divisor)) return (value as number) % divisor === 0;
  if (typeof value === "bigint") return Decimal.of(divisor).divides(value);
  return Decimal.of(value).isMultipleOf(Decimal.of(divisor));
}

/**
 * Whether an integer compares with the number `n` as with the decimal `n`
 * prints: below 2^53 in size its binary value and that decimal lie between
 * the same integers; from 2^53 they differ (2^64 prints
 * 18446744073709552000), and a bigint is compared with the decimal.
 */
export const integersCompareExactly = (n: number): boolean => Math.abs(n) < 2 ** 53;

/** How the bigint `c` compares with the decimal the finite number `n` prints: -1, 0 or 1 (integersCompareExactly says when that is `c`'s comparison with `n` itself). */
export function compareWithPrinted(c: bigint, n: number): number {
  if (integersCompareExactly(n)) return c < n ? -1 : c > n ? 1 : 0;
  return Decimal.of(c).compare(Decimal.of(n));
}
