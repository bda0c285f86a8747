// The benchmark's workloads: tool schemas and the arguments a model sends
// them. Fixture tools (fixtures/tools/*.json) and captured catalogs
// (fixtures/catalogs/*.json) are used when present; the schemas below are the
// fallback and the pattern-heavy set, shaped like Claude Code / Cursor tools.
// Patterns stay inside the core subset: no letter escapes (`[0-9]`, not `\d`)
// and no escapes that ECMAScript's `u` flag refuses (Ajv and @cfworker compile
// them with `new RegExp(p, "u")`).
import { readdirSync, readFileSync, existsSync } from "fs";
import path from "path";

const str = (extra = {}) => ({ type: "string", ...extra });
const int = (extra = {}) => ({ type: "integer", ...extra });
const obj = (properties, required = [], extra = {}) => ({ type: "object", properties, required, ...extra });
const closed = (properties, required = [], extra = {}) =>
  obj(properties, required, { additionalProperties: false, ...extra });
const tool = (name, inputSchema, valid, invalid) => ({ name, inputSchema, valid, invalid });

const FILE_TEXT = Array.from(
  { length: 12 },
  (_, i) => `export function step${i}(input: string): string {\n  return input.trim() + "${i}";\n}\n`,
).join("\n");

/** Workload 1: coding tools, no patterns. */
export const CODING_TOOLS = [
  tool(
    "read_file",
    closed(
      {
        file_path: str({ minLength: 1, description: "Absolute path of the file to read" }),
        offset: int({ minimum: 0, description: "Line to start from" }),
        limit: int({ minimum: 1, maximum: 2000 }),
      },
      ["file_path"],
    ),
    [{ file_path: "/repo/src/index.ts" }, { file_path: "/repo/src/compile.ts", offset: 120, limit: 80 }],
    [
      { path: "/repo/src/index.ts" },
      { file_path: "/repo/a.ts", limit: "80" },
      { file_path: "/repo/a.ts", limit: 5000 },
    ],
  ),
  tool(
    "write_file",
    closed({ file_path: str({ minLength: 1 }), content: str() }, ["file_path", "content"]),
    [{ file_path: "/repo/src/steps.ts", content: FILE_TEXT }],
    [{ file_path: "/repo/src/steps.ts" }, { file_path: "", content: "x" }],
  ),
  tool(
    "edit_file",
    closed(
      {
        file_path: str({ minLength: 1 }),
        edits: {
          type: "array",
          minItems: 1,
          items: {
            oneOf: [
              closed({ old_string: str(), new_string: str(), replace_all: { type: "boolean", default: false } }, [
                "old_string",
                "new_string",
              ]),
              closed({ insert_after_line: int({ minimum: 0 }), text: str() }, ["insert_after_line", "text"]),
              closed(
                { delete_lines: closed({ start: int({ minimum: 1 }), end: int({ minimum: 1 }) }, ["start", "end"]) },
                ["delete_lines"],
              ),
            ],
          },
        },
      },
      ["file_path", "edits"],
    ),
    [
      {
        file_path: "/repo/src/index.ts",
        edits: [
          { old_string: "const a = 1;", new_string: "const a = 2;" },
          { insert_after_line: 40, text: "// added\n" },
          { delete_lines: { start: 50, end: 52 } },
          { old_string: "foo", new_string: "bar", replace_all: true },
        ],
      },
    ],
    [
      { file_path: "/repo/src/index.ts", edits: '[{"old_string":"a","new_string":"b"}]' },
      { file_path: "/repo/src/index.ts", edits: [{ old_string: "a" }] },
      { file_path: "/repo/src/index.ts", edits: [] },
    ],
  ),
  tool(
    "run_command",
    closed(
      {
        command: str({ minLength: 1 }),
        description: str(),
        cwd: str(),
        timeout_ms: int({ minimum: 1, maximum: 600000 }),
        run_in_background: { type: "boolean" },
        env: { type: "object", additionalProperties: str() },
      },
      ["command"],
    ),
    [
      { command: "npm test -- --run", description: "Run the tests", timeout_ms: 120000 },
      { command: "git status --short", cwd: "/repo", env: { GIT_PAGER: "cat", LANG: "C" }, run_in_background: false },
    ],
    [{ command: ["npm", "test"] }, { command: "ls", timeout_ms: 0 }, { command: "ls", env: { DEBUG: 1 } }],
  ),
  tool(
    "glob",
    closed({ pattern: str({ minLength: 1, description: "Glob such as **/*.ts" }), path: str() }, ["pattern"]),
    [{ pattern: "src/**/*.ts" }, { pattern: "**/*.test.ts", path: "/repo/test" }],
    [{ glob: "src/**/*.ts" }],
  ),
  tool(
    "grep",
    closed(
      {
        pattern: str({ minLength: 1 }),
        path: str(),
        glob: str(),
        output_mode: { type: "string", enum: ["content", "files_with_matches", "count"] },
        "-i": { type: "boolean" },
        "-n": { type: "boolean" },
        context: int({ minimum: 0, maximum: 50 }),
        head_limit: int({ minimum: 1 }),
        multiline: { type: "boolean" },
      },
      ["pattern"],
    ),
    [
      { pattern: "compilePattern\\(", path: "/repo/src", output_mode: "content", "-n": true, context: 2 },
      { pattern: "TODO", glob: "*.ts", output_mode: "files_with_matches", head_limit: 20 },
    ],
    [
      { pattern: "TODO", output_mode: "lines" },
      { pattern: "TODO", context: -1, "-i": "yes" },
    ],
  ),
  tool(
    "list_dir",
    closed(
      {
        path: str({ minLength: 1 }),
        ignore: { type: "array", items: str() },
        max_depth: { anyOf: [int({ minimum: 1, maximum: 10 }), { type: "null" }] },
      },
      ["path"],
    ),
    [
      { path: "/repo" },
      { path: "/repo/src", ignore: ["node_modules", "*.map", "lib"], max_depth: 3 },
      { path: "/repo", max_depth: null },
    ],
    [
      { path: "/repo", ignore: "node_modules" },
      { path: "/repo", max_depth: 0 },
    ],
  ),
  tool(
    "web_fetch",
    closed(
      {
        url: str({ format: "uri", minLength: 1 }),
        prompt: str({ minLength: 1 }),
        max_bytes: int({ minimum: 1, maximum: 10000000 }),
        headers: { type: "object", additionalProperties: str() },
      },
      ["url", "prompt"],
    ),
    [
      { url: "https://json-schema.org/draft/2020-12/json-schema-core", prompt: "Summarize how $ref resolves" },
      {
        url: "https://example.com/api/v1/items?page=2",
        prompt: "List the item names",
        max_bytes: 200000,
        headers: { Accept: "application/json" },
      },
    ],
    [{ url: "https://example.com" }, { url: "https://example.com", prompt: "x", max_bytes: 1.5 }],
  ),
  tool(
    "search_code",
    closed(
      {
        query: str({ minLength: 2 }),
        language: { type: "string", enum: ["typescript", "javascript", "python", "go", "rust", "java", "c", "cpp"] },
        repo: str(),
        limit: int({ minimum: 1, maximum: 100, default: 20 }),
        filters: closed({ path_prefix: str(), extension: str(), exclude_tests: { type: "boolean" } }),
      },
      ["query"],
    ),
    [
      { query: "new RegExp(", language: "typescript", limit: 50 },
      {
        query: "pcre2_match",
        repo: "acme/gateway",
        filters: { path_prefix: "native/", extension: ".cc", exclude_tests: true },
      },
    ],
    [{ query: "x" }, { query: "regex", language: "TypeScript" }, { query: "regex", filters: { path: "src" } }],
  ),
  tool(
    "todo_write",
    closed(
      {
        todos: {
          type: "array",
          items: closed(
            {
              id: str({ minLength: 1 }),
              content: str({ minLength: 1 }),
              status: { type: "string", enum: ["pending", "in_progress", "completed"] },
              priority: { type: "string", enum: ["high", "medium", "low"] },
            },
            ["id", "content", "status"],
          ),
        },
      },
      ["todos"],
    ),
    [
      {
        todos: [
          { id: "1", content: "Read the README", status: "completed", priority: "high" },
          { id: "2", content: "Write the benchmark", status: "in_progress", priority: "high" },
          { id: "3", content: "Profile the hot path", status: "pending", priority: "medium" },
          { id: "4", content: "Update the file map", status: "pending", priority: "low" },
        ],
      },
    ],
    [{ todos: [{ id: "1", content: "Read", status: "done" }] }, { todos: [{ id: "1", status: "pending" }] }],
  ),
];

