import { compareWithPrinted, Decimal, isMultipleOf } from "../../runtime/decimal";
import { isFiniteNumber, valueKeyword, type Keyword } from "../keyword";
import { preview } from "../../explain/messages";

type Numeric = number | bigint;

/**
 * The numeric bounds, each by the comparison a value must pass: the closures
 * below compare with it, and the generated fast check writes it
 * (src/validate/check-generator.ts).
 */
export const BOUNDS = {
  minimum: { operator: ">=", words: "at least" },
  maximum: { operator: "<=", words: "at most" },
  exclusiveMinimum: { operator: ">", words: "greater than" },
  exclusiveMaximum: { operator: "<", words: "less than" },
} as const;

type Operator = (typeof BOUNDS)[keyof typeof BOUNDS]["operator"];

const COMPARISONS: Record<Operator, (v: Numeric, bound: number) => boolean> = {
  ">=": (v, bound) => v >= bound,
  "<=": (v, bound) => v <= bound,
  ">": (v, bound) => v > bound,
  "<": (v, bound) => v < bound,
};

/** Whether a bigint passes a bound, which stands for the decimal it prints (docs/contract.md, "Exact numbers"; compareWithPrinted). */
export function bigintPasses(v: bigint, bound: number, operator: Operator): boolean {
  return COMPARISONS[operator](compareWithPrinted(v, bound), 0);
}

/** A bound on numbers; other values are left alone. */
function numericBound(name: keyof typeof BOUNDS): Keyword {
  const { operator, words } = BOUNDS[name];
  const holds = COMPARISONS[operator];
  // The draft-4 boolean form of the exclusive bounds is malformed here.
  const keyword = valueKeyword(name, isFiniteNumber, "a finite number", (value, site) => {
    const pointer = site.pointer(name);
    const bound = `must be ${words} ${value}`;
    const params = { comparison: operator, limit: value };
    // A Decimal, a lenient scalar's exact number, is compared with the decimal the bound prints.
    const within = (v: unknown) =>
      typeof v === "number"
        ? holds(v, value)
        : typeof v === "bigint"
          ? bigintPasses(v, value, operator)
          : !(v instanceof Decimal) || holds(v.compare(Decimal.of(value)), 0);
    return (v, r) => within(v) || (r !== null && r.fail(name, pointer, () => `${bound}, got ${preview(v)}`, params));
  });
  return { ...keyword, applies: "number" };
}

export const minimumKeyword = numericBound("minimum");
export const maximumKeyword = numericBound("maximum");
export const exclusiveMinimumKeyword = numericBound("exclusiveMinimum");
export const exclusiveMaximumKeyword = numericBound("exclusiveMaximum");

export const multipleOfKeyword: Keyword = {
  name: "multipleOf",
  applies: "number",
  compile(value, site) {
    if (!isFiniteNumber(value) || value <= 0) {
      site.problem("multipleOf", "must be a number greater than 0");
      return null;
    }
    const pointer = site.pointer("multipleOf");
    const params = { multipleOf: value };
    return (v, r) => {
      if ((typeof v !== "number" && typeof v !== "bigint" && !(v instanceof Decimal)) || isMultipleOf(v, value))
        return true;
      return (
        r !== null && r.fail("multipleOf", pointer, () => `must be a multiple of ${value}, got ${preview(v)}`, params)
      );
    };
  },
};
