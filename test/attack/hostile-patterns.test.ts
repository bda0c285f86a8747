// Patterns that once compiled huge or searched long: their program, their
// PCRE2 source and their compiled size stay small, their searches bounded.
import { describe, expect, it } from "vitest";
import { patternEngine, patternInfo, validate } from "../../src/index";
import { compilePattern } from "../../src/pattern/compile-pattern";
import { PATTERN_OBJECT_BYTES, type CompiledPattern } from "../../src/pattern/native";
import { pcre2Source } from "../../src/pattern/pcre2-source";
import { encodeProgram, programSize } from "../../src/pattern/program";
import { parsePattern } from "../../src/pattern/syntax";

describe("hostile patterns", () => {
  // A repeat of what can only match the empty string once counted as no
  // instruction and was still written out count by count: 33 bytes of
  // pattern never finished compiling, and `{0}` bodies under repeats gave
  // PCRE2 15 MB of code the schema's bounds did not see.
  it.each([
    "(?:(?:(?:){65535}){65535}){65535}",
    "(?:(?:(?:a){0}){65535}){1000}",
    "(?:(?:(?:abcdefgh){0}){1000}){900}x",
  ])("%j is written as what it means: a few instructions, a few bytes of PCRE2 code", (pattern) => {
    const root = parsePattern(pattern);
    expect(programSize(root)).toBeLessThanOrEqual(2);
    expect(encodeProgram(root).length).toBeLessThanOrEqual(12);
    expect(pcre2Source(root).length).toBeLessThanOrEqual(1);
    const compiled = compilePattern(pattern) as CompiledPattern;
    expect(compiled.bytes - PATTERN_OBJECT_BYTES).toBeLessThan(4096);
    expect(validate({ type: "object", properties: { s: { type: "string", pattern } } }, { s: "x" })).toStrictEqual({
      ok: true,
    });
  });

  // Each empty-first alternative keeps a backtracking frame a character: the
  // JIT stack grows with the proven steps too, so no proven pattern trips it.
  it.each([8_000, 16_000, 300_000])(
    "optional groups in a repeat over %i characters stay in PCRE2, without a tripped limit",
    (length) => {
      const pattern = "^(?:(?:|b)(?:|c)(?:|d)(?:|e)(?:|f)(?:|g)(?:|h)(?:|i)a)*$";
      expect(patternInfo(pattern)).toStrictEqual({ ok: true, engine: "pcre2", reason: null });
      const before = patternEngine.searches();
      const schema = { type: "object", properties: { s: { type: "string", pattern } } };
      expect(validate(schema, { s: "a".repeat(length) })).toStrictEqual({ ok: true });
      expect(validate(schema, { s: `${"a".repeat(length)}!` })).toMatchObject({ ok: false, kind: "validation" });
      const after = patternEngine.searches();
      expect(after.pcre2Trips).toBe(before.pcre2Trips);
      expect(after.pcre2 - before.pcre2).toBe(3);
    },
  );
});