const DATE = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
const TIME = "^(?:[01][0-9]|2[0-3]):[0-5][0-9]$";
const SLUG = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
const EMAIL = "^[^@ ]+@[^@ ]+\\.[a-z]{2,}$";
const SEMVER =
  "^v?(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)(?:-[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$";
const REPO = "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$";
const SHA = "^[0-9a-f]{40}$";
const HOST = "^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,}$";
const IPV4 =
  "^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$";
const IATA = "^[A-Z]{3}$";
const PHONE = "^\\+[1-9][0-9]{6,14}$";

/** Workload 2: pattern-heavy tools. */
export const PATTERN_TOOLS = [
  tool(
    "create_release",
    closed(
      {
        repo: str({ pattern: REPO }),
        tag: str({ pattern: SEMVER }),
        release_date: str({ pattern: DATE }),
        notify: { type: "array", items: str({ pattern: EMAIL }) },
        labels: { type: "array", items: str({ pattern: SLUG }), maxItems: 10 },
        draft: { type: "boolean" },
      },
      ["repo", "tag"],
    ),
    [
      {
        repo: "acme/tool-input-schema",
        tag: "v1.4.0-rc.2+build.17",
        release_date: "2025-03-14",
        notify: ["release@acme.dev", "ops-team@acme.dev", "jane.doe@example.org"],
        labels: ["breaking-change", "native", "pcre2"],
        draft: true,
      },
      { repo: "acme/gateway", tag: "2.0.0" },
    ],
    [
      { repo: "acme/gateway", tag: "1.2" },
      { repo: "acme/gateway", tag: "1.2.3", release_date: "2025/03/14" },
      { repo: "acme/gateway", tag: "1.2.3", notify: ["ops at acme.dev"] },
      { repo: "acme gateway", tag: "1.2.3", labels: ["Breaking Change"] },
    ],
  ),
  tool(
    "schedule_meeting",
    closed(
      {
        title: str({ minLength: 1 }),
        date: str({ pattern: DATE }),
        start: str({ pattern: TIME }),
        end: str({ pattern: TIME }),
        timezone: str({ pattern: "^[A-Za-z]+(?:/[A-Za-z_]+)+$" }),
        room: str({ pattern: "^[A-Z]{2}-[0-9]{3}$" }),
        attendees: { type: "array", minItems: 1, items: str({ pattern: EMAIL }) },
      },
      ["title", "date", "start", "attendees"],
    ),
    [
      {
        title: "Benchmark review",
        date: "2025-04-02",
        start: "09:30",
        end: "10:15",
        timezone: "Europe/Berlin",
        room: "BE-204",
        attendees: ["ana@acme.dev", "bo@acme.dev", "chen.li@partner.io", "dev-leads@acme.dev"],
      },
    ],
    [
      { title: "Sync", date: "2025-04-02", start: "9:30", attendees: ["ana@acme.dev"] },
      { title: "Sync", date: "2025-04-02", start: "09:30", attendees: [] },
      { title: "Sync", date: "April 2", start: "09:30", attendees: ["ana@acme.dev"], room: "204" },
    ],
  ),
  tool(
    "create_branch",
    closed(
      {
        repo: str({ pattern: REPO }),
        name: str({ pattern: "^[a-z0-9]+(?:[/-][a-z0-9]+)*$" }),
        base_sha: str({ pattern: SHA }),
        reviewers: { type: "array", items: str({ pattern: "^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$" }) },
      },
      ["repo", "name", "base_sha"],
    ),
    [
      {
        repo: "acme/gateway",
        name: "feat/pcre2-jit",
        base_sha: "3f786850e387550fdab836ed7e6dc881de23001b",
        reviewers: ["octocat", "jane-doe"],
      },
    ],
    [
      { repo: "acme/gateway", name: "Feat/PCRE2", base_sha: "3f786850e387550fdab836ed7e6dc881de23001b" },
      { repo: "acme/gateway", name: "feat/x", base_sha: "3f78685" },
    ],
  ),
  tool(
    "update_dns",
    closed(
      {
        zone: str({ pattern: HOST }),
        records: {
          type: "array",
          minItems: 1,
          items: closed(
            {
              name: str({ pattern: "^(?:@|[a-z0-9*](?:[a-z0-9.-]{0,61}[a-z0-9])?)$" }),
              type: { type: "string", enum: ["A", "AAAA", "CNAME", "TXT", "MX"] },
              ttl: int({ minimum: 60, maximum: 86400 }),
              value: str({ minLength: 1 }),
              ipv4: str({ pattern: IPV4 }),
            },
            ["name", "type", "value"],
          ),
        },
      },
      ["zone", "records"],
    ),
    [
      {
        zone: "acme.dev",
        records: [
          { name: "api", type: "A", ttl: 300, value: "203.0.113.10", ipv4: "203.0.113.10" },
          { name: "www", type: "CNAME", ttl: 3600, value: "acme.dev." },
          { name: "@", type: "TXT", value: "v=spf1 include:_spf.acme.dev ~all" },
        ],
      },
    ],
    [
      { zone: "acme.dev", records: [{ name: "api", type: "A", value: "x", ipv4: "203.0.113.256" }] },
      { zone: "Acme_Dev", records: [{ name: "api", type: "A", value: "x" }] },
    ],
  ),
  tool(
    "book_flight",
    closed(
      {
        from: str({ pattern: IATA }),
        to: str({ pattern: IATA }),
        depart: str({ pattern: DATE }),
        return: str({ pattern: DATE }),
        passengers: {
          type: "array",
          minItems: 1,
          maxItems: 9,
          items: closed(
            {
              name: str({ minLength: 1 }),
              email: str({ pattern: EMAIL }),
              phone: str({ pattern: PHONE }),
              birth_date: str({ pattern: DATE }),
            },
            ["name", "birth_date"],
          ),
        },
      },
      ["from", "to", "depart", "passengers"],
    ),
    [
      {
        from: "BER",
        to: "SFO",
        depart: "2025-06-01",
        return: "2025-06-15",
        passengers: [
          { name: "Ana Ruiz", email: "ana@acme.dev", phone: "+4930123456", birth_date: "1990-02-11" },
          { name: "Bo Chen", birth_date: "1985-12-30" },
        ],
      },
    ],
    [
      { from: "Berlin", to: "SFO", depart: "2025-06-01", passengers: [{ name: "Ana", birth_date: "1990-02-11" }] },
      {
        from: "BER",
        to: "SFO",
        depart: "2025-06-01",
        passengers: [{ name: "Ana", birth_date: "11.02.1990", phone: "030 123456" }],
      },
    ],
  ),
];

