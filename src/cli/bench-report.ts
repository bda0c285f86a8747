// The bench command's HTML report: one self-contained file (inline CSS, inline
// SVG charts, no scripts, nothing fetched) that shows what the text output
// shows, a section per question, each chart with its legend above it. It fits
// a 1,280-pixel window: nothing is wider than the page, long names wrap. The
// markup is XHTML-compatible (every element closed, attributes quoted, only
// XML's own entities), so an XML parser reads it as well as a browser does.
import { oneLine } from "../runtime/one-line";
import { show, type BenchRun, type Spread, type ToolBench } from "./bench-results";
import { SAMPLE_MS, WARMUP_MS } from "./bench-timing";
import { formatNumber } from "./numbers";

/**
 * Text for XML: one line, markup characters escaped, and the code points XML
 * 1.0 forbids (lone surrogates, U+FFFE, U+FFFF; control characters are
 * already escaped by oneLine) written as \uXXXX.
 */
export function escapeXml(text: string): string {
  return oneLine(text)
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16)}`,
    );
}

/** Nanoseconds as ms, or as µs below a millisecond. */
function duration(ns: number): string {
  return ns >= 1e6 ? `${formatNumber(ns / 1e6, 2)} ms` : `${formatNumber(ns / 1000, 1)} µs`;
}

/** Names longer than this are cut in chart labels (the tables and the row's tooltip have them whole). */
const LABEL_CHARACTERS = 34;
/** Charts draw at most this many rows, the costliest first. */
const CHART_ROWS = 40;

/** A series of bars: what it is, and its color. */
interface Series {
  label: string;
  color: string;
}

const OURS: Series = { label: "tool-input-schema", color: "#2563eb" };
const AJV: Series = { label: "Ajv, stopping at its first error", color: "#a3a3a3" };
const AJV_ALL: Series = { label: "Ajv, allErrors: true", color: "#525252" };
const FIRST_CALL: Series = { label: "first call", color: "#2563eb" };
const GENERATING_CALL: Series = { label: "the call that generates the fast check", color: "#93c5fd" };
const PCRE2: Series = { label: "searched by PCRE2", color: "#0d9488" };
const DFA: Series = { label: "searched by the DFA", color: "#d97706" };

/** One bar: its value, its spread (the fastest and slowest round) and the text after it. */
interface Bar {
  value: number;
  spread: Spread | null;
  note: string;
  color: string;
}

/** One row of a chart: its label, and a bar per series (null: no figure, `missing` says so). */
interface Row {
  label: string;
  bars: (Bar | null)[];
  missing: string;
}

/** A round step for about four grid lines up to `max`. */
function gridStep(max: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough);
  return step ?? 10 * power;
}

function cutLabel(label: string): string {
  const chars = Array.from(label);
  return chars.length <= LABEL_CHARACTERS ? label : `${chars.slice(0, LABEL_CHARACTERS - 1).join("")}…`;
}

/**
 * A horizontal bar chart, a row per tool or pattern with a bar per series;
 * a thin line across a bar spans its fastest to its slowest round. As wide
 * as the page allows (its viewBox scales), never wider.
 */
function barChart(title: string, unit: string, series: number, rows: readonly Row[]): string {
  const labelWidth = 250;
  const plotWidth = 560;
  const width = labelWidth + plotWidth + 220;
  const barHeight = series === 1 ? 16 : 12;
  const rowHeight = series * (barHeight + 2) + 10;
  const top = 28;
  const height = top + rows.length * rowHeight + 8;
  const max = Math.max(
    0,
    ...rows.flatMap((row) => row.bars.map((bar) => (bar === null ? 0 : Math.max(bar.value, bar.spread?.max ?? 0)))),
  );
  const step = max > 0 ? gridStep(max) : 1;
  const scaleMax = max > 0 ? Math.ceil(max / step) * step : 1;
  const x = (value: number) => labelWidth + (value / scaleMax) * plotWidth;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${width} ${height}" style="max-width: ${width}px" role="img" aria-label="${escapeXml(title)}">`,
  );
  parts.push(`<title>${escapeXml(title)}</title>`);
  const tickDecimals = (String(Number(step.toPrecision(3))).split(".")[1] ?? "").length;
  for (let i = 0; i * step <= scaleMax + step / 2; i++) {
    const at = x(i * step).toFixed(1);
    parts.push(`<line x1="${at}" y1="${top - 6}" x2="${at}" y2="${height - 4}" stroke="#e5e5e5" stroke-width="1"/>`);
    parts.push(
      `<text x="${at}" y="${top - 10}" text-anchor="middle" class="tick">${escapeXml(formatNumber(i * step, tickDecimals))}</text>`,
    );
  }
  parts.push(`<text x="${labelWidth - 24}" y="${top - 10}" text-anchor="end" class="tick">${escapeXml(unit)}</text>`);
  rows.forEach((row, i) => {
    const y = top + i * rowHeight;
    parts.push(`<g class="row">`);
    parts.push(`<title>${escapeXml(row.label)}</title>`);
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + (rowHeight - 10) / 2 + 9}" text-anchor="end" class="label">${escapeXml(cutLabel(row.label))}</text>`,
    );
    row.bars.forEach((bar, k) => {
      const at = y + 2 + k * (barHeight + 2);
      if (bar === null) {
        parts.push(
          `<text x="${labelWidth + 5}" y="${at + barHeight - 2}" class="value muted">${escapeXml(row.missing)}</text>`,
        );
        return;
      }
      const w = Math.max(x(bar.value) - labelWidth, bar.value > 0 ? 1 : 0);
      parts.push(
        `<rect x="${labelWidth}" y="${at}" width="${w.toFixed(1)}" height="${barHeight}" fill="${bar.color}"/>`,
      );
      let end = labelWidth + w;
      if (bar.spread !== null) {
        const [from, to, mid] = [x(bar.spread.min), x(bar.spread.max), at + barHeight / 2];
        parts.push(
          `<line class="spread" x1="${from.toFixed(1)}" y1="${mid}" x2="${to.toFixed(1)}" y2="${mid}" stroke="#171717" stroke-width="1.5"/>`,
        );
        end = Math.max(end, to);
      }
      parts.push(
        `<text x="${(end + 5).toFixed(1)}" y="${at + barHeight - 2}" class="value">${escapeXml(bar.note)}</text>`,
      );
    });
    parts.push(`</g>`);
  });
  parts.push(`</svg>`);
  return parts.join("\n");
}

