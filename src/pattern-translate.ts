import { BOUNDARIES, CLASS_ESCAPES, complement, CONTROL_ESCAPES, DOT_SET, union, type Ranges } from "./pattern-escapes";
import type { ErrorKind, Profile } from "./types";

/**
 * Parses an ECMAScript regular expression (`u` flag) within the portable
 * subset of SPEC §6 (and, for the extended profile, the escapes of SPEC §9)
 * and writes the PCRE2 source that gives the same answers when PCRE2's
 * 32-bit library runs it in non-UTF mode over code points.
 *
 * Every literal is written as `\x{H}` (letters and digits as themselves), so
 * nothing in the output depends on PCRE2's own escape or class rules.
 */

export class PatternError {
  constructor(
    readonly kind: ErrorKind,
    readonly message: string,
  ) {}
}

/** PCRE2 refuses counted repeats above this. */
export const MAX_REPEAT = 65_535;

/**
 * PCRE2 compiles a counted repeat of a group as that many copies of it, so
 * nested counts multiply. A pattern whose expanded program would exceed this
 * many units is refused instead of building a huge program.
 */
export const MAX_EXPANDED_SIZE = 100_000;

const DOT = "[^\\x{A}\\x{D}\\x{2028}\\x{2029}]";
const ANY = "[\\x{0}-\\x{10FFFF}]";
const NOTHING = "[^\\x{0}-\\x{10FFFF}]";
const ASTRAL = "[\\x{10000}-\\x{10FFFF}]";

interface Piece {
  source: string;
  /** Units of compiled program; 1 for a single character. */
  size: number;
  /** True for one character (a literal, a class, `.`): repeats stay compact. */
  single: boolean;
  /** Can match the empty string where `\B` holds and `^ $ \b` do not (see run()). */
  emptyInsidePair: boolean;
  /** The piece as a sequence of anchors and repeated character sets, when it is one. */
  steps: LinearStep[] | null;
}

/**
 * One step of a pattern that is a plain sequence: an anchor, or a character
 * set repeated from `min` to `max` times. Such patterns can be matched without
 * the regex engine (pattern-linear.ts).
 */
export type LinearStep = "^" | "$" | { set: Ranges; min: number; max: number };

/** A pattern translated for PCRE2, and its linear form where it has one. */
export interface Translation {
  source: string;
  steps: LinearStep[] | null;
}

const once = (set: Ranges): LinearStep[] => [{ set, min: 1, max: 1 }];

const code = (ch: string) => ch.codePointAt(0)!;
const isAsciiPunctuation = (c: number) =>
  (c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e);
const isAsciiLetterOrDigit = (c: number) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;

function literal(c: number): string {
  return isAsciiLetterOrDigit(c) ? String.fromCharCode(c) : `\\x{${c.toString(16).toUpperCase()}}`;
}

function describe(c: number): string {
  return c >= 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Translates `pattern`, or throws a PatternError. */
export function translatePattern(pattern: string, profile: Profile = "core"): Translation {
  try {
    return new Translator(pattern, profile === "extended").run();
  } catch (error) {
    if (profile === "core" && error instanceof PatternError && error.kind === "unsupported_capability" && extendedAccepts(pattern)) {
      throw new PatternError(error.kind, `${error.message}; profile: "extended" supports it`);
    }
    throw error;
  }
}

function extendedAccepts(pattern: string): boolean {
  try {
    new Translator(pattern, true).run();
    return true;
  } catch {
    return false;
  }
}

/** What an escape stands for: one code point, a set of them, or (outside a class) an assertion. */
type Escape = { codePoint: number } | { set: Ranges };

const hex = (c: number | undefined) => c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));

function rangeSource(ranges: Ranges): string {
  return ranges.map(([from, to]) => (from === to ? literal(from) : `${literal(from)}-${literal(to)}`)).join("");
}

class Translator {
  private readonly cps: number[];
  private i = 0;
  private usesNonBoundary = false;

  constructor(
    private readonly pattern: string,
    private readonly extended: boolean,
  ) {
    // Iterating a string yields code points; a lone surrogate stays one item,
    // exactly as the `u` flag reads the pattern.
    this.cps = Array.from(pattern, code);
  }