/** Workload 3: the issue's reference, a 7-property tool schema with 3 patterns, and valid arguments. */
export const REFERENCE_TOOL = tool(
  "deploy_service",
  closed(
    {
      service: str({ pattern: SLUG, description: "Service slug" }),
      version: str({ pattern: SEMVER }),
      environment: { type: "string", enum: ["staging", "production"] },
      window_date: str({ pattern: DATE }),
      replicas: int({ minimum: 1, maximum: 50 }),
      dry_run: { type: "boolean" },
      reason: str({ minLength: 1 }),
    },
    ["service", "version", "environment"],
  ),
  // Eight calls of one shape with different strings, so that no engine's
  // cache of its last subject string (node-re2 keeps one) turns the loop
  // into a microbenchmark of a single string.
  [
    "billing-api",
    "auth",
    "search-indexer",
    "payments-gateway",
    "docs",
    "edge-cache",
    "notifications",
    "user-profile",
  ].map((service, i) => ({
    service,
    version: ["3.12.0", "1.0.4", "2.7.1-rc.1", "10.2.33", "0.9.0", "4.4.4+build.7", "7.0.12", "1.18.2"][i],
    environment: i % 3 === 0 ? "staging" : "production",
    window_date: `2025-0${1 + i}-${10 + 2 * i}`,
    replicas: 2 + i,
    dry_run: i % 2 === 0,
    reason: `Roll out change ${1000 + 37 * i} of ${service}`,
  })),
  [],
);

