/** A step into the arguments: an object key or an array index. */
export type PathSegment = string | number;

/** RFC 6901: `~` becomes `~0`, `/` becomes `~1`. */
export function escapePointerSegment(segment: PathSegment): string {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function toPointer(path: readonly PathSegment[]): string {
  let pointer = "";
  for (const segment of path) pointer += "/" + escapePointerSegment(segment);
  return pointer;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The name a model reads for the root of the arguments. */
export const ROOT_NAME = "arguments";

/** `edits[0].new_string`, `headers["Content-Type"]`; `arguments` for the root. */
export function readablePath(path: readonly PathSegment[]): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text === "" ? ROOT_NAME : text;
}