/** Which color is which, set above the chart it explains. */
function legend(series: readonly Series[], spread: boolean): string {
  const swatch = (color: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12" viewBox="0 0 12 12"><rect width="12" height="12" fill="${color}"/></svg>`;
  const keys = series.map((s) => `<span class="key">${swatch(s.color)} ${escapeXml(s.label)}</span>`);
  if (spread)
    keys.push(
      `<span class="key"><svg xmlns="http://www.w3.org/2000/svg" width="16" height="12" viewBox="0 0 16 12"><line x1="0" y1="6" x2="16" y2="6" stroke="#171717" stroke-width="1.5"/></svg> fastest to slowest round</span>`,
    );
  return `<p class="legend">${keys.join(" ")}</p>`;
}

/** A chart with its legend above it and a sentence on what it leaves out; or why there is none. */
function figure(
  title: string,
  unit: string,
  series: readonly Series[],
  spread: boolean,
  rows: Row[],
  total: number,
  missingWhy: [string, string],
): string {
  const cost = (row: Row) => Math.max(0, ...row.bars.map((bar) => bar?.value ?? 0));
  const shown = [...rows].sort((a, b) => cost(b) - cost(a)).slice(0, CHART_ROWS);
  const left: string[] = [];
  if (rows.length > shown.length)
    left.push(`the ${CHART_ROWS} highest of ${formatNumber(rows.length)} are drawn; the table has them all`);
  const missing = total - rows.length;
  if (missing > 0)
    left.push(`${formatNumber(missing)} ${missing === 1 ? `${missingWhy[0]} is` : `${missingWhy[1]} are`} not drawn`);
  const note = left.length > 0 ? `<p class="note">${escapeXml(left.join("; "))}.</p>` : "";
  if (shown.length === 0) return `<p class="note">Nothing to draw.</p>`;
  return `<figure>\n${legend(series, spread)}\n${barChart(title, unit, series.length, shown)}\n${note}\n</figure>`;
}

interface Column {
  title: string;
  className: string;
}

/** A table whose cells are markup already escaped. */
function table(columns: readonly Column[], rows: readonly { attrs: string; cells: string[] }[]): string {
  const head = columns.map((c) => `<th class="${c.className}">${escapeXml(c.title)}</th>`).join("");
  const body = rows.map(
    (row) =>
      `<tr${row.attrs}>${row.cells.map((cell, i) => `<td class="${columns[i].className}">${cell}</td>`).join("")}</tr>`,
  );
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body.join("\n")}\n</tbody>\n</table>`;
}

const toolAttrs = (t: ToolBench) => ` class="${t.status}" data-tool="${escapeXml(t.name)}"`;
const spreadCell = (s: Spread | null | undefined, unit = 1) =>
  s === null || s === undefined
    ? "-"
    : `${show.ns(s.median / unit)} <span class="range">(${show.ns(s.min / unit)}–${show.ns(s.max / unit)})</span>`;
const ratioCell = (r: number | null) =>
  r === null ? "-" : `<span class="${r <= 1 ? "faster" : "slower"}">${show.ratio(r)}</span>`;
const section = (id: string, heading: string, text: string, body: string) =>
  `<section id="${id}">\n<h2>${escapeXml(heading)}</h2>\n<p>${text}</p>\n${body}\n</section>`;
const barOf = (value: number, spread: Spread | null, note: string, color: string): Bar => ({
  value,
  spread,
  note,
  color,
});

function validSection(run: BenchRun): string {
  const withAjv = run.ajv.loaded;
  const timed = run.tools.filter((t) => t.valid !== null);
  const rows = timed.map((t): Row => ({
    label: t.name,
    bars: [
      barOf(t.valid!.ours.ns.median, t.valid!.ours.ns, `${show.ns(t.valid!.ours.ns.median)} ns`, OURS.color),
      ...(withAjv
        ? [
            t.valid!.ajv === null
              ? null
              : barOf(t.valid!.ajv.ns.median, t.valid!.ajv.ns, `${show.ns(t.valid!.ajv.ns.median)} ns`, AJV.color),
          ]
        : []),
    ],
    missing: "Ajv: refused",
  }));
  const columns = [
    { title: "tool", className: "tool" },
    { title: "calls", className: "calls" },
    { title: "ns a call", className: "ns" },
    { title: "CPU ns", className: "cpu" },
    ...(withAjv
      ? [
          { title: "Ajv ns", className: "ajv" },
          { title: "× Ajv", className: "ratio" },
          { title: "× Ajv, CPU", className: "ratio" },
        ]
      : []),
    { title: "searches a call", className: "searches" },
  ];
  const body = timed.map((t) => {
    const v = t.valid!;
    const cells = [escapeXml(t.name), show.count(v.calls), spreadCell(v.ours.ns), show.ns(v.ours.cpuNs)];
    if (withAjv) cells.push(spreadCell(v.ajv?.ns), ratioCell(v.ratio), ratioCell(v.cpuRatio));
    cells.push(show.searches(t.searchesPerValidCall));
    return { attrs: toolAttrs(t), cells };
  });
  const text = withAjv
    ? "The calls that pass, timed apart from those that fail, beside Ajv stopping at its first error (how a gateway runs it). ns a call: the median round, fastest to slowest round in brackets; CPU: the process's CPU time a call; × Ajv: the median of the rounds' ratios."
    : "The calls that pass, timed apart from those that fail. ns a call: the median round, fastest to slowest round in brackets; CPU: the process's CPU time a call.";
  const chart = figure(
    "Calls that pass: ns a call",
    "ns",
    withAjv ? [OURS, AJV] : [OURS],
    true,
    rows,
    run.tools.length,
    ["tool without calls that pass or with a refused schema", "tools without calls that pass or with a refused schema"],
  );
  return section(
    "valid",
    "Calls that pass",
    escapeXml(text),
    `${chart}\n${timed.length > 0 ? table(columns, body) : ""}`,
  );
}

function failingSection(run: BenchRun): string {
  const withAjv = run.ajv.loaded;
  const timed = run.tools.filter((t) => t.failing !== null);
  const rows = timed.map((t): Row => {
    const f = t.failing!;
    const bars: (Bar | null)[] = [barOf(f.ours.ns.median, f.ours.ns, `${show.ns(f.ours.ns.median)} ns`, OURS.color)];
    if (withAjv) {
      bars.push(
        f.ajvAllErrors === null
          ? null
          : barOf(
              f.ajvAllErrors.ns.median,
              f.ajvAllErrors.ns,
              `${show.ns(f.ajvAllErrors.ns.median)} ns`,
              AJV_ALL.color,
            ),
      );
      bars.push(
        f.ajvFirstError === null
          ? null
          : barOf(f.ajvFirstError.ns.median, f.ajvFirstError.ns, `${show.ns(f.ajvFirstError.ns.median)} ns`, AJV.color),
      );
    }
    return { label: t.name, bars, missing: "Ajv: refused" };
  });
  const columns = [
    { title: "tool", className: "tool" },
    { title: "calls", className: "calls" },
    { title: "ns a call", className: "ns" },
    { title: "CPU ns", className: "cpu" },
    ...(withAjv
      ? [
          { title: "Ajv allErrors ns", className: "ajv" },
          { title: "× Ajv allErrors", className: "ratio" },
          { title: "Ajv first error ns", className: "ajv" },
          { title: "× Ajv first error", className: "ratio" },
        ]
      : []),
    { title: "searches a call", className: "searches" },
  ];
  const body = timed.map((t) => {
    const f = t.failing!;
    const cells = [escapeXml(t.name), show.count(f.calls), spreadCell(f.ours.ns), show.ns(f.ours.cpuNs)];
    if (withAjv)
      cells.push(
        spreadCell(f.ajvAllErrors?.ns),
        ratioCell(f.ratioAllErrors),
        spreadCell(f.ajvFirstError?.ns),
        ratioCell(f.ratioFirstError),
      );
    cells.push(show.searches(t.searchesPerFailingCall));
    return { attrs: toolAttrs(t), cells };
  });
  const text =
    "The calls that fail: tool-input-schema returns every problem with the one-line message a model reads, so it is compared with Ajv collecting every error (allErrors: true) and, second, with Ajv stopping at its first error." +
    (withAjv ? "" : " Ajv was not compared.");
  const series = withAjv ? [OURS, AJV_ALL, AJV] : [OURS];
  const chart = figure("Calls that fail: ns a call", "ns", series, true, rows, run.tools.length, [
    "tool without calls that fail or with a refused schema",
    "tools without calls that fail or with a refused schema",
  ]);
  return section(
    "failing",
    "Calls that fail",
    escapeXml(text),
    `${chart}\n${timed.length > 0 ? table(columns, body) : ""}`,
  );
}

function firstCallsSection(run: BenchRun): string {
  const measured = run.tools.filter((t) => t.firstCalls !== null);
  const rows = measured.map((t): Row => ({
    label: t.name,
    bars: [
      barOf(
        t.firstCalls!.first.median / 1000,
        scaled(t.firstCalls!.first),
        `${show.micros(t.firstCalls!.first.median / 1000)} µs`,
        FIRST_CALL.color,
      ),
      barOf(
        t.firstCalls!.generating.median / 1000,
        scaled(t.firstCalls!.generating),
        `${show.micros(t.firstCalls!.generating.median / 1000)} µs`,
        GENERATING_CALL.color,
      ),
    ],
    missing: "",
  }));
  const columns = [
    { title: "tool", className: "tool" },
    { title: "status", className: "status" },
    { title: "compile µs", className: "compile" },
    ...(run.ajv.loaded ? [{ title: "Ajv compile µs", className: "ajv" }] : []),
    { title: "first call µs", className: "first" },
    { title: "generating call µs", className: "generating" },
  ];
  const body = run.tools.map((t) => {
    const cells = [escapeXml(t.name), escapeXml(t.status), show.micros(t.compileMicros)];
    if (run.ajv.loaded)
      cells.push(
        t.ajvError === undefined
          ? show.micros(t.ajvCompileMicros)
          : `<span title="${escapeXml(t.ajvError)}">refused</span>`,
      );
    const timedOn = t.firstCalls?.failing ? " (on a call that fails)" : "";
    cells.push(
      t.firstCalls === null ? "-" : spreadCell(t.firstCalls.first, 1000) + timedOn,
      t.firstCalls === null ? "-" : spreadCell(t.firstCalls.generating, 1000),
    );
    return { attrs: toolAttrs(t), cells };
  });
  const text =
    "Preflight and compile of each schema, once; then, on a freshly compiled validator, its first call, and the call that generates its fast check (the validator answers its first calls with closures, then writes code for the schema), each timed once per round on a validator compiled again, in µs.";
  const chart = figure("First calls: µs", "µs", [FIRST_CALL, GENERATING_CALL], true, rows, run.tools.length, [
    "tool without calls or with a refused schema",
    "tools without calls or with a refused schema",
  ]);
  return section("first-calls", "Compile and first calls", escapeXml(text), `${chart}\n${table(columns, body)}`);
}

function scaled(s: Spread): Spread {
  return { median: s.median / 1000, min: s.min / 1000, max: s.max / 1000 };
}

function patternsSection(run: BenchRun): string {
  const rows = run.patterns
    .filter((p) => p.perSearch !== null)
    .map((p): Row => {
      const micros = (p.perSearch!.ns.median * p.searches) / 1000;
      const note = `${show.micros(micros)} µs: ${show.count(p.searches)} × ${show.ns(p.perSearch!.ns.median)} ns`;
      return {
        label: p.pattern,
        bars: [barOf(micros, null, note, p.engine === "pcre2" ? PCRE2.color : DFA.color)],
        missing: "",
      };
    });
  const columns = [
    { title: "pattern", className: "pattern" },
    { title: "engine", className: "engine" },
    { title: "tools", className: "tools" },
    { title: "searches", className: "searches" },
    { title: "ns a search", className: "ns" },
    { title: "CPU ns", className: "cpu" },
    { title: "µs in all", className: "total" },
  ];
  const body = run.patterns.map((p) => {
    const engine =
      p.reason === null ? escapeXml(p.engine) : `<span title="${escapeXml(p.reason)}">${escapeXml(p.engine)}</span>`;
    const tools = p.tools.map((name) => escapeXml(name)).join(", ");
    const total = p.perSearch === null ? "-" : show.micros((p.perSearch.ns.median * p.searches) / 1000);
    return {
      attrs: ` data-pattern="${escapeXml(p.pattern)}"`,
      cells: [
        `<code>${escapeXml(p.pattern)}</code>`,
        engine,
        tools,
        show.count(p.searches),
        spreadCell(p.perSearch?.ns),
        p.perSearch === null ? "-" : show.ns(p.perSearch.cpuNs),
        total,
      ],
    };
  });
  const text =
    "Each pattern of the catalog once: the engine that runs it (PCRE2 where its search is proven linear, else the DFA; an engine's tooltip says why PCRE2 does not run it), the searches of it that validating every call once runs, one search timed on the subjects those calls gave it, and what all its searches cost together.";
  const chart = figure(
    "Patterns: µs their searches cost over the calls",
    "µs",
    [PCRE2, DFA],
    false,
    rows,
    run.patterns.length,
    ["pattern no call searched", "patterns no call searched"],
  );
  return section(
    "patterns",
    "Patterns",
    escapeXml(text),
    run.patterns.length === 0
      ? `<p class="note">No schema of the catalog has a pattern.</p>`
      : `${chart}\n${table(columns, body)}`,
  );
}

const CSS = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #171717; margin: 24px auto; max-width: 1120px; padding: 0 16px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 6px; border-bottom: 1px solid #e5e5e5; padding-bottom: 4px; }
p { margin: 6px 0; }
figure { margin: 8px 0 12px; }
code { font: 12.5px ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
.meta { color: #525252; overflow-wrap: anywhere; }
.warning { background: #fff7ed; border: 1px solid #fdba74; padding: 8px 12px; border-radius: 4px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
.card { border: 1px solid #e5e5e5; border-radius: 6px; padding: 8px 14px; min-width: 150px; }
.card b { display: block; font-size: 20px; font-variant-numeric: tabular-nums; }
.card span { color: #525252; font-size: 12.5px; }
.note { color: #525252; font-size: 12.5px; }
.legend { margin: 4px 0; }
.legend .key { margin-right: 16px; white-space: nowrap; }
.legend svg { vertical-align: -1px; }
svg.chart { display: block; width: 100%; height: auto; font: 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
svg.chart .tick { fill: #737373; font-size: 11px; }
svg.chart .label { fill: #171717; }
svg.chart .value { fill: #404040; font-size: 11px; font-variant-numeric: tabular-nums; }
svg.chart .muted { fill: #a3a3a3; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; margin-top: 8px; }
th, td { padding: 4px 8px; border-bottom: 1px solid #eeeeee; text-align: right; }
td { white-space: nowrap; }
th { background: #fafafa; font-weight: 600; vertical-align: bottom; }
td.tool, th.tool, td.pattern, th.pattern, td.tools, th.tools { text-align: left; white-space: normal; overflow-wrap: anywhere; }
td.tool, td.pattern { min-width: 10em; }
td.status, th.status, td.engine, th.engine { text-align: left; }
.range { color: #737373; font-size: 12px; }
tr.unsupported td.status, tr.malformed td.status { color: #b91c1c; }
.faster { color: #15803d; }
.slower { color: #b91c1c; }
`;

/** The whole report for a run, as one XHTML-compatible HTML document. */
export function renderReport(run: BenchRun): string {
  const { tools, ajv } = run;
  const compileTotal = tools.reduce((sum, t) => sum + t.compileMicros, 0);
  const passing = tools.reduce((sum, t) => sum + t.validCalls, 0);
  const failing = tools.reduce((sum, t) => sum + t.failingCalls, 0);
  const statusCount = (status: ToolBench["status"]) => tools.filter((t) => t.status === status).length;
  // Time to validate every timed call once: where a calls file's time would go.
  const weight = (t: ToolBench) =>
    (t.valid === null ? 0 : t.valid.ours.ns.median * t.valid.calls) +
    (t.failing === null ? 0 : t.failing.ours.ns.median * t.failing.calls);
  const weightTotal = tools.reduce((sum, t) => sum + weight(t), 0);

  const cards = [
    [formatNumber(tools.length), "tools"],
    [
      `${formatNumber(statusCount("ok"))} / ${formatNumber(statusCount("unsupported"))} / ${formatNumber(statusCount("malformed"))}`,
      "ok / unsupported / malformed",
    ],
    [
      `${formatNumber(passing)} / ${formatNumber(failing)}`,
      run.callsFile === null ? "calls that pass / fail (the tool files' cases)" : "calls that pass / fail",
    ],
    [`${formatNumber(compileTotal / 1000, 2)} ms`, "preflight + compile, all tools"],
  ];
  if (weightTotal > 0) cards.push([duration(weightTotal), "to validate every timed call once"]);

  const top = tools
    .filter((t) => weight(t) > 0)
    .sort((a, b) => weight(b) - weight(a))
    .slice(0, 3);
  const where =
    weightTotal > 0
      ? `<p>Validating every timed call once, ${top.map((t) => `<b>${escapeXml(t.name)}</b> takes ${escapeXml(formatNumber((100 * weight(t)) / weightTotal, 1))}%`).join(", ")} of the time.</p>`
      : "";
  const skipped: string[] = [];
  if (run.badLines > 0)
    skipped.push(
      `${formatNumber(run.badLines)} bad ${run.badLines === 1 ? "line" : "lines"} skipped${run.firstBadLine === null ? "" : ` (the first, line ${run.firstBadLine.line}: ${run.firstBadLine.reason})`}`,
    );
  const unknown = run.unknownTools.reduce((sum, tool) => sum + tool.calls, 0);
  if (unknown > 0)
    skipped.push(`${formatNumber(unknown)} ${unknown === 1 ? "call" : "calls"} to tools not in the catalog skipped`);
  const disagree = tools.reduce((sum, t) => sum + (t.ajvDisagrees ?? 0), 0);

  const ajvLine = ajv.loaded
    ? `<p class="meta">Compared with Ajv ${escapeXml(ajv.version)} (<code>Ajv2020</code>, <code>strict: false</code>, formats not asserted, the draft-07 meta-schema added), timed the same way in the same process; arguments kept as JSON text are parsed inside the timing for both.${disagree > 0 ? ` ${escapeXml(`${formatNumber(disagree)} ${disagree === 1 ? "call" : "calls"} that Ajv answers otherwise ${disagree === 1 ? "is" : "are"} left out of both timings.`)}` : ""}</p>`
    : `<p class="warning">Ajv could not be loaded (${escapeXml(ajv.reason)}), so this report shows tool-input-schema's numbers alone. Ajv is a development dependency of tool-input-schema; install <code>ajv</code> 8 where the command runs to compare.</p>`;
  const source =
    run.callsFile === null
      ? "the valid and invalid cases of the tool files"
      : `<code>${escapeXml(run.callsFile)}</code>`;

  return `<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>tool-input-schema bench: ${escapeXml(run.catalogs.join(", "))}</title>
<style>${CSS}</style>
</head>
<body>
<h1>tool-input-schema bench</h1>
<p class="meta">Catalogs: ${run.catalogs.map((c) => `<code>${escapeXml(c)}</code>`).join(", ")}. Calls: ${source}${skipped.length === 0 ? "" : escapeXml(` (${skipped.join("; ")})`)}.</p>
<p class="meta">--profile ${escapeXml(run.profile)}${run.lenientScalars ? ", --lenient-scalars" : ""}${run.presentRequired ? ", --present-required" : ""}; each figure after ${WARMUP_MS} ms untimed, ${escapeXml(formatNumber(run.rounds))} interleaved rounds of about ${SAMPLE_MS} ms; Node.js ${escapeXml(run.node)}; ${escapeXml(run.date)}.</p>
${ajvLine}
<div class="cards">
${cards.map(([value, label]) => `<div class="card"><b>${escapeXml(value)}</b><span>${escapeXml(label)}</span></div>`).join("\n")}
</div>
${where}
${validSection(run)}
${failingSection(run)}
${firstCallsSection(run)}
${patternsSection(run)}
</body>
</html>
`;
}
