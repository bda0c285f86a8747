import ts from "typescript";

// Reads the examples of a Markdown file: the TypeScript blocks and the values
// their comments say they return, and the shell blocks that run with the
// output shown below them. The conventions are described in
// test/docs/doc-examples.test.ts, which runs them.

/** How a TypeScript example is tested, from the `<!-- example: … -->` comment before its block. */
export type Mode = "run" | "compile-only" | "types";

/** A line of an example's module, with the Markdown line it comes from (1-based). */
export interface Line {
  text: string;
  line: number;
}

export interface Example {
  mode: Mode;
  /** The Markdown line of the first block's opening fence. */
  line: number;
  /** The lines of the module: each block's context lines, then its code, in order. */
  lines: Line[];
}

/** A value an example's comment states, and the expression it is stated for. */
export interface Output {
  /** The Markdown line of the comment that states the value. */
  line: number;
  /** The comment's value, as written (`…` included). */
  text: string;
  expected: Expected;
  /** The expression's span in the module text. */
  start: number;
  end: number;
}

export type Expected =
  | { kind: "any" }
  | { kind: "value"; value: string | number | bigint | boolean | null | undefined }
  | { kind: "array"; items: Expected[]; rest: boolean }
  | { kind: "object"; properties: Map<string, Expected>; rest: boolean };

const MARKER = /^<!--\s*example:\s*([a-z-]+)\s*(-->)?\s*$/;
const MODES = new Set(["run", "continues", "compile-only", "types", "shell"]);

/** A fenced block: its language, the Markdown line of its opening fence, and its lines. */
export interface Block {
  language: string;
  line: number;
  lines: Line[];
  /** The marker's mode, "run" when there is none. */
  mode: Mode | "continues" | "shell";
  context: Line[];
}

/** The languages a block may be written in: TypeScript examples, shell, their output, and data shown as it is. */
const LANGUAGES = new Set(["ts", "sh", "text", "json", "yaml"]);

