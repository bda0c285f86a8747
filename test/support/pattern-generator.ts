import type { Random } from "./random";

/**
 * Random patterns inside the portable subset of SPEC §6, and subjects built
 * to hit their edges: astral characters, lone surrogates, line terminators,
 * NUL and punctuation.
 */
const LITERALS = ["a", "b", "c", "x", "0", "9", "A", " ", "é", "😀", "𝒜", "\u0085", "\0", "\n", "\u2028", "\ud800", "\udc00", "\ud83d", "/", "#", ",", "-", "~", "'"];
const ESCAPED = [".", "-", "_", ":", "/", "@", "$", "^", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "\\", "#", "~", "!", ",", "&", "=", "<", ">", "%", "\"", "'", "`", ";"].map((c) => "\\" + c);
const CLASS_LITERALS = ["a", "b", "z", "0", "9", "A", "é", "😀", "𝒜", ".", "*", "$", "(", "?", "|", "{", "/", " ", "\n", "\u2029", "\ud800"];
const RANGES: [string, string][] = [["a", "z"], ["0", "9"], ["A", "Z"], ["\u0000", "\u001f"], ["😀", "😂"], ["\u{10000}", "\u{10ffff}"], ["\ud800", "\udfff"], ["\u00e0", "\u00ff"], ["\u2028", "\u2029"], ["!", "/"], ["a", "a"]];
const SUBJECT_PIECES = ["a", "b", "c", "x", "A", "0", " ", "\n", "\r", "\u2028", "\u2029", "\u0085", "\0", "😀", "😁", "𝒜", "\ud83d", "\ude00", "\ud800", "\udc00", "-", ".", "é", "/", "#", "{", "}", "\\"];

export function randomPattern(random: Random): string {
  return disjunction(random, 0);
}

function disjunction(random: Random, depth: number): string {
  const count = random.chance(0.7) ? 1 : random.int(2, 3);
  return Array.from({ length: count }, () => alternative(random, depth)).join("|");
}

function alternative(random: Random, depth: number): string {
  let out = "";
  const terms = random.int(0, 4);
  for (let i = 0; i < terms; i++) out += term(random, depth);
  return out;
}

function term(random: Random, depth: number): string {
  if (random.chance(0.1)) return random.pick(["^", "$"]);
  const atom = randomAtom(random, depth);
  return random.chance(0.35) ? atom + quantifier(random) : atom;
}

function randomAtom(random: Random, depth: number): string {
  const roll = random.next();
  if (roll < 0.4) return random.pick(LITERALS);
  if (roll < 0.55) return random.pick(ESCAPED);
  if (roll < 0.62) return ".";
  if (roll < 0.82 || depth >= 3) return characterClass(random);
  return `${random.pick(["(", "(?:"])}${disjunction(random, depth + 1)})`;
}

function characterClass(random: Random): string {
  const negated = random.chance(0.35) ? "^" : "";
  let items = "";
  const count = random.chance(0.1) ? 0 : random.int(1, 4);
  for (let i = 0; i < count; i++) {
    const roll = random.next();
    if (roll < 0.4) items += random.pick(CLASS_LITERALS);
    else if (roll < 0.6) items += random.pick(ESCAPED);
    else items += random.pick(RANGES).join("-");
  }
  return `[${negated}${items}]`;
}

function quantifier(random: Random): string {
  const n = random.int(0, 3);
  const m = n + random.int(0, 2);
  const base = random.pick(["*", "+", "?", `{${n}}`, `{${n},}`, `{${n},${m}}`]);
  return random.chance(0.3) ? base + "?" : base;
}

/** A subject from the edge-case pieces and the pattern's own characters. */
export function randomSubject(random: Random, pattern: string): string {
  const own = Array.from(pattern).filter((c) => c !== "\\");
  let out = "";
  const length = random.int(0, 7);
  for (let i = 0; i < length; i++) out += own.length > 0 && random.chance(0.5) ? random.pick(own) : random.pick(SUBJECT_PIECES);
  return out;
}
