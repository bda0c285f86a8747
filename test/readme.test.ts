import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { difference, moduleText, readExamples, readOutputs, type Example, type Output } from "./support/readme-examples";

/*
 * README.md's examples are tests: a README that drifts from the package fails here.
 *
 * Every ```ts block of README.md is compiled as an ES module with TypeScript
 * (strict) in one program, against the built package as users get it: a
 * scratch folder whose node_modules links "tool-input-schema" to this
 * checkout (so the import resolves through package.json to lib/ and its
 * .d.ts), and @modelcontextprotocol and @types to the installed ones. lib/
 * must be current: after changing src/, run `npx tsc -p tsconfig.build.json`.
 *
 * An HTML comment on the line right before a block's opening fence says how
 * the block is tested; without one, the block runs:
 *
 *   (no comment)                 compiled and run in a fresh node process.
 *   <!-- example: continues -->  the block continues the last example that
 *                                runs (one module: its names are in scope).
 *   <!-- example: compile-only   type-checked only, for a block that needs a
 *   declare const client: …;     live server. Lines between the first line and
 *   -->                          a closing "-->" line are TypeScript put before
 *                                the block: the context it assumes, usually
 *                                `declare`s. Any mode may carry such lines.
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
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const root = join(__dirname, "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const examples = readExamples(readme);
const fileOf = (example: Example) => `example-${example.line}.mts`;

/** The package's types used with the SDK's, beyond what the README shows. */
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
      { text: `type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;`, line: last },
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
  return ts.transpileModule(out, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
}

/** Runs in the child: imports the examples in order and prints what they returned, as JSON. */
const runner = `
const shown = {};
const encode = (value) => JSON.stringify(value, (_key, v) =>
  typeof v === "bigint" ? { $bigint: String(v) } : v === undefined ? { $undefined: true } : v);
const [, , ...files] = process.argv;
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
process.stdout.write(JSON.stringify({ shown, errors }));
`;

const decode = (json: string): unknown =>
  JSON.parse(json, (_key, v) => {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      if (Object.keys(v).length === 1 && "$bigint" in v) return BigInt(v.$bigint);
      if (Object.keys(v).length === 1 && "$undefined" in v) return undefined;
    }
    return v;
  });

let scratch: string;
let diagnostics: Map<string, string[]>;
let ran: { shown: Record<string, string[]>; errors: Record<string, string> };

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "tool-input-schema-readme-"));
  mkdirSync(join(scratch, "node_modules"));
  symlinkSync(root, join(scratch, "node_modules", "tool-input-schema"), "dir");
  symlinkSync(join(root, "node_modules", "@modelcontextprotocol"), join(scratch, "node_modules", "@modelcontextprotocol"), "dir");
  symlinkSync(join(root, "node_modules", "@types"), join(scratch, "node_modules", "@types"), "dir");

  // One program for every block: a module each.
  const files = new Map<string, Example | undefined>();
  for (const example of examples) {
    const file = join(scratch, fileOf(example));
    const compiled = example.mode === "types" ? typesExample(example) : example;
    writeFileSync(file, moduleText(compiled).text);
    files.set(file, compiled);
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
    const example = file === undefined ? undefined : files.get(file);
    if (file === undefined || !diagnostics.has(file)) {
      diagnostics.get(join(scratch, "sdk-types.mts"))!.push(`${file ?? "(program)"}: ${message}`);
    } else if (example !== undefined && diagnostic.start !== undefined) {
      const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start);
      diagnostics.get(file)!.push(`README.md:${moduleText(example).lineOf(line)}: ${message}`);
    } else {
      diagnostics.get(file)!.push(message);
    }
  }

  const runnable = examples.filter((example) => example.mode === "run");
  for (const example of runnable) {
    writeFileSync(join(scratch, fileOf(example).replace(/\.mts$/, ".mjs")), instrumented(moduleText(example).text, readOutputs(example)));
  }
  writeFileSync(join(scratch, "runner.mjs"), runner);
  const stdout = execFileSync(
    process.execPath,
    ["runner.mjs", ...runnable.map((example) => fileOf(example).replace(/\.mts$/, ".mjs"))],
    // The timeout only ends an example that never settles; no answer depends on it.
    { cwd: scratch, encoding: "utf8", maxBuffer: 64 << 20, timeout: 100_000 },
  );
  ran = JSON.parse(stdout);
});

afterAll(() => {
  // The links are removed, never followed.
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("README.md", () => {
  it("has examples of each kind, and states values to compare", () => {
    const modes = new Set(examples.map((example) => example.mode));
    expect([...modes].sort()).toEqual(["compile-only", "run", "types"]);
    const stated = examples.filter((example) => example.mode === "run").flatMap((example) => readOutputs(example));
    expect(stated.length).toBeGreaterThanOrEqual(8);
  });

  it.each(examples.map((example) => [example.line, example.mode, example] as const))(
    "the example at line %d (%s) compiles under strict TypeScript",
    (_line, _mode, example) => {
      expect(diagnostics.get(join(scratch, fileOf(example)))).toEqual([]);
    },
  );

  const stated = examples
    .filter((example) => example.mode === "run")
    .flatMap((example) => readOutputs(example).map((output, index) => [output.line, output, example, index] as const));
  it.each(stated)("the value stated at line %d is what the example returns", (_line, output, example, index) => {
    const file = fileOf(example).replace(/\.mts$/, ".mjs");
    expect(ran.errors[file], "the example throws").toBeUndefined();
    const json = ran.shown[file]?.[index];
    expect(json, "the statement never ran").toBeDefined();
    const actual = decode(json!);
    const where = difference(output.expected, actual);
    if (where !== undefined) {
      expect.fail(
        `README.md:${output.line} states\n  ${output.text.replace(/\n/g, "\n  ")}\nbut the example returns\n  ${inspect(actual, { depth: Infinity, breakLength: 100 }).replace(/\n/g, "\n  ")}\nfirst difference: ${where}`,
      );
    }
  });
});

describe("the package's types with @modelcontextprotocol/sdk", () => {
  it("a RefusedToolResult is a CallToolResult", () => {
    expect(diagnostics.get(join(scratch, "sdk-types.mts"))).toEqual([]);
  });
});
