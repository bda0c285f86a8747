import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

// The command line runs as users run it: `node lib/cli/main.js`. lib/ is
// built by `npm install` (the prepare script) or `npx tsc -p tsconfig.build.json`.
// Each test starts node a few times; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 30_000 });

const root = join(__dirname, "..", "..", "..");
const main = join(root, "lib/cli/main.js");
const scratch = mkdtempSync(join(tmpdir(), "tool-input-schema-cli-"));

function cli(args: string[], input?: string | Buffer, env?: Record<string, string>) {
  const run = spawnSync(process.execPath, [main, ...args], {
    cwd: root,
    input,
    encoding: "utf8",
    maxBuffer: 256 << 20,
    env: { ...process.env, ...env },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function file(name: string, content: unknown): string {
  const path = join(scratch, name);
  writeFileSync(path, typeof content === "string" || Buffer.isBuffer(content) ? content : JSON.stringify(content));
  return path;
}

const toolFiles = readdirSync(join(root, "fixtures/tools"))
  .sort()
  .map((name) => join("fixtures/tools", name));
const fixtures = toolFiles.map((path) => JSON.parse(readFileSync(join(root, path), "utf8")));
const readFile = fixtures.find((fixture) => fixture.name === "read_file");

const object = (properties: object) => ({ type: "object", properties });
const mixed = {
  tools: [
    { name: "fine", inputSchema: object({ q: { type: "string" } }) },
    { name: "bounded", inputSchema: object({ n: { type: "integer", exclusiveMinimum: 0 } }) },
    { name: "tuple", inputSchema: object({ p: { items: [{ type: "string" }] } }) },
    { name: "broken", inputSchema: object({ n: { type: "integer", minimum: "0" } }) },
    { inputSchema: object({}) },
  ],
};

beforeAll(() => {
  if (!existsSync(main))
    throw new Error("lib/ is not built: run `npx tsc -p tsconfig.build.json` (npm install does it)");
});

describe("tool-input-schema: help and usage errors", () => {
  it("prints help for the program and each command", () => {
    for (const args of [
      ["--help"],
      ["check", "--help"],
      ["validate", "--help"],
      ["merge-summaries", "--help"],
      ["bench", "--help"],
    ]) {
      const { code, stdout, stderr } = cli(args);
      expect([code, stderr]).toEqual([0, ""]);
      expect(stdout).toMatch(/^Usage: tool-input-schema /);
    }
  });

  it("says what is wrong in one line on stderr, with exit status 2", () => {
    for (const [args, message] of [
      [[], "tool-input-schema: no command given (check, validate, merge-summaries or bench; see --help)"],
      [["frob"], 'tool-input-schema: unknown command "frob" (check, validate, merge-summaries or bench; see --help)'],
      [["check"], "tool-input-schema: check: no file given (see check --help)"],
      [["check", "--bogus", "x.json"], "tool-input-schema: check: Unknown option '--bogus' (see check --help)"],
      [["check", "--profile", "full", "x.json"], 'tool-input-schema: --profile must be core or extended, got "full"'],
      [
        ["validate", "--catalog", "c.json"],
        "tool-input-schema: validate: a bulk import needs both --catalog and --calls",
      ],
      [
        ["validate", "--catalog", "c.json", "--calls", "x", "--workers", "0"],
        'tool-input-schema: --workers must be a whole number from 1 to 256, got "0"',
      ],
      [
        ["validate", "--schema", "s.json", "--shard", "1/2"],
        "tool-input-schema: validate: --summary, --workers and --shard go with --catalog",
      ],
      [["bench"], "tool-input-schema: bench: no catalog given (see bench --help)"],
      [["merge-summaries"], "tool-input-schema: merge-summaries: no file given (see merge-summaries --help)"],
    ] as const) {
      const { code, stdout, stderr } = cli([...args]);
      expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: "", stderr: message + "\n" });
    }
  });

  it("prints the package's version with --version and -V", () => {
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(cli(["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    expect(cli(["-V"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  // node-gyp-build looks for the addon under $TOOL_INPUT_SCHEMA_PREBUILD when it is set: an empty
  // folder has no build, and a folder with a file that is no library has one that cannot load.
  it("says in one line, exit status 2, that the addon cannot load, and still tells its version", () => {
    const empty = mkdtempSync(join(scratch, "no-addon-"));
    const broken = mkdtempSync(join(scratch, "broken-addon-"));
    mkdirSync(join(broken, "build/Release"), { recursive: true });
    writeFileSync(join(broken, "build/Release/tool_input_schema.node"), "not a shared library");
    const platform = `${process.platform}-${process.arch} \\(Node\\.js ${process.version.replace(/\./g, "\\.")}, ABI ${process.versions.modules}\\)`;
    const fix =
      "Fix: install a C\\+\\+ toolchain and Python 3 \\(the addon builds with node-gyp; PCRE2 comes with the package\\), " +
      "then run `npm rebuild tool-input-schema`\\.";
    for (const [folder, cause] of [
      [empty, `No native build was found for platform=${process.platform} .* loaded from: ${empty}`],
      [broken, `${join(broken, "build/Release/tool_input_schema.node")}: .+`],
    ]) {
      const env = { TOOL_INPUT_SCHEMA_PREBUILD: folder };
      for (const args of [
        ["check", "fixtures/tools/glob.json"],
        ["validate", "--catalog", "c.json", "--calls", "-"],
        ["--help"],
      ]) {
        const { code, stdout, stderr } = cli(args, "", env);
        expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
        expect(stderr).toMatch(
          new RegExp(`^tool-input-schema: cannot load its native addon for ${platform}\\. Cause: ${cause} ${fix}\\n$`),
        );
      }
      expect(cli(["--version"], "", env).code).toBe(0);
    }
  });
});

describe("tool-input-schema check", () => {
  it("passes the coding-agent fixtures, exit status 0", () => {
    const { code, stdout, stderr } = cli(["check", ...toolFiles]);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout).toContain("fixtures/tools/edit_file.json: 1 tool\n  ok           edit_file\n");
    expect(stdout.trimEnd().split("\n").at(-1)).toBe(
      "summary: 10 tools (--profile core): 10 ok, 0 unsupported, 0 malformed; the core profile accepts 10, the extended profile 10",
    );
  });

  it("shows each refused tool with the keyword and JSON Pointer of each problem, exit status 1", () => {
    const { code, stdout, stderr } = cli(["check", file("mixed.json", mixed)]);
    expect([code, stderr]).toEqual([1, ""]);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/mixed\.json: 5 tools$/);
    expect(lines.slice(1, -1)).toEqual([
      "  ok           fine",
      "  unsupported  bounded  (needs --profile extended)",
      expect.stringMatching(
        /^ {6}exclusiveMinimum {2}#\/properties\/n\/exclusiveMinimum: keyword "exclusiveMinimum" is not supported/,
      ),
      "  unsupported  tuple",
      expect.stringMatching(/^ {6}items {2}#\/properties\/p\/items: /),
      "  malformed    broken",
      "      minimum  #/properties/n/minimum: must be a finite number",
      "  malformed    tools[4]",
      "      name  tools[4].name: expected a non-empty string, got undefined",
    ]);
    expect(lines.at(-1)).toBe(
      "summary: 5 tools (--profile core): 1 ok, 2 unsupported, 2 malformed; the core profile accepts 1, the extended profile 2",
    );
  });

  it("lists the tools in the file's order: a duplicate after the first tool of its name", () => {
    const { code, stdout } = cli([
      "check",
      file("duplicate-check.json", [mixed.tools[0], mixed.tools[1], mixed.tools[0]]),
    ]);
    expect(code).toBe(1);
    expect(stdout.split("\n").filter((line) => /^ {2}\S/.test(line))).toEqual([
      "  ok           fine",
      "  unsupported  bounded  (needs --profile extended)",
      "  malformed    fine",
    ]);
    expect(stdout).toContain('      name  tools[2]: duplicate tool name "fine" (first at tools[0])\n');
  });

  it("writes counts with commas between thousands", () => {
    const many = Array.from({ length: 1200 }, (_, i) => ({
      name: `tool_${i}`,
      inputSchema: object({ q: { type: "string" } }),
    }));
    const { code, stdout } = cli(["check", file("many-tools.json", many)]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/many-tools\.json: 1,200 tools\n/);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe(
      "summary: 1,200 tools (--profile core): 1,200 ok, 0 unsupported, 0 malformed; the core profile accepts 1,200, the extended profile 1,200",
    );
  });

  it("checks with the extended profile on request", () => {
    const { code, stdout } = cli(["check", "--profile", "extended", file("mixed.json", mixed)]);
    expect(code).toBe(1);
    expect(stdout).toContain("  ok           bounded\n");
    expect(stdout).not.toContain("needs --profile extended");
    expect(stdout).toContain("summary: 5 tools (--profile extended): 2 ok, 1 unsupported, 2 malformed;");
  });

  it("writes one JSON document with --json", () => {
    const { code, stdout } = cli(["check", "--json", file("mixed.json", mixed)]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.summary).toEqual({
      profile: "core",
      tools: 5,
      ok: 1,
      unsupported: 2,
      malformed: 2,
      accepted: { core: 1, extended: 2 },
      unreadableFiles: 0,
    });
    const bounded = report.files[0].tools.find((tool: { name: string }) => tool.name === "bounded");
    expect(bounded).toMatchObject({
      status: "unsupported",
      extended: "ok",
      message: expect.stringMatching(/^unsupported schema: /),
    });
    expect(bounded.issues[0]).toMatchObject({
      kind: "unsupported_capability",
      schemaPath: "/properties/n/exclusiveMinimum",
      keyword: "exclusiveMinimum",
    });
  });

  it("reads one tool, one schema, and OpenAI definitions", () => {
    expect(cli(["check", "fixtures/tools/glob.json"]).stdout).toContain("  ok           glob\n");
    expect(cli(["check", file("schema.json", readFile.inputSchema)]).stdout).toContain("  ok           schema.json\n");
    const openai = [{ type: "function", function: { name: "lookup", parameters: object({ id: { type: "string" } }) } }];
    expect(cli(["check", file("openai.json", openai)]).stdout).toContain("  ok           lookup\n");
    const notASchema = cli(["check", file("number.json", "42")]);
    expect(notASchema.code).toBe(1);
    expect(notASchema.stdout).toContain("  malformed    number.json\n");
  });

  it("names the file, line and column of bad JSON and a file it cannot read, exit status 2, and checks the rest", () => {
    const bad = file("bad.json", '{"tools": [\n  {"name": "a", "inputSchema": {"type": "object",}}\n]}\n');
    const { code, stdout, stderr } = cli(["check", bad, join(scratch, "missing.json"), "fixtures/tools/glob.json"]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `tool-input-schema: ${bad}:2:50: not JSON (expected a property name in double quotes)\n` +
        `tool-input-schema: ${join(scratch, "missing.json")}: cannot read (no such file or directory)\n`,
    );
    expect(stdout).toContain("  ok           glob\n");
    expect(stdout).toContain("; 2 of 3 files could not be read\n");
  });
});

describe("files in another encoding than UTF-8", () => {
  const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);

  it("names UTF-16 text in a catalog, a schema or arguments, exit status 2", () => {
    const tools = file("tools-utf16.json", utf16(JSON.stringify({ tools: [readFile] })));
    expect(cli(["check", tools])).toMatchObject({
      code: 2,
      stderr: `tool-input-schema: ${tools}: UTF-16 text (starts with FF FE); convert to UTF-8\n`,
    });
    const args = file("args-utf16.json", Buffer.from(JSON.stringify({ path: "a" }), "utf16le"));
    expect(cli(["validate", "--schema", file("plain-schema.json", readFile.inputSchema), args])).toEqual({
      code: 2,
      stdout: "",
      stderr: `tool-input-schema: ${args}: UTF-16 text (starts with 7B 00); convert to UTF-8\n`,
    });
  });

  it("names UTF-16 text in a calls file, for validate and bench, exit status 2", () => {
    const catalog = file("plain-tools.json", { tools: [readFile] });
    const calls = file(
      "calls-utf16.jsonl",
      utf16(`${JSON.stringify({ name: "read_file", arguments: { path: "a" } })}\n`),
    );
    const message = `tool-input-schema: ${calls}: UTF-16 text (starts with FF FE); convert to UTF-8\n`;
    expect(cli(["validate", "--catalog", catalog, "--calls", calls])).toEqual({ code: 2, stdout: "", stderr: message });
    expect(cli(["validate", "--catalog", catalog, "--calls", "-"], utf16("{}\n"))).toEqual({
      code: 2,
      stdout: "",
      stderr: "tool-input-schema: -: UTF-16 text (starts with FF FE); convert to UTF-8\n",
    });
    expect(cli(["bench", catalog, "--calls", calls])).toEqual({ code: 2, stdout: "", stderr: message });
  });
});

describe("tool-input-schema validate --schema", () => {
  const schema = file("read-file-schema.json", readFile.inputSchema);

  it("prints ok, or the model-facing message, for one call", () => {
    expect(cli(["validate", "--schema", schema, file("args.json", { path: "a.ts" })])).toEqual({
      code: 0,
      stdout: "ok\n",
      stderr: "",
    });
    expect(cli(["validate", "--schema", schema, "-"], '{"path": ""}')).toEqual({
      code: 1,
      stdout: 'invalid arguments: path: must be at least 1 character long, got ""\n',
      stderr: "",
    });
    expect(cli(["validate", "--schema", schema], "{}").stdout).toBe("invalid arguments: path: missing (required)\n");
  });

  it("prints the whole result with --json", () => {
    const { code, stdout } = cli(["validate", "--schema", schema, "--json", "-"], '{"path": 1}');
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      ok: false,
      kind: "validation",
      message: "invalid arguments: path: expected a string, got a number (1)",
      issues: [
        {
          kind: "validation",
          instancePath: "/path",
          path: ["path"],
          schemaPath: "/properties/path/type",
          keyword: "type",
          params: { type: "string" },
          message: "path: expected a string, got a number (1)",
        },
      ],
    });
  });

  it("applies --lenient-scalars", () => {
    expect(cli(["validate", "--schema", schema, "-"], '{"path": "a", "limit": "20"}').code).toBe(1);
    expect(cli(["validate", "--schema", schema, "--lenient-scalars", "-"], '{"path": "a", "limit": "20"}').stdout).toBe(
      "ok\n",
    );
  });

  it("applies --present-required: a required root property holding null or white space only is missing", () => {
    const weather = file("weather-schema.json", {
      type: "object",
      properties: { city: { type: "string" }, at: { type: "object", required: ["hour"] } },
      required: ["city"],
    });
    for (const args of ['{"city": ""}', '{"city": " \\t\\u3000"}', '{"city": null}']) {
      expect(cli(["validate", "--schema", weather, "--present-required", "-"], args)).toEqual({
        code: 1,
        stdout: "invalid arguments: city: missing (required)\n",
        stderr: "",
      });
      expect(cli(["validate", "--schema", weather, "-"], args).code).toBe(args.includes("null") ? 1 : 0);
    }
    expect(
      cli(["validate", "--schema", weather, "--present-required", "-"], '{"city": "Porto", "at": {"hour": ""}}'),
    ).toEqual({ code: 0, stdout: "ok\n", stderr: "" });
  });

  it("says where the arguments stop being JSON", () => {
    expect(cli(["validate", "--schema", schema, "-"], '{"path": "a"')).toEqual({
      code: 2,
      stdout: "",
      stderr: "tool-input-schema: stdin:1:13: not JSON (unexpected end of input, expected ',' or '}')\n",
    });
  });
});

describe("tool-input-schema validate --catalog --calls (bulk import)", () => {
  const catalog = file("catalog.json", {
    tools: [...fixtures.map(({ name, inputSchema }) => ({ name, inputSchema })), mixed.tools[2]],
  });
  const calls = file(
    "calls.jsonl",
    [
      JSON.stringify({ name: "read_file", arguments: { path: "a.ts" } }),
      JSON.stringify({ name: "read_file", arguments: { path: "" } }),
      "not json",
      "",
      '{"name": "read_file"}',
      JSON.stringify({ name: "reed_file", arguments: {} }),
      JSON.stringify({ name: "tuple", arguments: { p: ["x"] } }),
      "[1]\r",
      JSON.stringify({ name: "glob", arguments: { pattern: "*.ts" } }) + "\r",
    ].join("\n"),
  );

  it("writes one result per line, in input order, and reports bad lines by number without stopping", () => {
    const { code, stdout, stderr } = cli(["validate", "--catalog", catalog, "--calls", calls]);
    expect([code, stderr]).toEqual([1, ""]);
    const results = stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(results.map((result) => [result.line, result.name ?? null, result.ok ?? null, result.kind ?? null])).toEqual(
      [
        [1, "read_file", true, null],
        [2, "read_file", false, "validation"],
        [3, null, null, null],
        [5, "read_file", false, "validation"],
        [6, "reed_file", false, "validation"],
        [7, "tuple", false, "unsupported_capability"],
        [8, null, null, null],
        [9, "glob", true, null],
      ],
    );
    expect(results[1]).toEqual({
      line: 2,
      name: "read_file",
      ok: false,
      kind: "validation",
      message: 'invalid arguments: path: must be at least 1 character long, got ""',
      issues: expect.any(Array),
    });
    expect(results[2]).toEqual({ line: 3, error: "not JSON at column 1 (expected a value)" });
    // Absent arguments are {}, as in MCP.
    expect(results[3]).toMatchObject({
      line: 5,
      name: "read_file",
      ok: false,
      message: "invalid arguments: path: missing (required)",
    });
    expect(results[4].message).toBe('unknown tool "reed_file"; did you mean "read_file"?');
    expect(results[6]).toEqual({ line: 8, error: "expected a call record (an object), got a list" });
  });

  it("reads absent arguments as {} and null arguments as null, as the MCP guard does", () => {
    const nullCalls = file(
      "null-calls.jsonl",
      [
        '{"name":"list_dir"}',
        '{"name":"list_dir","arguments":null}',
        '{"name":"list_dir","arguments":"null"}',
        '{"name":"read_file"}',
      ].join("\n"),
    );
    const { code, stdout } = cli(["validate", "--catalog", catalog, "--calls", nullCalls]);
    expect(code).toBe(1);
    expect(
      stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { line: 1, name: "list_dir", ok: true },
      {
        line: 2,
        name: "list_dir",
        ok: false,
        kind: "validation",
        message: "invalid arguments: arguments: expected an object, got null",
        issues: [expect.objectContaining({ instancePath: "", keyword: "type" })],
      },
      {
        line: 3,
        name: "list_dir",
        ok: false,
        kind: "validation",
        message: "invalid arguments: arguments: expected an object, got null",
        issues: [expect.objectContaining({ instancePath: "", keyword: "type" })],
      },
      {
        line: 4,
        name: "read_file",
        ok: false,
        kind: "validation",
        message: "invalid arguments: path: missing (required)",
        issues: expect.any(Array),
      },
    ]);
  });

  it("reads arguments stored as JSON text, as OpenAI hands them over", () => {
    const textCalls = file(
      "text-calls.jsonl",
      [
        JSON.stringify({ name: "read_file", arguments: '{"path":"a.ts"}' }),
        JSON.stringify({ name: "read_file", arguments: '{"path":' }),
      ].join("\n"),
    );
    const { code, stdout } = cli(["validate", "--catalog", catalog, "--calls", textCalls]);
    expect(code).toBe(1);
    const [valid, broken] = stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(valid).toEqual({ line: 1, name: "read_file", ok: true });
    expect(broken).toMatchObject({
      line: 2,
      ok: false,
      kind: "validation",
      message:
        "invalid arguments: arguments are not valid JSON: unexpected end of input, expected a value at line 1 column 9",
    });
  });

  it("prints a summary with --summary", () => {
    const { code, stdout } = cli(["validate", "--catalog", catalog, "--calls", calls, "--summary"]);
    expect(code).toBe(1);
    const [head, ...tools] = stdout.trimEnd().split("\n");
    expect(head).toMatch(
      /^6 calls: 2 valid, 4 failed \(3 validation, 1 unsupported_capability\); 2 bad lines; [\d.]+ s, [\d,]+ records\/s$/,
    );
    expect(tools).toEqual([
      "  read_file  3 calls, 2 failed",
      "  glob       1 call, 0 failed",
      "  reed_file  1 call, 1 failed",
      "  tuple      1 call, 1 failed",
      `first failed call: ${calls}:2 (read_file): invalid arguments: path: must be at least 1 character long, got ""`,
      `first bad line: ${calls}:3: not JSON at column 1 (expected a value)`,
    ]);
    const json = JSON.parse(cli(["validate", "--catalog", catalog, "--calls", calls, "--summary", "--json"]).stdout);
    expect(json.firstFailure).toEqual({
      file: calls,
      line: 2,
      name: "read_file",
      message: 'invalid arguments: path: must be at least 1 character long, got ""',
    });
    expect(json.firstBadLine).toEqual({ file: calls, line: 3, reason: "not JSON at column 1 (expected a value)" });
    expect([json.calls, json.linesWithCalls, json.linesWithSeveralCalls]).toEqual([6, 6, 0]);
    // Every call valid: no first failure.
    const valid = file("valid-calls.jsonl", JSON.stringify({ name: "glob", arguments: { pattern: "*.ts" } }));
    expect(
      JSON.parse(cli(["validate", "--catalog", catalog, "--calls", valid, "--summary", "--json"]).stdout).firstFailure,
    ).toBeNull();
    expect(
      JSON.parse(cli(["validate", "--catalog", catalog, "--calls", valid, "--summary", "--json"]).stdout).firstBadLine,
    ).toBeNull();
    expect(cli(["validate", "--catalog", catalog, "--calls", valid, "--summary"]).stdout).not.toMatch(
      /first failed call|first bad line/,
    );
  });

  it("gives the same output, in the same order, with worker threads", () => {
    const lines = [];
    for (let i = 0; i < 5000; i++) {
      const fixture = fixtures[i % fixtures.length];
      const args =
        i % 3 === 0 ? fixture.valid[i % fixture.valid.length] : fixture.invalid[i % fixture.invalid.length].arguments;
      lines.push(i % 997 === 0 ? "{bad" : JSON.stringify({ name: fixture.name, arguments: args }));
    }
    const many = file("many.jsonl", lines.join("\n") + "\n");
    const one = cli(["validate", "--catalog", catalog, "--calls", many]);
    const three = cli(["validate", "--catalog", catalog, "--calls", many, "--workers", "3"]);
    expect(one.code).toBe(1);
    expect(three).toEqual(one);
    expect(
      one.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line).line),
    ).toEqual(lines.map((_, i) => i + 1));
    const summary = cli(["validate", "--catalog", catalog, "--calls", many, "--workers", "2", "--summary"]).stdout;
    expect(summary).toMatch(
      /^4,994 calls: 1,665 valid, 3,329 failed \(3,329 validation\); 6 bad lines; [\d.]+ s, [\d,]+ records\/s\n {2}grep {9}500 calls, 333 failed\n/,
    );
  });

  it("exits 0 when every call is valid, and shows no progress bar when stderr is not a terminal", () => {
    const valid = file(
      "valid.jsonl",
      fixtures
        .flatMap((f) => f.valid.map((args: unknown) => JSON.stringify({ name: f.name, arguments: args })))
        .join("\n"),
    );
    expect(cli(["validate", "--catalog", catalog, "--calls", valid, "--summary"])).toMatchObject({
      code: 0,
      stderr: "",
    });
    expect(
      cli(
        ["validate", "--catalog", catalog, "--calls", "-", "--summary"],
        '{"name":"glob","arguments":{"pattern":"*"}}\n',
      ),
    ).toMatchObject({ code: 0, stderr: "" });
  });

  it("reports a line that is not UTF-8 as a bad line, from a file and from stdin", () => {
    const latin1 = Buffer.concat([
      Buffer.from('{"name":"glob","arguments":{"pattern":"'),
      Buffer.from([0xe9]),
      Buffer.from('*"}}\n'),
    ]);
    const bytes = Buffer.concat([
      Buffer.from(JSON.stringify({ name: "glob", arguments: { pattern: "é*" } }) + "\n"),
      latin1,
    ]);
    const expected = '{"line":1,"name":"glob","ok":true}\n{"line":2,"error":"not UTF-8 at byte 40 (0xE9)"}\n';
    const path = join(scratch, "latin1.jsonl");
    writeFileSync(path, bytes);
    expect(cli(["validate", "--catalog", catalog, "--calls", path])).toEqual({ code: 1, stdout: expected, stderr: "" });
    const fromStdin = spawnSync(process.execPath, [main, "validate", "--catalog", catalog, "--calls", "-"], {
      cwd: root,
      input: bytes,
      encoding: "utf8",
    });
    expect([fromStdin.status, fromStdin.stdout, fromStdin.stderr]).toEqual([1, expected, ""]);
  });

  // util-linux `script` runs the command on a pseudo-terminal, which stands for stdout and stderr at once.
  // Where it is missing (macOS's `script` takes other arguments) there is no
  // terminal to draw on, and the skipped test's name says so.
  const hasScript = spawnSync("script", ["--version"]).status === 0;
  const withoutScript = hasScript
    ? ""
    : " (skipped: util-linux `script`, which gives the command a terminal, is not installed)";
  it.skipIf(!hasScript)(
    `draws the progress bar on a terminal when the results go to a file or only a summary follows, and not among results on the terminal${withoutScript}`,
    () => {
      const many = file(
        "terminal.jsonl",
        Array.from({ length: 3000 }, () => JSON.stringify({ name: "glob", arguments: { pattern: "*" } })).join("\n"),
      );
      const onTerminal = (command: string) =>
        spawnSync("script", ["-qec", command, "/dev/null"], { cwd: root, encoding: "utf8" }).stdout;
      const run = `${process.execPath} ${main} validate --catalog ${catalog} --calls ${many}`;
      const bar = /\r█+░* +\d+% {2}[\d,]+ records {2}[\d,]+ records\/s\x1b\[K/;
      expect(onTerminal(`${run} > ${join(scratch, "terminal-results.jsonl")}`)).toMatch(bar);
      expect(onTerminal(`${run} --summary`)).toMatch(bar);
      const streamed = onTerminal(run);
      expect(streamed).not.toMatch(/records\/s|\x1b/);
      expect(streamed.split("\r\n").slice(0, 2)).toEqual([
        '{"line":1,"name":"glob","ok":true}',
        '{"line":2,"name":"glob","ok":true}',
      ]);
    },
  );

  it("refuses a catalog that is not a tool list or has a duplicate tool name, and a calls file it cannot read, exit status 2", () => {
    const duplicate = file("duplicate.json", [mixed.tools[0], mixed.tools[0]]);
    expect(cli(["validate", "--catalog", duplicate, "--calls", calls])).toEqual({
      code: 2,
      stdout: "",
      stderr: `tool-input-schema: ${duplicate}: tools[1]: duplicate tool name "fine" (first at tools[0])\n`,
    });
    for (const [name, content, shape] of [
      ["one-schema.json", readFile.inputSchema, "an object"],
      ["one-tool.json", mixed.tools[0], "an object"],
      ["number.json", 42, "a number"],
    ] as const) {
      const notList = file(name, content);
      expect(cli(["validate", "--catalog", notList, "--calls", calls])).toEqual({
        code: 2,
        stdout: "",
        stderr: `tool-input-schema: ${notList}: holds no tool list (expected a tools/list result ({ "tools": [...] }) or a list of tools, got ${shape})\n`,
      });
    }
    expect(cli(["validate", "--catalog", catalog, "--calls", join(scratch, "nope.jsonl")])).toEqual({
      code: 2,
      stdout: "",
      stderr: `tool-input-schema: ${join(scratch, "nope.jsonl")}: cannot read (no such file or directory)\n`,
    });
  });
});

