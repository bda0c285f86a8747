import { isPlainObject } from "../json-value";
import { isNonNegativeInteger, type Keyword } from "../keyword";
import { count } from "../messages";
import { checkChild } from "../report";

export const itemsKeyword: Keyword = {
  name: "items",
  compile(value, site) {
    if (Array.isArray(value)) {
      site.problem("items", "tuple-style items (a list of schemas) is not supported; give one schema for every item", "unsupported_capability");
      return null;
    }
    if (!isPlainObject(value) && typeof value !== "boolean") {
      site.problem("items", "must be a schema");
      return null;
    }
    const each = site.subschema(value, "items");
    return (v, r) => {
      if (!Array.isArray(v)) return true;
      let ok = true;
      for (let i = 0; i < v.length; i++) {
        if (checkChild(each, v[i], i, r)) continue;
        if (r === null) return false;
        ok = false;
      }
      return ok;
    };
  },
};

function itemCountBound(name: "minItems" | "maxItems"): Keyword {
  const atLeast = name === "minItems";
  return {
    name,
    compile(value, site) {
      if (!isNonNegativeInteger(value)) {
        site.problem(name, "must be a non-negative integer");
        return null;
      }
      const pointer = site.pointer(name);
      const bound = `must have at ${atLeast ? "least" : "most"} ${count(value, "item")}`;
      return (v, r) => {
        if (!Array.isArray(v) || (atLeast ? v.length >= value : v.length <= value)) return true;
        return r !== null && r.fail(name, pointer, `${bound}, got ${v.length}`);
      };
    },
  };
}

export const minItemsKeyword = itemCountBound("minItems");
export const maxItemsKeyword = itemCountBound("maxItems");
