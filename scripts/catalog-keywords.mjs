#!/usr/bin/env node
// Which keywords the captured MCP catalogs use outside the core subset
// (docs/contract.md, "Keywords"), and whether the extended profile covers them.
//
//   node scripts/catalog-keywords.mjs [catalog.json ...]   summary per catalog
//   node scripts/catalog-keywords.mjs --json [...]         the same as JSON, per tool
//   node scripts/catalog-keywords.mjs --readme             rewrite the table in
//                                                          fixtures/catalogs/README.md
//
// The scan is syntactic: it walks every subschema position of each tool's
// inputSchema and classifies each keyword it finds. Patterns are checked with
// the library's own translator (core subset); a refused pattern is labelled by
// the escapes or groups it uses (`pattern \d`, `pattern (?=` …). Independently,
// each schema is run through validateSchema() (core profile) and the number of
// tools it accepts is reported, so the scan and the library can be compared.

import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_DIR = path.join(REPO, "fixtures/catalogs");
const require = createRequire(import.meta.url);

// The core profile (docs/contract.md, "Keywords").
const CORE = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "additional_properties",
  "description",
  "default",
  "format",
  "contentEncoding",
  "$schema",
  "x-mcp-header",
  "enum",
  "minimum",
  "maximum",
  "minLength",
  "pattern",
  "items",
  "minItems",
  "maxItems",
  "oneOf",
  "anyOf",
  "not",
]);
// The extended profile (besides the core ones). `$id` only at the root.
const EXTENDED = new Set([
  "maxLength",
  "const",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "dependentRequired",
  "prefixItems",
  "allOf",
  "$defs",
  "definitions",
  "$ref",
  "title",
  "$comment",
  "contentMediaType",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$id",
]);
// Pattern escapes that §9 adds (besides escaped ASCII punctuation, which core has).
const EXTENDED_ESCAPES = new Set(["d", "D", "w", "W", "s", "S", "b", "B", "t", "n", "v", "f", "r", "0", "x", "u"]);

// Where subschemas live.
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const SCHEMA_ONE = [
  "additionalProperties",
  "additional_properties",
  "not",
  "propertyNames",
  "contains",
  "if",
  "then",
  "else",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
];
const SCHEMA_LISTS = ["prefixItems", "allOf", "anyOf", "oneOf"];

let patternInfo = null;
let validateSchema = null;
try {
  ({ patternInfo, validateSchema } = require(path.join(REPO, "lib/index.js")));
} catch {
  // lib/ not built: fall back to a syntactic pattern check, no validateSchema column
}

function isObj(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// Labels for what a pattern uses outside the core subset.
function patternFeatures(p) {
  if (typeof p !== "string") return [];
  // Accepted by the core profile: nothing outside it. Refused: find out why.
  if (patternInfo && patternInfo(p).ok) return [];
  const out = new Set();
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === "\\") {
      const n = p[i + 1];
      if (n === undefined) break;
      if (/[A-Za-z0-9]/.test(n)) {
        if (inClass && (n === "b" || n === "B")) out.add(`pattern [\\${n}]`);
        else if (/[1-9]/.test(n)) out.add("pattern backreference");
        else if (n === "k") out.add("pattern \\k<name>");
        else if (n === "p" || n === "P") out.add(`pattern \\${n}{…}`);
        else if (n === "c") out.add("pattern \\c");
        else out.add(`pattern \\${n}`);
      }
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      else if (c === "[" && p[i + 1] === ":") out.add("pattern [[:class:]]");
      continue;
    }
    if (c === "[") {
      inClass = true;
      if (p[i + 1] === "^") i++;
      if (p[i + 1] === "]") i++;
      continue;
    }
    if (c === "(" && p[i + 1] === "?") {
      const m = /^\(\?(<=|<!|=|!|<[A-Za-z_]|:|[a-z-]+[:)])/.exec(p.slice(i));
      const kind = m ? m[1] : p.slice(i, i + 3);
      if (kind === ":") continue;
      out.add(
        kind.startsWith("<") && kind.length === 2 && kind !== "<=" && kind !== "<!"
          ? "pattern (?<name>"
          : `pattern (?${kind.replace(/[:)]$/, "")}`,
      );
    }
    if (c === "(" && p[i + 1] === "*") out.add("pattern (*VERB)");
    if ((c === "+" || c === "*" || c === "?" || c === "}") && p[i + 1] === "+") out.add("pattern possessive");
  }
  if (out.size === 0) out.add("pattern (other)");
  return [...out];
}

