import { CLASS_ESCAPES, complement, CONTROL_ESCAPES, DOT, MAX_CODE_POINT, union, type Ranges } from "./sets";
import type { ErrorKind, Profile } from "../runtime/types";

/**
 * Parses an ECMAScript regular expression (`u` flag) within the portable
 * subset (docs/patterns.md, "Patterns"; with the extended profile, its escapes too)
 * into a syntax tree over code points. Captures are never read and the
 * subset has no backreferences, so a group is only its contents, and a test
 * needs no greedy or lazy order: the tree says which strings match, nothing
 * more.
 */

export class PatternError {
  constructor(
    readonly kind: ErrorKind,
    readonly message: string,
  ) {}
}

/** ECMAScript's assertions in the subset; the numbers are native/program.h's. */
export const START = 0,
  END = 1,
  BOUNDARY = 2,
  NOT_BOUNDARY = 3;
export type Assertion = typeof START | typeof END | typeof BOUNDARY | typeof NOT_BOUNDARY;

export type Node =
  | { kind: "set"; ranges: Ranges }
  | { kind: "sequence"; items: Node[] }
  | { kind: "alternation"; items: Node[] }
  | { kind: "repeat"; item: Node; min: number; max: number }
  | { kind: "assertion"; assertion: Assertion };

/** The largest repeat count accepted, as PCRE and most engines cap it. */
export const MAX_REPEAT = 65_535;

const EMPTY: Node = { kind: "sequence", items: [] };
const ASTRAL: Node = { kind: "set", ranges: [[0x10000, MAX_CODE_POINT]] };

const code = (ch: string) => ch.codePointAt(0)!;
const isAsciiPunctuation = (c: number) =>
  (c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e);
const isAsciiLetterOrDigit = (c: number) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isAsciiLetter = (c: number | undefined) =>
  c !== undefined && ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a));
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const hex = (c: number | undefined) =>
  c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));

