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
  const out: string[] = [];
  writeNode(root, out);
  const text = out.join("");
  const units = new Uint32Array(text.length);
  // Only ASCII is written: code points above it are escaped.
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return units;
}

const ASSERTIONS: Record<number, string> = { [START]: "^", [END]: "\\z", [BOUNDARY]: "\\b", [NOT_BOUNDARY]: "\\B" };

const isAlphanumeric = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

function codePoint(c: number): string {
  return isAlphanumeric(c) ? String.fromCharCode(c) : `\\x{${c.toString(16)}}`;
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

function writeNode(node: Node, out: string[]): void {
  switch (node.kind) {
    case "set":
      out.push(set(node.ranges));
      return;
    case "assertion":
      out.push(ASSERTIONS[node.assertion]);
      return;
    case "sequence":
      for (const item of node.items) {
        if (item.kind === "alternation") group(item, out);
        else writeNode(item, out);
      }
      return;
    case "alternation":
      node.items.forEach((item, i) => {
        if (i > 0) out.push("|");
        writeNode(item, out);
      });
      return;
    case "repeat":
      // An item that only matches the empty string is no instruction in the program, so the proof counts none of its
      // copies; PCRE2 would enter every copy at every position (`(?:(?:){1000}){300}a`: 300,000 groups a position).
      if (programSize(node.item) === 1) return;
      if (node.item.kind === "set" && node.item.ranges.length === 0) {
        if (node.min > 0) out.push("(?!)");
        return;
      }
      if (node.item.kind === "set") writeNode(node.item, out);
      else group(node.item, out);
      out.push(quantifier(node.min, node.max));
      return;
  }
}

function group(node: Node, out: string[]): void {
  out.push("(?:");
  writeNode(node, out);
  out.push(")");
}
