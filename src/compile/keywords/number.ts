import { compareWithPrinted, Decimal, integersCompareExactly, isMultipleOf } from "../../runtime/decimal";
import { isFiniteNumber, testKeyword } from "../keyword";
import type { Test } from "../assertion";
import { preview } from "../../explain/messages";

type Numeric = number | bigint | Decimal;

/** The numeric bounds, each by the comparison a value must pass. */
const BOUNDS = {
  minimum: { operator: ">=", words: "at least" },
  maximum: { operator: "<=", words: "at most" },
  exclusiveMinimum: { operator: ">", words: "greater than" },
  exclusiveMaximum: { operator: "<", words: "less than" },
} as const;

type Operator = (typeof BOUNDS)[keyof typeof BOUNDS]["operator"];

const COMPARISONS: Record<Operator, (v: number | bigint, bound: number) => boolean> = {
  ">=": (v, bound) => v >= bound,
  "<=": (v, bound) => v <= bound,
  ">": (v, bound) => v > bound,
  "<": (v, bound) => v < bound,
};

/** Whether a bigint passes a bound, which stands for the decimal it prints (docs/contract.md, "Exact numbers"; compareWithPrinted). */
function bigintPasses(v: bigint, bound: number, operator: Operator): boolean {
  return COMPARISONS[operator](compareWithPrinted(v, bound), 0);
}

/**
 * A bound's test: a number compared as it is, a bigint on decimals
 * (bigintPasses), and a Decimal, a lenient scalar's exact number, with the
 * decimal the bound prints. Written, the comparison is inline, and a bigint
 * against a bound of 2^53 or more goes to bigintPasses.
 */
function boundTest(operator: Operator): Test<Numeric, number> {
  const holds = COMPARISONS[operator];
  return {
    holds: (v, bound) =>
      typeof v === "number"
        ? holds(v, bound)
        : typeof v === "bigint"
          ? bigintPasses(v, bound, operator)
          : holds(v.compare(Decimal.of(bound)), 0),
    code: (w, v, bound) => {
      const literal = JSON.stringify(bound);
      return integersCompareExactly(bound)
        ? `${v} ${operator} ${literal}`
        : `(typeof ${v} === "bigint" ? ${w.constant(bigintPasses)}(${v}, ${literal}, "${operator}") : ${v} ${operator} ${literal})`;
    },
  };
}

/** A bound on numbers; other values are left alone. The draft-4 boolean form of the exclusive bounds is malformed here. */
function numericBound(name: keyof typeof BOUNDS) {
  const { operator, words } = BOUNDS[name];
  return testKeyword(name, "number", isFiniteNumber, "a finite number", boundTest(operator), (bound) => ({
    problem: (v) => `must be ${words} ${bound}, got ${preview(v)}`,
    params: { comparison: operator, limit: bound },
  }));
}

export const minimumKeyword = numericBound("minimum");
export const maximumKeyword = numericBound("maximum");
export const exclusiveMinimumKeyword = numericBound("exclusiveMinimum");
export const exclusiveMaximumKeyword = numericBound("exclusiveMaximum");

const isPositiveNumber = (value: unknown): value is number => isFiniteNumber(value) && value > 0;

export const multipleOfKeyword = testKeyword(
  "multipleOf",
  "number",
  isPositiveNumber,
  "a number greater than 0",
  { holds: isMultipleOf },
  (step) => ({ problem: (v) => `must be a multiple of ${step}, got ${preview(v)}`, params: { multipleOf: step } }),
);
