/// <reference lib="dom" />
// The page-side functions below run in the browser, with its DOM.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { renderReport } from "../../../src/cli/bench-report";
import type { BenchRun, ToolBench } from "../../../src/cli/bench-results";

// The bench report in a real browser: Debian's chromium (CHROMIUM_PATH names
// another), driven by playwright-core, which downloads no browser of its
// own. .ci/run installs chromium; elsewhere without it the test is skipped
// and says so (SKIP_BROWSER_TEST=1 skips it too), but never in CI. The
// screenshot of each page is kept in test-output/ and attached to the test
// (vitest copies it into .vitest-attachments/; both are left out of git).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const root = join(__dirname, "..", "..", "..");
const main = join(root, "lib/cli/main.js");
const scratch = mkdtempSync(join(tmpdir(), "tool-input-schema-bench-browser-"));
const output = join(root, "test-output");
const chromium =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => existsSync(path));
const skipped =
  process.env.SKIP_BROWSER_TEST !== undefined &&
  process.env.SKIP_BROWSER_TEST !== "" &&
  process.env.SKIP_BROWSER_TEST !== "0";
const why = skipped
  ? "SKIP_BROWSER_TEST is set"
  : chromium === undefined
    ? "no chromium (apt-get install chromium, or set CHROMIUM_PATH)"
    : null;
if (why !== null && process.env.CI === "true") throw new Error(`the browser test must run in CI, but ${why}`);
const note = why === null ? "" : ` (skipped: ${why})`;

/** A page at 1,280 × 800, as a laptop shows it; what the test reads of it. */
type Page = import("playwright-core").Page;
let browser: import("playwright-core").Browser | null = null;

beforeAll(async () => {
  if (why !== null) return;
  const { chromium: driver } = await import("playwright-core");
  browser = await driver.launch({
    executablePath: chromium,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
});

afterAll(async () => {
  await browser?.close();
});

/** Elements whose box reaches past the page's width (the page itself may not scroll sideways). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page scrolls to ${document.documentElement.scrollWidth} px`);
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5))
        found.push(
          `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} from ${Math.round(box.left)} to ${Math.round(box.right)} px`,
        );
    }
    return found.slice(0, 10);
  });
}

/** Opens `file` at 1,280 pixels wide, keeps its screenshot, and checks that nothing is wider than the window. */
async function open(
  file: string,
  name: string,
  annotate: (message: string, attachment: { path: string; contentType: string }) => Promise<unknown>,
): Promise<Page> {
  const page = await browser!.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`file://${file}`);
  mkdirSync(output, { recursive: true });
  const screenshot = join(output, `${name}.png`);
  await page.screenshot({ path: screenshot, fullPage: true });
  await annotate(`screenshot at 1,280 px: test-output/${name}.png`, { path: screenshot, contentType: "image/png" });
  expect(await overflowing(page)).toEqual([]);
  return page;
}

describe.skipIf(why !== null)(`the bench report in chromium, 1,280 px wide${note}`, () => {
  it("shows the calls that pass and the calls that fail apart, each chart with its legend, and nothing wider than the window", async ({
    annotate,
  }) => {
    const calls = join(scratch, "all-calls.jsonl");
    const files = ["mcp", "openai-chat", "openai-responses", "anthropic", "gemini"].map((name) =>
      readFileSync(join(root, "fixtures/calls", `${name}.jsonl`), "utf8"),
    );
    writeFileSync(calls, files.join(""));
    const report = join(scratch, "report.html");
    const run = spawnSync(
      process.execPath,
      [main, "bench", "fixtures/calls/tools.json", "--calls", calls, "--rounds", "2", "--html", report],
      { cwd: root, encoding: "utf8" },
    );
    expect([run.status, run.stderr]).toEqual([0, ""]);
    const page = await open(report, "bench-report", annotate);
    const headings = await page.locator("h2").allTextContents();
    expect(headings).toEqual(["Calls that pass", "Calls that fail", "Compile and first calls", "Patterns"]);
    for (const id of ["valid", "failing"]) {
      const rows = await page
        .locator(`#${id} tbody tr`)
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-tool")));
      expect(rows.sort(), id).toEqual(["get_time", "get_weather", "search_docs"]);
    }
    // Each chart's legend is the first thing of its figure, right above it.
    const legends = await page
      .locator("figure")
      .evaluateAll((figures) =>
        figures.map((figure) => [
          figure.closest("section")?.id,
          figure.firstElementChild?.className,
          figure.children[1]?.tagName.toLowerCase(),
        ]),
      );
    expect(legends).toEqual(["valid", "failing", "first-calls", "patterns"].map((id) => [id, "legend", "svg"]));
    expect(await page.locator("#failing .legend").textContent()).toContain("Ajv, allErrors: true");
    await page.close();
  });

  it("fits long names, many tools and long patterns into the window", async ({ annotate }) => {
    const long = "a_tool_whose_name_goes_on_and_on_without_a_single_place_to_break_it_".repeat(3);
    const figure = (ns: number) => ({ ns: { median: ns, min: ns * 0.9, max: ns * 1.6 }, cpuNs: ns });
    const tool = (name: string, i: number): ToolBench => ({
      name,
      status: "ok",
      compileMicros: 1234.5 + i,
      patterns: 1,
      calls: 12_345,
      validCalls: 10_000,
      failingCalls: 2345,
      valid: { calls: 10_000, ours: figure(1234 + i), ajv: figure(987), ratio: 1.25, cpuRatio: 1.2 },
      failing: {
        calls: 2345,
        ours: figure(123_456),
        ajvAllErrors: figure(12_345),
        ajvFirstError: figure(1234),
        ratioAllErrors: 10,
        ratioFirstError: 100,
      },
      firstCalls: {
        first: { median: 123_456, min: 100_000, max: 1_234_567 },
        generating: { median: 1_234_567, min: 1_000_000, max: 12_345_678 },
        failing: false,
      },
      searchesPerValidCall: 12.5,
      searchesPerFailingCall: 123.5,
      ajvCompileMicros: 12_345.6,
      ajvDisagrees: 0,
    });
    const run: BenchRun = {
      catalogs: [`/a/very/long/path/${long}/catalog.json`],
      callsFile: `/another/long/path/${long}.jsonl`,
      profile: "extended",
      lenientScalars: true,
      presentRequired: true,
      rounds: 9,
      badLines: 1234,
      firstBadLine: { line: 17, reason: `no "arguments", and "input" is no field of MCP tools/call params` },
      unknownTools: [{ name: long, calls: 3 }],
      ajv: { loaded: true, version: "8.20.0" },
      node: "v20.20.2",
      date: "2026-12-05T00:00:00.000Z",
      tools: [tool(long, 0), ...Array.from({ length: 44 }, (_, i) => tool(`tool_${i}`, i + 1))],
      patterns: [
        {
          pattern: `^(${"[a-z0-9]+-".repeat(30)})$`,
          engine: "dfa",
          reason: "a class repeated inside a repeat",
          tools: [long, "tool_1"],
          searches: 123_456,
          perSearch: figure(2345),
        },
        {
          pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
          engine: "pcre2",
          reason: null,
          tools: ["tool_2"],
          searches: 12_345,
          perSearch: figure(45),
        },
      ],
    };
    const report = join(scratch, "wide.html");
    writeFileSync(report, renderReport(run));
    const page = await open(report, "bench-report-wide", annotate);
    expect(await page.locator("#valid tbody tr").count()).toBe(45);
    await page.close();
  });
});
