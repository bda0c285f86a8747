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

/** Any JSON value; never inserted into the arguments, never validated. */
export const defaultKeyword: Keyword = {
  name: "default",
  compile(value, site) {
    const found = findNonJson(value);
    if (found) site.problem("default", `must be a JSON value; ${toPointer(found.path) || "the value"} ${found.problem}`, "validation", ...found.path);
    return null;
  },
};