describe("--present-required on every command that compiles schemas", () => {
  const tools = [
    { name: "weather", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
  ];
  const catalog = file("present-catalog.json", tools);
  const calls = file(
    "present-calls.jsonl",
    [{ city: "Faro" }, { city: "" }, { city: "\u00a0" }, {}]
      .map((args) => JSON.stringify({ name: "weather", arguments: args }))
      .join("\n"),
  );
  const line = (n: number, ok: boolean) =>
    ok
      ? `{"line":${n},"name":"weather","ok":true}`
      : `{"line":${n},"name":"weather","ok":false,"kind":"validation","message":"invalid arguments: city: missing (required)",` +
        `"issues":[{"kind":"validation","instancePath":"/city","path":["city"],"schemaPath":"/required","keyword":"required","params":{"missingProperty":"city"},"message":"city: missing (required)"}]}`;

  it("validate --catalog --calls applies it to every call, on the main thread and in workers", () => {
    const expected = [line(1, true), line(2, false), line(3, false), line(4, false)].join("\n") + "\n";
    expect(cli(["validate", "--catalog", catalog, "--calls", calls, "--present-required"])).toEqual({
      code: 1,
      stdout: expected,
      stderr: "",
    });
    expect(cli(["validate", "--catalog", catalog, "--calls", calls, "--present-required", "--workers", "2"])).toEqual({
      code: 1,
      stdout: expected,
      stderr: "",
    });
    const without = [line(1, true), line(2, true), line(3, true), line(4, false)].join("\n") + "\n";
    expect(cli(["validate", "--catalog", catalog, "--calls", calls])).toEqual({ code: 1, stdout: without, stderr: "" });
  });

  it("check takes it and preflights the same", () => {
    const run = cli(["check", "--json", catalog, "--present-required"]);
    expect(run).toEqual(cli(["check", "--json", catalog]));
    expect(run.code).toBe(0);
  });

  it("bench takes it and says so in its report", () => {
    const report = join(scratch, "present.html");
    const { code, stdout, stderr } = cli([
      "bench",
      catalog,
      "--calls",
      calls,
      "--present-required",
      "--rounds",
      "1",
      "--html",
      report,
    ]);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout.split("\n")[0]).toMatch(
      /^1 tool \(--profile core, --present-required\); 4 calls from .*: 1 pass, 3 fail$/,
    );
    expect(readFileSync(report, "utf8")).toContain("--profile core, --present-required; each figure after");
  });

  it("is in the help of check, validate and bench", () => {
    for (const command of ["check", "validate", "bench"])
      expect(cli([command, "--help"]).stdout).toMatch(/^ {2}--present-required {7}\S/m);
  });
});