function isExtendedLabel(label) {
  if (EXTENDED.has(label)) return true;
  const m = /^pattern \\(.)$/.exec(label);
  return Boolean(m && EXTENDED_ESCAPES.has(m[1]));
}

// label -> true when the extended profile covers it; collected into `found`.
function scan(schema, found, atRoot) {
  if (!isObj(schema)) return;
  for (const [k, v] of Object.entries(schema)) {
    if (k === "items" && Array.isArray(v)) found.add("items (tuple form)");
    else if ((k === "exclusiveMinimum" || k === "exclusiveMaximum") && typeof v === "boolean")
      found.add(`${k} (boolean, draft-4)`);
    else if (k === "$ref" && typeof v === "string" && !(v === "#" || v.startsWith("#/")))
      found.add("$ref (not a local pointer)");
    else if (k === "$id" && !atRoot) found.add("$id (below the root)");
    else if (k === "pattern") for (const f of patternFeatures(v)) found.add(f);
    else if (!CORE.has(k)) found.add(k);
  }
  for (const k of SCHEMA_MAPS) if (isObj(schema[k])) for (const s of Object.values(schema[k])) scan(s, found, false);
  for (const k of SCHEMA_ONE) scan(schema[k], found, false);
  for (const k of SCHEMA_LISTS) if (Array.isArray(schema[k])) for (const s of schema[k]) scan(s, found, false);
  if (isObj(schema.items)) scan(schema.items, found, false);
  if (Array.isArray(schema.items)) for (const s of schema.items) scan(s, found, false);
}

export function analyzeTool(tool) {
  const found = new Set();
  const schema = tool.inputSchema;
  if (!isObj(schema) || schema.type !== "object") found.add("root not {type: object}");
  scan(schema, found, true);
  const labels = [...found].sort();
  const extended = labels.filter(isExtendedLabel);
  const neither = labels.filter((l) => !isExtendedLabel(l));
  let coreOk = null;
  let coreMessage = null;
  if (validateSchema) {
    const r = validateSchema(schema);
    coreOk = r.ok;
    if (!r.ok) coreMessage = r.message;
  }
  return { name: tool.name, extended, neither, coreOk, coreMessage };
}