function describe(c: number): string {
  return c >= 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Parses `pattern`, or throws a PatternError. */
export function parsePattern(pattern: string, profile: Profile = "core"): Node {
  try {
    return new Parser(pattern, profile === "extended").run();
  } catch (error) {
    if (
      profile === "core" &&
      error instanceof PatternError &&
      error.kind === "unsupported_capability" &&
      extendedAccepts(pattern)
    ) {
      throw new PatternError(error.kind, `${error.message}; profile: "extended" supports it`);
    }
    throw error;
  }
}

function extendedAccepts(pattern: string): boolean {
  try {
    new Parser(pattern, true).run();
    return true;
  } catch {
    return false;
  }
}

/**
 * True when the tree can match the empty string at a position where `\B`
 * holds and `^`, `$` and `\b` do not (between the halves of a surrogate
 * pair; see Parser.run).
 */
function emptyInsidePair(node: Node): boolean {
  switch (node.kind) {
    case "set":
      return false;
    case "assertion":
      return node.assertion === NOT_BOUNDARY;
    case "sequence":
      return node.items.every(emptyInsidePair);
    case "alternation":
      return node.items.some(emptyInsidePair);
    case "repeat":
      return node.min === 0 || emptyInsidePair(node.item);
  }
}

/** An empty group, as the parser leaves one: it matches the empty string and nothing else. */
function isEmpty(node: Node): boolean {
  return node.kind === "sequence" && node.items.length === 0;
}

/**
 * An alternation with its one-code-point alternatives (a character, a class,
 * `.`, `\d`) as one set, their union, first: whether a string matches never
 * depends on the order of alternatives, and one set is what a counted repeat
 * needs to be a counted run in the DFA (`(?:a|b){2000}` is `[ab]{2000}`,
 * docs/patterns.md, "Counted repeats in the DFA"); it also halves the threads
 * that `(?:a|b)*` keeps.
 */
function foldSets(items: Node[]): Node {
  const sets = items.filter((item) => item.kind === "set");
  if (sets.length < 2) return { kind: "alternation", items };
  const folded: Node = { kind: "set", ranges: union(sets.flatMap((set) => set.ranges)) };
  const rest = items.filter((item) => item.kind !== "set");
  return rest.length === 0 ? folded : { kind: "alternation", items: [folded, ...rest] };
}

/** What an escape stands for: one code point or a set of them. */
type Escape = { codePoint: number } | { set: Ranges };

const setOf = (escape: Escape): Ranges => ("codePoint" in escape ? [[escape.codePoint, escape.codePoint]] : escape.set);

class Parser {
  private readonly cps: number[];
  private i = 0;
  private usesNonBoundary = false;
  /** A `[:name:]` seen inside a class: PCRE's POSIX class, if the pattern is not ECMAScript. */
  private posixClass = false;
  /** The first construct outside the subset (see refuse). */
  private refused: PatternError | null = null;

  constructor(
    private readonly pattern: string,
    private readonly extended: boolean,
  ) {
    // Iterating a string yields code points; a lone surrogate stays one item,
    // exactly as the `u` flag reads the pattern.
    this.cps = Array.from(pattern, code);
  }

  run(): Node {
    let root: Node;
    try {
      root = this.disjunction();
      if (this.i < this.cps.length) throw this.malformed("unmatched ')'");
      if (this.refused !== null) throw this.refused;
    } catch (error) {
      // `[[:alpha:]]` is a class and a lone `]` in ECMAScript, a POSIX class elsewhere.
      if (this.posixClass && error instanceof PatternError && error.kind === "validation")
        throw this.unsupported("a POSIX class '[:name:]'");
      throw error;
    }
    // V8 (Node 20) also tries a match at the position between the two halves
    // of a surrogate pair, where every consuming atom fails but `\B` holds
    // (both neighbours are non-word units). A pattern that can match the empty
    // string there therefore matches any string with an astral character;
    // the added alternative says exactly that. (Without `\B`, such a pattern
    // matches the empty string at the start of any string anyway.)
    if (this.usesNonBoundary && emptyInsidePair(root)) return { kind: "alternation", items: [root, ASTRAL] };
    return root;
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

  private disjunction(): Node {
    const items = [this.alternative()];
    while (this.at("|")) {
      this.i++;
      items.push(this.alternative());
    }
    return items.length === 1 ? items[0] : foldSets(items);
  }

  private alternative(): Node {
    const items: Node[] = [];
    while (this.i < this.cps.length && !this.at("|") && !this.at(")")) {
      const term = this.term();
      // A group's sequence is spliced in: groups are only their contents.
      if (term.kind === "sequence") items.push(...term.items);
      else items.push(term);
    }
    return items.length === 1 ? items[0] : { kind: "sequence", items };
  }

  private term(): Node {
    const c = this.peek()!;
    if (c === code("^") || c === code("$")) {
      this.i++;
      if (this.quantifierAhead()) throw this.malformed("nothing to repeat");
      // `$` without the multiline flag is the end of input, never before a final newline.
      return { kind: "assertion", assertion: c === code("^") ? START : END };
    }
    const next = this.peek(1);
    if (this.extended && c === code("\\") && (next === code("b") || next === code("B"))) {
      this.i += 2;
      if (this.quantifierAhead()) throw this.malformed("nothing to repeat");
      this.usesNonBoundary ||= next === code("B");
      return { kind: "assertion", assertion: next === code("b") ? BOUNDARY : NOT_BOUNDARY };
    }
    return this.quantified(this.atom());
  }

  private atom(): Node {
    const c = this.peek()!;
    switch (String.fromCodePoint(c)) {
      case "(":
        return this.group();
      case "[":
        return this.characterClass();
      case ".":
        this.i++;
        return { kind: "set", ranges: DOT };
      case "\\":
        return { kind: "set", ranges: setOf(this.escape(false)) };
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
        return { kind: "set", ranges: [[c, c]] };
    }
  }

  private group(): Node {
    this.i++;
    if (this.at("*")) {
      const verb = this.verbLength();
      if (verb === 0) throw this.malformed("nothing to repeat");
      this.refuse("a PCRE verb '(*...)'");
      this.i += verb;
      return EMPTY;
    }
    if (this.at("?") && this.at(":", 1)) {
      this.i += 2;
    } else if (this.at("?")) {
      const opener = this.otherOpener();
      if (opener === null) throw this.malformed("invalid group");
      this.refuse(opener.what);
      this.i += opener.length;
      if (opener.closed) return EMPTY;
    }
    const inner = this.disjunction();
    if (!this.at(")")) throw this.malformed("missing ')'");
    this.i++;
    return inner;
  }

  /**
   * A construct outside the subset is refused once the whole pattern has
   * parsed: if the rest does not parse either, the pattern is malformed
   * anywhere, and says so instead.
   */
  private refuse(what: string): void {
    this.refused ??= this.unsupported(what);
  }

  /** `*NAME)`, `*NAME:…)` or `*NAME=…)` after `(`: a PCRE verb or start option; its length, or 0. */
  private verbLength(): number {
    let k = this.i + 1;
    while (isAsciiLetter(this.cps[k]) || this.cps[k] === code("_")) k++;
    if (k === this.i + 1) return 0;
    if (this.cps[k] === code(":") || this.cps[k] === code("=")) {
      while (k < this.cps.length && this.cps[k] !== code(")")) k++;
    }
    return this.cps[k] === code(")") ? k + 1 - this.i : 0;
  }

  /**
   * A `(?` group of another kind, valid syntax in ECMAScript or PCRE: what it
   * is, the length of its opener after `(`, and whether the opener closes
   * the group (`(?i)`). Null when it is no group anywhere.
   */
  private otherOpener(): { what: string; length: number; closed: boolean } | null {
    const next = this.peek(1);
    if (next === code("=") || next === code("!"))
      return { what: "a lookahead '(?=' / '(?!'", length: 2, closed: false };
    if (next === code("<")) {
      const after = this.peek(2);
      if (after === code("=") || after === code("!"))
        return { what: "a lookbehind '(?<=' / '(?<!'", length: 3, closed: false };
      let k = this.i + 2;
      const isNameStart = (c: number | undefined) => isAsciiLetter(c) || c === code("_") || c === code("$");
      if (!isNameStart(this.cps[k])) return null;
      while (isNameStart(this.cps[k]) || isDigit(this.cps[k])) k++;
      return this.cps[k] === code(">")
        ? { what: "a named group '(?<name>'", length: k + 1 - this.i, closed: false }
        : null;
    }
    // Modifiers: `(?i:…)`, `(?-s:…)`, PCRE's `(?i)`.
    let k = this.i + 1;
    while ("imsx-".includes(String.fromCodePoint(this.cps[k] ?? 0x20))) k++;
    const end = this.cps[k];
    if (k === this.i + 1 || (end !== code(":") && end !== code(")"))) return null;
    const opener = String.fromCodePoint(...this.cps.slice(this.i - 1, k + 1));
    return { what: `a modifier group '${opener}'`, length: k + 1 - this.i, closed: end === code(")") };
  }

  private quantifierAhead(): boolean {
    const c = this.peek();
    return (
      c === code("*") || c === code("+") || c === code("?") || (c === code("{") && this.braceQuantifierAhead() !== null)
    );
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

  private quantified(atom: Node): Node {
    const c = this.peek();
    let min: bigint;
    let max: bigint | null;
    if (c === code("*") || c === code("+") || c === code("?")) {
      min = c === code("+") ? 1n : 0n;
      max = c === code("?") ? 1n : null;
      this.i++;
    } else if (c === code("{")) {
      const brace = this.braceQuantifierAhead();
      if (!brace) throw this.malformed("incomplete quantifier");
      ({ min, max } = brace);
      if (max !== null && max < min) throw this.malformed("numbers out of order in {} quantifier");
      if ((max ?? min) > BigInt(MAX_REPEAT)) throw this.unsupported(`a repeat count above ${MAX_REPEAT}`);
      this.i += brace.length;
    } else {
      return atom;
    }
    // Lazy or greedy, the same strings match.
    if (this.at("?")) this.i++;
    else if (this.at("+")) throw this.unsupported("a possessive quantifier");
    if (this.quantifierAhead()) throw this.malformed("nothing to repeat");
    // Repeating what can only match the empty string (`(?:){9}`, `(?:a{0}){9}`)
    // matches the empty string: it is written as nothing, so no count can
    // multiply work that the program's size does not show.
    if (max === 0n || isEmpty(atom)) return EMPTY;
    if (min === 1n && max === 1n) return atom;
    return { kind: "repeat", item: atom, min: Number(min), max: max === null ? Infinity : Number(max) };
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
      throw this.unsupported(
        `the escape '\\${String.fromCharCode(c)}'${inClass ? " in a class" : ""} (letter and digit escapes)`,
      );
    }
    this.i--;
    throw this.malformed(`invalid escape of ${describe(c)}`);
  }

  /** The extended profile's escapes; null for a letter or digit it leaves refused. */
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
        if (value > MAX_CODE_POINT) throw this.malformed("invalid Unicode escape");
        digits++;
        this.i++;
      }
      if (digits === 0 || !this.at("}")) throw this.malformed("invalid Unicode escape");
      this.i++;
      return value;
    }
    const unit = this.hexDigits(4);
    if (
      unit >= 0xd800 &&
      unit <= 0xdbff &&
      this.at("\\") &&
      this.at("u", 1) &&
      [2, 3, 4, 5].every((k) => hex(this.peek(k)))
    ) {
      const start = this.i;
      this.i += 2;
      const trail = this.hexDigits(4);
      if (trail >= 0xdc00 && trail <= 0xdfff) return 0x10000 + ((unit - 0xd800) << 10) + (trail - 0xdc00);
      this.i = start;
    }
    return unit;
  }

  private characterClass(): Node {
    this.i++;
    const negated = this.at("^");
    if (negated) this.i++;
    const ranges: (readonly [number, number])[] = [];
    while (!this.at("]")) {
      if (this.i >= this.cps.length) throw this.malformed("missing ']'");
      const from = this.classAtom();
      if (this.at("-") && this.peek(1) !== undefined && !this.at("]", 1)) {
        this.i++;
        const to = this.classAtom();
        if (!("codePoint" in from) || !("codePoint" in to)) throw this.malformed("a class escape cannot bound a range");
        if (to.codePoint < from.codePoint) throw this.malformed("range out of order in character class");
        ranges.push([from.codePoint, to.codePoint]);
      } else {
        ranges.push(...setOf(from));
      }
    }
    this.i++;
    return { kind: "set", ranges: negated ? complement(union(ranges)) : union(ranges) };
  }

  private classAtom(): Escape {
    const c = this.peek()!;
    if (c === code("\\")) return this.escape(true);
    if (c === code("[") && this.at(":", 1) && this.posixClassAhead()) this.posixClass = true;
    this.i++;
    return { codePoint: c };
  }

  private posixClassAhead(): boolean {
    let k = this.i + 2;
    while (isAsciiLetter(this.cps[k])) k++;
    return k > this.i + 2 && this.cps[k] === code(":") && this.cps[k + 1] === code("]");
  }
}