  run(): Translation {
    const piece = this.disjunction();
    if (this.i < this.cps.length) throw this.malformed("unmatched ')'");
    if (piece.size > MAX_EXPANDED_SIZE) {
      throw new PatternError(
        "unsupported_capability",
        `pattern ${JSON.stringify(this.pattern)} expands to more than ${MAX_EXPANDED_SIZE} units once its counted repeats are expanded`,
      );
    }
    // V8 (Node 20) also tries a match at the position between the two halves
    // of a surrogate pair, where every consuming atom fails but `\B` holds
    // (both neighbours are non-word units). A pattern that can match the empty
    // string there therefore matches any string with an astral character;
    // the added alternative says exactly that. (Without `\B`, such a pattern
    // matches the empty string at the start of any string anyway.)
    if (piece.emptyInsidePair && this.usesNonBoundary) return { source: `(?:${piece.source})|${ASTRAL}`, steps: null };
    return { source: piece.source, steps: piece.steps };
  }

  private peek(offset = 0): number | undefined {
    return this.cps[this.i + offset];
  }

  private at(ch: string, offset = 0): boolean {
    return this.cps[this.i + offset] === code(ch);
  }

  /** UTF-16 offset of the current position, for messages. */
  private offset(): number {
    let units = 0;
    for (let k = 0; k < this.i && k < this.cps.length; k++) units += this.cps[k] > 0xffff ? 2 : 1;
    return units;
  }

  private malformed(reason: string): PatternError {
    return new PatternError(
      "validation",
      `pattern ${JSON.stringify(this.pattern)} is not a valid ECMAScript regular expression (u flag): ${reason} at offset ${this.offset()}`,
    );
  }

  private unsupported(what: string): PatternError {
    return new PatternError(
      "unsupported_capability",
      `pattern ${JSON.stringify(this.pattern)} uses ${what}, which is outside the portable pattern subset`,
    );
  }

  private disjunction(): Piece {
    const alternatives = [this.alternative()];
    while (this.at("|")) {
      this.i++;
      alternatives.push(this.alternative());
    }
    if (alternatives.length === 1) return alternatives[0];
    return {
      source: alternatives.map((a) => a.source).join("|"),
      size: alternatives.reduce((sum, a) => sum + a.size, 1),
      single: false,
      emptyInsidePair: alternatives.some((a) => a.emptyInsidePair),
      steps: null,
    };
  }

  private alternative(): Piece {
    let source = "";
    let size = 0;
    let count = 0;
    let emptyInsidePair = true;
    let steps: LinearStep[] | null = [];
    while (this.i < this.cps.length && !this.at("|") && !this.at(")")) {
      const term = this.term();
      source += term.source;
      size += term.size;
      emptyInsidePair &&= term.emptyInsidePair;
      steps = steps && term.steps && [...steps, ...term.steps];
      count++;
    }
    return { source, size, single: count === 1 && size === 1, emptyInsidePair, steps };
  }

  private term(): Piece {
    const c = this.peek()!;
    if (c === code("^") || c === code("$")) {
      this.i++;
      if (this.quantifierAhead()) throw this.malformed("nothing to repeat");
      // `$` without the multiline flag is the end of input; PCRE2's `$` would
      // also match before a final newline (SPEC §6).
      return { source: c === code("^") ? "^" : "\\z", size: 1, single: false, emptyInsidePair: false, steps: [c === code("^") ? "^" : "$"] };
    }
    const next = this.peek(1);
    if (this.extended && c === code("\\") && next !== undefined && Object.hasOwn(BOUNDARIES, String.fromCharCode(next))) {
      this.i += 2;
      if (this.quantifierAhead()) throw this.malformed("nothing to repeat");
      this.usesNonBoundary ||= next === code("B");
      return { source: BOUNDARIES[String.fromCharCode(next)], size: 1, single: false, emptyInsidePair: next === code("B"), steps: null };
    }
    const atom = this.atom();
    return this.quantified(atom);
  }

  private atom(): Piece {
    const c = this.peek()!;
    switch (String.fromCodePoint(c)) {
      case "(":
        return this.group();
      case "[":
        return this.characterClass();
      case ".":
        this.i++;
        return { source: DOT, size: 1, single: true, emptyInsidePair: false, steps: once(DOT_SET) };
      case "\\": {
        const escape = this.escape(false);
        const set = "codePoint" in escape ? [[escape.codePoint, escape.codePoint] as const] : escape.set;
        const source = "codePoint" in escape ? literal(escape.codePoint) : `[${rangeSource(escape.set)}]`;
        return { source, size: 1, single: true, emptyInsidePair: false, steps: once(set) };
      }
      case "*":
      case "+":
      case "?":
        throw this.malformed("nothing to repeat");
      case "{":
        throw this.malformed(this.braceQuantifierAhead() ? "nothing to repeat" : "lone quantifier brackets");
      case "}":
        throw this.malformed("lone quantifier brackets");
      case "]":
        throw this.malformed("lone ']'");
      default:
        this.i++;
        return { source: literal(c), size: 1, single: true, emptyInsidePair: false, steps: once([[c, c]]) };
    }
  }

