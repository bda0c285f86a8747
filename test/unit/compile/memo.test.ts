import { beforeEach, describe, expect, it } from "vitest";
import { memoized, memoizedGenerated } from "../../../src/compile/memo";
import { Report, type Check } from "../../../src/explain/report";
import { endValidation, pass, PerPass, startPass } from "../../../src/runtime/pass";
import { LONG_STRING } from "../../../src/runtime/json-equal";

/** A check that counts its calls and accepts strings only. */
function counted() {
  const calls: unknown[] = [];
  const check: Check = (value) => {
    calls.push(value);
    return typeof value === "string";
  };
  return { calls, check };
}

// Each test starts a pass of its own, as the validator does (startPass), with
// nothing spent: finding a long string among the answers is charged.
beforeEach(() => {
  endValidation();
  startPass();
});

describe("memoized: the fast check", () => {
  it("decides each value once a pass", () => {
    const { calls, check } = counted();
    const shared = memoized(check);
    const list = [1];
    const answers = ["a", "a", 1, 1, list, list, null, null].map((value) => shared(value, null));
    expect(answers).toEqual([true, true, false, false, false, false, false, false]);
    expect(calls).toEqual(["a", 1, list, null]);
  });

  it("keys objects by identity, not by content", () => {
    const { calls, check } = counted();
    const shared = memoized(check);
    shared({ a: 1 }, null);
    shared({ a: 1 }, null);
    expect(calls).toHaveLength(2);
  });

  it("decides again after startPass(): answers of an earlier pass are never used", () => {
    const { calls, check } = counted();
    const shared = memoized(check);
    shared("a", null);
    startPass();
    shared("a", null);
    shared("a", null);
    expect(calls).toEqual(["a", "a"]);
  });

  it("keeps one map per memoized check", () => {
    const first = counted();
    const second = counted();
    const a = memoized(first.check);
    const b = memoized(second.check);
    a("x", null);
    b("x", null);
    a("x", null);
    b("x", null);
    expect([first.calls, second.calls]).toEqual([["x"], ["x"]]);
  });

  // V8 hashes such keys so that they would all collide in a Map.
  it("checks a bigint, and a string of LONG_STRING characters or more, each time", () => {
    expect(LONG_STRING).toBe(16384);
    const { calls, check } = counted();
    const shared = memoized(check);
    const long = "x".repeat(LONG_STRING);
    const shorter = "x".repeat(LONG_STRING - 1);
    for (let i = 0; i < 3; i++) {
      shared(5n, null);
      shared(long, null);
      shared(shorter, null);
    }
    expect(calls.map((value) => (typeof value === "string" ? value.length : value))).toEqual([
      5n,
      LONG_STRING,
      LONG_STRING - 1,
      5n,
      LONG_STRING,
      5n,
      LONG_STRING,
    ]);
  });

  it("charges finding a string among the answers, a step per 128 characters", () => {
    const shared = memoized(() => true);
    const text = "y".repeat(1280);
    shared(text, null);
    const before = pass.spent;
    shared(text, null);
    expect(pass.spent - before).toBe(10);
    shared("short", null);
    const afterShort = pass.spent;
    shared("short", null);
    expect(pass.spent).toBe(afterShort);
  });

  it("with a report, remembers through the report, by value and place", () => {
    const seen: (Report | null)[] = [];
    const shared = memoized((_value, report) => {
      seen.push(report);
      return report !== null && report.fail("type", "#/type", "must be a string", {});
    });
    const report = new Report(true);
    expect(shared(1, report)).toBe(false);
    expect(shared(1, report)).toBe(false);
    expect(seen).toEqual([report]);
    expect(report.issues().map((issue) => issue.message)).toEqual(["arguments: must be a string"]);
    // A report's answers are its own: the fast check's map is not consulted.
    expect(shared(1, new Report(true))).toBe(false);
    expect(seen).toHaveLength(2);
  });
});

describe("endValidation", () => {
  it("empties the answer maps filled in the validation", () => {
    const { calls, check } = counted();
    const shared = memoized(check);
    shared("a", null);
    endValidation();
    // Same generation, no startPass(): the answer is gone, so the check runs again.
    shared("a", null);
    expect(calls).toEqual(["a", "a"]);
  });

  it("does nothing when nothing was filled", () => {
    endValidation();
    endValidation();
    const { calls, check } = counted();
    const shared = memoized(check);
    shared("a", null);
    shared("a", null);
    expect(calls).toEqual(["a"]);
  });
});