/**
 * Workload 6: what a zod 4 server emits, which needs `profile: "extended"`:
 * `const`, `exclusiveMinimum` (from `.positive()`), `maxLength`, `$defs`/`$ref`,
 * `propertyNames`, and `\d` in patterns. Ajv compiles it as 2020-12.
 */
export const EXTENDED_TOOL = {
  ...tool(
    "create_invoice",
    {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      $defs: {
        money: closed({ currency: { type: "string", const: "EUR" }, cents: int({ exclusiveMinimum: 0 }) }, [
          "currency",
          "cents",
        ]),
        line: closed(
          {
            sku: str({ pattern: "^[A-Z]{3}-\\d{4}$" }),
            quantity: int({ exclusiveMinimum: 0, maximum: 1000 }),
            price: { $ref: "#/$defs/money" },
          },
          ["sku", "quantity", "price"],
        ),
      },
      properties: {
        customer: str({ minLength: 1, maxLength: 80 }),
        due: str({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" }),
        kind: { type: "string", const: "invoice" },
        lines: { type: "array", minItems: 1, maxItems: 50, items: { $ref: "#/$defs/line" } },
        tags: {
          type: "object",
          propertyNames: { type: "string", maxLength: 20 },
          additionalProperties: { type: "string", maxLength: 100 },
        },
      },
      required: ["customer", "due", "kind", "lines"],
      additionalProperties: false,
    },
    [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
      customer: `Customer ${100 + i}`,
      due: `2026-0${1 + i}-1${i}`,
      kind: "invoice",
      lines: Array.from({ length: 1 + (i % 3) }, (_, j) => ({
        sku: `ABC-${1000 + 10 * i + j}`,
        quantity: 1 + j,
        price: { currency: "EUR", cents: 999 + i },
      })),
      tags: i % 2 === 0 ? { project: `p${i}` } : {},
    })),
    [
      {
        customer: "A",
        due: "2026-1-1",
        kind: "invoice",
        lines: [{ sku: "ABC-1000", quantity: 1, price: { currency: "EUR", cents: 1 } }],
      },
      {
        customer: "A",
        due: "2026-01-01",
        kind: "quote",
        lines: [{ sku: "ABC-1000", quantity: 1, price: { currency: "EUR", cents: 1 } }],
      },
      {
        customer: "A",
        due: "2026-01-01",
        kind: "invoice",
        lines: [{ sku: "ABC-1000", quantity: 0, price: { currency: "USD", cents: 1 } }],
      },
      { customer: "x".repeat(81), due: "2026-01-01", kind: "invoice", lines: [] },
    ],
  ),
  options: { profile: "extended" },
};

