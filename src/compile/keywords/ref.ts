import { valueKeyword, type Keyword } from "../keyword";
import { isPlainObject } from "../../runtime/shape";

/** `$ref`: a local JSON Pointer; its siblings apply too, as in 2020-12. The value is checked against its target. */
export const refKeyword: Keyword = {
  name: "$ref",
  sameValue: "all",
  assert(value, site) {
    const target = site.resolve(value);
    if ("kind" in target) {
      site.problem("$ref", target.message, target.kind);
      return null;
    }
    const check = site.ref("$ref", target.pointer);
    return (o) => o.ref(check);
  },
};

/** `$defs` (and draft-07's `definitions`): every entry is checked as a schema, referenced or not. */
function definitions(name: string): Keyword {
  const keyword = valueKeyword(name, isPlainObject, "an object whose values are schemas", (value, site) => {
    for (const key of Object.keys(value)) site.subschema(value[key], name, key);
    return null;
  });
  return { ...keyword, subschemas: "byName" };
}

export const defsKeyword = definitions("$defs");
export const definitionsKeyword = definitions("definitions");
