import { sameString } from "../runtime/json-equal";
import { keysOf } from "../runtime/own-keys";
import { oneLine } from "../runtime/one-line";
import { Decimal } from "../runtime/decimal";
import { describeNonJson } from "../runtime/json-value";
import { isPlainObject } from "../runtime/shape";
import { PerPass } from "../runtime/pass";
import { chargeRead } from "../runtime/work-costs";

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
  if (words.length === 1) return words[0];
  const unique = [...new Set(words)];
  if (unique.length <= 1) return unique[0] ?? "";
  return `${unique.slice(0, -1).join(", ")} or ${unique[unique.length - 1]}`;
}

const PREVIEW_LENGTH = 60;

/**
 * Previews of large lists and objects already written in this validation
 * pass: an object's keys are listed in full to find its first ones. A small
 * one is written again, which costs less than keeping it.
 */
const previews = new PerPass(() => new WeakMap<object, string>());
const KEPT_PREVIEW = 16;

/** A value as JSON text, shortened for a message. */
export function preview(value: unknown): string {
  if (typeof value === "string") return previewString(value);
  if (typeof value !== "object" || value === null) return cut(previewText(value));
  if ((Array.isArray(value) ? value.length : keysOf(value).length) < KEPT_PREVIEW) return cut(previewText(value));
  const known = previews.get().get(value);
  if (known !== undefined) return known;
  const text = cut(previewText(value));
  previews.get().set(value, text);
  return text;
}

function previewText(value: unknown): string {
  // A finite number's JSON text is its String(), which is quicker to write (previews of numbers are common).
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "bigint" ? bigintText(value) : (jsonStart(value) ?? String(value));
}

/** Bigints below this size have at most PREVIEW_LENGTH digits. */
const SHOWN_BIGINT = 10n ** BigInt(PREVIEW_LENGTH);

/**
 * A bigint's digits, or words where a preview would cut them: V8 writes the
 * digits of a large bigint in time growing faster than their count (350 ms
 * for 845,000 digits), and a preview shows 60 characters.
 */
function bigintText(value: bigint): string {
  if (value > -SHOWN_BIGINT && value < SHOWN_BIGINT) return String(value);
  return `${value < 0n ? "a negative" : "an"} integer of more than ${PREVIEW_LENGTH} digits`;
}

/** A name as a message quotes it: on one line, and cut when long (a name may be megabytes long). */
export function shortName(name: string): string {
  return cut(name);
}

/** The first characters of a preview, on one line. */
function cut(text: string): string {
  return oneLine(shorten(text));
}

function shorten(text: string): string {
  return text.length <= PREVIEW_LENGTH ? text : `${text.slice(0, PREVIEW_LENGTH - 1)}…`;
}

