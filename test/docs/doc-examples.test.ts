import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { inspect } from "node:util";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  difference,
  headingAnchors,
  moduleText,
  outputDifference,
  readExamples,
  readOutputs,
  readShellExamples,
  relativeLinks,
  type Example,
  type Output,
  type ShellExample,
} from "../support/doc-examples";

/*
 * The examples of README.md and of every docs/*.md page are tests: a page
 * that drifts from the package fails here.
 *
 * They run where a user runs them: in a scratch project whose node_modules
 * links "tool-input-schema" to this checkout (so an import resolves through
 * package.json to lib/ and its .d.ts, and `npx tool-input-schema` runs the
 * package's bin), @modelcontextprotocol, ai and @types to the installed ones
 * (with the bin of @modelcontextprotocol/server-everything, as npm installs
 * it), and which holds a copy of the package's examples/ (the README's quick
 * start says to copy them there). lib/ must be current: after changing src/,
 * run `npx tsc -p tsconfig.build.json`.
 *
 * TypeScript. Every ```ts block is compiled as an ES module with TypeScript
 * (strict) in one program. An HTML comment on the line right before a
 * block's opening fence says how the block is tested; without one, the
 * block runs:
 *
 *   (no comment)                 compiled and run in a fresh node process.
 *   <!-- example: continues -->  the block continues the last example of its
 *                                page that runs (one module: its names are in
 *                                scope).
 *   <!-- example: compile-only   type-checked only, for a block that needs
 *   declare const client: …;     what a test cannot have. Lines between the
 *   -->                          first line and a closing "-->" line are
 *                                TypeScript put before the block: the context
 *                                it assumes, usually `declare`s. Any mode may
 *                                carry such lines.
 *   <!-- example: types -->      type declarations: each type or interface the
 *                                block declares must be the package's export
 *                                of that name, exactly.
 *
 * Stated values. In a block that runs, a `//` comment that starts with a
 * value (`{`, `[`, a quote, a number, true, false, null) states what the
 * expression statement before it returns: on the statement's last line, or on
 * the comment lines right below it (`console.log(x)` states what it prints:
 * x). The value is read as a JavaScript literal, so a string is written as
 * util.inspect shows it; prose may follow it. `…` outside a string stands for
 * anything: a property's value (`message: …`), any further items of a list
 * (`[a, …]`) or any other properties (`{ ok: false, … }`); a shorthand
 * property (`{ message }`) must be there, with any value. A value-like
 * comment that follows no expression statement is an error.
 *
 * Shell. A ```sh block marked <!-- example: shell --> runs in bash, in the
 * scratch project, the pages in order (README.md first); `npx
 * tool-input-schema` is the package's bin. If a ```text (or ```json) block
 * follows it, with only blank lines between, that is what the block prints
 * (stdout and stderr together): compared line by line, durations (`0.01 s`,
 * `38 ms`) and rates (`643 records/s`) as words on both sides, and `…` in a
 * shown line standing for any text within that line. Without one, the block
 * must write nothing to stderr. A ```sh block without the marker is shown,
 * not run (npm's own commands, a cluster); a ```text block must follow a
 * shell example; every block names its language.
 *
 * Links. Every relative link of a page points at a file of this checkout,
 * and an anchor at a heading of that file.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

const root = join(__dirname, "..", "..");
const pages = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`),
];
const texts = new Map(pages.map((page) => [page, readFileSync(join(root, page), "utf8")]));
const examplesOf = new Map(pages.map((page) => [page, readExamples(texts.get(page)!)]));
const shellOf = new Map(pages.map((page) => [page, readShellExamples(texts.get(page)!)]));
const fileOf = (page: string, example: Example) => `${page.replace(/[/.]/g, "_")}-${example.line}.mts`;
const runnable = pages.flatMap((page) =>
  examplesOf
    .get(page)!
    .filter((example) => example.mode === "run")
    .map((example) => ({ page, example })),
);

/** The package's types used with the SDK's, beyond what the pages show. */
const sdkTypes = `
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { RefusedToolResult } from "tool-input-schema";
const refused: RefusedToolResult = { content: [{ type: "text", text: "invalid arguments: path: missing (required)" }], isError: true };
export const result: CallToolResult = refused;
`;

/**
 * A types block, followed by one identity check per declared type against the
 * package's export of that name; a check's error points at the declaration.
 */
