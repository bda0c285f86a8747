import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

// `validate --shard K/N` and `merge-summaries`, run as users run them:
// `node lib/cli/main.js` (see test/unit/cli/cli.test.ts). A test starts node dozens of times.
vi.setConfig({ testTimeout: 300_000 });

const root = join(__dirname, "..", "..", "..");
const main = join(root, "lib/cli/main.js");
const scratch = mkdtempSync(join(tmpdir(), "tool-input-schema-shard-"));

function cli(args: string[], input?: string) {
  const run = spawnSync(process.execPath, [main, ...args], { cwd: root, input, encoding: "utf8", maxBuffer: 64 << 20 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function file(name: string, content: string | Buffer): string {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

const catalog = file(
  "catalog.json",
  JSON.stringify([
    { name: "echo", inputSchema: { type: "object", properties: { s: { type: "string" } }, required: ["s"] } },
    { name: "other", inputSchema: { type: "object", properties: { n: { type: "integer" } } } },
  ]),
);

const call = (name: string, args: unknown) => JSON.stringify({ name, arguments: args });
const lines: (string | Buffer)[] = [
  "\uFEFF" + call("echo", { s: "€uro 😀 中文" }),
  call("echo", { s: "plain" + "-".repeat(21) }), // the dashes put shard boundaries at each kind of place (see the first test)
  "",
  "\r",
  call("echo", { s: 1 }) + "\r",
  call("ehco", { s: "typo ü" }),
  "not json ☃",
  Buffer.concat([Buffer.from('{"name":"echo","arguments":{"s":"caf'), Buffer.from([0xe9]), Buffer.from('"}}')]),
  call("echo", { s: "😀😀😀😀😀😀" }),
  call("other", { n: 3 }) + "\r",
  call("other", { n: "3" }),
  "[1]",
  call("echo", { s: "ÀÉÎÕÜ àéîõü" }),
  call("echo", {}),
  call("echo", { s: "last: 中" }),
];
const joined = (separator: string) =>
  Buffer.concat(lines.flatMap((line, i) => [Buffer.from(line), Buffer.from(i < lines.length - 1 ? separator : "")]));
/** A byte-order mark, LF and CRLF lines, blank lines, multi-byte characters, a line that is not UTF-8, no final newline. */
const mixed = joined("\n");
/** Every line ends with CRLF, the last one too. */
const crlf = Buffer.concat([joined("\r\n"), Buffer.from("\r\n")]);
/** 1 to 7 shards, and more shards than lines. */
const SHARD_COUNTS = [1, 2, 3, 7, lines.length + 5];

/** Byte K of N, as --shard computes it. */
const boundary = (size: number, k: number, n: number) => Math.floor((size * k) / n);

beforeAll(() => {
  if (!existsSync(main))
    throw new Error("lib/ is not built: run `npx tsc -p tsconfig.build.json` (npm install does it)");
});

describe("validate --shard K/N", () => {
  it("cuts the mixed file at each kind of place: inside a character, at a line's start, at CR and at LF", () => {
    const places = new Set<string>();
    for (const n of SHARD_COUNTS) {
      for (let k = 1; k < n; k++) {
        const at = boundary(mixed.length, k, n);
        if (mixed[at] >= 0x80 && mixed[at] < 0xc0) places.add("inside a character");
        if (mixed[at - 1] === 0x0a) places.add("at a line's start");
        if (mixed[at] === 0x0d) places.add("at CR");
        if (mixed[at] === 0x0a) places.add("at LF");
      }
    }
    expect([...places].sort()).toEqual(["at CR", "at LF", "at a line's start", "inside a character"]);
  });

  for (const [name, bytes] of [
    ["a file with LF and CRLF lines and no final newline", mixed],
    ["a CRLF file", crlf],
  ] as const) {
    it(`gives, shard after shard, the whole run's output byte for byte: ${name}`, () => {
      const calls = file(`calls-${name.length}.jsonl`, bytes);
      const whole = cli(["validate", "--catalog", catalog, "--calls", calls]);
      expect([whole.code, whole.stderr]).toEqual([1, ""]);
      expect(whole.stdout.split("\n").length).toBe(14); // 13 results and the end: blank lines 3 and 4 give none
      for (const n of SHARD_COUNTS) {
        const outputs = Array.from({ length: n }, (_, i) =>
          cli(["validate", "--catalog", catalog, "--calls", calls, "--shard", `${i + 1}/${n}`]),
        );
        expect(outputs.map((output) => output.stderr)).toEqual(outputs.map(() => ""));
        expect({ n, stdout: outputs.map((output) => output.stdout).join("") }).toEqual({ n, stdout: whole.stdout });
        // A shard's exit status is that of its own lines.
        const failing = (stdout: string) =>
          stdout.split("\n").some((line) => line !== "" && !line.includes('"ok":true'));
        expect(outputs.map((output) => output.code)).toEqual(outputs.map((output) => (failing(output.stdout) ? 1 : 0)));
      }
    });
  }

  it("numbers the lines of the whole file, reports bytes that are not UTF-8, and reads the mark at the start as no part of line 1", () => {
    const calls = file("calls-numbers.jsonl", mixed);
    const results = cli(["validate", "--catalog", catalog, "--calls", calls])
      .stdout.trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(results.map((result) => [result.line, result.ok ?? result.error])).toEqual([
      [1, true],
      [2, true],
      [5, false],
      [6, false],
      [7, "not JSON at column 1 (expected a value)"],
      [8, "not UTF-8 at byte 37 (0xE9)"],
      [9, true],
      [10, true],
      [11, false],
      [12, "expected a call record (an object), got a list"],
      [13, true],
      [14, false],
      [15, true],
    ]);
    const lastShard = cli(["validate", "--catalog", catalog, "--calls", calls, "--shard", "3/3"])
      .stdout.trimEnd()
      .split("\n");
    expect(lastShard.map((line) => JSON.parse(line).line)).toEqual([11, 12, 13, 14, 15]);
  });

  it("with worker threads too", () => {
    const calls = file("calls-workers.jsonl", mixed);
    const whole = cli(["validate", "--catalog", catalog, "--calls", calls]).stdout;
    const shards = [1, 2, 3].map(
      (k) => cli(["validate", "--catalog", catalog, "--calls", calls, "--shard", `${k}/3`, "--workers", "2"]).stdout,
    );
    expect(shards.join("")).toBe(whole);
  });

  it("merges the shards' --summary --json into the whole run's summary", () => {
    const calls = file("calls-summary.jsonl", mixed);
    const withoutTimes = (text: string) => {
      const { seconds, recordsPerSecond, ...counts } = JSON.parse(text);
      expect([typeof seconds, typeof recordsPerSecond]).toEqual(["number", "number"]);
      return counts;
    };
    const whole = cli(["validate", "--catalog", catalog, "--calls", calls, "--summary", "--json"]);
    expect(whole.code).toBe(1);
    expect(withoutTimes(whole.stdout)).toEqual({
      shard: null,
      lines: 15,
      calls: 10,
      linesWithCalls: 10,
      linesWithSeveralCalls: 0,
      valid: 6,
      failed: 4,
      failedByKind: { validation: 4, unsupported_capability: 0, execution_failure: 0 },
      badLines: 3,
      tools: [
        { name: "echo", calls: 7, failed: 2 },
        { name: "other", calls: 2, failed: 1 },
        { name: "ehco", calls: 1, failed: 1 },
      ],
      firstFailure: {
        file: calls,
        line: expect.any(Number),
        name: expect.any(String),
        message: expect.stringMatching(/^(invalid arguments|unknown tool)/),
      },
      firstBadLine: { file: calls, line: expect.any(Number), reason: expect.any(String) },
    });
    for (const n of SHARD_COUNTS) {
      const summaries = Array.from({ length: n }, (_, i) => {
        const shard = cli([
          "validate",
          "--catalog",
          catalog,
          "--calls",
          calls,
          "--shard",
          `${i + 1}/${n}`,
          "--summary",
          "--json",
        ]);
        expect(JSON.parse(shard.stdout).shard).toEqual({ index: i + 1, count: n });
        return file(`summary-${n}-${i + 1}.json`, shard.stdout);
      });
      const merged = cli(["merge-summaries", ...summaries.reverse()]);
      expect({ n, code: merged.code, stderr: merged.stderr, summary: withoutTimes(merged.stdout) }).toEqual({
        n,
        code: 1,
        stderr: "",
        summary: withoutTimes(whole.stdout),
      });
    }
  });

  it("refuses a wrong shard, and a calls file it cannot cut into byte ranges, in one line, exit status 2", () => {
    const calls = file("calls-errors.jsonl", mixed);
    for (const [shard, input, message] of [
      ["0/3", calls, '--shard must be K/N with whole numbers 1 <= K <= N (K counts from 1), got "0/3"'],
      ["4/3", calls, '--shard must be K/N with whole numbers 1 <= K <= N (K counts from 1), got "4/3"'],
      ["1/0", calls, '--shard must be K/N with whole numbers 1 <= K <= N (K counts from 1), got "1/0"'],
      ["2", calls, '--shard must be K/N with whole numbers 1 <= K <= N (K counts from 1), got "2"'],
      [" 1/2", calls, '--shard must be K/N with whole numbers 1 <= K <= N (K counts from 1), got " 1/2"'],
      ["1/2", "-", "validate: --shard needs --calls to be a file, not stdin"],
      ["1/2", "/dev/stdin", "validate: --shard needs --calls to be a regular file; /dev/stdin is not one"],
    ]) {
      expect(cli(["validate", "--catalog", catalog, "--calls", input, "--shard", shard], "")).toEqual({
        code: 2,
        stdout: "",
        stderr: `tool-input-schema: ${message}\n`,
      });
    }
  });
});

describe("merge-summaries", () => {
  const calls = file("calls-merge.jsonl", mixed);
  const summary = (shard: string) =>
    file(
      `merge-${shard.replace("/", "-of-")}.json`,
      cli(["validate", "--catalog", catalog, "--calls", calls, "--shard", shard, "--summary", "--json"]).stdout,
    );

  it("refuses a missing shard, a shard given twice, shards of different splits, and a file that holds no summary", () => {
    const [one, two, three, otherSplit] = [summary("1/3"), summary("2/3"), summary("3/3"), summary("1/2")];
    const whole = file(
      "merge-whole.json",
      cli(["validate", "--catalog", catalog, "--calls", calls, "--summary", "--json"]).stdout,
    );
    const notSummary = file("merge-not-summary.json", JSON.stringify({ calls: 1 }));
    const badFailure = file(
      "merge-bad-failure.json",
      JSON.stringify({
        ...JSON.parse(readFileSync(whole, "utf8")),
        firstFailure: { file: "x", line: 0.5, name: "a", message: "m" },
      }),
    );
    for (const [files, message] of [
      [[one, three], "merge-summaries: missing shard 2/3"],
      [[one], "merge-summaries: missing shards 2/3, 3/3"],
      [[one, two, two, three], `merge-summaries: ${two} and ${two} are both shard 2/3`],
      [[one, two, three, otherSplit], `merge-summaries: ${one} is shard 1/3 but ${otherSplit} is shard 1/2`],
      [[whole, one, two, three], `merge-summaries: ${one} is shard 1/3 but ${whole} is a whole run`],
      [
        [one, notSummary],
        `${notSummary}: not a summary from validate --summary --json (lines: expected a whole number, got undefined)`,
      ],
      [
        [badFailure],
        `${badFailure}: not a summary from validate --summary --json (firstFailure.line: expected a whole number, got a number)`,
      ],
    ] as const) {
      expect(cli(["merge-summaries", ...files])).toEqual({
        code: 2,
        stdout: "",
        stderr: `tool-input-schema: ${message}\n`,
      });
    }
  });

  it("reads a summary written before firstFailure, firstBadLine and lines of several calls were recorded: none of them, one call a line", () => {
    const whole = JSON.parse(cli(["validate", "--catalog", catalog, "--calls", calls, "--summary", "--json"]).stdout);
    const { firstFailure, firstBadLine, linesWithCalls, linesWithSeveralCalls, ...older } = whole;
    expect([firstFailure, firstBadLine, linesWithSeveralCalls]).toEqual([expect.any(Object), expect.any(Object), 0]);
    const merged = JSON.parse(cli(["merge-summaries", file("merge-older.json", JSON.stringify(older))]).stdout);
    expect(merged).toMatchObject({
      calls: whole.calls,
      linesWithCalls,
      linesWithSeveralCalls: 0,
      failed: whole.failed,
      firstFailure: null,
      firstBadLine: null,
    });
  });

  it("adds up whole runs over different files, and prints the text summary with --text", () => {
    const first = file("merge-first.jsonl", [call("echo", { s: "a" }), call("other", { n: 1 })].join("\n") + "\n");
    const second = file("merge-second.jsonl", [call("other", { n: 2 }), "{", call("echo", { s: 2 })].join("\n") + "\n");
    const both = file(
      "merge-both.jsonl",
      [call("echo", { s: "a" }), call("other", { n: 1 }), call("other", { n: 2 }), "{", call("echo", { s: 2 })].join(
        "\n",
      ) + "\n",
    );
    const summaries = [first, second].map((calls, i) =>
      file(
        `merge-run-${i}.json`,
        cli(["validate", "--catalog", catalog, "--calls", calls, "--summary", "--json"]).stdout,
      ),
    );
    const merged = cli(["merge-summaries", "--text", ...summaries]);
    const single = cli(["validate", "--catalog", catalog, "--calls", both, "--summary"]);
    const withoutTimes = (text: string) => text.replace(/; [\d.,]+ s, [\d,]+ records\/s\n/, "\n");
    expect(merged.code).toBe(1);
    // The first failure and the first bad line of the runs, by the file they are in.
    expect(withoutTimes(merged.stdout)).toBe(
      withoutTimes(single.stdout).replace(`${both}:5 (`, `${second}:3 (`).replace(`${both}:4:`, `${second}:2:`),
    );
    expect(withoutTimes(merged.stdout)).toBe(
      `4 calls: 3 valid, 1 failed (1 validation); 1 bad line\n  echo   2 calls, 1 failed\n  other  2 calls, 0 failed\n` +
        `first failed call: ${second}:3 (echo): invalid arguments: s: expected a string, got a number (2)\n` +
        `first bad line: ${second}:2: not JSON at column 2 (unexpected end of input, expected a property name in double quotes)\n`,
    );
  });
});