/** A character JSON.stringify escapes in a string (or, for a lone surrogate, may), or one oneLine escapes. */
const NOT_PLAIN = /["\\\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/;

/**
 * A string's preview. A string is cut before it is quoted: it may be
 * hundreds of megabytes long. Most strings hold nothing to escape, and their
 * JSON text is the string between quotes, one line already: written so, it
 * takes half the time JSON.stringify does.
 */
function previewString(value: string): string {
  const shown = value.length > PREVIEW_LENGTH ? value.slice(0, PREVIEW_LENGTH) : value;
  return NOT_PLAIN.test(shown) ? cut(JSON.stringify(shown)) : shorten(`"${shown}"`);
}

/**
 * JSON.stringify(value), written only as far as a preview shows: a list of a
 * million items costs as much as a short one. Plain objects and lists are
 * written here, stopping once the text is longer than PREVIEW_LENGTH, and
 * long strings inside them cut before they are quoted (the characters kept
 * are the same: cutting changes only what would come after them). Anything
 * else is JSON.stringify's own: a scalar, or a class instance, which never
 * comes from arguments. A bigint inside is written as its digits (or its
 * size, see bigintText), where JSON.stringify would throw.
 */
function jsonStart(value: unknown): string | undefined {
  if (!isContainer(value)) return JSON.stringify(value);
  let text = "";
  const full = () => text.length > PREVIEW_LENGTH;
  /** Writes a container; false once the text is full. */
  const write = (container: object): boolean => {
    const isList = Array.isArray(container);
    text += isList ? "[" : "{";
    const keys = isList ? null : keysOf(container);
    const length = isList ? (container as unknown[]).length : keys!.length;
    let first = true;
    for (let i = 0; i < length; i++) {
      const item: unknown = isList ? (container as unknown[])[i] : (container as Record<string, unknown>)[keys![i]];
      const scalar = isContainer(item) ? null : scalarText(item);
      // As in JSON.stringify: a value without JSON text is null in a list, left out of an object.
      if (scalar === undefined && !isList) continue;
      if (!first) text += ",";
      first = false;
      if (!isList) text += `${quoted(keys![i], PREVIEW_LENGTH + 1 - text.length)}:`;
      if (full()) return false;
      if (scalar === null) {
        if (!write(item as object)) return false;
      } else {
        text += typeof item === "string" ? quoted(item, PREVIEW_LENGTH + 1 - text.length) : (scalar ?? "null");
      }
      if (full()) return false;
    }
    text += isList ? "]" : "}";
    return !full();
  };
  write(value as object);
  return text;
}

/**
 * A plain object or list: written by jsonStart from its own properties. A
 * toJSON is never called (a JSON value has none of its own, so one would be
 * inherited: `Array.prototype.toJSON = …`), so a preview shows the data
 * that was checked.
 */
function isContainer(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  return Array.isArray(value) || isPlainObject(value);
}

/** JSON text of a value that is no container (a string's is never used: it is quoted cut), or undefined where JSON.stringify gives none. */
function scalarText(value: unknown): string | undefined {
  return typeof value === "bigint" ? bigintText(value) : typeof value === "string" ? "" : JSON.stringify(value);
}

/** The first `length` characters (at least) of JSON.stringify(text), from at most `length` of its characters. */
function quoted(text: string, length: number): string {
  return JSON.stringify(text.length > length ? text.slice(0, length) : text);
}

/**
 * What a call to a published tool whose schema is refused gets: the model
 * cannot fix that by changing its arguments, so it is told so, and the
 * schema's own message follows for the host's logs.
 */
export function refusedToolMessage(name: string, schemaMessage: string): string {
  return `tool ${preview(name)} cannot be called: the fault is in its schema, not in this call, and retrying will not help (${schemaMessage})`;
}

/** "1 item", "3 items", "2 properties". */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** Strings longer than this are not read as JSON text for the hint. */
const JSON_TEXT_LIMIT = 1 << 16;

/** JSON text parsed for hints in one validation pass, at most; past it no more hints are given. */
const JSON_TEXT_BUDGET = 1 << 20;

/** The pass's parse budget left, and the last text parsed with its answer: every branch of a composition asks about the same value. */
const hintParses = new PerPass(() => ({ budget: JSON_TEXT_BUDGET, text: "", parses: false }));

/**
 * The most common model mistake: a list or object sent as JSON text. Returns
 * the hint to add when `value` is a string that parses as the expected shape.
 */
export function jsonTextHint(value: unknown, expected: readonly string[]): string {
  if (typeof value !== "string" || value.length > JSON_TEXT_LIMIT) return "";
  const text = value.trim();
  // Trimming read the white space it took off: every branch that fails on the value trims it again.
  chargeRead(value.length - text.length);
  const wantsList = expected.includes("array") && text.startsWith("[");
  const wantsObject = expected.includes("object") && text.startsWith("{");
  if (!wantsList && !wantsObject) return "";
  return parsesAsJson(text) ? `; send the ${wantsList ? "list" : "object"} itself, not JSON text` : "";
}

function parsesAsJson(text: string): boolean {
  const state = hintParses.get();
  if (sameString(text, state.text)) return state.parses;
  if (text.length > state.budget) return false;
  state.budget -= text.length;
  state.text = text;
  try {
    JSON.parse(text);
    state.parses = true;
  } catch {
    state.parses = false;
  }
  return state.parses;
}

/**
 * The shape of a JSON value as a model reads it (SchemaGuard's words, except
 * that JSON null is "null": an absent property is "missing", and null is a
 * value that was sent). Never throws: it also names values that are not JSON, proxies whose traps throw
 * among them.
 */
export function shapeOf(value: unknown): string {
  try {
    return shapeWord(value);
  } catch {
    return "a value that cannot be read";
  }
}

function shapeWord(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "object":
      // A Decimal: the exact number of a lenient scalar string.
      return value instanceof Decimal ? "a number" : "an object";
    case "string":
      return "a string";
    case "number":
    case "bigint":
      return "a number";
    case "boolean":
      return "a boolean";
    default:
      return describeNonJson(value);
  }
}
