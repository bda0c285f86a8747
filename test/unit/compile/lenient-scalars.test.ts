import { describe, expect, it } from "vitest";
import { validate, violation } from "../../../src/index";

const schema = {
  type: "object",
  properties: {
    count: { type: "integer", minimum: 1, maximum: 5 },
    ratio: { type: "number", enum: [-2.5, 0.5] },
    flag: { type: "boolean" },
    name: { type: "string", minLength: 2, pattern: "^[0-9]+$" },
    tag: { type: "string", enum: ["true", "7"] },
    list: { type: "array", items: { type: "integer" } },
  },
};
const lenient = { lenientScalars: true };

describe("lenientScalars", () => {
  it("is off by default", () => {
    expect(violation(schema, { count: "2" })).toBe('invalid arguments: count: expected an integer, got a string ("2")');
  });

  it("accepts the plain string form of integers, numbers and booleans", () => {
    expect(validate(schema, { count: "2", ratio: "-2.5", flag: "false" }, lenient)).toEqual({ ok: true });
    expect(validate(schema, { count: "2.0" }, lenient)).toEqual({ ok: true });
  });

  it("applies bounds and enum to the value the string denotes", () => {
    expect(violation(schema, { count: "9" }, lenient)).toBe("invalid arguments: count: must be at most 5, got 9");
    expect(violation(schema, { ratio: "1" }, lenient)).toBe(
      "invalid arguments: ratio: must be one of -2.5, 0.5, got 1",
    );
  });

  it.each(["2.5", "1e3", " 2", "+2", "0x2", "", "2.", ".5", "TRUE"])(
    "refuses %j where an integer is asked for",
    (text) => {
      expect(validate(schema, { count: text }, lenient).ok).toBe(false);
    },
  );

  it("accepts numbers and booleans where a string is asked for, checking their JSON text", () => {
    expect(validate(schema, { name: 42 }, lenient)).toEqual({ ok: true });
    expect(violation(schema, { name: 4 }, lenient)).toBe(
      'invalid arguments: name: must be at least 2 characters long, got "4"',
    );
    expect(violation(schema, { name: true }, lenient)).toBe(
      'invalid arguments: name: must match the pattern ^[0-9]+$, got "true"',
    );
    expect(validate(schema, { tag: true }, lenient)).toEqual({ ok: true });
    expect(validate(schema, { tag: 7 }, lenient)).toEqual({ ok: true });
  });

  it("is never lenient about structure", () => {
    expect(violation(schema, { list: "[1]" }, lenient)).toBe(
      'invalid arguments: list: expected a list, got a string ("[1]"); send the list itself, not JSON text',
    );
    expect(validate(schema, { list: ["1", 2] }, lenient)).toEqual({ ok: true });
    expect(violation(schema, { flag: null }, lenient)).toBe("invalid arguments: flag: expected a boolean, got null");
  });

  it("never changes the arguments", () => {
    const args = { count: "2", flag: "true" };
    validate(schema, args, lenient);
    expect(args).toEqual({ count: "2", flag: "true" });
  });

  it("prefers the value's own type in a union", () => {
    const union = { type: "object", properties: { v: { type: ["integer", "string"], maxItems: 1, minLength: 2 } } };
    expect(violation(union, { v: "7" }, lenient)).toBe(
      'invalid arguments: v: must be at least 2 characters long, got "7"',
    );
  });
});

