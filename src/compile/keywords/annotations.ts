import { findNonJson, MAX_DEPTH } from "../../runtime/json-value";
import { isBoolean, isString, valueKeyword, type Keyword } from "../keyword";
import { toPointer } from "../../runtime/paths";

/** Kept, never interpreted or asserted; only the value's shape is checked. */
const annotation = <T>(name: string, accepts: (value: unknown) => value is T, mustBe: string): Keyword =>
  valueKeyword(name, accepts, mustBe, () => null);

/** An annotation that holds any JSON value: kept, never interpreted. */
function jsonAnnotation(name: string): Keyword {
  return {
    name,
    compile(value, site) {
      const found = findNonJson(value, MAX_DEPTH, site.countValues);
      if (found)
        site.problem(
          name,
          `must be a JSON value; ${toPointer(found.path) || "the value"} ${found.problem}`,
          "validation",
          ...found.path,
        );
      return null;
    },
  };
}

/** Any JSON value; never inserted into the arguments, never validated. */
const defaultKeyword = jsonAnnotation("default");

/**
 * OpenAPI's extension convention: a keyword whose name starts with `x-` is
 * the vendor's, common in catalogs converted from OpenAPI. The extended
 * profile keeps it as an annotation; the core profile refuses it
 * (`x-mcp-header` aside, a core annotation).
 */
export const isVendorExtension = (name: string) => name.startsWith("x-");

/** The annotation a vendor extension is in the extended profile. */
export const vendorExtension = jsonAnnotation;

/** `$id` names the document; below the root it would start a new base URI, which is not supported. */
const idKeyword: Keyword = {
  name: "$id",
  compile(value, site) {
    if (site.pointer() !== "")
      site.problem("$id", "$id is supported only at the root of the schema", "unsupported_capability");
    else if (typeof value !== "string") site.problem("$id", "must be a string");
    return null;
  },
};

/** The annotations of the core profile. */
export const CORE_ANNOTATIONS: Keyword[] = [
  ...["description", "format", "contentEncoding", "$schema", "x-mcp-header"].map((name) =>
    annotation(name, isString, "a string"),
  ),
  defaultKeyword,
];

/** What the extended profile adds. */
export const EXTENDED_ANNOTATIONS: Keyword[] = [
  ...["title", "$comment", "contentMediaType"].map((name) => annotation(name, isString, "a string")),
  ...["deprecated", "readOnly", "writeOnly"].map((name) => annotation(name, isBoolean, "a boolean")),
  annotation("examples", Array.isArray, "a list"),
  idKeyword,
];
