import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { BenchRun, Figure, Spread, ToolBench } from "../../../src/cli/bench-results";

// bench reads calls as validate reads them and answers as validate answers,
// then times the calls that pass and fail apart. Run from lib/ as users run
// it, with few rounds: these tests check what is measured, not how fast.
vi.setConfig({ testTimeout: 120_000 });

const root = join(__dirname, "..", "..", "..");
const main = join(root, "lib/cli/main.js");
const scratch = mkdtempSync(join(tmpdir(), "tool-input-schema-bench-calls-"));
const catalog = "fixtures/calls/tools.json";
const shapes = ["mcp", "openai-chat", "openai-responses", "anthropic", "gemini"].map(
  (name) => `fixtures/calls/${name}.jsonl`,
);

function cli(args: string[]) {
  const run = spawnSync(process.execPath, [main, ...args], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function bench(calls: string, ...more: string[]): BenchRun {
  const run = cli(["bench", catalog, "--calls", calls, "--rounds", "1", "--json", ...more]);
  expect([run.code, run.stderr]).toEqual([0, ""]);
  return JSON.parse(run.stdout);
}

beforeAll(() => {
  if (!existsSync(main))
    throw new Error("lib/ is not built: run `npx tsc -p tsconfig.build.json` (npm install does it)");
});

const isSpread = (s: Spread) => s.min > 0 && s.min <= s.median && s.median <= s.max;
const isFigure = (f: Figure | null) => f !== null && isSpread(f.ns) && f.cpuNs > 0;

describe("bench --calls, beside validate --calls", () => {
  it.each(shapes)("gives every call of %s validate's answer", (calls) => {
    const summary = JSON.parse(cli(["validate", "--catalog", catalog, "--calls", calls, "--summary", "--json"]).stdout);
    const run = bench(calls);
    const answered = run.tools
      .filter((t) => t.calls > 0)
      .map((t) => ({ name: t.name, calls: t.calls, failed: t.failingCalls }));
    expect(answered.sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual(
      [...summary.tools].sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
    expect([run.badLines, run.unknownTools]).toEqual([summary.badLines, []]);
  });

  it("reads arguments kept as JSON text as validate does: a call that passes is timed as one that passes", () => {
    // One OpenAI call that passes, 1,000 times: bench once timed the text itself against the schema, as a failure.
    const calls = join(scratch, "text.jsonl");
    const line = JSON.stringify({
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "call_1",
          type: "function",
          function: { name: "get_weather", arguments: '{"location":"Paris, France"}' },
        },
      ],
    });
    writeFileSync(calls, `${line}\n`.repeat(1000));
    const weather = bench(calls).tools.find((t) => t.name === "get_weather")!;
    expect(weather).toMatchObject({ calls: 1000, validCalls: 1000, failingCalls: 0, failing: null, ajvDisagrees: 0 });
    expect(weather.valid!.calls).toBe(1000);
  });

  it("times the calls that pass and fail apart, each beside Ajv, with spread and CPU time; the first calls; every pattern", () => {
    const calls = join(scratch, "every-shape.jsonl");
    writeFileSync(calls, shapes.map((file) => readFileSync(join(root, file), "utf8")).join("") + "not json\n");
    const run = bench(calls);
    expect([run.rounds, run.badLines, run.firstBadLine]).toEqual([
      1,
      1,
      { line: 22, reason: "not JSON at column 1 (expected a value)" },
    ]);
    for (const tool of run.tools) {
      expect(tool.valid?.calls, tool.name).toBe(tool.validCalls);
      expect(tool.failing?.calls, tool.name).toBe(tool.failingCalls);
      expect([isFigure(tool.valid!.ours), isFigure(tool.valid!.ajv)]).toEqual([true, true]);
      expect([
        isFigure(tool.failing!.ours),
        isFigure(tool.failing!.ajvAllErrors),
        isFigure(tool.failing!.ajvFirstError),
      ]).toEqual([true, true, true]);
      expect(
        [tool.valid!.ratio, tool.failing!.ratioAllErrors, tool.failing!.ratioFirstError].every((r) => r! > 0),
      ).toBe(true);
      expect([
        isSpread(tool.firstCalls!.first),
        isSpread(tool.firstCalls!.generating),
        tool.firstCalls!.failing,
      ]).toEqual([true, true, false]);
    }
    expect(run.patterns).toEqual([
      {
        pattern: "^[A-Za-z]+/[A-Za-z_]+$",
        engine: "pcre2",
        reason: null,
        tools: ["get_time"],
        searches: expect.any(Number),
        perSearch: expect.anything(),
      },
    ]);
    expect(isFigure(run.patterns[0].perSearch)).toBe(true);
  });

  it("counts each pattern's searches as the validators run them", () => {
    // Calls that pass run every search of their schema on either tier: the searches counted per pattern add up to those the hot validator ran.
    const valid = join(scratch, "valid.jsonl");
    const lines = [
      { name: "get_time", arguments: { timezone: "Europe/Paris" } },
      { name: "get_time", arguments: { timezone: "America/New_York" } },
      { name: "get_weather", arguments: { location: "Oslo" } },
    ];
    writeFileSync(valid, lines.map((line) => JSON.stringify(line)).join("\n"));
    const run = bench(valid);
    const time = run.tools.find((t: ToolBench) => t.name === "get_time")!;
    expect(time.searchesPerValidCall).toBe(1);
    expect(run.patterns.map((p) => [p.pattern, p.searches])).toEqual([["^[A-Za-z]+/[A-Za-z_]+$", 2]]);
  });
});
