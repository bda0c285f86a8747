// One-byte subjects searched by PCRE2's 8-bit code in place (the fast call)
// answer as ECMAScript does and as the 32-bit code does, charged the same
// work: a seeded random differential over patterns mixing ASCII, U+0080 to
// U+00FF and code points above it, fixed cases cut to nothing, and the
// shortest subject that runs out of work. It runs in a fresh process
// (test/support/one-byte-differential.cjs), so that its loop alone makes the
// searches hot enough for V8's fast call.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testSeed } from "../support/random";

const root = join(__dirname, "..", "..");
const HEAVY = 120_000;

interface Report {
  seed: number;
  patterns: number;
  proven: number;
  pairs: number;
  fast: number;
  provenTrips: number;
  fixed: number;
  fixedFast: number;
  long: number;
  failures: unknown[];
  limit?: { shortest: number; fast: boolean; oneByte: number[][]; sliced: number[][]; trips: number };
}

function differential(seed: number, patterns: number, env: Record<string, string> = {}, limit = false): Report {
  const child = spawnSync(
    process.execPath,
    [
      join(__dirname, "..", "support", "one-byte-differential.cjs"),
      join(root, "lib"),
      String(seed),
      String(patterns),
      "20",
      ...(limit ? ["limit"] : []),
    ],
    { encoding: "utf8", env: { ...process.env, ...env } },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as Report;
}

describe("one-byte subjects in PCRE2's 8-bit code", () => {
  it(
    "answer as ECMAScript does on 16,000 random (pattern, subject) pairs, charged as their two-byte copies are",
    () => {
      const report = differential(testSeed(24), 800);
      expect(report.failures).toStrictEqual([]);
      expect(report.pairs).toBe(16_000);
      expect(report.provenTrips).toBe(0);
      // Most searches of the hot loop took the fast call, and so the 8-bit code.
      expect(report.fast).toBeGreaterThan(report.pairs / 2);
      expect(report.proven).toBeGreaterThan(report.patterns / 4);
      // A pattern cut to empty branches, on the empty string among others: every one through the fast call.
      expect({ fixed: report.fixed, fixedFast: report.fixedFast }).toStrictEqual({ fixed: 49, fixedFast: 49 });
      // Long counted repeats, past the 8-bit library's 64 KiB links.
      expect(report.long).toBe(6);
    },
    HEAVY,
  );

  it(
    "run out of work at the same length as their sliced copies, with the same charge one character before",
    () => {
      const { limit, failures } = differential(7, 50, {}, true);
      expect(failures).toStrictEqual([]);
      // ^[a-zé\u00a0]+$ (k = 5): 1.5 units a character against the most a validation may spend, 2^22.
      expect(limit).toStrictEqual({
        shortest: 2_796_203,
        fast: true,
        oneByte: [
          [1, 4_194_304],
          [2, 4_194_305],
        ],
        sliced: [
          [1, 4_194_304],
          [2, 4_194_305],
        ],
        trips: 0,
      });
    },
    HEAVY,
  );

  it(
    "with the fast call turned off, searched by the 32-bit code, give the same answers",
    () => {
      const report = differential(testSeed(24), 200, { TOOL_INPUT_SCHEMA_FAST_CALL: "off" });
      expect(report.failures).toStrictEqual([]);
      expect({ fast: report.fast, fixedFast: report.fixedFast }).toStrictEqual({ fast: 0, fixedFast: 0 });
    },
    HEAVY,
  );
});