describe("tool-input-schema bench", () => {
  /** The rows of the text table whose title starts with `title`: cells split on two spaces or more. */
  const tableRows = (stdout: string, title: string) => {
    const blocks = stdout.split("\n\n").map((block) => block.split("\n"));
    const block = blocks.find((lines) => lines[0].startsWith(title));
    return block === undefined ? null : block.slice(1).map((line) => line.trim().split(/ {2,}/));
  };

  it("times every fixture tool over its own cases", () => {
    const { code, stdout, stderr } = cli(["bench", "--json", "--rounds", "1", ...toolFiles]);
    expect([code, stderr]).toEqual([0, ""]);
    const report = JSON.parse(stdout);
    expect(report.tools.map((tool: { name: string }) => tool.name)).toEqual(fixtures.map((fixture) => fixture.name));
    for (const tool of report.tools) {
      const fixture = fixtures.find((f) => f.name === tool.name);
      expect(tool).toMatchObject({
        status: "ok",
        calls: fixture.valid.length + fixture.invalid.length,
        validCalls: fixture.valid.length,
        failingCalls: fixture.invalid.length,
      });
      expect([tool.valid.ours.ns.median, tool.failing.ours.ns.median, tool.compileMicros].every((n) => n > 0)).toBe(
        true,
      );
    }
    const patterns = Object.fromEntries(
      report.tools.map((tool: { name: string; patterns: number }) => [tool.name, tool.patterns]),
    );
    expect(patterns).toMatchObject({ read_file: 0, write_file: 1, search_code: 1, todo: 1, web_fetch: 1 });
  });

  it("takes the calls from --calls, says what it measured, and prints a table per question", () => {
    const catalog = file("bench-catalog.json", mixed.tools.slice(0, 3));
    const calls = file(
      "bench-calls.jsonl",
      [
        JSON.stringify({ name: "fine", arguments: { q: "x" } }),
        "oops",
        JSON.stringify({ name: "fine", arguments: { q: 1 } }),
      ].join("\n"),
    );
    const { code, stdout } = cli(["bench", catalog, "--calls", calls, "--rounds", "2"]);
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe(
      `3 tools (--profile core); 2 calls from ${calls}: 1 pass, 1 fail; 1 bad line skipped (the first, line 2: not JSON at column 1 (expected a value))`,
    );
    expect(lines[1]).toBe(
      "each figure: ns a call after 120 ms untimed, the median of 2 interleaved rounds of about 5 ms (fastest–slowest round); CPU: the process's CPU time a call; × Ajv: the median of the rounds' ratios",
    );
    expect(lines[2]).toMatch(
      /^against Ajv 8\.\d+\.\d+: calls that pass beside Ajv stopping at its first error; calls that fail beside Ajv with allErrors: true and stopping at its first error/,
    );
    const spread = /^[\d,]+ \([\d,]+–[\d,]+\)$/;
    const tools = tableRows(stdout, "tools:")!;
    expect(tools[0]).toEqual([
      "tool",
      "status",
      "compile µs",
      "Ajv compile µs",
      "patterns",
      "calls",
      "pass",
      "fail",
      "first call µs",
      "generating call µs",
    ]);
    expect(tools.slice(1).map((row) => [row[0], row[1], ...row.slice(4, 8)])).toEqual([
      ["fine", "ok", "0", "2", "1", "1"],
      ["bounded", "unsupported", "0", "0", "0", "0"],
      ["tuple", "unsupported", "0", "0", "0", "0"],
    ]);
    expect(tools[1].slice(8).every((cell) => spread.test(cell))).toBe(true);
    expect(tools[3][3]).toBe("refused");
    const valid = tableRows(stdout, "calls that pass")!;
    expect(valid[0]).toEqual(["tool", "calls", "ns", "CPU ns", "Ajv ns", "× Ajv", "× Ajv CPU", "searches a call"]);
    expect(valid[1].slice(0, 2)).toEqual(["fine", "1"]);
    expect([spread.test(valid[1][2]), spread.test(valid[1][4]), /^[\d.]+×$/.test(valid[1][5])]).toEqual([
      true,
      true,
      true,
    ]);
    const failing = tableRows(stdout, "calls that fail")!;
    expect(failing[0]).toEqual([
      "tool",
      "calls",
      "ns",
      "CPU ns",
      "Ajv allErrors ns",
      "× Ajv allErrors",
      "Ajv first error ns",
      "× Ajv first error",
      "searches a call",
    ]);
    expect(failing[1].slice(0, 2)).toEqual(["fine", "1"]);
    expect(tableRows(stdout, "patterns:")).toBeNull();
  });

  it("counts and names the calls to tools that are not in the catalog, in the header and in --json", () => {
    const catalog = file("bench-known-catalog.json", mixed.tools.slice(0, 1));
    const calls = file(
      "bench-unknown-calls.jsonl",
      ["fine", "reed_file", "ecoh", "reed_file"]
        .map((name) => JSON.stringify({ name, arguments: { q: "x" } }))
        .join("\n"),
    );
    const text = cli(["bench", catalog, "--calls", calls, "--rounds", "1"]);
    expect(text.code).toBe(0);
    expect(text.stdout.split("\n")[0]).toBe(
      `1 tool (--profile core); 1 call from ${calls}: 1 pass, 0 fail; 3 calls to 2 tools not in the catalog skipped (reed_file, ecoh)`,
    );
    const json = JSON.parse(cli(["bench", "--json", "--rounds", "1", catalog, "--calls", calls]).stdout);
    expect(json.unknownTools).toEqual([
      { name: "reed_file", calls: 2 },
      { name: "ecoh", calls: 1 },
    ]);
    expect(json.tools.map(({ name, calls }: { name: string; calls: number }) => [name, calls])).toEqual([["fine", 1]]);
  });

  it("says when no calls were given, and how to give them", () => {
    // A catalog as an installed package's user has it: a tools/list result, without the fixtures' cases.
    const catalog = file("bench-plain-catalog.json", { tools: mixed.tools.slice(0, 2) });
    const { code, stdout } = cli(["bench", catalog]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("2 tools (--profile core); no calls");
    expect(lines.at(-1)).toBe(
      "no calls given, so only preflight and compile were timed: pass them with --calls <calls.jsonl> (one call record per line, as validate --calls reads them)",
    );
    const unknownOnly = file("bench-unknown-only.jsonl", JSON.stringify({ name: "nope", arguments: {} }));
    expect(cli(["bench", catalog, "--calls", unknownOnly]).stdout.trimEnd().split("\n").at(-1)).toBe(
      `no calls in ${unknownOnly} name a tool of the catalog, so only preflight and compile were timed`,
    );
    // With calls, no such line.
    expect(cli(["bench", "--rounds", "1", "fixtures/tools/glob.json"]).stdout).not.toContain("no calls");
  });

  it("skips and counts a calls line whose bytes are not UTF-8", () => {
    const catalog = file("bench-utf8-catalog.json", mixed.tools.slice(0, 1));
    const calls = join(scratch, "bench-utf8-calls.jsonl");
    writeFileSync(
      calls,
      Buffer.concat([
        Buffer.from(JSON.stringify({ name: "fine", arguments: { q: "\u00e9" } }) + "\n"),
        Buffer.from([0x22, 0xff, 0x22, 0x0a]),
      ]),
    );
    const { code, stdout } = cli(["bench", catalog, "--calls", calls, "--rounds", "1"]);
    expect(code).toBe(0);
    expect(stdout.split("\n")[0]).toBe(
      `1 tool (--profile core); 1 call from ${calls}: 1 pass, 0 fail; 1 bad line skipped (the first, line 2: not UTF-8 at byte 2 (0xFF))`,
    );
  });

  it("refuses a wrong --rounds", () => {
    expect(cli(["bench", "--rounds", "0", "fixtures/tools/glob.json"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'tool-input-schema: --rounds must be a whole number from 1 to 1000, got "0"\n',
    });
  });
});

describe("tool-input-schema: files that start with a UTF-8 byte-order mark", () => {
  const bom = "\uFEFF";
  const tools = [{ name: "fine", inputSchema: object({ q: { type: "string" } }) }];
  const lines = [
    JSON.stringify({ name: "fine", arguments: { q: "x" } }),
    JSON.stringify({ name: "fine", arguments: { q: 1 } }),
  ];
  const expected =
    '{"line":1,"name":"fine","ok":true}\n' +
    '{"line":2,"name":"fine","ok":false,"kind":"validation","message":"invalid arguments: q: expected a string, got a number (1)",' +
    '"issues":[{"kind":"validation","instancePath":"/q","path":["q"],"schemaPath":"/properties/q/type","keyword":"type","params":{"type":"string"},"message":"q: expected a string, got a number (1)"}]}\n';

  it("reads line 1 of a calls file without it, from a file, from stdin and with workers", () => {
    const catalog = file("bom-catalog.json", bom + JSON.stringify(tools));
    const calls = file("bom-calls.jsonl", bom + lines.join("\n") + "\n");
    expect(cli(["validate", "--catalog", catalog, "--calls", calls])).toEqual({
      code: 1,
      stdout: expected,
      stderr: "",
    });
    expect(cli(["validate", "--catalog", catalog, "--calls", calls, "--workers", "2"])).toEqual({
      code: 1,
      stdout: expected,
      stderr: "",
    });
    expect(cli(["validate", "--catalog", catalog, "--calls", "-"], bom + lines.join("\n"))).toEqual({
      code: 1,
      stdout: expected,
      stderr: "",
    });
  });

  it("reads a tool file and a schema without it", () => {
    expect(cli(["check", file("bom-tools.json", bom + JSON.stringify(tools))]).stdout).toContain(
      "  ok           fine\n",
    );
    const schema = file("bom-schema.json", bom + JSON.stringify(object({ q: { type: "string" } })));
    expect(cli(["validate", "--schema", schema, file("bom-args.json", bom + '{"q": "x"}')])).toEqual({
      code: 0,
      stdout: "ok\n",
      stderr: "",
    });
  });

  it("keeps a byte-order mark after the start: a line that starts with one is not JSON, and the mark is named", () => {
    const calls = file("bom-line-2.jsonl", lines[0] + "\n" + bom + lines[0] + "\n");
    const { stdout } = cli(["validate", "--catalog", file("bom-catalog-2.json", tools), "--calls", calls]);
    expect(stdout.split("\n")[1]).toBe(
      '{"line":2,"error":"not JSON at column 1 (a byte-order mark; only the start of the file may hold one)"}',
    );
  });
});
