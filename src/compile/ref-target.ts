import { escapePointerSegment } from "../runtime/paths";
import type { ErrorKind } from "../runtime/types";
import { isPlainObject, isSchema } from "../runtime/shape";

/** Keywords whose value is one schema, an object of schemas, or a list of schemas. */
const ONE_SCHEMA = new Set(["items", "not", "additionalProperties", "additional_properties", "propertyNames"]);
const SCHEMA_BY_NAME = new Set(["properties", "$defs", "definitions"]);
const SCHEMA_BY_INDEX = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

export type RefTarget = { pointer: string } | { kind: ErrorKind; message: string };

/**
 * Resolves a `$ref`: `#` or `#/…` only, percent-decoded, then read
 * as a JSON Pointer (RFC 6901) into the same document, and it must land on a
 * schema, not on nothing and not on a value such as an `enum` choice. The
 * pointer returned is canonical, so it names the compiled subschema.
 */
export function resolveRef(document: unknown, ref: unknown): RefTarget {
  if (typeof ref !== "string") return { kind: "validation", message: "must be a string" };
  if (ref !== "#" && !ref.startsWith("#/")) {
    const what = ref.startsWith("#") ? "an anchor" : "another document or a relative URI";
    return { kind: "unsupported_capability", message: `$ref ${JSON.stringify(ref)} refers to ${what}; only "#" and "#/…" pointers into the same schema are supported` };
  }
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return { kind: "validation", message: `$ref ${JSON.stringify(ref)} is not valid percent-encoding` };
  }
  const tokens = pointer === "" ? [] : pointer.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
  let value = document;
  let position: "schema" | "container" | "other" = "schema";
  for (const token of tokens) {
    if (Array.isArray(value) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < value.length) value = value[Number(token)];
    else if (isPlainObject(value) && Object.hasOwn(value, token)) value = value[token];
    else return { kind: "validation", message: `$ref ${JSON.stringify(ref)} points to nothing` };
    if (position === "schema") {
      position = ONE_SCHEMA.has(token) ? "schema" : SCHEMA_BY_NAME.has(token) || SCHEMA_BY_INDEX.has(token) ? "container" : "other";
    } else if (position === "container") {
      position = "schema";
    }
  }
  if (position !== "schema" || !isSchema(value)) {
    return { kind: "validation", message: `$ref ${JSON.stringify(ref)} does not point to a schema` };
  }
  return { pointer: tokens.map((token) => "/" + escapePointerSegment(token)).join("") };
}

/** The value at a canonical JSON Pointer returned by resolveRef. */
export function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const token of pointer === "" ? [] : pointer.slice(1).split("/")) {
    value = (value as Record<string, unknown>)[token.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return value;
}
