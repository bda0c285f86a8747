// Numbers past what a double holds exactly: JSON text that parses to
// Infinity, bigints and lenient strings against bounds, const and enum of
// 2^53 and more (docs/contract.md, "Exact numbers").
import { describe, expect, it } from "vitest";
import { compile } from "../../src/index";
import { answers } from "../support/answers";

describe("numbers", () => {
  it("validateJson refuses a number that JSON.parse turns into Infinity, as validate refuses Infinity", () => {
    const schema = { type: "object", properties: { n: { type: "number", minimum: 0 } } };
    expect(compile(schema).validate(JSON.parse('{"n": 1e400}')).ok).toBe(false);
    const validator = compile(schema);
    for (let i = 0; i < 12; i++) expect(validator.validateJson('{"n": 1e400}').ok).toBe(false);
  });

  it("a bigint is compared with the decimal a bound prints, as a lenient string of the same digits is", () => {
    // 2 ** 64 prints 18446744073709552000: the bound stands for that decimal (docs/contract.md, "Exact numbers").
    const minimum = compile(
      { type: "object", properties: { n: { type: "integer", minimum: 2 ** 64 } } },
      { lenientScalars: true },
    );
    expect(minimum.validate({ n: "18446744073709551617" }).ok).toBe(false);
    expect(minimum.validate({ n: 18446744073709551617n }).ok).toBe(false);
    const maximum = compile(
      { type: "object", properties: { n: { type: "integer", maximum: 2 ** 64 } } },
      { lenientScalars: true },
    );
    expect(maximum.validate({ n: "18446744073709551617" }).ok).toBe(true);
    expect(maximum.validate({ n: 18446744073709551617n }).ok).toBe(true);
  });
});

describe("bigints and lenient strings against numbers of 2^53 and more", () => {
  // 2^64 prints 18446744073709552000: the bounds compare a bigint with that
  // decimal (bigintPasses), and a lenient string too, but enum and const
  // compare a bigint with the double's binary value (==), so the bigint and
  // the string of the same digits get opposite answers.
  const printed = 18446744073709552000n;
  const binary = 18446744073709551616n;

  for (const keyword of ["const", "enum"] as const) {
    const value = keyword === "const" ? 2 ** 64 : [2 ** 64];
    const schema = { type: "object", properties: { a: { type: "integer", [keyword]: value } } };
    const options = { profile: "extended" as const, lenientScalars: true };

    it(`${keyword}: a bigint gets the answer of the lenient string of its digits (cold and hot)`, () => {
      for (const n of [printed, binary]) {
        const asString = answers(compile(schema, options), () => ({ a: String(n) }));
        const asBigint = answers(compile(schema, options), () => ({ a: n }));
        expect(asBigint).toEqual(asString);
      }
    });

    it(`${keyword}: a bigint equal to the bounds' decimal passes as it passes minimum and maximum of the same number`, () => {
      const bounds = { type: "object", properties: { a: { type: "integer", minimum: 2 ** 64, maximum: 2 ** 64 } } };
      expect(answers(compile(bounds, { profile: "extended" }), () => ({ a: printed }))).toEqual(Array(12).fill(true));
      expect(answers(compile(schema, { profile: "extended" }), () => ({ a: printed }))).toEqual(Array(12).fill(true));
      expect(answers(compile(schema, { profile: "extended" }), () => ({ a: binary }))).toEqual(Array(12).fill(false));
    });
  }
});
