import type { Random } from "./random";

/**
 * Random patterns inside the portable subset (docs/contract.md, "Patterns";
 * with `extended`, that profile's escapes too), and subjects built to hit their edges: astral
 * characters, lone surrogates, line terminators, white space, NUL and
 * punctuation.
 */
const LITERALS = [
  "a",
  "b",
  "c",
  "x",
  "0",
  "9",
  "A",
  " ",
  "é",
  "😀",
  "𝒜",
  "\u0085",
  "\0",
  "\n",
  "\u2028",
  "\ud800",
  "\udc00",
  "\ud83d",
  "/",
  "#",
  ",",
  "-",
  "~",
  "'",
];
const ESCAPED = [
  ".",
  "-",
  "_",
  ":",
  "/",
  "@",
  "$",
  "^",
  "*",
  "+",
  "?",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  "|",
  "\\",
  "#",
  "~",
  "!",
  ",",
  "&",
  "=",
  "<",
  ">",
  "%",
  '"',
  "'",
  "`",
  ";",
].map((c) => "\\" + c);
const CLASS_LITERALS = [
  "a",
  "b",
  "z",
  "0",
  "9",
  "A",
  "é",
  "😀",
  "𝒜",
  ".",
  "*",
  "$",
  "(",
  "?",
  "|",
  "{",
  "/",
  " ",
  "\n",
  "\u2029",
  "\ud800",
];
const RANGES: [string, string][] = [
  ["a", "z"],
  ["0", "9"],
  ["A", "Z"],
  ["\u0000", "\u001f"],
  ["😀", "😂"],
  ["\u{10000}", "\u{10ffff}"],
  ["\ud800", "\udfff"],
  ["\u00e0", "\u00ff"],
  ["\u2028", "\u2029"],
  ["!", "/"],
  ["a", "a"],
];
// The extended profile's escapes; surrogate pairs written as two escapes, and halves of
// pairs mixed with literal surrogates.
const EXTENDED_ESCAPES = [
  "\\d",
  "\\D",
  "\\w",
  "\\W",
  "\\s",
  "\\S",
  "\\t",
  "\\n",
  "\\v",
  "\\f",
  "\\r",
  "\\x41",
  "\\xe9",
  "\\x00",
  "\\x2D",
  "\\u0041",
  "\\u00e9",
  "\\u2028",
  "\\uFEFF",
  "\\ud83d\\ude00",
  "\\ud83d",
  "\\ude00",
  "\\ud83d\ude00",
  "\ud83d\\ude00",
  "\\u{1F600}",
  "\\u{41}",
  "\\u{10FFFF}",
  "\\u{0}",
  "\\u{00000061}",
];
const EXTENDED_RANGES = [
  "\\x41-\\x5a",
  "\\u0041-\\u{5A}",
  "\\ud83d\\ude00-\\ud83d\\ude02",
  "\\0-\\x1f",
  "\\t-\\r",
  "\\u{10000}-\\u{10FFFF}",
  "a-\\u{7A}",
];
const EXTENDED_SUBJECT_PIECES = [
  "\t",
  "\v",
  "\f",
  "\u00a0",
  "\u1680",
  "\u2000",
  "\u200a",
  "\u202f",
  "\u205f",
  "\u3000",
  "\ufeff",
  "\u180e",
  "_",
  "9",
  "Z",
  "z",
  "A",
  " ",
];
const SUBJECT_PIECES = [
  "a",
  "b",
  "c",
  "x",
  "A",
  "0",
  " ",
  "\n",
  "\r",
  "\u2028",
  "\u2029",
  "\u0085",
  "\0",
  "😀",
  "😁",
  "𝒜",
  "\ud83d",
  "\ude00",
  "\ud800",
  "\udc00",
  "-",
  ".",
  "é",
  "/",
  "#",
  "{",
  "}",
  "\\",
];

export function randomPattern(random: Random, extended = false): string {
  return new Generator(random, extended).disjunction(0);
}

class Generator {
  constructor(
    private readonly random: Random,
    private readonly extended: boolean,
  ) {}

