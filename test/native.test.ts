import path from "path";
import { Worker } from "worker_threads";
import { describe, expect, it } from "vitest";
import { compilePcre2, engine, LIMIT, MATCH, NO_MATCH, type CompiledPattern } from "../src/native";

function compile(source: string): CompiledPattern {
  const pattern = compilePcre2(source);
  if ("error" in pattern) throw new Error(`${source}: ${pattern.error}`);
  return pattern;
}

const test = (source: string, subject: string) => compile(source).test(subject);

describe("engine", () => {
  it("reports PCRE2's version, the fixed work limit and JIT", () => {
    expect(engine).toEqual({
      pcre2Version: expect.stringMatching(/^10\.\d+ \d{4}-\d{2}-\d{2}$/),
      matchLimit: 1_000_000,
      timedSubject: 4096,
      jit: true,
    });
    expect(Object.isFrozen(engine)).toBe(true);
  });
});

describe("compilePcre2", () => {
  it("returns PCRE2's message and the UTF-16 offset of an error", () => {
    expect(compilePcre2("(")).toEqual({ error: "missing closing parenthesis", offset: 1 });
    expect(compilePcre2("😀(")).toEqual({ error: "missing closing parenthesis", offset: 3 });
    expect(compilePcre2("[z-a]")).toEqual({ error: "range out of order in character class", offset: 3 });
    expect(compilePcre2("a)")).toEqual({ error: "unmatched closing parenthesis", offset: 1 });
  });

  it("refuses UTF mode", () => {
    expect(compilePcre2("(*UTF)a")).toEqual({ error: "using UTF is disabled by the application", offset: 6 });
  });
});

