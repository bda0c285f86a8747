import { describe, expect, it } from "vitest";
import { compile, patternEngine, validate } from "../../../src/index";
import { searchSpent } from "../../../src/runtime/pass";

// The work limit counts the DFA states a validation builds and the
// characters it reads, one unit per four; the DFA builds only a handful of
// states for this pattern, so each string, rejected after a scan of all its
// 200,001 characters, costs about 50,000 units, well within what it adds to
// the allowance. A tighter bound on the time of a call that carries many of
// them is what the budget is for.
const slow = "a".repeat(200_000) + "!";
const schema = { type: "object", properties: { v: { type: "array", items: { type: "string", pattern: "^(a+)+$" } } } };
const args = { v: Array(50).fill(slow) };

describe("timeBudgetMs", () => {
  it("is off by default: every string is checked", () => {
    const result = validate(schema, args);
    expect(result).toMatchObject({ ok: false, kind: "validation" });
    if (!result.ok) expect(result.issues).toHaveLength(50);
    // The reporting pass read 10 million characters: 2.5 million units, within the allowance.
    expect(searchSpent()).toBeLessThan(10_000_100 / patternEngine.readsPerUnit + 1_000);
    expect(searchSpent()).toBeLessThan(patternEngine.maxWork);
  });

  it("ends the validation with execution_failure once the budget is spent", () => {
    expect(compile(schema, { timeBudgetMs: 0.01 }).validate(args)).toEqual({
      ok: false,
      kind: "execution_failure",
      message:
        "could not check the arguments: arguments: checking their patterns took more than the time budget of 0.01 ms; send fewer or shorter values",
      issues: [
        {
          kind: "execution_failure",
          instancePath: "",
          path: [],
          schemaPath: "",
          keyword: "timeBudgetMs",
          params: { limit: 0.01 },
          message:
            "arguments: checking their patterns took more than the time budget of 0.01 ms; send fewer or shorter values",
        },
      ],
    });
  });

  it("leaves cheap calls alone and does not leak into validators without a budget", () => {
    const budgeted = compile(schema, { timeBudgetMs: 1000 });
    expect(budgeted.validate({ v: ["aaa", "a"] })).toEqual({ ok: true });
    compile(schema, { timeBudgetMs: 0.01 }).validate(args);
    expect(validate(schema, { v: [slow, slow] })).toMatchObject({ ok: false, kind: "validation" });
  });

  it("is looked at after each search of a hot validator, whichever way its searches go", () => {
    // Every string matches, so nothing but the budget ends the check early;
    // each search reads far more than 0.01 ms' worth.
    const matching = "a".repeat(200_000);
    const hot = compile(schema, { timeBudgetMs: 0.01, eager: true });
    const before = patternEngine.searches();
    expect(hot.validate({ v: Array(50).fill(matching) })).toMatchObject({
      ok: false,
      kind: "execution_failure",
      issues: [{ keyword: "timeBudgetMs" }],
    });
    const after = patternEngine.searches();
    expect(after.pcre2 + after.dfa - before.pcre2 - before.dfa).toBe(1);
  });

  it("must be a positive number", () => {
    for (const timeBudgetMs of [0, -1, Infinity, "5", null]) {
      expect(validate(schema, {}, { timeBudgetMs } as never)).toMatchObject({
        ok: false,
        message: "invalid options: options.timeBudgetMs must be a positive number of milliseconds",
      });
    }
  });
});
