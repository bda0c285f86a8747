import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { escapeXml, renderReport } from "../../../src/cli/bench-report";
import type { BenchRun, Figure, Spread, ToolBench } from "../../../src/cli/bench-results";
import { oneLine } from "../../../src/runtime/one-line";

// The command line runs as users run it, from lib/ (`npx tsc -p
// tsconfig.build.json` builds it). Each bench run warms every figure up for
// 120 ms; on a busy machine that takes a while.
vi.setConfig({ testTimeout: 120_000 });

const root = join(__dirname, "..", "..", "..");
const main = join(root, "lib/cli/main.js");
const scratch = mkdtempSync(join(tmpdir(), "tool-input-schema-bench-report-"));

function cli(args: string[], nodeArgs: string[] = []) {
  const run = spawnSync(process.execPath, [...nodeArgs, main, ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function file(name: string, content: string): string {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

const toolFiles = readdirSync(join(root, "fixtures/tools"))
  .sort()
  .map((name) => join("fixtures/tools", name));

/** Makes `require("ajv")` and `require("ajv/…")` fail as they do where the package is not installed. */
const withoutAjv = file(
  "without-ajv.cjs",
  `const Module = require("module");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "ajv" || request.startsWith("ajv/")) {
    const error = new Error("Cannot find module '" + request + "'");
    error.code = "MODULE_NOT_FOUND";
    throw error;
  }
  return resolve.call(this, request, ...rest);
};
`,
);

// ---- A small XML parser: the report must be well-formed XML as it stands. ----

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
type XmlNode = XmlElement | string;

const NAME = /[A-Za-z_:][A-Za-z0-9_.:-]*/y;
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text with its references resolved; throws on a bare `&` or an entity XML does not predefine. */
function decode(text: string, at: number): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, body: string) => {
    if (!whole.endsWith(";")) throw new Error(`bare & near offset ${at}`);
    const numeric = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(body);
    if (numeric) return String.fromCodePoint(numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]));
    if (body in PREDEFINED) return PREDEFINED[body];
    throw new Error(`entity &${body}; is not XML's near offset ${at}`);
  });
}

