import { describe, expect, it } from "vitest";
import { validate, violation } from "../src/index";

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
    expect(violation(schema, { ratio: "1" }, lenient)).toBe("invalid arguments: ratio: must be one of -2.5, 0.5, got 1");
  });

  it.each(["2.5", "1e3", " 2", "+2", "0x2", "", "2.", ".5", "TRUE"])("refuses %j where an integer is asked for", (text) => {
    expect(validate(schema, { count: text }, lenient).ok).toBe(false);
  });

  it("accepts numbers and booleans where a string is asked for, checking their JSON text", () => {
    expect(validate(schema, { name: 42 }, lenient)).toEqual({ ok: true });
    expect(violation(schema, { name: 4 }, lenient)).toBe('invalid arguments: name: must be at least 2 characters long, got "4"');
    expect(violation(schema, { name: true }, lenient)).toBe('invalid arguments: name: must match the pattern ^[0-9]+$, got "true"');
    expect(validate(schema, { tag: true }, lenient)).toEqual({ ok: true });
    expect(validate(schema, { tag: 7 }, lenient)).toEqual({ ok: true });
  });

  it("is never lenient about structure", () => {
    expect(violation(schema, { list: "[1]" }, lenient)).toBe('invalid arguments: list: expected a list, got a string ("[1]"); send the list itself, not JSON text');
    expect(validate(schema, { list: ["1", 2] }, lenient)).toEqual({ ok: true });
    expect(violation(schema, { flag: null }, lenient)).toBe("invalid arguments: flag: expected a boolean, got nothing");
  });

  it("never changes the arguments", () => {
    const args = { count: "2", flag: "true" };
    validate(schema, args, lenient);
    expect(args).toEqual({ count: "2", flag: "true" });
  });

  it("prefers the value's own type in a union", () => {
    const union = { type: "object", properties: { v: { type: ["integer", "string"], maxItems: 1, minLength: 2 } } };
    expect(violation(union, { v: "7" }, lenient)).toBe('invalid arguments: v: must be at least 2 characters long, got "7"');
  });
});