function typesExample(example: Example): Example {
  const { text, lineOf } = moduleText(example);
  const source = ts.createSourceFile("types.mts", text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const checks = source.statements
    .filter((statement) => ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement))
    .map((statement) => {
      const { name } = statement as ts.TypeAliasDeclaration | ts.InterfaceDeclaration;
      const line = lineOf(source.getLineAndCharacterOfPosition(name.getStart(source)).line);
      return { text: `export const same_${name.text}: Same<${name.text}, Package.${name.text}> = true;`, line };
    });
  const last = example.lines.at(-1)!.line;
  return {
    ...example,
    lines: [
      ...example.lines,
      { text: `import type * as Package from "tool-input-schema";`, line: last },
      {
        text: `type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;`,
        line: last,
      },
      ...checks,
    ],
  };
}

/** A block's module with every stated expression passed through the recorder, as JavaScript. */
function instrumented(text: string, outputs: Output[]): string {
  let out = text;
  for (const [index, output] of [...outputs.entries()].reverse()) {
    out = `${out.slice(0, output.start)}globalThis.__readmeShow(${index}, (${out.slice(output.start, output.end)}))${out.slice(output.end)}`;
  }
  return ts.transpileModule(out, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } })
    .outputText;
}

/** Runs in the child: imports the examples in order and prints what they returned, as JSON. */
const runner = `
const shown = {};
const encode = (value) => JSON.stringify(value, (_key, v) =>
  typeof v === "bigint" ? { $bigint: String(v) } : v === undefined ? { $undefined: true } : v);
const [, , out, ...files] = process.argv;
const errors = {};
for (const file of files) {
  shown[file] = [];
  globalThis.__readmeShow = (index, value) => {
    shown[file][index] = encode(value);
    return value;
  };
  try {
    await import("./" + file);
  } catch (error) {
    errors[file] = String(error?.stack ?? error);
  }
}
(await import("node:fs")).writeFileSync(out, JSON.stringify({ shown, errors }));
`;

const decode = (json: string): unknown =>
  JSON.parse(json, (_key, v) => {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      if (Object.keys(v).length === 1 && "$bigint" in v) return BigInt(v.$bigint);
      if (Object.keys(v).length === 1 && "$undefined" in v) return undefined;
    }
    return v;
  });

/**
 * The shell the shell examples run in: the project's bins first on PATH, and
 * `npx` running an installed bin, as it does when the package is installed
 * (anything else would be fetched from the registry, which no example needs).
 */
const preamble = `
npx() {
  while [ "\${1#-}" != "$1" ]; do shift; done
  local bin="$1"
  shift
  [ -e "node_modules/.bin/$bin" ] || { echo "npx $bin: not installed in the example's project" >&2; return 127; }
  "node_modules/.bin/$bin" "$@"
}
`;

let scratch: string;
let diagnostics: Map<string, string[]>;
let ran: { shown: Record<string, string[]>; errors: Record<string, string> };
const shellRuns = new Map<ShellExample, { output: string; stderr: string; status: number | null }>();

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "tool-input-schema-docs-"));
  mkdirSync(join(scratch, "node_modules", ".bin"), { recursive: true });
  symlinkSync(root, join(scratch, "node_modules", "tool-input-schema"), "dir");
  symlinkSync(
    join(root, "node_modules", "@modelcontextprotocol"),
    join(scratch, "node_modules", "@modelcontextprotocol"),
    "dir",
  );
  symlinkSync(join(root, "node_modules", "ai"), join(scratch, "node_modules", "ai"), "dir");
  symlinkSync(join(root, "node_modules", "@types"), join(scratch, "node_modules", "@types"), "dir");
  // The bins, as npm links them on install.
  const bin = join(scratch, "node_modules", ".bin", "tool-input-schema");
  writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" "${join(root, "lib", "cli", "main.js")}" "$@"\n`);
  chmodSync(bin, 0o755);
  symlinkSync(
    "../@modelcontextprotocol/server-everything/dist/index.js",
    join(scratch, "node_modules", ".bin", "mcp-server-everything"),
  );
  // The quick start's `cp -r node_modules/tool-input-schema/examples .`
  cpSync(join(root, "examples"), join(scratch, "examples"), { recursive: true });
  writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));

  // One program for every block of every page: a module each.
  const files = new Map<string, { page: string; example: Example } | undefined>();
  for (const page of pages) {
    for (const example of examplesOf.get(page)!) {
      const file = join(scratch, fileOf(page, example));
      const compiled = example.mode === "types" ? typesExample(example) : example;
      writeFileSync(file, moduleText(compiled).text);
      files.set(file, { page, example: compiled });
    }
  }
  files.set(join(scratch, "sdk-types.mts"), undefined);
  writeFileSync(join(scratch, "sdk-types.mts"), sdkTypes);
  const program = ts.createProgram([...files.keys()], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    types: ["node"],
    skipLibCheck: true,
    noEmit: true,
  });
  diagnostics = new Map([...files.keys()].map((file) => [file, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    const file = diagnostic.file?.fileName;
    const from = file === undefined ? undefined : files.get(file);
    if (file === undefined || !diagnostics.has(file)) {
      diagnostics.get(join(scratch, "sdk-types.mts"))!.push(`${file ?? "(program)"}: ${message}`);
    } else if (from !== undefined && diagnostic.start !== undefined) {
      const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start);
      diagnostics.get(file)!.push(`${from.page}:${moduleText(from.example).lineOf(line)}: ${message}`);
    } else {
      diagnostics.get(file)!.push(message);
    }
  }

  const scripts = runnable.map(({ page, example }) => fileOf(page, example).replace(/\.mts$/, ".mjs"));
  runnable.forEach(({ example }, i) =>
    writeFileSync(join(scratch, scripts[i]), instrumented(moduleText(example).text, readOutputs(example))),
  );
  writeFileSync(join(scratch, "runner.mjs"), runner);
  // The timeout only ends an example that never settles; no answer depends on it.
  execFileSync(process.execPath, ["runner.mjs", "ran.json", ...scripts], {
    cwd: scratch,
    stdio: ["ignore", "ignore", "pipe"],
    timeout: 200_000,
  });
  ran = JSON.parse(readFileSync(join(scratch, "ran.json"), "utf8"));

  const env = {
    ...process.env,
    PATH: `${join(scratch, "node_modules", ".bin")}:${process.env.PATH}`,
    npm_config_offline: "true",
  };
  for (const page of pages) {
    for (const example of shellOf.get(page)!) {
      // Shown output is stdout and stderr in the order they were written (one pipe for both); else stderr on its own.
      const script = example.output === undefined ? example.script : `exec 2>&1\n${example.script}`;
      const run = spawnSync("bash", ["-c", `${preamble}\n${script}`], {
        cwd: scratch,
        env,
        encoding: "utf8",
        timeout: 100_000,
      });
      shellRuns.set(example, { output: run.stdout, stderr: run.stderr, status: run.status });
    }
  }
});