/** Every fenced block of a Markdown text, with its marker. Throws on a block without a language, or a malformed marker. */
export function readBlocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(`{3,})(\S*)\s*$/.exec(lines[i]);
    if (!fence) continue;
    let end = i + 1;
    while (end < lines.length && lines[end].trimEnd() !== fence[1]) end++;
    if (end === lines.length) throw new Error(`line ${i + 1}: a code block that never closes`);
    if (!LANGUAGES.has(fence[2]))
      throw new Error(
        `line ${i + 1}: a code block needs one of the languages ${[...LANGUAGES].join(", ")}, not "${fence[2]}"`,
      );
    const { mode, context } = readMarker(lines, i);
    if (
      fence[2] === "sh" ? mode !== "run" && mode !== "shell" : fence[2] === "ts" ? mode === "shell" : mode !== "run"
    ) {
      throw new Error(
        `line ${i + 1}: a ${fence[2]} block cannot be marked "${mode}" (ts blocks take the TypeScript modes, sh blocks "shell", others none)`,
      );
    }
    const code = lines.slice(i + 1, end).map((text, k) => ({ text, line: i + 2 + k }));
    blocks.push({ language: fence[2], line: i + 1, lines: code, mode, context });
    i = end;
  }
  return blocks;
}

/** Every ```ts block of a Markdown text, grouped into examples. Throws on a malformed marker. */
export function readExamples(markdown: string): Example[] {
  const examples: Example[] = [];
  let lastRun: Example | undefined;
  for (const block of readBlocks(markdown)) {
    if (block.language !== "ts") continue;
    const { mode, context, lines: code } = block;
    if (mode === "continues") {
      if (!lastRun) throw new Error(`line ${block.line}: "continues", but no example runs before it`);
      lastRun.lines.push(...context, ...code);
    } else {
      const example: Example = { mode: mode as Mode, line: block.line, lines: [...context, ...code] };
      examples.push(example);
      if (mode === "run") lastRun = example;
    }
  }
  return examples;
}

/** A shell example: the script of a sh block marked "shell", and the output shown in the text or json block right after it, if any. */
export interface ShellExample {
  line: number;
  script: string;
  output?: { line: number; text: string };
}

/**
 * The shell examples of a Markdown text. A text block is output, so it must
 * follow a shell example (nothing but blank lines between them).
 */
export function readShellExamples(markdown: string): ShellExample[] {
  const lines = markdown.split("\n");
  const blocks = readBlocks(markdown);
  const examples: ShellExample[] = [];
  blocks.forEach((block, index) => {
    const before = blocks[index - 1];
    const follows =
      before !== undefined &&
      before.mode === "shell" &&
      lines.slice(before.lines.length + before.line + 1, block.line - 1).every((line) => line.trim() === "");
    if (block.language === "text" && !follows)
      throw new Error(`line ${block.line}: a text block shows output, so it follows a shell example`);
    if (block.mode === "shell")
      examples.push({ line: block.line, script: block.lines.map((line) => line.text).join("\n") + "\n" });
    else if (follows && (block.language === "text" || block.language === "json")) {
      examples[examples.length - 1].output = {
        line: block.line,
        text: block.lines.map((line) => line.text).join("\n"),
      };
    }
  });
  return examples;
}

/** What may differ between runs: durations and rates. Shown and printed output are compared with them written as these words. */
const VARYING: [RegExp, string][] = [
  [/\d[\d,]*(?:\.\d+)? records\/s\b/g, "<rate>"],
  [/\d[\d,]*(?:\.\d+)? (?:s|ms|µs|ns)\b/g, "<time>"],
];

/**
 * Where printed output differs from the output a document shows, or
 * undefined when they agree: line by line, with durations and rates
 * written as words on both sides, and `…` in a shown line standing for any
 * text within that line.
 */
export function outputDifference(shown: string, printed: string): string | undefined {
  const normalize = (text: string) =>
    VARYING.reduce((out, [pattern, word]) => out.replace(pattern, word), text.replace(/\n+$/, "")).split("\n");
  const [want, got] = [normalize(shown), normalize(printed)];
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    if (want[i] === undefined) return `line ${i + 1} is not shown: ${got[i]}`;
    if (got[i] === undefined) return `line ${i + 1} is shown but not printed: ${want[i]}`;
    const pattern = new RegExp(
      `^${want[i]
        .split("…")
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
      "u",
    );
    if (!pattern.test(got[i])) return `line ${i + 1} differs:\n  shown    ${want[i]}\n  printed  ${got[i]}`;
  }
  return undefined;
}

/** The anchors of a Markdown text's headings, as GitHub makes them: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^`{3,}/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+?)\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The relative links of a Markdown text outside code (`[text](target)`), with their lines. */
export function relativeLinks(markdown: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fenced = false;
  markdown.split("\n").forEach((text, index) => {
    if (/^`{3,}/.test(text)) fenced = !fenced;
    if (fenced) return;
    // Inline code is not a link.
    const prose = text.replace(/`[^`]*`/g, "");
    for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!/^[a-z]+:/i.test(match[1])) links.push({ line: index + 1, target: match[1] });
    }
  });
  return links;
}

/** The marker comment that ends on the line before a fence: its mode, and its other lines as context. */
function readMarker(lines: string[], fence: number): { mode: Mode | "continues" | "shell"; context: Line[] } {
  const last = fence - 1;
  if (last < 0 || !lines[last].trimEnd().endsWith("-->")) return { mode: "run", context: [] };
  let first = last;
  while (first >= 0 && !lines[first].startsWith("<!--")) first--;
  if (first < 0) throw new Error(`line ${last + 1}: "-->" without "<!--"`);
  const head = MARKER.exec(lines[first].trimEnd());
  if (!head) {
    if (/^<!--\s*example/.test(lines[first]))
      throw new Error(`line ${first + 1}: write the marker as <!-- example: MODE -->`);
    return { mode: "run", context: [] };
  }
  if (!MODES.has(head[1])) throw new Error(`line ${first + 1}: unknown example mode "${head[1]}"`);
  const mode = head[1] as Mode | "continues" | "shell";
  if (head[2] !== undefined) return { mode, context: [] };
  if (lines[last].trim() !== "-->")
    throw new Error(`line ${last + 1}: put "-->" on a line of its own after the context`);
  const context = lines.slice(first + 1, last).map((text, k) => ({ text, line: first + 2 + k }));
  return { mode, context };
}

/** The module text of an example, and the Markdown line of each of its lines. */
export function moduleText(example: Example): { text: string; lineOf: (index: number) => number } {
  return {
    text: `${example.lines.map((line) => line.text).join("\n")}\n`,
    lineOf: (index) => example.lines[Math.min(index, example.lines.length - 1)].line,
  };
}

/** Where a comment's text starts to state a value rather than prose. */
const VALUE_START = /^(?:[{["'`]|-?\d|(?:true|false|null|undefined)\b)/;

/**
 * The values an example's comments state. A value is stated for a top-level
 * expression statement, in a `//` comment on its last line or, if that has
 * none that starts with a value, in the `//` lines right below it (a value may
 * span several of them). What follows the value is prose. A comment line that
 * starts with a value but follows no expression statement is an error.
 */
export function readOutputs(example: Example): Output[] {
  const { text } = moduleText(example);
  const source = ts.createSourceFile("example.mts", text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const lines = text.split("\n");
  const used = new Set<number>();
  const outputs: Output[] = [];

  const commentAt = (index: number): string | undefined => {
    const trimmed = lines[index]?.trim();
    return trimmed?.startsWith("//") ? trimmed.slice(2).trim() : undefined;
  };

  for (const statement of source.statements) {
    const endLine = source.getLineAndCharacterOfPosition(statement.end).line;
    const trailing = ts
      .getTrailingCommentRanges(text, statement.end)
      ?.find((range) => range.kind === ts.SyntaxKind.SingleLineCommentTrivia);
    const trailingText = trailing ? text.slice(trailing.pos + 2, trailing.end).trim() : undefined;
    let first: number;
    let parts: string[];
    if (trailingText !== undefined && VALUE_START.test(trailingText)) {
      first = endLine;
      parts = [trailingText];
    } else if (commentAt(endLine + 1) !== undefined && VALUE_START.test(commentAt(endLine + 1)!)) {
      first = endLine + 1;
      parts = [commentAt(first)!];
    } else {
      continue;
    }
    if (!ts.isExpressionStatement(statement)) {
      throw new Error(`line ${example.lines[first].line}: a stated value must follow an expression statement`);
    }
    // Lines below the first belong to the value until it is complete.
    let value = takeValue(parts.join("\n"));
    for (let next = first + 1; value === undefined && commentAt(next) !== undefined; next++) {
      parts.push(commentAt(next)!);
      value = takeValue(parts.join("\n"));
    }
    if (value === undefined) throw new Error(`line ${example.lines[first].line}: a stated value that never ends`);
    used.add(first);
    let expression: ts.Expression = statement.expression;
    // `console.log(x)` states what it prints: x.
    if (
      ts.isCallExpression(expression) &&
      expression.getText(source).startsWith("console.log(") &&
      expression.arguments.length === 1
    ) {
      expression = expression.arguments[0];
    }
    outputs.push({
      line: example.lines[first].line,
      text: value,
      expected: parseExpected(value, example.lines[first].line),
      start: expression.getStart(source),
      end: expression.end,
    });
  }

  // A value-like comment nobody claimed states a value for nothing.
  lines.forEach((_line, index) => {
    if (used.has(index)) return;
    const comment = commentAt(index);
    if (comment !== undefined && VALUE_START.test(comment) && commentAt(index - 1) === undefined) {
      throw new Error(`line ${example.lines[index].line}: a stated value that follows no expression statement`);
    }
  });
  return outputs;
}

/** The first complete value at the start of a comment's text (a literal, an object or a list), or undefined. */
export function takeValue(text: string): string | undefined {
  const word = /^(?:-?\d[\d_.eEn+-]*|true|false|null|undefined)\b/.exec(text);
  if (word) return word[0];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      i = endOfString(text, i);
      if (i < 0) return undefined;
      if (depth === 0) return text.slice(0, i + 1);
    } else if (c === "{" || c === "[") {
      depth++;
    } else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return text.slice(0, i + 1);
    }
  }
  return undefined;
}

/** The index of the quote that closes the string opened at `open`, or -1. */
function endOfString(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === text[open]) return i;
  }
  return -1;
}

const ANY = "__ANY__";

/**
 * A stated value as a pattern. `…` outside strings stands for anything: as a
 * property's value, as the last item of a list (any more items), or as a
 * member of an object (any other properties). A shorthand property (`{ message }`)
 * must be present, with any value. `…` inside a string is part of the string.
 */
export function parseExpected(value: string, line: number): Expected {
  let marked = "";
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '"' || c === "'" || c === "`") {
      const end = endOfString(value, i);
      marked += value.slice(i, end + 1);
      i = end;
    } else {
      marked += c === "…" ? ANY : c;
    }
  }
  const source = ts.createSourceFile("value.ts", `(${marked})`, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const statement = source.statements[0];
  if (
    source.statements.length !== 1 ||
    !ts.isExpressionStatement(statement) ||
    !ts.isParenthesizedExpression(statement.expression)
  ) {
    throw new Error(`line ${line}: not a value: ${value}`);
  }
  return toExpected(statement.expression.expression, line, value);
}

