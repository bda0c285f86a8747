import { programSize } from "./program";
import type { Ranges } from "./sets";
import { BOUNDARY, END, NOT_BOUNDARY, START, type Node } from "./syntax";

/**
 * A syntax tree as PCRE2 reads it (32-bit code units, non-UTF mode: one
 * unit per code point; native/pcre2-pattern.cc has the options), written
 * from the tree rather than the ECMAScript source so that both engines run
 * one meaning:
 * - every set is an explicit class of code points (`.`, `\d`, `\s` and the
 *   other escapes already are ranges in the tree). The empty set is `(?!)`,
 *   never `[]`: PCRE2 10.42 reads a quantified empty class (`[]?` before
 *   `\B`, with PCRE2_ALLOW_EMPTY_CLASS) as never matching, where it matches
 *   the empty string; an empty set under a repeat is written as what the
 *   repeat means (the empty string, or a failure);
 * - `^` is the start of the subject and `$` its absolute end (`\z`: no
 *   final newline, as ECMAScript without the `m` flag);
 * - `\b` and `\B` stay themselves: outside UCP mode, PCRE2's word characters
 *   are ECMAScript's `[0-9A-Za-z_]`;
 * - groups are non-capturing and every repeat is greedy: the tree says which
 *   strings match, and a test asks only whether one does.
 */
export function pcre2Source(root: Node): Uint32Array {
  return Uint32Array.from(pcre2Text(root, MAX_CODE_POINT), (c) => c.charCodeAt(0));
}

/**
 * The same pattern for the code points U+0000 to U+00FF alone, as PCRE2's
 * 8-bit library reads it (non-UTF mode, one byte a code point): every set cut
 * at U+00FF. On a subject of such code points (a one-byte string) each set
 * answers as the whole set does, so the pattern matches the same subjects;
 * a set cut to nothing is the empty set, written as it always is.
 */
export function oneBytePcre2Source(root: Node): Uint8Array {
  return Uint8Array.from(pcre2Text(root, 0xff), (c) => c.charCodeAt(0));
}

const MAX_CODE_POINT = 0x10ffff;

/** Only ASCII is written: code points above it are escaped. */
function pcre2Text(root: Node, highest: number): string {
  const out: string[] = [];
  writeNode(root, highest, out);
  return out.join("");
}

const ASSERTIONS: Record<number, string> = { [START]: "^", [END]: "\\z", [BOUNDARY]: "\\b", [NOT_BOUNDARY]: "\\B" };

const isAlphanumeric = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

function codePoint(c: number): string {
  return isAlphanumeric(c) ? String.fromCharCode(c) : `\\x{${c.toString(16)}}`;
}

/** The ranges of a set up to `highest`. */
function cut(ranges: Ranges, highest: number): Ranges {
  if (highest === MAX_CODE_POINT) return ranges;
  const kept: [number, number][] = [];
  for (const [from, to] of ranges) if (from <= highest) kept.push([from, Math.min(to, highest)]);
  return kept;
}

function set(ranges: Ranges): string {
  if (ranges.length === 0) return "(?!)";
  if (ranges.length === 1 && ranges[0][0] === ranges[0][1]) return codePoint(ranges[0][0]);
  let text = "[";
  for (const [from, to] of ranges) text += from === to ? codePoint(from) : `${codePoint(from)}-${codePoint(to)}`;
  return `${text}]`;
}

function quantifier(min: number, max: number): string {
  if (max === Infinity) return min === 0 ? "*" : min === 1 ? "+" : `{${min},}`;
  if (min === 0 && max === 1) return "?";
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

function writeNode(node: Node, highest: number, out: string[]): void {
  switch (node.kind) {
    case "set":
      out.push(set(cut(node.ranges, highest)));
      return;
    case "assertion":
      out.push(ASSERTIONS[node.assertion]);
      return;
    case "sequence":
      for (const item of node.items) {
        if (item.kind === "alternation") group(item, highest, out);
        else writeNode(item, highest, out);
      }
      return;
    case "alternation":
      node.items.forEach((item, i) => {
        if (i > 0) out.push("|");
        writeNode(item, highest, out);
      });
      return;
    case "repeat":
      // An item that only matches the empty string is no instruction in the program, so the proof counts none of its
      // copies; PCRE2 would enter every copy at every position (`(?:(?:){1000}){300}a`: 300,000 groups a position).
      if (programSize(node.item) === 1) return;
      if (node.item.kind === "set" && cut(node.item.ranges, highest).length === 0) {
        if (node.min > 0) out.push("(?!)");
        return;
      }
      if (node.item.kind === "set") writeNode(node.item, highest, out);
      else group(node.item, highest, out);
      out.push(quantifier(node.min, node.max));
      return;
  }
}

function group(node: Node, highest: number, out: string[]): void {
  out.push("(?:");
  writeNode(node, highest, out);
  out.push(")");
}