export function analyzeCatalog(catalog) {
  const tools = catalog.tools.map(analyzeTool);
  const count = (key) => {
    const m = new Map();
    for (const t of tools) for (const l of t[key]) m.set(l, (m.get(l) ?? 0) + 1);
    return new Map([...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
  };
  const coreOk = validateSchema ? tools.filter((t) => t.coreOk).length : null;
  // tools that the scan finds clean but the library refuses: worth a look
  const surprises = tools.filter((t) => t.coreOk === false && t.extended.length === 0 && t.neither.length === 0);
  return { tools, extended: count("extended"), neither: count("neither"), coreOk, surprises };
}

function listCatalogs(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(dir, f));
}

function fmtCounts(m, total) {
  if (m.size === 0) return "—";
  return [...m].map(([k, n]) => `\`${k.replace(/\|/g, "\\|")}\` (${n === total ? "all" : n})`).join(", ");
}

const BEGIN = "<!-- catalogs:begin (scripts/catalog-keywords.mjs --readme rewrites this table) -->";
const END = "<!-- catalogs:end -->";

function readCommands(readme) {
  const commands = {};
  const i = readme.indexOf(BEGIN);
  const j = readme.indexOf(END);
  if (i < 0 || j < 0) return commands;
  for (const line of readme.slice(i, j).split("\n")) {
    const m = /^\| \[`([^`]+)`\]\([^)]*\) \|.*\| `(.+)` \|$/.exec(line);
    if (m) commands[m[1]] = m[2];
  }
  return commands;
}

export function renderTable(dir, commands) {
  const rows = [
    "| file | package@version | tools | accepted by core | outside core, inside extended (tools) | outside both profiles (tools) | capture command |",
    "| --- | --- | ---: | ---: | --- | --- | --- |",
  ];
  let totalTools = 0;
  let totalCore = 0;
  let needExtended = 0;
  let needMore = 0;
  for (const file of listCatalogs(dir)) {
    const base = path.basename(file);
    const catalog = JSON.parse(readFileSync(file, "utf8"));
    const a = analyzeCatalog(catalog);
    const n = catalog.tools.length;
    totalTools += n;
    totalCore += a.coreOk ?? 0;
    needExtended += a.tools.filter((t) => t.extended.length > 0 && t.neither.length === 0).length;
    needMore += a.tools.filter((t) => t.neither.length > 0).length;
    const cmd = commands[base] ?? "(unknown)";
    rows.push(
      `| [\`${base}\`](${base}) | ${catalog.package}@${catalog.version} | ${n} | ${a.coreOk ?? "?"} | ${fmtCounts(a.extended, n)} | ${fmtCounts(a.neither, n)} | \`${cmd}\` |`,
    );
  }
  const count = listCatalogs(dir).length;
  rows.push("");
  rows.push(
    `Total: ${count} catalogs, ${totalTools} tools; ${totalCore} accepted by the core profile today, ` +
      `${needExtended} need only keywords of the extended profile, ${needMore} use something outside both.`,
  );
  return rows.join("\n");
}

export function updateReadme(dir = DEFAULT_DIR, newCommands = {}) {
  const file = path.join(dir, "README.md");
  let readme = existsSync(file) ? readFileSync(file, "utf8") : `# Captured MCP tool catalogs\n\n${BEGIN}\n${END}\n`;
  if (!readme.includes(BEGIN) || !readme.includes(END)) readme += `\n${BEGIN}\n${END}\n`;
  const commands = { ...readCommands(readme), ...newCommands };
  const i = readme.indexOf(BEGIN) + BEGIN.length;
  const j = readme.indexOf(END);
  readme = `${readme.slice(0, i)}\n${renderTable(dir, commands)}\n${readme.slice(j)}`;
  writeFileSync(file, readme);
}

function main(argv) {
  if (argv.includes("--readme")) {
    updateReadme(DEFAULT_DIR);
    console.log(`updated ${path.relative(process.cwd(), path.join(DEFAULT_DIR, "README.md"))}`);
    return;
  }
  const json = argv.includes("--json");
  const files = argv.filter((a) => !a.startsWith("--"));
  const list = files.length ? files : listCatalogs(DEFAULT_DIR);
  const out = {};
  for (const file of list) {
    const catalog = JSON.parse(readFileSync(file, "utf8"));
    const a = analyzeCatalog(catalog);
    if (json) {
      out[path.basename(file)] = {
        package: `${catalog.package}@${catalog.version}`,
        tools: a.tools,
        extended: Object.fromEntries(a.extended),
        neither: Object.fromEntries(a.neither),
        coreOk: a.coreOk,
      };
      continue;
    }
    const n = catalog.tools.length;
    console.log(
      `${path.basename(file)}  ${catalog.package}@${catalog.version}  tools=${n}  core-ok=${a.coreOk ?? "?"}`,
    );
    if (a.extended.size) console.log(`  outside core, inside extended: ${fmtCounts(a.extended, n)}`);
    if (a.neither.size) console.log(`  outside both: ${fmtCounts(a.neither, n)}`);
    for (const t of a.surprises)
      console.log(`  refused by core although the scan found nothing: ${t.name}: ${t.coreMessage}`);
  }
  if (json) console.log(JSON.stringify(out, null, 2));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