describe("test", () => {
  it("matches simple sources with search semantics", () => {
    const slug = compile("^[a-z0-9-]+$");
    expect(slug.test("abc-def-12")).toBe(MATCH);
    expect(slug.test("abc_def")).toBe(NO_MATCH);
    expect(slug.test("")).toBe(NO_MATCH);
    expect(test("^$", "")).toBe(MATCH);
    expect(test("b", "abc")).toBe(MATCH);
    expect(test("b", "ac")).toBe(NO_MATCH);
    expect(test("^a\\z", "a\n")).toBe(NO_MATCH);
    expect(test("^a$", "a\n")).toBe(NO_MATCH);
  });

  it("reads [] as the empty class and [^] as any character", () => {
    expect(test("[]", "abc")).toBe(NO_MATCH);
    expect(test("^[^]$", "\n")).toBe(MATCH);
    expect(test("^[^]$", "😀")).toBe(MATCH);
    expect(test("^[^]$", "\udfff")).toBe(MATCH);
    expect(test("^[^]$", "")).toBe(NO_MATCH);
  });

  it("reads a surrogate pair as one code point", () => {
    expect(test("^\\x{1F600}$", "😀")).toBe(MATCH);
    expect(test("^\\x{1F600}$", "\ud83d")).toBe(NO_MATCH);
    expect(test("^\\x{D83D}$", "😀")).toBe(NO_MATCH);
    expect(test("^😀$", "😀")).toBe(MATCH);
    expect(test("^[😀]$", "😀")).toBe(MATCH);
    expect(test("^\\x{10FFFF}$", "\u{10FFFF}")).toBe(MATCH);
    expect(test("^[\\x{0}-\\x{10FFFF}]+$", "a\0😀\udfff\u{10FFFF}")).toBe(MATCH);
  });

  it("reads a lone surrogate as one character", () => {
    expect(test("^[^a]$", "\ud800")).toBe(MATCH);
    expect(test("^[^a]$", "😀")).toBe(MATCH);
    expect(test("^[^a]$", "\ud83d\ude00x")).toBe(NO_MATCH);
    expect(test("^[^a]{2}$", "\ude00\ud83d")).toBe(MATCH);
    expect(test("^\\x{D800}$", "\ud800")).toBe(MATCH);
    expect(test("^\\x{D800}$", "\ud800\udc00")).toBe(NO_MATCH);
    expect(test("^[\\x{D800}-\\x{DFFF}]$", "\udfff")).toBe(MATCH);
    expect(test("^[\\x{D800}-\\x{DFFF}]$", "😀")).toBe(NO_MATCH);
    expect(test("^\ud83d$", "\ud83d")).toBe(MATCH);
  });

  it("handles NUL in the subject and the source", () => {
    expect(test("^a\\x{0}b$", "a\0b")).toBe(MATCH);
    expect(test("^a\0b$", "a\0b")).toBe(MATCH);
    expect(test("^a$", "a\0")).toBe(NO_MATCH);
    expect(test("^[^x]+$", "\0\0")).toBe(MATCH);
  });

  it("matches long subjects", () => {
    const slug = compile("^[a-z0-9-]+$");
    expect(slug.test("a".repeat(1e6))).toBe(MATCH);
    expect(slug.test("a".repeat(1e6) + "!")).toBe(NO_MATCH);
    expect(compile("^[^a]+$").test("😀".repeat(5e5))).toBe(MATCH);
    expect(slug.test("a".repeat(1e7))).toBe(MATCH);
    expect(slug.test("abc")).toBe(MATCH);
  });

  it("returns LIMIT when the work limit is exhausted, with JIT and without", () => {
    const catastrophic: [string, string][] = [
      ["^(a+)+$", "a".repeat(40) + "b"],
      ["^(a|aa)+$", "a".repeat(40) + "b"],
      ["^([a-z]+ ?)*$", "a".repeat(40) + "!"],
    ];
    for (const [source, subject] of catastrophic) {
      expect(test(source, subject)).toBe(LIMIT);
      expect(test(`(*NO_JIT)${source}`, subject)).toBe(LIMIT);
      expect(test(source, "a".repeat(20))).toBe(MATCH);
    }
  });

  it("returns LIMIT when a repeated group outgrows the JIT stack or the depth limit", () => {
    expect(test("^(?:a|b)*$", "a".repeat(300_000))).toBe(MATCH);
    expect(test("^(?:a|b)*$", "a".repeat(1_000_000))).toBe(LIMIT);
    expect(test("(*NO_JIT)^(?:a|b)*$", "a".repeat(20_000))).toBe(MATCH);
    expect(test("(*NO_JIT)^(?:a|b)*$", "a".repeat(100_000))).toBe(LIMIT);
  });

  it("throws a TypeError for a subject that is not a string", () => {
    const slug = compile("^a$") as { test(subject: unknown): unknown };
    expect(() => slug.test(1)).toThrow(new TypeError("expected a string"));
  });
});

describe("worker threads", () => {
  // Each worker loads the addon into its own environment and matches while
  // the other does; a shared match state would corrupt the counts.
  const worker = `
    const { parentPort, workerData } = require("worker_threads");
    const addon = require(require.resolve("node-gyp-build", { paths: [workerData.root] }))(workerData.root);
    const slug = addon.compile("^[a-z0-9-]+$");
    const astral = addon.compile("^[^a]$");
    const hostile = addon.compile("^(a+)+$");
    const counts = { 1: 0, 0: 0, "-1": 0 };
    for (let i = 0; i < 20000; i++) {
      counts[slug(i % 2 ? "slug-" + i : "Slug " + i)]++;
      counts[astral(i % 4 ? "\\u{1F600}" : "\\ud83d\\ude00x")]++;
      if (i % 1000 === 0) counts[hostile("a".repeat(30) + "b")]++;
    }
    parentPort.postMessage(counts);
  `;

  it("match concurrently with correct results", async () => {
    const root = path.join(__dirname, "..");
    const run = () =>
      new Promise((resolve, reject) => {
        const w = new Worker(worker, { eval: true, workerData: { root } });
        w.once("message", resolve);
        w.once("error", reject);
      });
    const results = await Promise.all([run(), run()]);
    expect(test("^[a-z]+$", "main")).toBe(MATCH);
    expect(results).toEqual([
      { 1: 25000, 0: 15000, "-1": 20 },
      { 1: 25000, 0: 15000, "-1": 20 },
    ]);
  });
});
