// Reading a long string or a large bigint whole is counted work: a hostile
// schema that makes a validation read the same long value again and again
// runs into the work limit, and every other call gets its exact answer.
// Observed through results only, never through time.
import { describe, expect, it, vi } from "vitest";
import { Decimal } from "../../../src/runtime/decimal";
import { compile, validate } from "../../../src/index";
import { outOfWork } from "../../support/work-limit";

const extended = { profile: "extended" } as const;
const lenient = { lenientScalars: true } as const;

/** `$defs` d0 … d`levels`, each applying the one below twice: 2^levels paths from the top to `leaf`. */
function doublingDefs(leaf: object, levels: number, keyword = "allOf") {
  const $defs: Record<string, object> = { d0: leaf };
  for (let i = 1; i <= levels; i++)
    $defs[`d${i}`] = { [keyword]: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
  return { $defs, top: { $ref: `#/$defs/d${levels}` } };
}

/** The results of ten calls: the first ones run the closures, the later ones the generated code. */
const tenCalls = (validator: { validate(args: unknown): unknown }, args: () => unknown) =>
  Array.from({ length: 10 }, () => validator.validate(args()));

describe("long strings read again and again", () => {
  it("counting code points along 16,384 $ref paths: strings of 16,384 units or more run out of work, shorter ones are decided once", () => {
    const { $defs, top } = doublingDefs({ minLength: 10_000 }, 14);
    const validator = compile({ type: "object", $defs, properties: { a: { type: "array", items: top } } }, extended);
    const strings = (length: number) => Array.from({ length: 4 }, (_, i) => `${"a".repeat(length)}${1000 + i}`);
    for (const result of tenCalls(validator, () => ({ a: strings(16_380) })))
      expect(result).toEqual(outOfWork({ a: strings(16_380) }));
    for (const result of tenCalls(validator, () => ({ a: strings(16_000) }))) expect(result).toEqual({ ok: true });
  });

  it("counting code points in 5,000 branches runs out of work", () => {
    const validator = compile({
      type: "object",
      properties: {
        b: {
          type: "array",
          items: { anyOf: Array.from({ length: 5000 }, (_, i) => ({ minLength: 9000 + (i % 100) })) },
        },
      },
    });
    const astral = "\u{1F600}".repeat(8189);
    const args = () => ({ b: [0, 1, 2].map((i) => `${astral}${100_000 + i}`) });
    for (const result of tenCalls(validator, args)) expect(result).toEqual(outOfWork(args()));
  });

  it("copies of one string, each met at 5,000 $refs, are compared whole at each: they run out of work", () => {
    const validator = compile(
      {
        type: "object",
        $defs: { d: { type: "string", maxLength: 100_000 } },
        properties: {
          a: { type: "array", items: { allOf: Array.from({ length: 5000 }, () => ({ $ref: "#/$defs/d" })) } },
        },
      },
      extended,
    );
    // Parsed, so the 20 strings are 20 copies, not one string 20 times.
    const text = JSON.stringify({ a: Array(20).fill("a".repeat(16_383)) });
    for (const result of tenCalls(validator, () => JSON.parse(text)))
      expect(result).toEqual(outOfWork(JSON.parse(text)));
  });

  it("a 90,000-character const met on 16,384 paths runs out of work, and is matched where it is met once", () => {
    const s = "a".repeat(90_000);
    const { $defs, top } = doublingDefs({ const: `${s}x` }, 14, "anyOf");
    const validator = compile({ type: "object", $defs, properties: { s: top } }, extended);
    for (const result of tenCalls(validator, () => ({ s: `${s}y` }))) expect(result).toEqual(outOfWork({ s: `${s}y` }));
    for (const result of tenCalls(validator, () => ({ s: `${s}x` }))) expect(result).toEqual({ ok: true });
  });

  it("uniqueItems in 3,000 branches writes the texts of a list of long strings once a pass", () => {
    const validator = compile(
      {
        type: "object",
        properties: {
          a: { type: "array", allOf: Array.from({ length: 3000 }, (_, i) => ({ uniqueItems: true, minItems: i % 3 })) },
        },
      },
      extended,
    );
    const items = (last: number) => [1, 2, 3, last].map((i) => `${"a".repeat(250_000)}${i}`);
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      expect(validator.validate({ a: items(4) })).toEqual({ ok: true });
      // One text an item, not one an item and branch (12,000).
      expect(stringify).toHaveBeenCalledTimes(4);
      stringify.mockClear();
      const repeat = "a: must not repeat an item (items 0 and 3 are equal)";
      expect(validator.validate({ a: items(1) })).toMatchObject({
        ok: false,
        kind: "validation",
        message: `invalid arguments: ${Array(5).fill(repeat).join("; ")} (and 2995 more problems)`,
      });
      // The pass that says no and the pass that explains.
      expect(stringify).toHaveBeenCalledTimes(8);
    } finally {
      stringify.mockRestore();
    }
  });

  it("JSON text of a list, or white space, trimmed and compared in 5,500 failing branches runs out of work", () => {
    const validator = compile({
      type: "object",
      properties: {
        a: {
          type: "array",
          items: { anyOf: Array.from({ length: 5_500 }, (_, i) => ({ type: "array", minItems: i })) },
        },
      },
    });
    const listText = `[${"1,".repeat(32_766)}1]`;
    for (const text of [listText, " ".repeat(65_535)]) {
      const args = JSON.stringify({ a: Array(30).fill(text) });
      expect(validator.validate(JSON.parse(args))).toEqual(outOfWork(JSON.parse(args)));
    }
  });
});