/** True when a schema has a `pattern` keyword anywhere (a property named "pattern" does not count). */
export function hasPattern(schema) {
  if (Array.isArray(schema)) return schema.some(hasPattern);
  if (schema === null || typeof schema !== "object") return false;
  for (const [key, value] of Object.entries(schema)) {
    if (key === "pattern" && typeof value === "string") return true;
    if (key === "properties" && value && typeof value === "object") {
      if (Object.values(value).some(hasPattern)) return true;
    } else if (key !== "enum" && key !== "default" && key !== "examples" && key !== "const" && hasPattern(value))
      return true;
  }
  return false;
}

const CASE_META = new Set([
  "description",
  "note",
  "why",
  "comment",
  "name",
  "title",
  "message",
  "expect",
  "expected",
  "error",
  "errors",
  "kind",
  "issues",
  "path",
  "valid",
]);
const CASE_DATA = ["args", "arguments", "data", "value", "input"];

/** A fixture case is either the arguments themselves or { args|arguments|data, description?, … }. */
function caseArgs(entry) {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) return entry;
  const keys = Object.keys(entry);
  const data = CASE_DATA.find((k) => k in entry);
  if (data !== undefined && keys.every((k) => k === data || CASE_META.has(k))) return entry[data];
  return entry;
}

/**
 * Tools from fixtures/tools/*.json, if that folder has any: each file holds
 * one tool ({ name?, inputSchema | schema, valid: [...], invalid: [...] }, or
 * cases: [{ args, valid }]) or a list of them. Returns [] when absent.
 */