afterAll(() => {
  // The links are removed, never followed.
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the pages' examples", () => {
  it("are of each kind, and state values and output to compare", () => {
    const all = pages.flatMap((page) => examplesOf.get(page)!);
    expect([...new Set(all.map((example) => example.mode))].sort()).toEqual(["compile-only", "run", "types"]);
    const stated = (page: string) =>
      examplesOf
        .get(page)!
        .filter((example) => example.mode === "run")
        .flatMap((example) => readOutputs(example));
    expect(stated("README.md").length).toBeGreaterThanOrEqual(8);
    expect(shellOf.get("README.md")!.filter((example) => example.output !== undefined).length).toBeGreaterThanOrEqual(
      1,
    );
    for (const page of ["docs/api.md", "docs/cli.md", "docs/mcp.md"]) {
      expect({ page, examples: examplesOf.get(page)!.length + shellOf.get(page)!.length > 0 }).toEqual({
        page,
        examples: true,
      });
    }
  });

  it("open the README with the examples command: the first code a reader meets validates the shipped calls", () => {
    const readme = texts.get("README.md")!;
    const first = readme.indexOf("```");
    expect(readme.slice(first, readme.indexOf("\n", first))).toBe("```sh");
    expect(shellOf.get("README.md")![0].script).toBe(
      "npx tool-input-schema validate --catalog examples/tools.json --calls examples/calls.jsonl --summary\n",
    );
    expect(readme.slice(0, first)).toContain("<!-- example: shell -->");
  });
});