  private group(): Piece {
    this.i++;
    if (this.at("*")) throw this.unsupported("a PCRE verb '(*...)'");
    if (this.at("?")) {
      if (!this.at(":", 1)) throw this.unsupported(this.groupKind());
      this.i += 2;
    }
    const inner = this.disjunction();
    if (!this.at(")")) throw this.malformed("missing ')'");
    this.i++;
    // Every group is emitted non-capturing: captures are never read, and the
    // subset has no backreferences.
    return { source: `(?:${inner.source})`, size: inner.size + 1, single: false, emptyInsidePair: inner.emptyInsidePair, steps: inner.steps };
  }

  private groupKind(): string {
    const next = this.peek(1);
    if (next === code("=") || next === code("!")) return "a lookahead '(?=' / '(?!'";
    if (next === code("<")) {
      const after = this.peek(2);
      return after === code("=") || after === code("!") ? "a lookbehind '(?<=' / '(?<!'" : "a named group '(?<name>'";
    }
    return "a '(?...)' group other than '(?:'";
  }

  private quantifierAhead(): boolean {
    const c = this.peek();
    return c === code("*") || c === code("+") || c === code("?") || (c === code("{") && this.braceQuantifierAhead() !== null);
  }

  /** Matches `{n}`, `{n,}` or `{n,m}` at the current position without consuming it. */
  private braceQuantifierAhead(): { min: bigint; max: bigint | null; length: number } | null {
    let k = this.i + 1;
    const digits = (): string => {
      let s = "";
      while (isDigit(this.cps[k])) s += String.fromCharCode(this.cps[k++]);
      return s;
    };
    const min = digits();
    if (min === "") return null;
    let max: string | null = min;
    if (this.cps[k] === code(",")) {
      k++;
      max = digits();
      if (max === "") max = null;
    }
    if (this.cps[k] !== code("}")) return null;
    return { min: BigInt(min), max: max === null ? null : BigInt(max), length: k + 1 - this.i };
  }

  private quantified(atom: Piece): Piece {
    const c = this.peek();
    let min: bigint;
    let max: bigint | null;
    let text: string;
    if (c === code("*") || c === code("+") || c === code("?")) {
      text = String.fromCharCode(c);
      min = c === code("+") ? 1n : 0n;
      max = c === code("?") ? 1n : null;
      this.i++;
    } else if (c === code("{")) {
      const brace = this.braceQuantifierAhead();
      if (!brace) throw this.malformed("incomplete quantifier");
      ({ min, max } = brace);
      if (max !== null && max < min) throw this.malformed("numbers out of order in {} quantifier");
      if ((max ?? min) > BigInt(MAX_REPEAT)) throw this.unsupported(`a repeat count above ${MAX_REPEAT}`);
      text = max === min ? `{${min}}` : `{${min},${max ?? ""}}`;
      this.i += brace.length;
    } else {
      return atom;
    }
    if (this.at("?")) {
      text += "?";
      this.i++;
    } else if (this.at("+")) {
      throw this.unsupported("a possessive quantifier");
    }
    if (this.quantifierAhead()) throw this.malformed("nothing to repeat");
    // `x{0}` matches the empty string whatever x is. PCRE2 10.42 mis-reads a
    // `^` inside a skipped group as anchoring the whole pattern, so the atom
    // is left out instead of emitted with a zero count.
    if (max === 0n) return { source: "", size: 0, single: false, emptyInsidePair: true, steps: [] };
    const copies = Number(max ?? min + 1n) || 1;
    const size = atom.single ? 2 : atom.size * copies + 1;
    const [step] = atom.steps ?? [];
    const repeatable = atom.steps?.length === 1 && typeof step === "object" && step.min === 1 && step.max === 1;
    const steps = repeatable ? [{ set: step.set, min: Number(min), max: max === null ? Infinity : Number(max) }] : null;
    return { source: atom.source + text, size, single: false, emptyInsidePair: min === 0n || atom.emptyInsidePair, steps };
  }

  /** Reads the escape at the current position (a backslash and what follows). */
  private escape(inClass: boolean): Escape {
    this.i++;
    const c = this.peek();
    if (c === undefined) throw this.malformed("\\ at end of pattern");
    this.i++;
    if (isAsciiPunctuation(c)) return { codePoint: c };
    if (this.extended) {
      const escape = this.extendedEscape(String.fromCharCode(c), inClass);
      if (escape) return escape;
    }
    if (isAsciiLetterOrDigit(c)) {
      throw this.unsupported(`the escape '\\${String.fromCharCode(c)}'${inClass ? " in a class" : ""} (letter and digit escapes)`);
    }
    this.i--;
    throw this.malformed(`invalid escape of ${describe(c)}`);
  }