describe("one long string", () => {
  it("is read whole within the limit it brings: 36 million characters whose length must be counted", () => {
    const long = "a".repeat(36_000_000);
    expect(
      validate({ type: "object", properties: { s: { type: "string", minLength: 20_000_000 } } }, { s: long }),
    ).toEqual({ ok: true });
    expect(
      validate({ type: "object", properties: { s: { type: "string", maxLength: 20_000_000 } } }, { s: long }, extended),
    ).toMatchObject({
      ok: false,
      kind: "validation",
      message: expect.stringMatching(/^invalid arguments: s: must be at most 20000000 characters long, got "a+…$/),
    });
  });
});

describe("lenient decimals read again and again", () => {
  it("a 16,384-digit multiple of 7 on 16,384 paths runs out of work; 1,000 digits are decided exactly", () => {
    const { $defs, top } = doublingDefs({ type: "number", multipleOf: 7 }, 14);
    const validator = compile({ type: "object", $defs, properties: { b: top } }, { ...extended, ...lenient });
    expect(validator.validate({ b: "7".repeat(16_384) })).toEqual(outOfWork({ b: "7".repeat(16_384) }));
    expect(validator.validate({ b: "7".repeat(1000) })).toEqual({ ok: true });
    expect(
      validate(
        { type: "object", properties: { b: { type: "integer", multipleOf: 3 } } },
        { b: "7".repeat(1000) },
        { ...extended, ...lenient },
      ),
    ).toMatchObject({
      ok: false,
      message: `invalid arguments: b: must be a multiple of 3, got ${"7".repeat(59)}…`,
    });
  });

  it("a million-digit string read as a number in 3,000 branches runs out of work (core profile)", () => {
    const validator = compile(
      {
        type: "object",
        properties: { n: { anyOf: Array.from({ length: 3000 }, (_, i) => ({ type: "integer", maximum: i })) } },
      },
      lenient,
    );
    expect(validator.validate({ n: "9".repeat(1_000_000) })).toEqual(outOfWork({ n: "9".repeat(1_000_000) }));
    expect(validator.validate({ n: "2999" })).toEqual({ ok: true });
  });

  it("a decimal no double holds is looked up among 15,000 numeric choices at once, and equals only a bigint choice", () => {
    const choices = [...Array.from({ length: 15_000 }, (_, i) => i + 0.5), 9007199254740993n];
    const validator = compile(
      { type: "object", properties: { a: { type: "array", items: { type: "number", enum: choices } } } },
      lenient,
    );
    const decimals = vi.spyOn(Decimal, "of");
    try {
      expect(validator.validate({ a: Array(1000).fill("9007199254740993") })).toEqual({ ok: true });
      // Twice a value: to read it, and to compare it with the one bigint choice; not once a choice (15,001).
      expect(decimals).toHaveBeenCalledTimes(2000);
    } finally {
      decimals.mockRestore();
    }
    expect(
      validator.validate({ a: ["2.5", "9007199254740993", "9007199254740992", "0.10000000000000000001"] }),
    ).toMatchObject({
      ok: false,
      message:
        "invalid arguments: a[2]: must be one of 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, …, got 9007199254740992; a[3]: must be one of 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, …, got 0.10000000000000000001",
    });
  });
});

describe("huge bigints", () => {
  const huge = 7n ** 1_000_000n; // 845,099 digits

  it("are previewed by their size, never written out", () => {
    const result = validate(
      { type: "object", properties: { n: { type: "array", items: { type: "string" } } } },
      { n: [...Array(20).fill(huge), -huge] },
    );
    const problem = (i: number, sign = "an") =>
      `n[${i}]: expected a string, got a number (${sign} integer of more than 60 digits)`;
    expect(result).toMatchObject({
      ok: false,
      kind: "validation",
      message: `invalid arguments: ${[0, 1, 2, 3, 4].map((i) => problem(i)).join("; ")} (and 16 more problems)`,
    });
    expect((result as { issues: { message: string }[] }).issues[20].message).toBe(problem(20, "a negative"));
  });

  it("are divided exactly by integer and decimal divisors, a step per 64 bits each time", () => {
    const big = 7n ** 100_000n * 10n;
    const divisors = (...values: number[]) => ({
      type: "object",
      properties: { n: { allOf: values.map((multipleOf) => ({ multipleOf })) } },
    });
    expect(validate(divisors(7, 49, 0.7, 7e-7, 1e-300), { n: big }, extended)).toEqual({ ok: true });
    expect(validate(divisors(3), { n: big }, extended)).toMatchObject({
      ok: false,
      message: "invalid arguments: n: must be a multiple of 3, got an integer of more than 60 digits",
    });
    expect(validate(divisors(0.3), { n: big }, extended)).toMatchObject({
      ok: false,
      message: "invalid arguments: n: must be a multiple of 0.3, got an integer of more than 60 digits",
    });
    // 50 divisions of 2.8 million bits are more than the work limit.
    expect(validate(divisors(...Array.from({ length: 50 }, (_, i) => 3 + 2 * i)), { n: huge }, extended)).toEqual(
      outOfWork({ n: huge }),
    );
  });

  it("are written as digits for a lenient string only within the work limit", () => {
    const schema = { type: "object", properties: { n: { type: "string", pattern: "^[0-9]+$" } } };
    expect(validate(schema, { n: 12345678901234567890123n }, lenient)).toEqual({ ok: true });
    expect(validate(schema, { n: huge }, lenient)).toEqual(outOfWork({ n: huge }));
  });
});