function toExpected(node: ts.Expression, line: number, whole: string): Expected {
  const fail = (): never => {
    throw new Error(`line ${line}: cannot read ${JSON.stringify(node.getText())} in the stated value ${whole}`);
  };
  if (ts.isIdentifier(node)) {
    if (node.text === ANY) return { kind: "any" };
    if (node.text === "undefined") return { kind: "value", value: undefined };
    return fail();
  }
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { kind: "value", value: node.text };
  if (ts.isNumericLiteral(node)) return { kind: "value", value: Number(node.text) };
  if (ts.isBigIntLiteral(node)) return { kind: "value", value: BigInt(node.text.slice(0, -1)) };
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  ) {
    return { kind: "value", value: -Number(node.operand.text) };
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return { kind: "value", value: true };
  if (node.kind === ts.SyntaxKind.FalseKeyword) return { kind: "value", value: false };
  if (node.kind === ts.SyntaxKind.NullKeyword) return { kind: "value", value: null };
  if (ts.isArrayLiteralExpression(node)) {
    const elements = [...node.elements];
    const last = elements.at(-1);
    const rest = last !== undefined && ts.isIdentifier(last) && last.text === ANY;
    if (rest) elements.pop();
    return { kind: "array", items: elements.map((element) => toExpected(element, line, whole)), rest };
  }
  if (ts.isObjectLiteralExpression(node)) {
    const properties = new Map<string, Expected>();
    let rest = false;
    for (const property of node.properties) {
      if (ts.isShorthandPropertyAssignment(property)) {
        if (property.name.text === ANY) rest = true;
        else properties.set(property.name.text, { kind: "any" });
      } else if (
        ts.isPropertyAssignment(property) &&
        (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) || ts.isNumericLiteral(property.name))
      ) {
        properties.set(property.name.text, toExpected(property.initializer, line, whole));
      } else {
        return fail();
      }
    }
    return { kind: "object", properties, rest };
  }
  return fail();
}

/** Where a value differs from a stated one ("" is the value itself), or undefined when it matches. */
export function difference(expected: Expected, actual: unknown, at = ""): string | undefined {
  const here = at === "" ? "the value" : at;
  switch (expected.kind) {
    case "any":
      return undefined;
    case "value":
      return Object.is(expected.value, actual) || (expected.value === 0 && actual === 0) ? undefined : here;
    case "array": {
      if (!Array.isArray(actual)) return here;
      if (expected.rest ? actual.length < expected.items.length : actual.length !== expected.items.length)
        return `${here} (length)`;
      for (let i = 0; i < expected.items.length; i++) {
        const found = difference(expected.items[i], actual[i], `${at}[${i}]`);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    case "object": {
      if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return here;
      for (const [key, value] of expected.properties) {
        if (!Object.hasOwn(actual, key)) return `${at}.${key} (missing)`;
        const found = difference(value, (actual as Record<string, unknown>)[key], `${at}.${key}`);
        if (found !== undefined) return found;
      }
      if (!expected.rest) {
        const extra = Object.keys(actual).find((key) => !expected.properties.has(key));
        if (extra !== undefined) return `${at}.${extra} (not stated)`;
      }
      return undefined;
    }
  }
}