describe("lenientScalars: a string stands for the exact decimal it spells", () => {
  const wrap = (v: object) => ({ type: "object", properties: { v } });
  const extended = { lenientScalars: true, profile: "extended" } as const;

  it("compares bounds with the exact value, not the double Number() rounds it to", () => {
    const schema = wrap({ type: "integer", minimum: -9007199254740992, maximum: 9007199254740992 });
    expect(validate(schema, { v: "9007199254740992" }, lenient)).toEqual({ ok: true });
    expect(violation(schema, { v: "9007199254740993" }, lenient)).toBe(
      "invalid arguments: v: must be at most 9007199254740992, got 9007199254740993",
    );
    expect(violation(schema, { v: "-9007199254740993" }, lenient)).toBe(
      "invalid arguments: v: must be at least -9007199254740992, got -9007199254740993",
    );
    const tenth = wrap({ type: "number", exclusiveMinimum: 0.1, maximum: 0.2 });
    expect(validate(tenth, { v: "0.1000000000000000000001" }, extended)).toEqual({ ok: true });
    expect(violation(tenth, { v: "0.1" }, extended)).toBe("invalid arguments: v: must be greater than 0.1, got 0.1");
    expect(violation(tenth, { v: "0.2000000000000000000001" }, extended)).toBe(
      "invalid arguments: v: must be at most 0.2, got 0.2000000000000000000001",
    );
    expect(
      violation(wrap({ type: "number", exclusiveMaximum: 0.1 }), { v: "0.0999999999999999999999999" }, extended),
    ).toBeNull();
  });

  it("is an integer only when the decimal is", () => {
    const schema = wrap({ type: "integer" });
    expect(violation(schema, { v: "1.0000000000000001" }, lenient)).toBe(
      'invalid arguments: v: expected an integer, got a string ("1.0000000000000001")',
    );
    expect(validate(schema, { v: "1.0000000000000000000" }, lenient)).toEqual({ ok: true });
    expect(validate(schema, { v: "12345678901234567890123" }, lenient)).toEqual({ ok: true });
  });

  it("never equals an enum or const number of another value", () => {
    expect(violation(wrap({ type: "number", enum: [0.1, 2] }), { v: "0.1000000000000000000001" }, lenient)).toBe(
      "invalid arguments: v: must be one of 0.1, 2, got 0.1000000000000000000001",
    );
    expect(validate(wrap({ type: "number", enum: [0.1, 2] }), { v: "0.10" }, lenient)).toEqual({ ok: true });
    expect(violation(wrap({ type: "integer", const: 9007199254740992 }), { v: "9007199254740993" }, extended)).toBe(
      "invalid arguments: v: must be 9007199254740992, got 9007199254740993",
    );
    expect(validate(wrap({ type: "integer", const: 1e23 }), { v: "100000000000000000000000" }, extended)).toEqual({
      ok: true,
    });
  });

  it("applies multipleOf to the exact value", () => {
    expect(violation(wrap({ type: "integer", multipleOf: 2 }), { v: "9007199254740993" }, extended)).toBe(
      "invalid arguments: v: must be a multiple of 2, got 9007199254740993",
    );
    expect(validate(wrap({ type: "integer", multipleOf: 2 }), { v: "9007199254740994" }, extended)).toEqual({
      ok: true,
    });
    expect(validate(wrap({ type: "number", multipleOf: 1e-22 }), { v: "0.1000000000000000000001" }, extended)).toEqual({
      ok: true,
    });
    expect(violation(wrap({ type: "number", multipleOf: 0.1 }), { v: "0.1000000000000000000001" }, extended)).toBe(
      "invalid arguments: v: must be a multiple of 0.1, got 0.1000000000000000000001",
    );
  });

  it("takes values beyond the range of doubles as they are, and shortens them in messages", () => {
    const huge = "1" + "0".repeat(400);
    expect(validate(wrap({ type: "integer", minimum: 1e308 }), { v: huge }, lenient)).toEqual({ ok: true });
    expect(violation(wrap({ type: "integer", maximum: 1e308 }), { v: huge }, lenient)).toBe(
      `invalid arguments: v: must be at most 1e+308, got 1${"0".repeat(58)}…`,
    );
    const tiny = "0." + "0".repeat(400) + "1";
    expect(validate(wrap({ type: "number", exclusiveMinimum: 0 }), { v: tiny }, extended)).toEqual({ ok: true });
    expect(validate(wrap({ type: "number", exclusiveMaximum: 0 }), { v: "-" + tiny }, extended)).toEqual({ ok: true });
  });

  it("passes the exact value on to subschemas", () => {
    expect(
      violation(wrap({ type: "number", allOf: [{ type: "integer" }] }), { v: "0.1000000000000000000001" }, extended),
    ).toBe("invalid arguments: v: expected an integer, got a number (0.1000000000000000000001)");
    expect(
      validate(
        wrap({ type: "integer", allOf: [{ type: "string", pattern: "^9007199254740993$" }] }),
        { v: "9007199254740993" },
        extended,
      ),
    ).toEqual({ ok: true });
    expect(
      violation(
        wrap({ type: "integer", anyOf: [{ maximum: 0 }, { minimum: 9007199254740994 }] }),
        { v: "9007199254740993" },
        lenient,
      ),
    ).toBe(
      "invalid arguments: v: does not match any of the 2 allowed forms; closest (form 1): must be at most 0, got 9007199254740993",
    );
  });
});

describe("lenientScalars beside object keywords", () => {
  it("reads a scalar string as a number, never as an object with missing properties", () => {
    const schema = {
      type: "object",
      properties: { v: { type: ["integer", "object"], required: ["a"], minProperties: 1 } },
    };
    const lenient = { lenientScalars: true, profile: "extended" } as const;
    expect(validate(schema, { v: "9007199254740993" }, lenient)).toEqual({ ok: true });
    expect(violation(schema, { v: {} }, lenient)).toBe(
      "invalid arguments: v.a: missing (required); v: must have at least 1 property, got 0",
    );
  });
});