export function loadFixtureTools(root) {
  const dir = path.join(root, "fixtures", "tools");
  if (!existsSync(dir)) return { tools: [], problems: [] };
  const tools = [];
  const problems = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    let data;
    try {
      data = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    } catch (error) {
      problems.push(`${file}: ${error.message}`);
      continue;
    }
    const entries = Array.isArray(data) ? data : Array.isArray(data.tools) ? data.tools : [data];
    entries.forEach((entry, i) => {
      const schema = entry.inputSchema ?? entry.input_schema ?? entry.schema ?? entry.parameters;
      if (schema === undefined) {
        problems.push(`${file}[${i}]: no inputSchema`);
        return;
      }
      let valid = Array.isArray(entry.valid) ? entry.valid.map(caseArgs) : [];
      let invalid = Array.isArray(entry.invalid) ? entry.invalid.map(caseArgs) : [];
      if (Array.isArray(entry.cases)) {
        for (const c of entry.cases) (c.valid === false ? invalid : valid).push(caseArgs(c));
      }
      const name = entry.name ?? `${path.basename(file, ".json")}${entries.length > 1 ? `[${i}]` : ""}`;
      tools.push({ name: `fixtures/${name}`, inputSchema: schema, valid, invalid, file });
    });
  }
  return { tools, problems };
}

/** Tools of every fixtures/catalogs/*.json ({ package, version, tools: [{ name, inputSchema }] }). */
export function loadCatalogs(root) {
  const dir = path.join(root, "fixtures", "catalogs");
  if (!existsSync(dir)) return { catalogs: [], problems: [] };
  const catalogs = [];
  const problems = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    try {
      const data = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
      const tools = (Array.isArray(data) ? data : (data.tools ?? [])).filter(
        (t) => t && typeof t === "object" && "inputSchema" in t,
      );
      catalogs.push({ file, package: data.package ?? file, version: data.version ?? "", tools });
    } catch (error) {
      problems.push(`${file}: ${error.message}`);
    }
  }
  return { catalogs, problems };
}

/**
 * A copy of `schema` whose property names carry `suffix` (and `required`
 * follows), so repeated copies are distinct schemas of the same shape.
 * Root `$id` is dropped: one Ajv instance refuses two schemas with one id.
 */
export function renameProperties(schema, suffix) {
  if (Array.isArray(schema)) return schema.map((s) => renameProperties(s, suffix));
  if (schema === null || typeof schema !== "object") return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$id") continue;
    if (key === "properties" && value && typeof value === "object" && !Array.isArray(value)) {
      out.properties = {};
      for (const [name, sub] of Object.entries(value)) out.properties[name + suffix] = renameProperties(sub, suffix);
    } else if (key === "required" && Array.isArray(value)) {
      out.required = value.map((name) => (typeof name === "string" ? name + suffix : name));
    } else if (key === "enum" || key === "const" || key === "default" || key === "examples") {
      out[key] = value;
    } else {
      out[key] = renameProperties(value, suffix);
    }
  }
  return out;
}

/**
 * Arguments a tool's schema should accept, built from the schema alone:
 * every listed property, each its `const`, first `enum` value, `default`,
 * first example, first branch, or a short value of its type. Only a guess:
 * workload 8a keeps the tools whose guess a validator accepts.
 */
export function minimalArguments(schema, depth = 0) {
  if (schema === null || typeof schema !== "object" || depth > 8) return {};
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const key of ["anyOf", "oneOf"])
    if (Array.isArray(schema[key])) return minimalArguments(schema[key][0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" || schema.properties) {
    const args = {};
    for (const [name, sub] of Object.entries(schema.properties ?? {})) args[name] = minimalArguments(sub, depth + 1);
    return args;
  }
  if (type === "array") return [minimalArguments(schema.items, depth + 1)];
  if (type === "string") return "x".repeat(Math.max(1, schema.minLength ?? 1));
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "boolean") return true;
  if (type === "null") return null;
  return "x";
}
