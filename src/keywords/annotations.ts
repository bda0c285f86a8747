import { findNonJson } from "../json-value";
import type { Keyword } from "../keyword";
import { toPointer } from "../paths";

/** Kept, never interpreted or asserted (SPEC §3). */
function stringAnnotation(name: string): Keyword {
  return {
    name,
    compile(value, site) {
      if (typeof value !== "string") site.problem(name, "must be a string");
      return null;
    },
  };
}

export const STRING_ANNOTATIONS = ["description", "format", "contentEncoding", "$schema", "x-mcp-header"].map(stringAnnotation);

/** The annotations of the extended profile (SPEC §9). */
export const EXTENDED_ANNOTATIONS = [
  ...["title", "$comment", "contentMediaType"].map(stringAnnotation),
  ...["deprecated", "readOnly", "writeOnly"].map(booleanAnnotation),
];

function booleanAnnotation(name: string): Keyword {
  return {
    name,
    compile(value, site) {
      if (typeof value !== "boolean") site.problem(name, "must be a boolean");
      return null;
    },
  };
}

export const examplesKeyword: Keyword = {
  name: "examples",
  compile(value, site) {
    if (!Array.isArray(value)) site.problem("examples", "must be a list");
    return null;
  },
};

/** `$id` names the document; below the root it would start a new base URI, which is not supported. */
export const idKeyword: Keyword = {
  name: "$id",
  compile(value, site) {
    if (site.pointer() !== "") site.problem("$id", "$id is supported only at the root of the schema", "unsupported_capability");
    else if (typeof value !== "string") site.problem("$id", "must be a string");
    return null;
  },
};

/** Any JSON value; never inserted into the arguments, never validated. */
export const defaultKeyword: Keyword = {
  name: "default",
  compile(value, site) {
    const found = findNonJson(value);
    if (found) site.problem("default", `must be a JSON value; ${toPointer(found.path) || "the value"} ${found.problem}`, "validation", ...found.path);
    return null;
  },
};
