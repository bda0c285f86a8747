import { escapePointerSegment } from "../runtime/paths";
import type { ErrorKind } from "../runtime/types";
import { isPlainObject, isSchema } from "../runtime/shape";

/** Where a keyword's subschemas stand in its value (Keyword.subschemas): the value itself, the values of an object, or the items of a list. */
export type Placement = "one" | "byName" | "byIndex";

/** Where the subschemas of keyword `name` stand (Keyword.subschemas); undefined for a keyword that holds none. */
export type PlacementOf = (name: string) => Placement | undefined;

export type RefTarget = { pointer: string } | { kind: ErrorKind; message: string };

/** What a place in a schema document holds, as far as `$ref` is concerned: a schema, an object or list of schemas, or anything else. */
export type Position = "schema" | "container" | "other";

/** What the place one step (`token`) below a place of kind `position` holds. */
export function stepFrom(position: Position, token: string, placementOf: PlacementOf): Position {
  if (position === "schema") {
    const placement = placementOf(token);
    return placement === "one" ? "schema" : placement === undefined ? "other" : "container";
  }
  return position === "container" ? "schema" : "other";
}

/** The unescaped tokens of a JSON Pointer. */
export function pointerTokens(pointer: string): string[] {
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * Resolves a `$ref`: `#` or `#/…` only, percent-decoded, then read
 * as a JSON Pointer (RFC 6901) into the same document, and it must land on a
 * schema, not on nothing and not on a value such as an `enum` choice. The
 * pointer returned is canonical, so it names the compiled subschema.
 */
export function resolveRef(document: unknown, ref: unknown, placementOf: PlacementOf): RefTarget {
  if (typeof ref !== "string") return { kind: "validation", message: "must be a string" };
  if (ref !== "#" && !ref.startsWith("#/")) {
    const what = ref.startsWith("#") ? "an anchor" : "another document or a relative URI";
    return {
      kind: "unsupported_capability",
      message: `$ref ${JSON.stringify(ref)} refers to ${what}; only "#" and "#/…" pointers into the same schema are supported`,
    };
  }
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return { kind: "validation", message: `$ref ${JSON.stringify(ref)} is not valid percent-encoding` };
  }
  const tokens = pointerTokens(pointer);
  let value = document;
  let position: Position = "schema";
  for (const token of tokens) {
    if (Array.isArray(value) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < value.length)
      value = value[Number(token)];
    else if (isPlainObject(value) && Object.hasOwn(value, token)) value = value[token];
    else return { kind: "validation", message: `$ref ${JSON.stringify(ref)} points to nothing` };
    position = stepFrom(position, token, placementOf);
  }
  if (position !== "schema" || !isSchema(value)) {
    return { kind: "validation", message: `$ref ${JSON.stringify(ref)} does not point to a schema` };
  }
  return { pointer: tokens.map((token) => "/" + escapePointerSegment(token)).join("") };
}

/** The value at a canonical JSON Pointer returned by resolveRef. */
export function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const token of pointerTokens(pointer)) value = (value as Record<string, unknown>)[token];
  return value;
}
