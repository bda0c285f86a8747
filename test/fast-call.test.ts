// The fast-call shim (src/pattern/fast-call.ts, native/fast-call/): searches
// from optimized code take it, every kind of string gets the same answer as
// ECMAScript's RegExp with the u flag and as the Node-API path, and the
// guard leaves the package working when the shim is turned off.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { patternEngine } from "../src/index";
import { ecmaScriptTest } from "./support/ecmascript-pattern";

const root = join(__dirname, "..");
const HEAVY = 120_000;

// A hot loop in a child process (a fresh V8, so the generated check gets
// optimized by this loop alone): each subject is made a different way, since
// V8 hands the fast C function only flat one-byte strings in place and sends
// the others (cons, sliced, two-byte, external) to the slow callback.
const hotLoop = `
  const { compile, patternEngine } = require(${JSON.stringify(join(root, "lib", "index.js"))});
  const patterns = ["^[a-z0-9-]+$", "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "[😀-🙏]", "^(?:é|ü)+x?$", "^[Ā-ſ]+$", "(?:a|ab)(?:c|bcd)(?:d*)$"];
  const validator = compile({ type: "object", properties: Object.fromEntries(patterns.map((p, i) => ["p" + i, { type: "string", pattern: p }])) });
  const long = "prefix-" + "abc-".repeat(40) + "-suffix";
  const kinds = {
    parsed: (s) => JSON.parse(JSON.stringify(s)),
    cons: (s) => (s.length > 1 ? s.slice(0, 1) + s.slice(1) : s + ""),
    sliced: (s) => (long + s + long).slice(long.length, long.length + s.length),
    literal: (s) => s,
  };
  const subjects = ["abc-123", "ABC", "2024-01-31", "2024-1-31", "😀", "a😀b", "ééü", "éüx", "€€", "€a", "", "abcd", "abcbcd", "xabcdddd", "\\u0100", "a".repeat(300)];
  const answers = {};
  const before = patternEngine.searches();
  for (let round = 0; round < 400; round++) {
    for (const [kind, make] of Object.entries(kinds)) {
      for (const subject of subjects) {
        for (let i = 0; i < patterns.length; i++) {
          const s = make(subject);
          const ok = validator.validate({ ["p" + i]: s }).ok;
          const key = kind + " " + i + " " + JSON.stringify(subject);
          if (key in answers && answers[key] !== ok) throw new Error("unstable answer for " + key);
          answers[key] = ok;
        }
      }
    }
  }
  const after = patternEngine.searches();
  process.stdout.write(JSON.stringify({ fastCall: patternEngine.fastCall, fast: after.fast - before.fast, slow: after.slow - before.slow, answers, patterns, subjects }));
`;

function run(env: Record<string, string>) {
  const child = spawnSync(process.execPath, ["-e", hotLoop], { cwd: root, encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as {
    fastCall: { on: boolean; why: string };
    fast: number;
    slow: number;
    answers: Record<string, boolean>;
    patterns: string[];
    subjects: string[];
  };
}

describe("the fast call", () => {
  it("is on in this build of Node.js, and says why", () => {
    expect(patternEngine.fastCall).toStrictEqual({ on: true, why: expect.stringMatching(/^V8 \d+\.\d+\S* fast API calls \(node-v\d+\.shim\)$/) });
  });

  it("is taken by a hot loop for flat one-byte subjects, the slow callback by the others; every answer is RegExp's with the u flag, and the Node-API path's", () => {
    const on = run({});
    expect(on.fastCall.on).toBe(true);
    expect(on.fast).toBeGreaterThan(10_000);
    expect(on.slow).toBeGreaterThan(0);
    for (const [key, ok] of Object.entries(on.answers)) {
      const [, index, subject] = key.match(/^\w+ (\d+) (.*)$/)!;
      expect([key, ok]).toStrictEqual([key, ecmaScriptTest(on.patterns[Number(index)], JSON.parse(subject))]);
    }
    const off = run({ TOOL_INPUT_SCHEMA_FAST_CALL: "off" });
    expect(off.fastCall).toStrictEqual({ on: false, why: "turned off by TOOL_INPUT_SCHEMA_FAST_CALL=off" });
    expect([off.fast, off.slow]).toStrictEqual([0, 0]);
    expect(off.answers).toStrictEqual(on.answers);
  }, HEAVY);
});