for (const page of pages) {
  describe(page, () => {
    const examples = examplesOf.get(page)!;
    if (examples.length > 0) {
      it.each(examples.map((example) => [example.line, example.mode, example] as const))(
        "the TypeScript example at line %d (%s) compiles under strict TypeScript",
        (_line, _mode, example) => {
          expect(diagnostics.get(join(scratch, fileOf(page, example)))).toEqual([]);
        },
      );
    }

    const stated = examples
      .filter((example) => example.mode === "run")
      .flatMap((example) =>
        readOutputs(example).map((output, index) => [output.line, output, example, index] as const),
      );
    if (stated.length > 0) {
      it.each(stated)("the value stated at line %d is what the example returns", (_line, output, example, index) => {
        const file = fileOf(page, example).replace(/\.mts$/, ".mjs");
        expect(ran.errors[file], "the example throws").toBeUndefined();
        const json = ran.shown[file]?.[index];
        expect(json, "the statement never ran").toBeDefined();
        const actual = decode(json!);
        const where = difference(output.expected, actual);
        if (where !== undefined) {
          expect.fail(
            `${page}:${output.line} states\n  ${output.text.replace(/\n/g, "\n  ")}\nbut the example returns\n  ${inspect(actual, { depth: Infinity, breakLength: 100 }).replace(/\n/g, "\n  ")}\nfirst difference: ${where}`,
          );
        }
      });
    }

    const shell = shellOf.get(page)!;
    if (shell.length > 0) {
      it.each(
        shell.map(
          (example) =>
            [
              example.line,
              example.output === undefined ? "nothing on stderr" : `the output at line ${example.output.line}`,
              example,
            ] as const,
        ),
      )("the shell example at line %d prints %s", (_line, _what, example) => {
        const run = shellRuns.get(example)!;
        if (example.output === undefined) {
          expect({ stderr: run.stderr, status: run.status === null || run.status > 1 ? run.status : "0 or 1" }).toEqual(
            { stderr: "", status: "0 or 1" },
          );
        } else {
          const where = outputDifference(example.output.text, run.output);
          if (where !== undefined)
            expect.fail(
              `${page}:${example.output.line}: the shown output is not what the example prints: ${where}\nprinted:\n${run.output}`,
            );
        }
      });
    }

    it("links to files and headings that exist", () => {
      const broken = relativeLinks(texts.get(page)!).filter(({ target }) => {
        const [path, anchor] = target.split("#");
        const file = path === "" ? join(root, page) : join(root, dirname(page), path);
        if (!existsSync(file)) return true;
        return anchor !== undefined && file.endsWith(".md") && !headingAnchors(readFileSync(file, "utf8")).has(anchor);
      });
      expect(broken.map(({ line, target }) => `${page}:${line}: ${target}`)).toEqual([]);
    });
  });
}

describe("the package's types with @modelcontextprotocol/sdk", () => {
  it("a RefusedToolResult is a CallToolResult", () => {
    expect(diagnostics.get(join(scratch, "sdk-types.mts"))).toEqual([]);
  });
});

describe("the file map (docs/architecture.md, Files)", () => {
  it("names every file of src/ and native/, and only files that exist", () => {
    const map = readFileSync(join(root, "docs", "architecture.md"), "utf8");
    const named = new Set(
      [...map.matchAll(/`((?:src|native|scripts|test|bench|fixtures|examples|docs)\/[^`\s]*)`/g)].map(
        (match) => match[1],
      ),
    );
    const missing = [...named].filter((path) => !existsSync(join(root, path.replace(/\.cc\/\.h$/, ".cc"))));
    expect(missing).toEqual([]);
    const walk = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const sources = [...walk("src"), ...walk("native").filter((file) => !file.includes("/fuzz/corpus/"))].map((file) =>
      relative(root, join(root, file)),
    );
    const unnamed = sources.filter(
      (file) =>
        ![...named].some(
          (path) =>
            path === file ||
            path.replace(/\.cc\/\.h$/, ".cc") === file ||
            path.replace(/\.cc\/\.h$/, ".h") === file ||
            (path.endsWith("/") && file.startsWith(path)),
        ),
    );
    expect(unnamed).toEqual([]);
  });
});

describe("the rule column (docs/contract.md, Where each rule lives)", () => {
  const contract = readFileSync(join(root, "docs", "contract.md"), "utf8");
  const section = contract.slice(contract.indexOf("## Where each rule lives"));
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| rule") && !line.startsWith("| ---"));
  const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

  it("lists the rules", () => {
    expect(rows.length).toBeGreaterThan(40);
  });

  it.each(rows.map((row) => [row.split(" | ")[0].slice(2), row]))(
    "%s: its files exist and declare its names",
    (_rule, row) => {
      const [, filesCell, namesCell] = row.split(" | ");
      const files = ticked(filesCell);
      expect(files.length).toBeGreaterThan(0);
      const texts = files.map((file) => (existsSync(join(root, file)) ? readFileSync(join(root, file), "utf8") : null));
      expect(files.filter((_file, i) => texts[i] === null)).toEqual([]);
      // A name is declared where a function, class, constant or method of that name begins (C++ too: `Type Name(`, `Class::Name(`).
      const declares = (text: string, name: string) =>
        new RegExp(
          `(?:function|class|const|let|interface|type|enum|struct)\\s+${name}\\b|^\\s*(?:private |static |readonly )*${name}\\s*[(<]|^[\\w:<>* ]+[ :]${name}\\(`,
          "m",
        ).test(text);
      // Names in parentheses are methods of the class before them.
      const names = ticked(namesCell.replace(/\(([^)]*)\)/g, "$1"));
      const undeclared = names.filter((name) => !texts.some((text) => declares(text!, name)));
      expect(undeclared).toEqual([]);
    },
  );
});