  disjunction(depth: number): string {
    const count = this.random.chance(0.7) ? 1 : this.random.int(2, 3);
    return Array.from({ length: count }, () => this.alternative(depth)).join("|");
  }

  private alternative(depth: number): string {
    let out = "";
    const terms = this.random.int(0, 4);
    for (let i = 0; i < terms; i++) out += this.term(depth);
    return out;
  }

  private term(depth: number): string {
    if (this.random.chance(0.1)) return this.random.pick(this.extended ? ["^", "$", "\\b", "\\B"] : ["^", "$"]);
    const atom = this.atom(depth);
    return this.random.chance(0.35) ? atom + quantifier(this.random) : atom;
  }

  private atom(depth: number): string {
    const roll = this.random.next();
    if (roll < 0.3) return this.random.pick(LITERALS);
    if (roll < 0.45) return this.atomEscape();
    if (roll < 0.52) return ".";
    if (roll < 0.8 || depth >= 3) return this.characterClass();
    return `${this.random.pick(["(", "(?:"])}${this.disjunction(depth + 1)})`;
  }

  private escape(): string {
    return this.extended && this.random.chance(0.6) ? this.random.pick(EXTENDED_ESCAPES) : this.random.pick(ESCAPED);
  }

  /** `\0` only where no digit can follow it (`\01` is not `\0` then `1`). */
  private atomEscape(): string {
    return this.extended && this.random.chance(0.05) ? "(?:\\0)" : this.escape();
  }

  private characterClass(): string {
    const negated = this.random.chance(0.35) ? "^" : "";
    let items = "";
    const count = this.random.chance(0.1) ? 0 : this.random.int(1, 4);
    for (let i = 0; i < count; i++) {
      const roll = this.random.next();
      if (roll < 0.4) items += this.random.pick(CLASS_LITERALS);
      else if (roll < 0.6) items += this.escape();
      else if (this.extended && roll < 0.75) items += this.random.pick(EXTENDED_RANGES);
      else items += this.random.pick(RANGES).join("-");
    }
    return `[${negated}${items}]`;
  }
}

function quantifier(random: Random): string {
  const n = random.int(0, 3);
  const m = n + random.int(0, 2);
  const base = random.pick(["*", "+", "?", `{${n}}`, `{${n},}`, `{${n},${m}}`]);
  return random.chance(0.3) ? base + "?" : base;
}

/** A subject from the edge-case pieces and the pattern's own characters. */
export function randomSubject(random: Random, pattern: string, extended = false): string {
  const own = Array.from(pattern).filter((c) => c !== "\\");
  const pieces = extended ? [...SUBJECT_PIECES, ...EXTENDED_SUBJECT_PIECES] : SUBJECT_PIECES;
  let out = "";
  const length = random.int(0, 7);
  for (let i = 0; i < length; i++) out += own.length > 0 && random.chance(0.5) ? random.pick(own) : random.pick(pieces);
  return out;
}

/**
 * `^`, then a few single characters, classes, `.` or escapes with counts, and
 * usually `$`: the shape of most schema patterns, where the linear matcher
 * takes over from PCRE2 when it can.
 */
export function randomSequencePattern(random: Random, extended = false): string {
  const items = [
    "[a-z]",
    "[0-9]",
    "[A-Z0-9_-]",
    "[^@ ]",
    "[^]",
    "@",
    "-",
    "\\.",
    ".",
    "😀",
    "[😀-😂]",
    "[^a-z]",
    "[\ud800-\udfff]",
    "x",
    "[é\u{1F600}]".replace("\\u{1F600}", "😀"),
  ];
  if (extended) items.push("\\d", "\\w", "\\s", "\\S", "[\\d\\s]", "\\x41");
  const counts = ["", "", "+", "*", "?", "{2}", "{1,3}", "{0,2}", "{2,}", "+?"];
  let out = "^";
  for (let i = random.int(1, 4); i > 0; i--) out += random.pick(items) + random.pick(counts);
  return random.chance(0.8) ? `${out}$` : out;
}
