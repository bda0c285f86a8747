import type { ErrorKind, Failure, Issue } from "./types";

/** At most this many problems are spelled out in a message (SchemaGuard). */
export const MAX_REPORTED = 5;

const TYPE_WORDS: Record<string, string> = {
  object: "an object",
  array: "a list",
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "a boolean",
  null: "null",
};

/** "a string", "a list"... for a JSON Schema type name. */
export function typeWord(type: string): string {
  return TYPE_WORDS[type] ?? type;
}

/** "a", "a or b", "a, b or c". */
export function either(words: readonly string[]): string {
  const unique = [...new Set(words)];
  if (unique.length <= 1) return unique[0] ?? "";
  return `${unique.slice(0, -1).join(", ")} or ${unique[unique.length - 1]}`;
}

const PREVIEW_LENGTH = 60;

/** A value as JSON text, shortened for a message. */
export function preview(value: unknown): string {
  // A string is cut before it is quoted: it may be hundreds of megabytes long.
  const shown = typeof value === "string" && value.length > PREVIEW_LENGTH ? value.slice(0, PREVIEW_LENGTH) : value;
  const text = typeof shown === "bigint" ? String(shown) : JSON.stringify(shown) ?? String(shown);
  return text.length <= PREVIEW_LENGTH ? text : `${text.slice(0, PREVIEW_LENGTH - 1)}…`;
}

const isControl = (unit: number) => unit < 0x20 || (unit >= 0x7f && unit <= 0x9f) || unit === 0x2028 || unit === 0x2029;

/** Text with control and line-separator characters escaped (`\u000a`), so a message stays one line. */
export function oneLine(text: string): string {
  let i = 0;
  while (i < text.length && !isControl(text.charCodeAt(i))) i++;
  if (i === text.length) return text;
  let out = text.slice(0, i);
  for (; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    out += isControl(unit) ? `\\u${unit.toString(16).padStart(4, "0")}` : text[i];
  }
  return out;
}

/** "1 item", "3 items", "2 properties". */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

const JSON_TEXT_LIMIT = 1 << 20;

/**
 * The most common model mistake: a list or object sent as JSON text. Returns
 * the hint to add when `value` is a string that parses as the expected shape.
 */
export function jsonTextHint(value: unknown, expected: readonly string[]): string {
  if (typeof value !== "string" || value.length > JSON_TEXT_LIMIT) return "";
  const text = value.trim();
  const wantsList = expected.includes("array") && text.startsWith("[");
  const wantsObject = expected.includes("object") && text.startsWith("{");
  if (!wantsList && !wantsObject) return "";
  try {
    JSON.parse(text);
  } catch {
    return "";
  }
  return `; send the ${wantsList ? "list" : "object"} itself, not JSON text`;
}

const PREFIX: Record<ErrorKind, string> = {
  validation: "invalid arguments",
  unsupported_capability: "unsupported schema",
  execution_failure: "could not check the arguments",
};

/**
 * The issues without repeats: a `$ref` target that two composition branches
 * share reports the same problem of the same value twice.
 */
function distinct(issues: Issue[]): Issue[] {
  if (issues.length < 2) return issues;
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.instancePath}\n${issue.schemaPath}\n${issue.keyword}\n${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The failure's kind: execution_failure over unsupported_capability over validation (SPEC §7). */
function kindOf(issues: readonly Issue[]): ErrorKind {
  if (issues.some((issue) => issue.kind === "execution_failure")) return "execution_failure";
  if (issues.some((issue) => issue.kind === "unsupported_capability")) return "unsupported_capability";
  return "validation";
}

/**
 * Builds the failure result with its one-line message: the first problems by
 * their readable paths, and how many more there were (`uncounted` problems
 * beyond the issues kept included).
 */
export function failure(found: Issue[], schemaProblems = false, uncounted = 0): Failure {
  // Property names and patterns may hold line breaks; messages never do.
  const issues = distinct(found).map((issue) => {
    const message = oneLine(issue.message);
    return message === issue.message ? issue : { ...issue, message };
  });
  const kind = kindOf(issues);
  const prefix = schemaProblems && kind === "validation" ? "invalid schema" : PREFIX[kind];
  const shown = issues.slice(0, MAX_REPORTED).map((issue) => issue.message);
  const more = issues.length + uncounted - shown.length;
  const tail = more > 0 ? ` (and ${count(more, "more problem")})` : "";
  return { ok: false, kind, message: `${prefix}: ${shown.join("; ")}${tail}`, issues };
}