/** Parses a whole document (an optional `<!DOCTYPE …>`, comments, one root element); throws where it is not well-formed. */
function parseXml(text: string): XmlElement {
  const bad = NOT_XML_CHAR.exec(text);
  if (bad)
    throw new Error(`character U+${bad[0].charCodeAt(0).toString(16)} is not allowed in XML at offset ${bad.index}`);
  let i = 0;
  const stack: XmlElement[] = [];
  let rootElement: XmlElement | null = null;
  const name = (): string => {
    NAME.lastIndex = i;
    const match = NAME.exec(text);
    if (!match) throw new Error(`expected a name at offset ${i}`);
    i = NAME.lastIndex;
    return match[0];
  };
  const space = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  while (i < text.length) {
    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4);
      if (end < 0) throw new Error(`comment never ends, offset ${i}`);
      i = end + 3;
    } else if (text.startsWith("<!DOCTYPE", i)) {
      if (stack.length > 0 || rootElement !== null) throw new Error(`DOCTYPE inside the document at offset ${i}`);
      const end = text.indexOf(">", i);
      i = end + 1;
    } else if (text.startsWith("</", i)) {
      i += 2;
      const closing = name();
      space();
      if (text[i] !== ">") throw new Error(`expected > at offset ${i}`);
      i++;
      const open = stack.pop();
      if (open === undefined || open.name !== closing)
        throw new Error(`</${closing}> closes <${open?.name}> at offset ${i}`);
    } else if (text[i] === "<") {
      i++;
      const element: XmlElement = { name: name(), attrs: {}, children: [] };
      if (stack.length === 0) {
        if (rootElement !== null) throw new Error(`a second root element <${element.name}> at offset ${i}`);
        rootElement = element;
      } else stack[stack.length - 1].children.push(element);
      for (;;) {
        const before = i;
        space();
        if (text.startsWith("/>", i)) {
          i += 2;
          break;
        }
        if (text[i] === ">") {
          i++;
          stack.push(element);
          break;
        }
        if (i === before) throw new Error(`expected a space before an attribute at offset ${i}`);
        const attr = name();
        if (attr in element.attrs) throw new Error(`attribute ${attr} twice at offset ${i}`);
        space();
        if (text[i] !== "=") throw new Error(`attribute ${attr} has no value at offset ${i}`);
        i++;
        space();
        const quote = text[i];
        if (quote !== '"' && quote !== "'") throw new Error(`attribute ${attr} is not quoted at offset ${i}`);
        const end = text.indexOf(quote, i + 1);
        if (end < 0) throw new Error(`attribute ${attr} never ends`);
        const raw = text.slice(i + 1, end);
        if (raw.includes("<")) throw new Error(`< in attribute ${attr} at offset ${i}`);
        element.attrs[attr] = decode(raw, i);
        i = end + 1;
      }
    } else {
      const end = text.indexOf("<", i) < 0 ? text.length : text.indexOf("<", i);
      const raw = text.slice(i, end);
      if (raw.includes("]]>")) throw new Error(`]]> in text at offset ${i}`);
      if (stack.length === 0) {
        if (raw.trim() !== "") throw new Error(`text outside the root element at offset ${i}`);
      } else stack[stack.length - 1].children.push(decode(raw, i));
      i = end;
    }
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1].name}> is never closed`);
  if (rootElement === null) throw new Error("no root element");
  return rootElement;
}

function elements(node: XmlElement, test: (e: XmlElement) => boolean, found: XmlElement[] = []): XmlElement[] {
  if (test(node)) found.push(node);
  for (const child of node.children) if (typeof child !== "string") elements(child, test, found);
  return found;
}

const byName = (name: string) => (e: XmlElement) => e.name === name;
const hasClass = (name: string) => (e: XmlElement) => (e.attrs.class ?? "").split(" ").includes(name);
const inSection = (html: XmlElement, id: string) => elements(html, (e) => e.name === "section" && e.attrs.id === id)[0];

function textOf(node: XmlNode): string {
  return typeof node === "string" ? node : node.children.map(textOf).join("");
}

/** A section's table: header texts and, per row, its data-tool or data-pattern and a cell text per header. */
function sectionTable(
  html: XmlElement,
  id: string,
): { header: string[]; rows: { key: string; cells: Record<string, string> }[] } {
  const table = elements(inSection(html, id), byName("table"))[0];
  if (table === undefined) return { header: [], rows: [] };
  const header = elements(table, byName("th")).map(textOf);
  const rows = elements(elements(table, byName("tbody"))[0], byName("tr")).map((tr) => {
    const cells = elements(tr, byName("td")).map(textOf);
    return {
      key: tr.attrs["data-tool"] ?? tr.attrs["data-pattern"],
      cells: Object.fromEntries(header.map((h, i) => [h, cells[i]])),
    };
  });
  return { header, rows };
}

/** The names each chart of a section draws, in order. */
function drawn(html: XmlElement, id: string): string[] {
  return elements(inSection(html, id), hasClass("row")).map((row) => textOf(elements(row, byName("title"))[0]));
}

/**
 * The texts of the report's body but the run's date, file names, tool names
 * and patterns (in tooltips, chart labels, code, the tables' first column and
 * in bold): every number it writes.
 */
function shownTexts(html: XmlElement): string[] {
  const body = elements(html, byName("body"))[0];
  const skipped = (e: XmlElement) =>
    ["code", "title", "b"].includes(e.name) ||
    ["meta", "label", "tool", "tools", "pattern"].some((name) => hasClass(name)(e));
  const texts: string[] = [];
  const walk = (node: XmlElement) => {
    if (skipped(node)) return;
    for (const child of node.children) typeof child === "string" ? texts.push(child) : walk(child);
  };
  walk(body);
  return texts;
}

/**
 * The same numbers written independently of the package: rounded as toFixed
 * rounds (Intl rounds a tie such as 7146.65 the other way), grouped by threes.
 */
const us = (n: number, decimals = 0) => {
  const [whole, fraction] = n.toFixed(decimals).split(".");
  return whole.replace(/\B(?=(\d{3})+$)/g, ",") + (fraction === undefined ? "" : "." + fraction);
};
const spread = (s: Spread | null | undefined, unit = 1) =>
  s == null ? "-" : `${us(s.median / unit)} (${us(s.min / unit)}–${us(s.max / unit)})`;
const ratio = (r: number | null) => (r === null ? "-" : `${us(r, 2)}×`);
const cpu = (f: Figure | null) => (f === null ? "-" : us(f.cpuNs));

/** A report's tables checked against the run's JSON, value by value (names on one line, as the report writes them). */
function expectTablesMatch(html: XmlElement, given: BenchRun) {
  const run = { ...given, tools: given.tools.map((t) => ({ ...t, name: oneLine(t.name) })) };
  const withAjv = run.ajv.loaded;
  const valid = sectionTable(html, "valid");
  const passing = run.tools.filter((t) => t.valid !== null);
  expect(valid.rows.map((row) => row.key)).toEqual(passing.map((t) => t.name));
  passing.forEach((t, i) => {
    const v = t.valid!;
    const expected: Record<string, string> = {
      tool: t.name,
      calls: us(v.calls),
      "ns a call": spread(v.ours.ns),
      "CPU ns": cpu(v.ours),
      "searches a call": us(t.searchesPerValidCall!, 1),
    };
    if (withAjv)
      Object.assign(expected, {
        "Ajv ns": spread(v.ajv?.ns),
        "× Ajv": ratio(v.ratio),
        "× Ajv, CPU": ratio(v.cpuRatio),
      });
    expect(valid.rows[i].cells).toEqual(expected);
  });
  const failing = sectionTable(html, "failing");
  const failed = run.tools.filter((t) => t.failing !== null);
  expect(failing.rows.map((row) => row.key)).toEqual(failed.map((t) => t.name));
  failed.forEach((t, i) => {
    const f = t.failing!;
    const expected: Record<string, string> = {
      tool: t.name,
      calls: us(f.calls),
      "ns a call": spread(f.ours.ns),
      "CPU ns": cpu(f.ours),
      "searches a call": us(t.searchesPerFailingCall!, 1),
    };
    if (withAjv) {
      Object.assign(expected, {
        "Ajv allErrors ns": spread(f.ajvAllErrors?.ns),
        "× Ajv allErrors": ratio(f.ratioAllErrors),
        "Ajv first error ns": spread(f.ajvFirstError?.ns),
        "× Ajv first error": ratio(f.ratioFirstError),
      });
    }
    expect(failing.rows[i].cells).toEqual(expected);
  });
  const first = sectionTable(html, "first-calls");
  expect(first.rows.map((row) => row.key)).toEqual(run.tools.map((t) => t.name));
  run.tools.forEach((t, i) => {
    const on = t.firstCalls?.failing ? " (on a call that fails)" : "";
    const expected: Record<string, string> = {
      tool: t.name,
      status: t.status,
      "compile µs": us(t.compileMicros, 1),
      "first call µs": t.firstCalls === null ? "-" : spread(t.firstCalls.first, 1000) + on,
      "generating call µs": t.firstCalls === null ? "-" : spread(t.firstCalls.generating, 1000),
    };
    if (withAjv) expected["Ajv compile µs"] = t.ajvError !== undefined ? "refused" : us(t.ajvCompileMicros!, 1);
    expect(first.rows[i].cells).toEqual(expected);
  });
  const patterns = sectionTable(html, "patterns");
  expect(patterns.rows.map((row) => row.key)).toEqual(run.patterns.map((p) => p.pattern));
  run.patterns.forEach((p, i) => {
    expect(patterns.rows[i].cells).toEqual({
      pattern: p.pattern,
      engine: p.engine,
      tools: p.tools.join(", "),
      searches: us(p.searches),
      "ns a search": spread(p.perSearch?.ns),
      "CPU ns": cpu(p.perSearch),
      "µs in all": p.perSearch === null ? "-" : us((p.perSearch.ns.median * p.searches) / 1000, 1),
    });
  });
}

/** What every report must be: one well-formed document, self-contained, with well-formed SVG charts and grouped numbers. */
function checkDocument(text: string): XmlElement {
  expect(text.startsWith("<!DOCTYPE html>\n")).toBe(true);
  const html = parseXml(text);
  expect(html.name).toBe("html");
  expect(html.attrs.xmlns).toBe("http://www.w3.org/1999/xhtml");
  // Nothing is loaded from anywhere: no scripts, no links, no external resources in attributes or CSS.
  expect(elements(html, (e) => ["script", "link", "img", "iframe", "object", "embed"].includes(e.name))).toEqual([]);
  expect(elements(html, (e) => "src" in e.attrs || "href" in e.attrs || "xlink:href" in e.attrs)).toEqual([]);
  const css = elements(html, byName("style")).map(textOf).join("");
  expect(css).not.toMatch(/url\(|@import/);
  // Every chart is well-formed XML on its own, too (as a .svg file would be).
  const svgs = [...text.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0]);
  expect(svgs.length).toBeGreaterThan(0);
  for (const svg of svgs) {
    const chart = parseXml(svg);
    expect(chart.name).toBe("svg");
    expect(chart.attrs.xmlns).toBe("http://www.w3.org/2000/svg");
  }
  // Numbers of four digits or more have commas (the run's date, file names, tool names and patterns are left out).
  for (const shown of shownTexts(html)) expect(shown).not.toMatch(/\d{4}/);
  // Each chart's legend comes first in its figure, right above the chart it explains.
  for (const figure of elements(html, byName("figure"))) {
    const [legend, chart] = figure.children.filter((child): child is XmlElement => typeof child !== "string");
    expect([legend.attrs.class, chart.name]).toEqual(["legend", "svg"]);
  }
  return html;
}

beforeAll(() => {
  if (!existsSync(main))
    throw new Error("lib/ is not built: run `npx tsc -p tsconfig.build.json` (npm install does it)");
});

describe("the XML check itself", () => {
  it("refuses what is not well-formed", () => {
    expect(parseXml('<a x="1"><b/>t &amp; &#60; &#x3c;</a>').children).toEqual([
      { name: "b", attrs: {}, children: [] },
      "t & < <",
    ]);
    for (const bad of [
      "<a><b></a></b>",
      "<a>",
      "<a x=1/>",
      '<a x="1" x="2"/>',
      "<a>&nbsp;</a>",
      "<a>x & y</a>",
      "<a/><b/>",
      '<a x="<"/>',
      "<a>\u0001</a>",
      "<br>",
    ]) {
      expect(() => parseXml(bad), bad).toThrow();
    }
  });
});

describe("escapeXml", () => {
  it("writes markup characters as references, control characters and lone surrogates as \\u escapes", () => {
    expect(escapeXml(`a<b>&"c" 'd'`)).toBe("a&#60;b&#62;&#38;&#34;c&#34; &#39;d&#39;");
    expect(escapeXml("x\u0001y\nz\ud800w\uffff😀")).toBe("x\\u0001y\\u000az\\ud800w\\uffff😀");
  });
});

describe("renderReport", () => {
  const figure = (ns: number): Figure => ({ ns: { median: ns, min: ns * 0.9, max: ns * 1.5 }, cpuNs: ns * 0.95 });
  const tool = (name: string, ns: number | null, extra: Partial<ToolBench> = {}): ToolBench => ({
    name,
    status: "ok",
    compileMicros: 1234.56,
    patterns: 2,
    calls: ns === null ? 0 : 3,
    validCalls: ns === null ? 0 : 2,
    failingCalls: ns === null ? 0 : 1,
    valid: ns === null ? null : { calls: 2, ours: figure(ns), ajv: null, ratio: null, cpuRatio: null },
    failing:
      ns === null
        ? null
        : {
            calls: 1,
            ours: figure(10 * ns),
            ajvAllErrors: null,
            ajvFirstError: null,
            ratioAllErrors: null,
            ratioFirstError: null,
          },
    firstCalls:
      ns === null
        ? null
        : {
            first: { median: 12_345, min: 10_000, max: 20_000 },
            generating: { median: 345_678, min: 300_000, max: 400_000 },
            failing: false,
          },
    searchesPerValidCall: ns === null ? null : 1.5,
    searchesPerFailingCall: ns === null ? null : 2,
    ...extra,
  });
  const run = (tools: ToolBench[], ajv: BenchRun["ajv"]): BenchRun => ({
    catalogs: ["tools&more.json"],
    callsFile: null,
    profile: "core",
    lenientScalars: false,
    presentRequired: false,
    rounds: 9,
    badLines: 0,
    firstBadLine: null,
    unknownTools: [],
    ajv,
    node: "v20.0.0",
    date: "2025-01-02T03:04:05.000Z",
    tools,
    patterns: [],
  });

  it("escapes hostile tool names everywhere they appear", () => {
    const hostile = `<script>alert("x")</script> & ]]> \u0007 \ud800`;
    const text = renderReport(
      run([tool(hostile, 1234567.4), tool("plain", null, { status: "unsupported" })], {
        loaded: false,
        reason: "not <installed>",
      }),
    );
    const html = checkDocument(text);
    expect(sectionTable(html, "first-calls").rows.map((row) => row.key)).toEqual([
      `<script>alert("x")</script> & ]]> \\u0007 \\ud800`,
      "plain",
    ]);
    expect(sectionTable(html, "valid").rows[0].cells["ns a call"]).toBe("1,234,567 (1,111,111–1,851,851)");
    expect(text).toContain("Ajv could not be loaded (not &#60;installed&#62;)");
    expect(sectionTable(html, "valid").header).not.toContain("Ajv ns");
  });

  it("draws at most 40 rows a chart, the costliest first, and says what it leaves out", () => {
    const tools = Array.from({ length: 45 }, (_, i) =>
      tool(`tool_${i}`, 100 + i, {
        valid: { calls: 2, ours: figure(100 + i), ajv: figure(50), ratio: 2, cpuRatio: 2 },
      }),
    );
    tools.push(tool("idle", null));
    const html = checkDocument(renderReport(run(tools, { loaded: true, version: "8.20.0" })));
    expect(drawn(html, "valid")).toEqual(Array.from({ length: 40 }, (_, i) => `tool_${44 - i}`));
    expect(textOf(elements(inSection(html, "valid"), hasClass("note"))[0])).toBe(
      "the 40 highest of 45 are drawn; the table has them all; 1 tool without calls that pass or with a refused schema is not drawn.",
    );
    // Ours in the theme's blue, then Ajv's bar below it, per row.
    const firstRow = elements(inSection(html, "valid"), hasClass("row"))[0];
    expect(elements(firstRow, byName("rect")).map((r) => r.attrs.fill)).toEqual(["#2563eb", "#a3a3a3"]);
    expect(sectionTable(html, "valid").rows).toHaveLength(45);
  });
});

describe("tool-input-schema bench --html", () => {
  it("writes a report of every fixture tool whose numbers are those of --json, against Ajv", () => {
    const report = join(scratch, "fixtures.html");
    const { code, stdout, stderr } = cli(["bench", "--json", "--rounds", "2", "--html", report, ...toolFiles]);
    expect([code, stderr]).toEqual([0, ""]);
    const json: BenchRun = JSON.parse(stdout);
    const ajvVersion = JSON.parse(readFileSync(join(root, "node_modules/ajv/package.json"), "utf8")).version;
    expect(json.ajv).toEqual({ loaded: true, version: ajvVersion });
    for (const t of json.tools)
      expect(
        [t.valid!.ajv!.ns.median, t.failing!.ajvAllErrors!.ns.median, t.ajvCompileMicros].every((n) => n! > 0),
      ).toBe(true);
    // Pattern searches, counted: a tool without patterns runs none; each of these runs one or two per call.
    const searches = Object.fromEntries(json.tools.map((t) => [t.name, t.searchesPerValidCall]));
    expect(searches).toMatchObject({ read_file: 0, edit_file: 0 });
    for (const name of ["write_file", "search_code", "web_fetch"]) expect(searches[name]).toBeGreaterThan(0);
    expect(
      json.patterns
        .map((p) => p.tools)
        .flat()
        .sort(),
    ).toEqual(["search_code", "todo", "web_fetch", "write_file"]);

    const html = checkDocument(readFileSync(report, "utf8"));
    expectTablesMatch(html, json);
    const names = json.tools.map((t) => t.name).sort();
    expect(drawn(html, "valid").sort()).toEqual(names);
    expect(drawn(html, "failing").sort()).toEqual(names);
    expect(drawn(html, "first-calls").sort()).toEqual(names);
    expect(drawn(html, "patterns").sort()).toEqual(
      json.patterns
        .filter((p) => p.perSearch !== null)
        .map((p) => p.pattern)
        .sort(),
    );
    expect(textOf(elements(html, byName("title"))[0])).toBe(`tool-input-schema bench: ${toolFiles.join(", ")}`);
  });

  it("shows the bad lines and the calls to unknown tools it skipped, and escapes odd tool names", () => {
    const odd = `a<b&"c" 'd' >\u0001 tool`;
    const catalog = file(
      "catalog.json",
      JSON.stringify({
        tools: [
          {
            name: "fine",
            inputSchema: {
              type: "object",
              properties: { q: { type: "string", pattern: "^[a-z]+$" }, r: { type: "string", pattern: "^x" } },
            },
          },
          {
            name: "bounded",
            inputSchema: { type: "object", properties: { n: { type: "integer", exclusiveMinimum: 0 } } },
          },
          { name: "broken", inputSchema: { type: "object", properties: { n: { type: "integer", minimum: "0" } } } },
          { name: odd, inputSchema: { type: "object" } },
        ],
      }),
    );
    const calls = file(
      "calls.jsonl",
      [
        { name: "fine", arguments: { q: "abc", r: "xy" } },
        { name: "fine", arguments: { q: "ABC" } },
        "oops",
        { name: "bounded", arguments: { n: 1 } },
        { name: odd, arguments: {} },
        { name: "gone", arguments: {} },
      ]
        .map((line) => (typeof line === "string" ? line : JSON.stringify(line)))
        .join("\n"),
    );
    const report = join(scratch, "mixed.html");
    const { code, stdout, stderr } = cli([
      "bench",
      "--json",
      "--rounds",
      "1",
      catalog,
      "--calls",
      calls,
      "--html",
      report,
    ]);
    expect([code, stderr]).toEqual([0, ""]);
    const json: BenchRun = JSON.parse(stdout);
    const html = checkDocument(readFileSync(report, "utf8"));
    expectTablesMatch(html, json);
    expect(sectionTable(html, "first-calls").rows.map((row) => row.key)).toEqual([
      "fine",
      "bounded",
      "broken",
      `a<b&"c" 'd' >\\u0001 tool`,
    ]);
    // fine: two searches for the call that passes, one in each pass of the one that fails.
    expect([json.tools[0].searchesPerValidCall, json.tools[0].searchesPerFailingCall]).toEqual([2, 2]);
    expect(sectionTable(html, "first-calls").rows[2].cells).toMatchObject({
      status: "malformed",
      "Ajv compile µs": "refused",
      "first call µs": "-",
    });
    expect(textOf(html)).toContain(
      "(1 bad line skipped (the first, line 3: not JSON at column 1 (expected a value)); 1 call to tools not in the catalog skipped)",
    );
  });

  it("shows our numbers alone, and says why, when Ajv cannot be loaded", () => {
    const report = join(scratch, "without-ajv.html");
    const { code, stdout, stderr } = cli(
      ["bench", "--json", "--rounds", "1", "--html", report, toolFiles[0], toolFiles[1]],
      ["-r", withoutAjv],
    );
    expect([code, stderr]).toEqual([0, ""]);
    const json: BenchRun = JSON.parse(stdout);
    expect(json.ajv).toEqual({
      loaded: false,
      reason: "the ajv package is not installed where tool-input-schema can find it",
    });
    for (const t of json.tools) {
      expect(Object.keys(t).filter((key) => key.startsWith("ajv"))).toEqual([]);
      expect([t.valid!.ajv, t.failing!.ajvAllErrors, t.failing!.ajvFirstError]).toEqual([null, null, null]);
    }
    const html = checkDocument(readFileSync(report, "utf8"));
    expectTablesMatch(html, json);
    const warning = elements(html, hasClass("warning"));
    expect(warning.map(textOf)).toEqual([
      "Ajv could not be loaded (the ajv package is not installed where tool-input-schema can find it), so this report shows tool-input-schema's numbers alone. " +
        "Ajv is a development dependency of tool-input-schema; install ajv 8 where the command runs to compare.",
    ]);
    expect(elements(html, byName("rect")).every((rect) => !["#a3a3a3", "#525252"].includes(rect.attrs.fill))).toBe(
      true,
    );
  });

  it("refuses a report it cannot write before timing anything", () => {
    const report = join(scratch, "no-such-folder", "report.html");
    expect(cli(["bench", "--html", report, toolFiles[0]])).toEqual({
      code: 2,
      stdout: "",
      stderr: `tool-input-schema: ${report}: cannot write (no such file or directory)\n`,
    });
  });
});