  /** The escapes of SPEC §9; null for a letter or digit it leaves refused. */
  private extendedEscape(letter: string, inClass: boolean): Escape | null {
    if (Object.hasOwn(CLASS_ESCAPES, letter)) return { set: CLASS_ESCAPES[letter] };
    if (Object.hasOwn(CONTROL_ESCAPES, letter)) return { codePoint: CONTROL_ESCAPES[letter] };
    if (letter === "0") return isDigit(this.peek()) ? null : { codePoint: 0 };
    if (letter === "x") return { codePoint: this.hexDigits(2) };
    if (letter === "u") return { codePoint: this.unicodeEscape() };
    if ((letter === "b" || letter === "B") && inClass) throw this.unsupported(`'\\${letter}' inside a class`);
    return null;
  }

  /** Exactly `count` hex digits, as one value. */
  private hexDigits(count: number): number {
    let value = 0;
    for (let k = 0; k < count; k++) {
      const c = this.peek();
      if (!hex(c)) throw this.malformed("invalid escape");
      value = value * 16 + parseInt(String.fromCharCode(c!), 16);
      this.i++;
    }
    return value;
  }

  /**
   * `\uHHHH` or `\u{H…}`. With the `u` flag, a lead surrogate written as
   * `\uHHHH` followed by a trail surrogate written the same way is one code
   * point.
   */
  private unicodeEscape(): number {
    if (this.at("{")) {
      this.i++;
      let value = 0;
      let digits = 0;
      while (hex(this.peek())) {
        value = value * 16 + parseInt(String.fromCharCode(this.peek()!), 16);
        if (value > 0x10ffff) throw this.malformed("invalid Unicode escape");
        digits++;
        this.i++;
      }
      if (digits === 0 || !this.at("}")) throw this.malformed("invalid Unicode escape");
      this.i++;
      return value;
    }
    const unit = this.hexDigits(4);
    if (unit >= 0xd800 && unit <= 0xdbff && this.at("\\") && this.at("u", 1) && [2, 3, 4, 5].every((k) => hex(this.peek(k)))) {
      const start = this.i;
      this.i += 2;
      const trail = this.hexDigits(4);
      if (trail >= 0xdc00 && trail <= 0xdfff) return 0x10000 + ((unit - 0xd800) << 10) + (trail - 0xdc00);
      this.i = start;
    }
    return unit;
  }

  private characterClass(): Piece {
    this.i++;
    const negated = this.at("^");
    if (negated) this.i++;
    const items: string[] = [];
    const ranges: (readonly [number, number])[] = [];
    while (!this.at("]")) {
      if (this.i >= this.cps.length) throw this.malformed("missing ']'");
      const from = this.classAtom();
      if (this.at("-") && this.peek(1) !== undefined && !this.at("]", 1)) {
        this.i++;
        const to = this.classAtom();
        if (!("codePoint" in from) || !("codePoint" in to)) throw this.malformed("a class escape cannot bound a range");
        if (to.codePoint < from.codePoint) throw this.malformed("range out of order in character class");
        items.push(`${literal(from.codePoint)}-${literal(to.codePoint)}`);
        ranges.push([from.codePoint, to.codePoint]);
      } else if ("codePoint" in from) {
        items.push(literal(from.codePoint));
        ranges.push([from.codePoint, from.codePoint]);
      } else {
        items.push(rangeSource(from.set));
        ranges.push(...from.set);
      }
    }
    this.i++;
    let source: string;
    if (items.length === 0) source = negated ? ANY : NOTHING;
    else source = `[${negated ? "^" : ""}${items.join("")}]`;
    const set = negated ? complement(union(ranges)) : union(ranges);
    return { source, size: 1, single: true, emptyInsidePair: false, steps: once(set) };
  }

  private classAtom(): Escape {
    const c = this.peek()!;
    if (c === code("\\")) return this.escape(true);
    if (c === code("[") && this.at(":", 1) && this.posixClassAhead()) throw this.unsupported("a POSIX class '[:name:]'");
    this.i++;
    return { codePoint: c };
  }

  private posixClassAhead(): boolean {
    let k = this.i + 2;
    while (k < this.cps.length && ((this.cps[k] >= 0x61 && this.cps[k] <= 0x7a) || (this.cps[k] >= 0x41 && this.cps[k] <= 0x5a))) k++;
    return k > this.i + 2 && this.cps[k] === code(":") && this.cps[k + 1] === code("]");
  }
}
