// The fast-call shim (src/pattern/fast-call.ts, native/fast-call/): searches
// from optimized code take it, every kind of string gets ECMAScript's answer,
// and the guard leaves the package working, with the same answers, when the
// shim is turned off. The loop runs in a fresh process
// (test/support/fast-call-loop.cjs), so that the generated check is optimized
// by the loop alone; scripts/node-majors.sh runs it on the other majors.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { patternEngine } from "../../src/index";
import { loadFastCall, shimPath, SWITCH, VERIFIED_V8_MAJORS } from "../../src/pattern/fast-call";

const root = join(__dirname, "..", "..");
const HEAVY = 120_000;

interface LoopReport {
  fastCall: { on: boolean; why: string };
  fast: number;
  slow: number;
  answers: number;
  matchesByKind: number[];
  wrong: string[];
  unstable: string[];
}

function hotLoop(env: Record<string, string>): LoopReport {
  const child = spawnSync(
    process.execPath,
    [join(__dirname, "..", "support", "fast-call-loop.cjs"), join(root, "lib", "index.js")],
    {
      encoding: "utf8",
      env: { ...process.env, ...env },
    },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as LoopReport;
}

describe("the fast call", () => {
  it("is on in this build of Node.js, and says why", () => {
    expect(patternEngine.fastCall).toStrictEqual({
      on: true,
      why: expect.stringMatching(/^V8 \d+\.\d+\S* fast API calls \(node-v\d+\.shim\)$/),
    });
  });

  it(
    "is taken by a hot loop for flat one-byte subjects, the ordinary callback by the others, every answer ECMAScript's",
    () => {
      const on = hotLoop({});
      expect(on.fastCall.on).toBe(true);
      expect(on.fast).toBeGreaterThan(10_000);
      expect(on.slow).toBeGreaterThan(0);
      expect({ answers: on.answers, wrong: on.wrong, unstable: on.unstable }).toStrictEqual({
        answers: 912,
        wrong: [],
        unstable: [],
      });
      // Each way of making a string (parsed, cons, sliced, literal) matched as often.
      expect(on.matchesByKind).toStrictEqual([65, 65, 65, 65]);
    },
    HEAVY,
  );

  it(
    "turned off by TOOL_INPUT_SCHEMA_FAST_CALL=off, leaves every search to Node-API, with the same answers",
    () => {
      const off = hotLoop({ TOOL_INPUT_SCHEMA_FAST_CALL: "off" });
      expect(off).toStrictEqual({
        fastCall: { on: false, why: "turned off by TOOL_INPUT_SCHEMA_FAST_CALL=off" },
        fast: 0,
        slow: 0,
        answers: 912,
        matchesByKind: [65, 65, 65, 65],
        wrong: [],
        unstable: [],
      });
    },
    HEAVY,
  );
});

describe("the fast call's guard (loadFastCall)", () => {
  const addon = require("node-gyp-build").path(root) as string;

  it("says which file is missing when no shim was built for this Node.js", () => {
    expect(loadFastCall(join(root, "no-such-folder", "addon.node"), 0n)).toStrictEqual({
      search: null,
      state: {
        on: false,
        why: `no fast-call shim was built for this Node.js (node-v${process.versions.modules}.shim)`,
      },
    });
  });

  it("is refused by the shim for entry points it cannot read (none, or of another layout)", () => {
    expect(loadFastCall(addon, 0n)).toStrictEqual({
      search: null,
      state: { on: false, why: "its fast-call shim refused the addon's entry points" },
    });
  });

  it("is turned off by the environment variable before anything is loaded", () => {
    process.env[SWITCH] = "off";
    try {
      expect(loadFastCall(join(root, "no-such-folder", "addon.node"), 0n).state).toStrictEqual({
        on: false,
        why: "turned off by TOOL_INPUT_SCHEMA_FAST_CALL=off",
      });
    } finally {
      delete process.env[SWITCH];
    }
  });

  it("names the V8 majors whose layout was checked", () => {
    expect(VERIFIED_V8_MAJORS).toStrictEqual([11, 12, 13]);
    expect(shimPath(addon)).toBe(join(root, "build", "Release", "fast-call", `node-v${process.versions.modules}.shim`));
  });
});

describe("the fast call with the addon loaded twice in one thread", () => {
  // A cleared module cache loads the package, and the addon, again: both
  // instances then share the shim and the thread's environment pointer,
  // and the fast call must not search one instance's pattern ids in the
  // other's table.
  it(
    "gives each instance its own patterns' answers",
    () => {
      const script = `
      const lib = ${JSON.stringify(join(root, "lib"))};
      const A = require(lib + "/index.js");
      const a = A.compile({ type: "object", properties: { s: { type: "string", pattern: "^a+$" } } }, { eager: true });
      for (const key of Object.keys(require.cache)) if (key.startsWith(lib)) delete require.cache[key];
      const B = require(lib + "/index.js");
      const b = B.compile({ type: "object", properties: { s: { type: "string", pattern: "^b+$" } } }, { eager: true });
      const answers = [];
      for (let i = 0; i < 2000; i++) answers.push([a.validate({ s: "aaa" }).ok, a.validate({ s: "bbb" }).ok, b.validate({ s: "bbb" }).ok, b.validate({ s: "aaa" }).ok].join());
      process.stdout.write(JSON.stringify({ answers: [...new Set(answers)], bothFast: A.patternEngine.fastCall.on && B.patternEngine.fastCall.on }));
    `;
      const child = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
      expect(child.stderr).toBe("");
      expect(JSON.parse(child.stdout)).toStrictEqual({ answers: ["true,false,true,false"], bothFast: true });
    },
    HEAVY,
  );

  // A getter in the first instance's arguments validates with the second:
  // the second's validation must neither answer the first's queued searches
  // (the batch) nor take over its search work (the shared counter).
  const nested = (fastCall: "on" | "off") => {
    const script = `
      const lib = ${JSON.stringify(join(root, "lib"))};
      const A = require(lib + "/index.js");
      const work = require(lib + "/runtime/pass.js");
      const schema = { type: "object", properties: { s: { type: "string", pattern: "^(a|b)*c$" }, g: { type: "string" }, t: { type: "string", pattern: "^good$" } } };
      const a = A.compile(schema, { eager: true });
      for (const key of Object.keys(require.cache)) if (key.startsWith(lib)) delete require.cache[key];
      const B = require(lib + "/index.js");
      const b = B.compile(schema, { eager: true });
      const seen = [];
      for (const n of [5, 900000]) for (const inner of [false, true]) for (let i = 0; i < 3; i++) {
        const args = { s: "ab".repeat(n) + "c", get g() { if (inner) b.validate({ s: "ab".repeat(n) + "c", t: "good" }); return "x"; }, t: "bad" };
        seen.push([n, inner, a.validate(args).kind, work.searchSpent(), work.searchAllowed()].join());
      }
      process.stdout.write(JSON.stringify(seen));
    `;
    const env = { ...process.env, [SWITCH]: fastCall };
    const child = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env });
    expect(child.stderr).toBe("");
    const seen = JSON.parse(child.stdout) as string[];
    // With and without the inner validation, the same failure (t is not "good") and the same work.
    const alone = (n: number) =>
      seen.filter((line) => line.startsWith(`${n},false,`)).map((line) => line.slice(`${n},false,`.length));
    const within = (n: number) =>
      seen.filter((line) => line.startsWith(`${n},true,`)).map((line) => line.slice(`${n},true,`.length));
    for (const n of [5, 900000]) expect(within(n)).toStrictEqual(alone(n));
    expect(alone(5)[0].split(",")[0]).toBe("validation");
    expect(alone(900000)[0].split(",")[0]).toBe("validation");
  };

  it(
    "keeps each instance's queued searches and search work when the other validates inside a getter (Node-API path)",
    () => nested("off"),
    HEAVY,
  );

  it(
    "keeps each instance's search work when the other validates inside a getter (fast call)",
    () => nested("on"),
    HEAVY,
  );
});
