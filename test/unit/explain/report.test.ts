import { beforeEach, describe, expect, it } from "vitest";
import { acceptAll, checkChild, every, pathTo, Report, type Check } from "../../../src/explain/report";
import { pass, startPass } from "../../../src/runtime/pass";
import { issueAt, MAX_ISSUES } from "../../../src/explain/failure";

// Writing a finding's paths is charged: each test starts with nothing spent.
beforeEach(() => startPass());

/** A check that fails `n` times at the current value. */
const failing =
  (n: number, keyword = "k"): Check =>
  (_value, report) => {
    for (let i = 0; i < n; i++) report?.fail(keyword, `#/${i}`, `problem ${i}`, {});
    return n === 0;
  };

describe("Report.fail", () => {
  it("records an issue with its paths, keyword, kind and message", () => {
    const report = new Report();
    expect(report.fail("minLength", "#/properties/a/minLength", "must have at least 1 character", {})).toBe(false);
    expect(report.issues()).toEqual([
      {
        kind: "validation",
        instancePath: "",
        path: [],
        schemaPath: "#/properties/a/minLength",
        keyword: "minLength",
        params: {},
        message: "arguments: must have at least 1 character",
      },
    ]);
  });

  it("records at a child of the current value, and with the kind given", () => {
    const report = new Report();
    report.enter("edits");
    report.fail("required", "#/required", "is missing", {}, 0);
    report.fail("pattern", "#/pattern", "the pattern ran out of work", {}, "new_string", "execution_failure");
    expect(report.issues()).toEqual([
      {
        kind: "validation",
        instancePath: "/edits/0",
        path: ["edits", 0],
        schemaPath: "#/required",
        keyword: "required",
        params: {},
        message: "edits[0]: is missing",
      },
      {
        kind: "execution_failure",
        instancePath: "/edits/new_string",
        path: ["edits", "new_string"],
        schemaPath: "#/pattern",
        keyword: "pattern",
        params: {},
        message: "edits.new_string: the pattern ran out of work",
      },
    ]);
    // A child given to fail() is not entered.
    expect(pathTo(report.here)).toEqual(["edits"]);
  });

  it(`keeps ${MAX_ISSUES} issues and counts the rest in uncounted, without writing their problems`, () => {
    expect(MAX_ISSUES).toBe(100);
    const report = new Report();
    let written = 0;
    for (let i = 0; i < 150; i++) report.fail("k", "#", () => `problem ${written++}`, {});
    expect(report.findings).toHaveLength(MAX_ISSUES);
    expect(report.uncounted).toBe(50);
    expect(written).toBe(MAX_ISSUES);
    expect(report.issues()[99].message).toBe("arguments: problem 99");
  });
});

describe("Report.fail's params", () => {
  it("are made by a function only for a problem that is kept, and each issue has its own copy", () => {
    const report = new Report();
    const shared = Object.freeze({ limit: 3 });
    let made = 0;
    for (let i = 0; i < 150; i++) report.fail("k", "#", "p", () => ({ n: made++ }));
    report.fail("k", "#", "p", shared);
    expect(made).toBe(MAX_ISSUES);
    const issues = report.issues();
    expect(issues[99].params).toEqual({ n: 99 });
    const [first, second] = [new Report(), new Report()].map((r) => {
      r.fail("k", "#", "p", shared);
      return r.issues()[0].params;
    });
    expect(first).toEqual({ limit: 3 });
    expect(first).not.toBe(shared);
    expect(first).not.toBe(second);
  });
});

describe("Report.enter and leave", () => {
  it("write the JSON Pointer with ~ as ~0 and / as ~1, and the readable path", () => {
    const report = new Report();
    report.enter("a/b");
    report.enter(0);
    report.enter("~x");
    report.enter("ok_name");
    report.fail("type", "#/type", "must be a string", {});
    expect(report.issues()).toEqual([
      {
        kind: "validation",
        instancePath: "/a~1b/0/~0x/ok_name",
        path: ["a/b", 0, "~x", "ok_name"],
        schemaPath: "#/type",
        keyword: "type",
        params: {},
        message: '["a/b"][0]["~x"].ok_name: must be a string',
      },
    ]);
  });

  it("step back out, to the root", () => {
    const report = new Report();
    report.enter("a");
    report.enter("b");
    report.leave();
    report.fail("k", "#", "at a", {});
    report.leave();
    report.fail("k", "#", "at the root", {});
    expect(report.issues().map(({ instancePath, message }) => [instancePath, message])).toEqual([
      ["/a", "a: at a"],
      ["", "arguments: at the root"],
    ]);
    expect(pathTo(report.here)).toEqual([]);
  });

  // A unit a step, and one more per 32 characters of a name in the pointer.
  it("charge writing a finding's paths when it is read", () => {
    const report = new Report();
    report.enter("n".repeat(64));
    report.enter(3);
    report.fail("k", "#", "p", {});
    expect(pass.spent).toBe(0);
    report.issues();
    expect(pass.spent).toBe(3 + 1 + 2);
  });
});

