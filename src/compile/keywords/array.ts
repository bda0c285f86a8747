import { firstRepeat } from "../../runtime/json-equal";
import { isBoolean, sizeBound, valueKeyword, type Keyword } from "../keyword";
import { lengthOf, isSchema } from "../../runtime/shape";
import { charge } from "../../runtime/pass";

export const itemsKeyword: Keyword = {
  name: "items",
  applies: "array",
  subschemas: "one",
  assert(value, site) {
    if (Array.isArray(value)) {
      site.problem(
        "items",
        "tuple-style items (a list of schemas) is not supported; give one schema for every item",
        "unsupported_capability",
      );
      return null;
    }
    if (!isSchema(value)) {
      site.problem("items", "must be a schema");
      return null;
    }
    site.subschema(value, "items");
    // Beside prefixItems (extended profile), items covers the items after them.
    const from = Array.isArray(site.schema.prefixItems) ? site.schema.prefixItems.length : 0;
    return (o) => o.itemsFrom(from);
  },
};

export const prefixItemsKeyword: Keyword = {
  name: "prefixItems",
  applies: "array",
  subschemas: "byIndex",
  list: true,
  assert(value, site) {
    if (!Array.isArray(value) || value.length === 0) {
      site.problem("prefixItems", "must be a non-empty list of schemas");
      return null;
    }
    value.forEach((schema, i) => site.subschema(schema, "prefixItems", i));
    return (o) => o.firstItems(value.length);
  },
};

const itemCount = (v: unknown[]) => v.length;
const itemCountCode = (v: string) => `${v}.length`;
export const minItemsKeyword = sizeBound("minItems", "array", true, itemCount, itemCountCode, "item");
export const maxItemsKeyword = sizeBound("maxItems", "array", false, itemCount, itemCountCode, "item");

/** No two items equal (`enum` equality), found in one pass over their canonical texts, once per list and pass. */
const uniqueItems = valueKeyword("uniqueItems", isBoolean, "a boolean", (value, site) => {
  if (!value) return null;
  const pointer = site.pointer("uniqueItems");
  return (v, r) => {
    if (!Array.isArray(v)) return true;
    // Read once: a proxy may claim another length on every read.
    const length = lengthOf(v);
    if (length < 2) return true;
    charge(length);
    const repeat = firstRepeat(v, length);
    return (
      repeat === null ||
      (r !== null &&
        r.fail(
          "uniqueItems",
          pointer,
          () => `must not repeat an item (items ${repeat[0]} and ${repeat[1]} are equal)`,
          () => ({ i: repeat[1], j: repeat[0] }),
        ))
    );
  };
});

export const uniqueItemsKeyword: Keyword = { ...uniqueItems, applies: "array" };
