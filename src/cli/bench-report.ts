// The bench command's HTML report: one self-contained file (inline CSS, inline
// SVG charts, no scripts, nothing fetched) that shows where a catalog's time
// goes. The markup is XHTML-compatible (every element closed, attributes
// quoted, only XML's own entities), so an XML parser reads it as well as a
// browser does.
import { oneLine } from "../runtime/one-line";
import { formatNumber } from "./numbers";

/** One tool's numbers from a bench run. */
export interface ToolTiming {
  name: string;
  status: "ok" | "unsupported" | "malformed";
  /** validateSchema + compile, in microseconds. */
  compileMicros: number;
  /** `pattern` keywords in the schema. */
  patterns: number;
  calls: number;
  /** null when the tool has no calls or its schema is refused. */
  nsPerValidation: number | null;
  /** Pattern searches a validation runs, on average over the calls (only when compared with Ajv); null as above. */
  patternSearches?: number | null;
  /** Ajv's compile time in microseconds; null when Ajv refuses the schema. */
  ajvCompileMicros?: number | null;
  /** Ajv's ns per validation; null when Ajv refuses the schema or the tool has no calls. */
  ajvNsPerValidation?: number | null;
  /** Why Ajv refused the schema. */
  ajvError?: string;
}

/** Whether Ajv was there to compare with, and if not, why. */
export type AjvComparison = { loaded: true; version: string } | { loaded: false; reason: string };

/** A whole bench run, as the report shows it. */
export interface BenchRun {
  catalogs: readonly string[];
  /** The calls file, or null for the fixtures' own cases. */
  callsFile: string | null;
  profile: string;
  lenientScalars: boolean;
  presentRequired: boolean;
  badLines: number;
  /** Calls whose tool is not in the catalogs, skipped: per name. */
  unknownTools?: readonly { name: string; calls: number }[];
  ajv: AjvComparison;
  node: string;
  /** When the run ended, ISO 8601. */
  date: string;
  tools: readonly ToolTiming[];
}

/** "2 bad lines skipped; 3 calls to tools not in the catalog skipped", or "". */
function skippedText(run: BenchRun): string {
  const parts: string[] = [];
  if (run.badLines > 0) parts.push(`${formatNumber(run.badLines)} bad ${run.badLines === 1 ? "line" : "lines"} skipped`);
  const unknown = (run.unknownTools ?? []).reduce((sum, tool) => sum + tool.calls, 0);
  if (unknown > 0) parts.push(`${formatNumber(unknown)} ${unknown === 1 ? "call" : "calls"} to tools not in the catalog skipped`);
  return parts.join("; ");
}

/** How each number is written, in the table and the report alike. */
export const show = {
  ns: (n: number | null | undefined) => (n === null || n === undefined ? "-" : formatNumber(n)),
  micros: (n: number | null | undefined) => (n === null || n === undefined ? "-" : formatNumber(n, 1)),
  searches: (n: number | null | undefined) => (n === null || n === undefined ? "-" : formatNumber(n, 1)),
  ratio: (ours: number | null | undefined, ajv: number | null | undefined) =>
    ours === null || ours === undefined || ajv === null || ajv === undefined || ajv === 0 ? "-" : `${formatNumber(ours / ajv, 2)}×`,
  count: (n: number) => formatNumber(n),
};

/**
 * Text for XML: one line, markup characters escaped, and the code points XML
 * 1.0 forbids (lone surrogates, U+FFFE, U+FFFF; control characters are
 * already escaped by oneLine) written as \uXXXX.
 */