describe("memoizedGenerated: the memo of one $ref in generated code", () => {
  /** The memo, with the target's function `fn` bound as generated code passes it. */
  const memoOf = (fn: (v: unknown, d: number, w: boolean) => boolean) => {
    const memo = memoizedGenerated();
    return (v: unknown, d: number, w: boolean) => memo(fn, v, d, w);
  };

  function countedFn() {
    const calls: [unknown, number, boolean][] = [];
    const fn = (v: unknown, d: number, w: boolean) => {
      calls.push([v, d, w]);
      return v === "ok";
    };
    return { calls, fn };
  }

  it("reuses an object's answer only at the same depth, a scalar's at any", () => {
    const { calls, fn } = countedFn();
    const shared = memoOf(fn);
    const object = {};
    expect(shared(object, 3, false)).toBe(false);
    expect(shared(object, 3, false)).toBe(false);
    expect(shared(object, 4, false)).toBe(false);
    expect(shared("ok", 3, false)).toBe(true);
    expect(shared("ok", 4, false)).toBe(true);
    expect(calls).toEqual([
      [object, 3, false],
      [object, 4, false],
      ["ok", 3, false],
    ]);
  });

  it("keeps an object's answer of the last depth only", () => {
    const { calls, fn } = countedFn();
    const shared = memoOf(fn);
    const list: unknown[] = [];
    shared(list, 1, false);
    shared(list, 2, false);
    expect(shared(list, 1, false)).toBe(false);
    expect(shared(list, 2, false)).toBe(false);
    expect(calls.map(([, d]) => d)).toEqual([1, 2, 1, 2]);
  });

  // The third parameter says only whether the value was walked already.
  it("reuses an answer whatever its third parameter", () => {
    const { calls, fn } = countedFn();
    const shared = memoOf(fn);
    shared("no", 0, false);
    expect(shared("no", 0, true)).toBe(false);
    expect(calls).toEqual([["no", 0, false]]);
  });

  it("keeps an invalid answer at depth 0 apart from no answer", () => {
    // 2 × depth + (1 when valid): an invalid value at depth 0 is stored as 0.
    const { calls, fn } = countedFn();
    const shared = memoOf(fn);
    shared(null, 0, false);
    shared(null, 0, false);
    expect(calls).toHaveLength(1);
  });

  it("decides again in a new pass and after endValidation()", () => {
    const { calls, fn } = countedFn();
    const shared = memoOf(fn);
    shared("ok", 1, false);
    startPass();
    shared("ok", 1, false);
    endValidation();
    shared("ok", 1, false);
    expect(calls).toHaveLength(3);
  });

  it("runs on a bigint and a long string each time", () => {
    const { calls, fn } = countedFn();
    const shared = memoOf(fn);
    const long = "z".repeat(LONG_STRING);
    for (let i = 0; i < 2; i++) {
      shared(7n, 1, false);
      shared(long, 1, false);
    }
    expect(calls).toHaveLength(4);
  });
});

describe("PerPass", () => {
  it("gives one state a pass, made on first use, and a fresh one in the next pass", () => {
    let made = 0;
    const state = new PerPass(() => ({ n: ++made }));
    expect(state.made()).toBe(null);
    const first = state.get();
    expect(first).toEqual({ n: 1 });
    expect(state.get()).toBe(first);
    expect(state.made()).toBe(first);
    startPass();
    expect(state.made()).toBe(null);
    const second = state.get();
    expect(second).toEqual({ n: 2 });
    expect(second).not.toBe(first);
  });

  it("drops its state when the current job ends", async () => {
    let made = 0;
    const state = new PerPass(() => ({ n: ++made }));
    state.get();
    // The drop was queued at the first get(), before this await's continuation.
    await Promise.resolve();
    expect(state.made()).toBe(null);
    expect(state.get()).toEqual({ n: 2 });
    await Promise.resolve();
    expect(state.made()).toBe(null);
  });

  it("queues one drop a job, however many passes it runs", async () => {
    let made = 0;
    const state = new PerPass(() => ({ n: ++made }));
    state.get();
    startPass();
    state.get();
    startPass();
    const last = state.get();
    expect(last).toEqual({ n: 3 });
    await Promise.resolve();
    expect(state.made()).toBe(null);
  });
});