describe("Report.capture", () => {
  it("takes back the findings made inside it, with the check's answer", () => {
    const report = new Report();
    report.fail("before", "#", "kept", {});
    const run = report.capture(failing(2), "value");
    expect(run.ok).toBe(false);
    expect(run.uncounted).toBe(0);
    expect(run.findings.map((finding) => [finding.keyword, finding.schemaPath, finding.problem])).toEqual([
      ["k", "#/0", "problem 0"],
      ["k", "#/1", "problem 1"],
    ]);
    expect(report.issues().map((issue) => issue.message)).toEqual(["arguments: kept"]);
    expect(report.capture(acceptAll, "value")).toEqual({ ok: true, findings: [], uncounted: 0 });
  });

  it(`keeps ${MAX_ISSUES} of its own findings and counts the rest apart from the outer frame's`, () => {
    const report = new Report();
    failing(MAX_ISSUES + 3)(null, report);
    const run = report.capture(failing(MAX_ISSUES + 7), null);
    expect([run.findings.length, run.uncounted]).toEqual([MAX_ISSUES, 7]);
    expect([report.findings.length, report.uncounted]).toEqual([MAX_ISSUES, 3]);
  });

  it("with enough, stops the check at that many problems, and steps back to the capture's place", () => {
    const report = new Report(true);
    report.enter("top");
    let reached = 0;
    const check: Check = (_value, r) => {
      r!.enter("deep");
      for (let i = 0; i < 10; i++) {
        reached = i;
        r!.fail("k", "#", `problem ${i}`, {});
      }
      r!.leave();
      return false;
    };
    const run = report.capture(check, null, 3);
    expect(reached).toBe(2);
    expect(run.ok).toBe(false);
    expect(run.findings.map((finding) => finding.problem)).toEqual(["problem 0", "problem 1", "problem 2"]);
    expect(pathTo(report.here)).toEqual(["top"]);
    // The outer frame has no limit of its own again.
    failing(5)(null, report);
    expect(report.findings).toHaveLength(5);
  });

  // Past MAX_ISSUES a problem is only counted, and counted once: a capture
  // asked for 102 problems stops at the 102nd, not the 101st.
  it("counts uncounted problems towards enough, each once", () => {
    const report = new Report();
    let reached = 0;
    const check: Check = (_value, r) => {
      for (let i = 0; i < 1000; i++) {
        reached = i;
        r!.fail("k", "#", "p", {});
      }
      return false;
    };
    const run = report.capture(check, null, MAX_ISSUES + 2);
    expect(reached).toBe(MAX_ISSUES + 1);
    expect([run.findings.length, run.uncounted]).toEqual([MAX_ISSUES, 2]);
  });

  it("gives each nested capture its findings and its enough", () => {
    const report = new Report();
    let inner: ReturnType<Report["capture"]> | undefined;
    const outer = report.capture(
      (_value, r) => {
        r!.fail("outer", "#", "first", {});
        inner = r!.capture(failing(4, "inner"), null, 2);
        r!.fail("outer", "#", "second", {});
        return false;
      },
      null,
      3,
    );
    expect(inner!.findings.map((finding) => finding.problem)).toEqual(["problem 0", "problem 1"]);
    expect(outer.findings.map((finding) => finding.problem)).toEqual(["first", "second"]);
  });

  it("lets an error other than its own stop pass through", () => {
    const report = new Report();
    const boom = new Error("boom");
    expect(() =>
      report.capture(
        () => {
          throw boom;
        },
        null,
        1,
      ),
    ).toThrow(boom);
    // The frame is closed: the root keeps and counts as before.
    failing(2)(null, report);
    expect(report.findings).toHaveLength(2);
  });
});

describe("Report.problemOf", () => {
  it("says the problem alone when the finding is about the current value, else with its path in front", () => {
    const report = new Report();
    report.enter("a");
    report.fail("k", "#", "here", {});
    report.fail("k", "#", "below", {}, "b");
    report.leave();
    report.fail("k", "#", "at the root", {});
    const [here, below, root] = report.findings;
    expect([report.problemOf(here), report.problemOf(below), report.problemOf(root)]).toEqual([
      "a: here",
      "a.b: below",
      "at the root",
    ]);
    report.enter("a");
    expect([report.problemOf(here), report.problemOf(below), report.problemOf(root)]).toEqual([
      "here",
      "a.b: below",
      "arguments: at the root",
    ]);
  });

  // Remembered findings were made on an earlier visit: same steps, other Place objects.
  it("compares places by their steps", () => {
    const report = new Report();
    report.enter("x");
    report.enter(1);
    report.fail("k", "#", "p", {});
    report.leave();
    report.leave();
    report.enter("x");
    report.enter(1);
    expect(report.problemOf(report.findings[0])).toBe("p");
    report.leave();
    report.enter(2);
    expect(report.problemOf(report.findings[0])).toBe("x[1]: p");
  });
});