export function escapeXml(text: string): string {
  return oneLine(text)
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** Nanoseconds as ms, or as µs below a millisecond. */
function duration(ns: number): string {
  return ns >= 1e6 ? `${formatNumber(ns / 1e6, 2)} ms` : `${formatNumber(ns / 1000, 1)} µs`;
}

/** Tool names longer than this are cut in chart labels (the table and the bar's tooltip have them whole). */
const LABEL_CHARACTERS = 34;
/** Charts draw at most this many tools, the costliest first. */
const CHART_TOOLS = 40;

const OURS_COLOR = "#2563eb";
const AJV_COLOR = "#a3a3a3";

interface Bar {
  label: string;
  ours: number;
  ajv: number | null;
  /** Text after our bar. */
  note: string;
  ajvNote: string;
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

/** A horizontal bar chart: one row per tool, our bar and (when there is one) Ajv's below it. */
function barChart(title: string, unit: string, bars: Bar[]): string {
  const withAjv = bars.some((bar) => bar.ajv !== null);
  const labelWidth = 260;
  const plotWidth = 560;
  const width = labelWidth + plotWidth + 190;
  const rowHeight = withAjv ? 34 : 24;
  const top = 28;
  const height = top + bars.length * rowHeight + 8;
  const max = Math.max(...bars.map((bar) => Math.max(bar.ours, bar.ajv ?? 0)), 0);
  const step = max > 0 ? gridStep(max) : 1;
  const scaleMax = max > 0 ? Math.ceil(max / step) * step : 1;
  const x = (value: number) => labelWidth + (value / scaleMax) * plotWidth;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
  );
  parts.push(`<title>${escapeXml(title)}</title>`);
  const tickDecimals = (String(Number(step.toPrecision(3))).split(".")[1] ?? "").length;
  for (let i = 0; i * step <= scaleMax + step / 2; i++) {
    const at = x(i * step).toFixed(1);
    parts.push(`<line x1="${at}" y1="${top - 6}" x2="${at}" y2="${height - 4}" stroke="#e5e5e5" stroke-width="1"/>`);
    parts.push(`<text x="${at}" y="${top - 10}" text-anchor="middle" class="tick">${escapeXml(formatNumber(i * step, tickDecimals))}</text>`);
  }
  parts.push(`<text x="${labelWidth - 24}" y="${top - 10}" text-anchor="end" class="tick">${escapeXml(unit)}</text>`);
  bars.forEach((bar, i) => {
    const y = top + i * rowHeight;
    const barHeight = withAjv ? 13 : 16;
    parts.push(`<g class="row">`);
    parts.push(`<title>${escapeXml(bar.label)}</title>`);
    parts.push(`<text x="${labelWidth - 8}" y="${y + (withAjv ? 17 : 13)}" text-anchor="end" class="label">${escapeXml(cutLabel(bar.label))}</text>`);
    const draw = (value: number, note: string, color: string, at: number) => {
      const w = Math.max(x(value) - labelWidth, value > 0 ? 1 : 0);
      parts.push(`<rect x="${labelWidth}" y="${at}" width="${w.toFixed(1)}" height="${barHeight}" fill="${color}"/>`);
      parts.push(`<text x="${(labelWidth + w + 5).toFixed(1)}" y="${at + barHeight - 3}" class="value">${escapeXml(note)}</text>`);
    };
    draw(bar.ours, bar.note, OURS_COLOR, y + 2);
    if (bar.ajv !== null) draw(bar.ajv, bar.ajvNote, AJV_COLOR, y + 2 + barHeight + 2);
    else if (withAjv) parts.push(`<text x="${labelWidth + 5}" y="${y + 2 + 2 * barHeight - 1}" class="value muted">${escapeXml(bar.ajvNote)}</text>`);
    parts.push(`</g>`);
  });
  parts.push(`</svg>`);
  return parts.join("\n");
}

/** A chart's section: its heading, a sentence on what is left out, the chart or why there is none. */
function chartSection(
  id: string,
  heading: string,
  text: string,
  unit: string,
  tools: readonly ToolTiming[],
  pick: (t: ToolTiming) => Bar | null,
  missingWhy = "no number here",
): string {
  const bars = tools.map(pick).filter((bar): bar is Bar => bar !== null);
  bars.sort((a, b) => b.ours - a.ours);
  const shown = bars.slice(0, CHART_TOOLS);
  const left: string[] = [];
  if (bars.length > shown.length) left.push(`the ${CHART_TOOLS} highest of ${formatNumber(bars.length)} tools are drawn; the table has them all`);
  const missing = tools.length - bars.length;
  if (missing > 0) left.push(`${formatNumber(missing)} ${missing === 1 ? "tool" : "tools"} with ${missingWhy} ${missing === 1 ? "is" : "are"} not drawn`);
  const note = left.length > 0 ? `<p class="note">${escapeXml(left.join("; "))}.</p>` : "";
  const body = shown.length > 0 ? barChart(heading, unit, shown) : `<p class="note">No tool has a number to draw.</p>`;
  return `<section id="${id}">\n<h2>${escapeXml(heading)}</h2>\n<p>${escapeXml(text)}</p>\n${note}\n<div class="scroll">\n${body}\n</div>\n</section>`;
}

/** Which color is which; `withAjv` false for a chart that has our bars only. */
function legend(ajv: AjvComparison, withAjv = true): string {
  const swatch = (color: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12" viewBox="0 0 12 12"><rect width="12" height="12" fill="${color}"/></svg>`;
  const ours = `<span class="key">${swatch(OURS_COLOR)} tool-input-schema</span>`;
  return ajv.loaded && withAjv ? `<p class="legend">${ours} <span class="key">${swatch(AJV_COLOR)} Ajv ${escapeXml(ajv.version)}</span></p>` : `<p class="legend">${ours}</p>`;
}

const CSS = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #171717; margin: 24px auto; max-width: 1120px; padding: 0 16px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 6px; border-bottom: 1px solid #e5e5e5; padding-bottom: 4px; }
p { margin: 6px 0; }
code { font: 12.5px ui-monospace, SFMono-Regular, Menlo, monospace; }
.meta { color: #525252; }
.warning { background: #fff7ed; border: 1px solid #fdba74; padding: 8px 12px; border-radius: 4px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
.card { border: 1px solid #e5e5e5; border-radius: 6px; padding: 8px 14px; min-width: 150px; }
.card b { display: block; font-size: 20px; font-variant-numeric: tabular-nums; }
.card span { color: #525252; font-size: 12.5px; }
.note { color: #525252; font-size: 12.5px; }
.legend .key { margin-right: 16px; white-space: nowrap; }
.legend svg { vertical-align: -1px; }
.scroll { overflow-x: auto; }
svg.chart { font: 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
svg.chart .tick { fill: #737373; font-size: 11px; }
svg.chart .label { fill: #171717; }
svg.chart .value { fill: #404040; font-size: 11px; font-variant-numeric: tabular-nums; }
svg.chart .muted { fill: #a3a3a3; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: 4px 8px; border-bottom: 1px solid #eeeeee; text-align: right; white-space: nowrap; }
th { background: #fafafa; font-weight: 600; position: sticky; top: 0; }
td.tool, th.tool { text-align: left; white-space: normal; overflow-wrap: anywhere; min-width: 14em; }
td.status, th.status { text-align: left; }
tr.unsupported td.status, tr.malformed td.status { color: #b91c1c; }
.faster { color: #15803d; }
.slower { color: #b91c1c; }
`;

/** The whole report for a run, as one XHTML-compatible HTML document. */
export function renderReport(run: BenchRun): string {
  const { tools, ajv } = run;
  const timed = tools.filter((t) => t.nsPerValidation !== null && t.nsPerValidation !== undefined);
  const compileTotal = tools.reduce((sum, t) => sum + t.compileMicros, 0);
  const ajvCompileTotal = tools.reduce((sum, t) => sum + (t.ajvCompileMicros ?? 0), 0);
  const calls = tools.reduce((sum, t) => sum + t.calls, 0);
  // Time spent validating every call once: where a calls file's time would go.
  const weights = new Map(timed.map((t) => [t, (t.nsPerValidation as number) * t.calls]));
  const weightTotal = [...weights.values()].reduce((a, b) => a + b, 0);
  const statusCount = (status: ToolTiming["status"]) => tools.filter((t) => t.status === status).length;

  const cards = [
    [formatNumber(tools.length), "tools"],
    [`${formatNumber(statusCount("ok"))} / ${formatNumber(statusCount("unsupported"))} / ${formatNumber(statusCount("malformed"))}`, "ok / unsupported / malformed"],
    [formatNumber(calls), run.callsFile === null ? "calls (the fixtures' cases)" : "calls"],
    [`${formatNumber(compileTotal / 1000, 2)} ms`, "preflight + compile, all tools"],
  ];
  if (ajv.loaded) cards.push([`${formatNumber(ajvCompileTotal / 1000, 2)} ms`, "Ajv compile, all tools"]);
  if (weightTotal > 0) cards.push([duration(weightTotal), "to validate every call once"]);

  const top = [...weights.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
  const where =
    weightTotal > 0
      ? `<p>Validating every call once, ${top.map(([t, w]) => `<b>${escapeXml(t.name)}</b> takes ${escapeXml(formatNumber((100 * w) / weightTotal, 1))}%`).join(", ")} of the time.</p>`
      : "";

  const ajvLine = ajv.loaded
    ? `<p class="meta">Compared with Ajv ${escapeXml(ajv.version)} (<code>Ajv2020</code>, <code>strict: false</code>, formats not asserted, the draft-07 meta-schema added, stopping at the first error), timed the same way in the same process.</p>`
    : `<p class="warning">Ajv could not be loaded (${escapeXml(ajv.reason)}), so this report shows tool-input-schema's numbers alone. Ajv is a development dependency of tool-input-schema; install <code>ajv</code> 8 where the command runs to compare.</p>`;

  const nsBar = (t: ToolTiming): Bar | null =>
    t.nsPerValidation === null || t.nsPerValidation === undefined
      ? null
      : {
          label: t.name,
          ours: t.nsPerValidation,
          ajv: ajv.loaded ? (t.ajvNsPerValidation ?? null) : null,
          note: `${show.ns(t.nsPerValidation)} ns`,
          ajvNote: t.ajvNsPerValidation === null || t.ajvNsPerValidation === undefined ? "Ajv: -" : `${show.ns(t.ajvNsPerValidation)} ns`,
        };
  const compileBar = (t: ToolTiming): Bar => ({
    label: t.name,
    ours: t.compileMicros,
    ajv: ajv.loaded ? (t.ajvCompileMicros ?? null) : null,
    note: `${show.micros(t.compileMicros)} µs${t.status === "ok" ? "" : ` (${t.status})`}`,
    ajvNote: t.ajvCompileMicros === null || t.ajvCompileMicros === undefined ? "Ajv: refused" : `${show.micros(t.ajvCompileMicros)} µs`,
  });
  const searchBar = (t: ToolTiming): Bar | null =>
    t.patternSearches === null || t.patternSearches === undefined || t.patterns === 0
      ? null
      : {
          label: t.name,
          ours: t.patternSearches,
          ajv: null,
          note: `${show.searches(t.patternSearches)} (${formatNumber(t.patterns)} ${t.patterns === 1 ? "pattern" : "patterns"})`,
          ajvNote: "",
        };

  const header = ["tool", "status", "compile µs", ...(ajv.loaded ? ["Ajv compile µs"] : []), "patterns", "pattern searches", "calls", "ns/validation"];
  if (ajv.loaded) header.push("Ajv ns", "× Ajv");
  header.push("share of time");
  const classes = ["tool", "status", "compile", ...(ajv.loaded ? ["ajv-compile"] : []), "patterns", "searches", "calls", "ns", ...(ajv.loaded ? ["ajv-ns", "ratio"] : []), "share"];
  const rows = tools.map((t) => {
    const weight = weights.get(t);
    const ratio = show.ratio(t.nsPerValidation, t.ajvNsPerValidation);
    const ratioClass = ratio === "-" ? "" : (t.nsPerValidation as number) <= (t.ajvNsPerValidation as number) ? " faster" : " slower";
    const cells = [
      escapeXml(t.name),
      escapeXml(t.status),
      show.micros(t.compileMicros),
      ...(ajv.loaded ? [t.ajvError === undefined ? show.micros(t.ajvCompileMicros) : `<span title="${escapeXml(t.ajvError)}">refused</span>`] : []),
      show.count(t.patterns),
      show.searches(t.patternSearches),
      show.count(t.calls),
      show.ns(t.nsPerValidation),
      ...(ajv.loaded ? [show.ns(t.ajvNsPerValidation), ratio] : []),
      weight === undefined || weightTotal === 0 ? "-" : `${formatNumber((100 * weight) / weightTotal, 1)}%`,
    ];
    const tds = cells.map((cell, i) => `<td class="${classes[i]}${classes[i] === "ratio" ? ratioClass : ""}">${cell}</td>`).join("");
    return `<tr class="${t.status}" data-tool="${escapeXml(t.name)}">${tds}</tr>`;
  });

  const source = run.callsFile === null ? "the valid and invalid cases of the fixture files" : run.callsFile;
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
<p class="meta">Catalogs: ${run.catalogs.map((c) => `<code>${escapeXml(c)}</code>`).join(", ")}. Calls: ${run.callsFile === null ? escapeXml(source) : `<code>${escapeXml(source)}</code>`}${skippedText(run) === "" ? "" : escapeXml(` (${skippedText(run)})`)}.</p>
<p class="meta">--profile ${escapeXml(run.profile)}${run.lenientScalars ? ", --lenient-scalars" : ""}${run.presentRequired ? ", --present-required" : ""}; Node.js ${escapeXml(run.node)}; ${escapeXml(run.date)}.</p>
${ajvLine}
<div class="cards">
${cards.map(([value, label]) => `<div class="card"><b>${escapeXml(value)}</b><span>${escapeXml(label)}</span></div>`).join("\n")}
</div>
${where}
${legend(ajv)}
${chartSection("validation", "Validation: ns per call", "Each tool's calls, repeated for 100 ms untimed and then at least 200 ms timed; wall-clock nanoseconds per validation, the costliest tool first. A failing call costs tool-input-schema more than a passing one: it also builds the model-facing message.", "ns", tools, nsBar, "no calls or a refused schema")}
${chartSection("compile", "Compile: µs per tool", "Preflight (validateSchema) and compile of each tool's schema, once, after a warm-up; for Ajv, ajv.compile of a copy of the schema.", "µs", tools, compileBar)}
${legend(ajv, false)}
${chartSection("patterns", "Pattern searches per validation", "Searches of the schema's pattern keywords that one validation runs, on average over the tool's calls (both passes of a failing call), counted in a separate untimed run.", "searches", tools, searchBar, "no patterns, no calls or a refused schema")}
<section id="tools">
<h2>Every tool</h2>
<p>In catalog order. "share of time" is the tool's part of the time to validate every call once (ns per validation × calls).</p>
<div class="scroll">
<table>
<thead><tr>${header.map((h, i) => `<th class="${classes[i]}">${escapeXml(h)}</th>`).join("")}</tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>
</div>
</section>
</body>
</html>
`;
}
