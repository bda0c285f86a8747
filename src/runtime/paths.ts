import { oneLine } from "./one-line";
/** A step into the arguments: an object key or an array index. */
export type PathSegment = string | number;

/** RFC 6901: `~` becomes `~0`, `/` becomes `~1`. */
export function escapePointerSegment(segment: PathSegment): string {
  if (typeof segment === "number") return String(segment);
  // Most names need no escape; the test is cheaper than two replaces.
  return segment.includes("~") || segment.includes("/") ? segment.replace(/~/g, "~0").replace(/\//g, "~1") : segment;
}

/** One step of a JSON Pointer: `/` and the escaped segment. */
export function pointerStep(segment: PathSegment): string {
  return "/" + escapePointerSegment(segment);
}

export function toPointer(path: readonly PathSegment[]): string {
  let pointer = "";
  for (const segment of path) pointer += pointerStep(segment);
  return pointer;
}

/** `[A-Za-z_$][A-Za-z0-9_$]*`, tested by hand: it runs for every segment of every message. */
function isIdentifier(name: string): boolean {
  if (name === "") return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
    if (!letter && !(i > 0 && c >= 0x30 && c <= 0x39)) return false;
  }
  return true;
}

/** The name a model reads for the root of the arguments. */
export const ROOT_NAME = "arguments";

/** Property names longer than this are cut in readable paths (the pointer keeps them whole). */
const SHOWN_NAME_LENGTH = 60;

/** One step of a readable path, after `before` (the readable text of the steps before it, "" at the root). */
export function readableStep(before: string, segment: PathSegment): string {
  if (typeof segment === "number") return `[${segment}]`;
  if (segment.length > SHOWN_NAME_LENGTH)
    return `[${oneLine(JSON.stringify(segment.slice(0, SHOWN_NAME_LENGTH - 1)))}…]`;
  if (isIdentifier(segment)) return before === "" ? segment : `.${segment}`;
  return `[${oneLine(JSON.stringify(segment))}]`;
}

/** `edits[0].new_string`, `headers["Content-Type"]`; `arguments` for the root. */
export function readablePath(path: readonly PathSegment[]): string {
  let text = "";
  for (const segment of path) text += readableStep(text, segment);
  return text === "" ? ROOT_NAME : text;
}
