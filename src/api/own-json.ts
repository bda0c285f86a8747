import { COUNTED_AHEAD, MAX_DEPTH, type CountVisits } from "../runtime/json-value";
import { isJsonArray, isPlainObject } from "../runtime/shape";
import { MAX_COPIED_VALUES, MAX_SCHEMA_TEXT, schemaValueCount } from "../compile/bounds";

/**
 * JSON text written from a value's own properties, each read once: what
 * JSON.stringify writes for a JSON value, except that no toJSON is ever
 * looked up. JSON.stringify calls an inherited one (`Array.prototype.toJSON
 * = () => []`, on Object.prototype, on BigInt.prototype), and text written
 * through it is the text of another value: a schema cached and compiled from
 * it would be another schema, arguments sent as it other arguments. A schema
 * is read for its own fields whatever a prototype holds (README, "The JSON
 * input domain"), and its text and copy follow the same rule.
 *
 * Undefined when the value is not exactly JSON (docs/contract.md, "The JSON
 * input domain": no undefined, holes, functions, non-finite numbers or class
 * instances, at most `MAX_DEPTH` levels) or holds a bigint (which JSON text
 * cannot hold: JSON.stringify throws). `count` hears of each container's
 * values before they are read, as in findNonJson, and may throw to stop the
 * writing; a getter or proxy that throws, and a text too long for one
 * string (RangeError), throw too. Past `maxLength` characters the writing
 * stops, and there is no text either.
 */
export function ownJsonText(
  value: unknown,
  count: CountVisits,
  maxLength = Infinity,
  countedAhead = COUNTED_AHEAD,
): string | undefined {
  const out = new Text(maxLength, countedAhead);
  try {
    return writeValue(value, 0, count, out) ? out.done() : undefined;
  } catch (error) {
    if (error === TOO_LONG) return undefined;
    throw error;
  }
}

/** Thrown by Text past its length. */
const TOO_LONG = Symbol("too long");

/** Pieces of text that make a chunk (see Text). */
const CHUNK_PIECES = 4096;

/**
 * Text written a piece at a time. Appending to one string keeps a rope, a
 * node per piece (about 50 bytes a value of the schema) until the text is
 * used; so pieces are appended to a chunk, which is flattened (V8 does that
 * when a character of a rope is read) and appended to the text every few
 * thousand pieces: a rope node per chunk.
 */
class Text {
  private text = "";
  private chunk = "";
  private pieces = 0;
  private length = 0;

  constructor(
    private readonly maxLength: number,
    /** How many items of a container `count` hears of at a time, before they are read. */
    readonly countedAhead: number,
  ) {}

  add(piece: string): void {
    if ((this.length += piece.length) > this.maxLength) throw TOO_LONG;
    this.chunk += piece;
    if (++this.pieces === CHUNK_PIECES) {
      this.chunk.charCodeAt(0);
      this.text += this.chunk;
      this.chunk = "";
      this.pieces = 0;
    }
  }

  /** A string, quoted as JSON text. Most strings need no escapes, and writing them so is quicker than JSON.stringify. */
  addQuoted(text: string, before: string, after: string): void {
    if (ESCAPED.test(text)) {
      // A string is no object, so JSON.stringify looks up no toJSON for it.
      this.add(`${before}${JSON.stringify(text)}${after}`);
    } else {
      this.add(`${before}"`);
      this.add(text);
      this.add(`"${after}`);
    }
  }

  done(): string {
    return this.text + this.chunk;
  }
}

/** A character JSON.stringify escapes in a string: a quote, a backslash, a control character, a surrogate (escaped when it is alone). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Writes `value`'s text to `out`; false when it has none. */
function writeValue(value: unknown, depth: number, count: CountVisits, out: Text): boolean {
  switch (typeof value) {
    case "string":
      out.addQuoted(value, "", "");
      return true;
    case "number":
      // A finite number's JSON text is its String() (-0 included: "0").
      if (!Number.isFinite(value)) return false;
      out.add(String(value));
      return true;
    case "boolean":
      out.add(value ? "true" : "false");
      return true;
    case "object":
      if (value === null) {
        out.add("null");
        return true;
      }
      if (depth >= MAX_DEPTH) return false;
      if (isJsonArray(value)) return writeList(value, depth, count, out);
      if (isPlainObject(value)) return writeObject(value, depth, count, out);
      return false;
    default:
      return false;
  }
}

function writeList(list: unknown[], depth: number, count: CountVisits, out: Text): boolean {
  // Read once: a proxy may claim another length on every read, or no number.
  const length: unknown = list.length;
  if (!Number.isSafeInteger(length) || (length as number) < 0) return false;
  out.add("[");
  for (let start = 0; start < (length as number); start += out.countedAhead) {
    const end = Math.min(start + out.countedAhead, length as number);
    count(end - start);
    for (let i = start; i < end; i++) {
      if (i > 0) out.add(",");
      // A hole reads as undefined, which has no JSON text.
      if (!writeValue(list[i], depth + 1, count, out)) return false;
    }
  }
  out.add("]");
  return true;
}

function writeObject(object: Record<string, unknown>, depth: number, count: CountVisits, out: Text): boolean {
  // Own enumerable string keys, in the order JSON.stringify writes them.
  const keys = Object.keys(object);
  out.add("{");
  for (let start = 0; start < keys.length; start += out.countedAhead) {
    const end = Math.min(start + out.countedAhead, keys.length);
    count(end - start);
    for (let i = start; i < end; i++) {
      out.addQuoted(keys[i], i === 0 ? "" : ",", ":");
      // An own key's value, never an inherited one (an own `__proto__` key included).
      if (!writeValue(object[keys[i]], depth + 1, count, out)) return false;
    }
  }
  out.add("}");
  return true;
}

/**
 * The schema's JSON text, written from its own fields (an inherited toJSON
 * would give the schema the text of another, so that a cached copy compiled
 * from it would refuse nothing the schema asks), each read once and counted
 * against the schema's bound on values. Undefined when the schema is not
 * exactly JSON (JSON text would turn `undefined` or `NaN` into `null` and
 * drop functions, giving a refused schema the text of a valid one), cannot
 * be read (a getter or proxy that throws; compiling it says so), holds more
 * values than the bound, or is longer than MAX_SCHEMA_TEXT (text and its
 * copy write out a string or an object held at many places once per place:
 * a megabyte string in 300 `enum` choices would be 300 MB): the schema
 * itself is then compiled, and says what is wrong with it.
 */
export function schemaText(schema: unknown): string | undefined {
  try {
    // A list's length counted whole before an item is read, as compiling counts it: a schema's list that claims more than the bound is refused unread.
    return ownJsonText(schema, schemaValueCount(undefined, MAX_COPIED_VALUES), MAX_SCHEMA_TEXT, Infinity);
  } catch {
    return undefined;
  }
}

/**
 * What to compile for a schema the caller holds. Validating never reads the
 * schema again, and generated code is written from the compiled subschemas
 * alone; but compiling reads some values more than once (a keyword's object
 * for its check, its weight and the names it claims), so what it reads is a
 * copy of its own, parsed from the schema's JSON text, which nobody else
 * holds (`owned`). A schema without such text (one holding a bigint, one that
 * cannot be read, one too large written out) is compiled as it is, and its
 * validator keeps its closures. Preflight checks the same source, so it
 * refuses what compiling refuses. `text` is the schema's (schemaText).
 */
export function sourceOf(schema: unknown, text: string | undefined): { source: unknown; owned: boolean } {
  return text === undefined ? { source: schema, owned: false } : { source: JSON.parse(text), owned: true };
}