describe("Report.remember", () => {
  it("runs a check once per value and place, and gives its answer again", () => {
    const report = new Report(true);
    let calls = 0;
    const check: Check = (value, r) => (calls++, r!.fail("k", "#", `bad ${String(value)}`, {}));
    const value = { v: 1 };
    expect(report.remember(check, value)).toBe(false);
    expect(report.remember(check, value)).toBe(false);
    expect(calls).toBe(1);
    // Already in this very frame: not added again.
    expect(report.issues().map((issue) => issue.message)).toEqual(["arguments: bad [object Object]"]);
    // Another value at the same place, or the same value at another place, is checked.
    report.remember(check, { v: 1 });
    report.enter("a");
    report.remember(check, value);
    expect(calls).toBe(3);
  });

  it("knows a place again by its path after leaving it", () => {
    const report = new Report(true);
    let calls = 0;
    const check: Check = () => (calls++, true);
    const value = [1];
    report.enter("a");
    report.enter(0);
    report.remember(check, value);
    report.leave();
    report.leave();
    report.enter("a");
    report.enter(0);
    expect(report.remember(check, value)).toBe(true);
    expect(calls).toBe(1);
  });

  it("adds what it found to another capture, once, with what it counted", () => {
    const report = new Report(true);
    const check = failing(MAX_ISSUES + 4);
    const value = "v";
    const first = report.capture((v, r) => r!.remember(check, v), value);
    const again = report.capture((v, r) => {
      r!.remember(check, v);
      r!.remember(check, v);
      return false;
    }, value);
    expect([first.findings.length, first.uncounted]).toEqual([MAX_ISSUES, 4]);
    expect([again.findings.length, again.uncounted]).toEqual([MAX_ISSUES, 4]);
    // The same finding objects: their paths are written once.
    expect(again.findings[0]).toBe(first.findings[0]);
  });

  // A capture that asks for a few problems gets as many from a remembered
  // run as from the run itself: what ran before cannot change which branch
  // of a composition looks closest.
  it("stops at a capture's enough when it adds a remembered run, as the run itself would", () => {
    const report = new Report(true);
    const check = failing(12);
    report.capture((v, r) => r!.remember(check, v), "v");
    const fresh = new Report(true).capture((v, r) => r!.remember(check, v), "v", 10);
    const replayed = report.capture((v, r) => r!.remember(check, v), "v", 10);
    expect([replayed.ok, replayed.findings.length, replayed.uncounted]).toEqual([false, 10, 0]);
    expect([fresh.findings.length, fresh.uncounted]).toEqual([10, 0]);
  });

  // A remembered run holds the findings of runs it met inside it, which
  // may have been added to this capture on their own already.
  it("adds a finding once when runs nest", () => {
    const report = new Report(true);
    const inner = failing(1, "inner");
    const outer: Check = (v, r) => {
      r!.remember(inner, v);
      r!.fail("outer", "#", "outer problem", {});
      return false;
    };
    report.capture((v, r) => r!.remember(outer, v), "v");
    const again = report.capture((v, r) => {
      r!.remember(inner, v);
      r!.remember(outer, v);
      return false;
    }, "v");
    expect(again.findings.map((finding) => finding.keyword)).toEqual(["inner", "outer"]);
  });
});

describe("issueAt, pathTo, checkChild and every", () => {
  it("issueAt writes the paths of a path given as segments", () => {
    expect(issueAt([], "validation", "", "type", "must be an object")).toEqual({
      kind: "validation",
      instancePath: "",
      path: [],
      schemaPath: "",
      keyword: "type",
      params: {},
      message: "arguments: must be an object",
    });
    expect(issueAt(["a b", 2], "execution_failure", "#/x", "pattern", "p")).toEqual({
      kind: "execution_failure",
      instancePath: "/a b/2",
      path: ["a b", 2],
      schemaPath: "#/x",
      keyword: "pattern",
      params: {},
      message: '["a b"][2]: p',
    });
  });

  it("checkChild puts the key on the path for the check only", () => {
    const report = new Report();
    const seen: unknown[] = [];
    expect(checkChild((_v, r) => (seen.push(pathTo(r!.here)), r!.fail("k", "#", "p", {})), 1, "key", report)).toBe(
      false,
    );
    expect(seen).toEqual([["key"]]);
    expect(pathTo(report.here)).toEqual([]);
    expect(report.issues()[0].instancePath).toBe("/key");
    expect(checkChild((_v, r) => r === null, 1, "key", null)).toBe(true);
  });

  it("every records each failure with a report and stops at the first without", () => {
    const calls: string[] = [];
    const check =
      (name: string, ok: boolean): Check =>
      (_v, r) => {
        calls.push(name);
        return ok || (r !== null && r.fail(name, "#", name, {}));
      };
    const all = every([check("a", false), check("b", true), check("c", false)]);
    const report = new Report();
    expect(all(0, report)).toBe(false);
    expect(report.findings.map((finding) => finding.keyword)).toEqual(["a", "c"]);
    calls.length = 0;
    expect(all(0, null)).toBe(false);
    expect(calls).toEqual(["a"]);
    expect(every([])).toBe(acceptAll);
    const only = check("only", true);
    expect(every([only])).toBe(only);
  });
});
