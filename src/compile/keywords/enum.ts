import { findNonJson, MAX_DEPTH } from "../../runtime/json-value";
import { jsonEqual, memberOf } from "../../runtime/json-equal";
import type { Keyword } from "../keyword";
import { choicesWeight, isStructure, treeSize } from "../weight";
import { preview } from "../../explain/messages";
import { toPointer } from "../../runtime/paths";
import { frozenCopy, once } from "../../explain/params";

const MAX_LISTED_CHOICES = 10;

function choicesText(choices: readonly unknown[]): string {
  const listed = choices.slice(0, MAX_LISTED_CHOICES).map(preview).join(", ");
  return choices.length > MAX_LISTED_CHOICES ? `${listed}, …` : listed;
}

export const enumKeyword: Keyword = {
  name: "enum",
  list: true,
  weight: (value) => (Array.isArray(value) ? choicesWeight(value) : 0),
  compile(value, site) {
    if (!Array.isArray(value)) {
      site.problem("enum", "must be a list of JSON values");
      return null;
    }
    for (let i = 0; i < value.length; i++) {
      const found = findNonJson(value[i], MAX_DEPTH, site.countValues);
      if (found) {
        site.problem(
          "enum",
          `must list only JSON values; choice ${i}${toPointer(found.path)} ${found.problem}`,
          "validation",
          i,
          ...found.path,
        );
        return null;
      }
    }
    const choices = [...value];
    const pointer = site.pointer("enum");
    const problem =
      choices.length === 0
        ? "no value is allowed here (the list of choices is empty)"
        : `must be one of ${choicesText(choices)}`;
    const member = memberOf(choices);
    const params = once(() => ({ allowedValues: frozenCopy(choices) }));
    return (v, r) =>
      member(v) || (r !== null && r.fail("enum", pointer, () => `${problem}, got ${preview(v)}`, params));
  },
};

/** One JSON value the value must equal (extended profile): a one-choice `enum`. */
export const constKeyword: Keyword = {
  name: "const",
  weight: (value) => (isStructure(value) ? treeSize(value) : 0),
  compile(value, site) {
    const found = findNonJson(value, MAX_DEPTH, site.countValues);
    if (found) {
      site.problem(
        "const",
        `must be a JSON value; ${toPointer(found.path) || "the value"} ${found.problem}`,
        "validation",
        ...found.path,
      );
      return null;
    }
    const pointer = site.pointer("const");
    const problem = `must be ${preview(value)}`;
    const params = once(() => ({ allowedValue: frozenCopy(value) }));
    return (v, r) =>
      jsonEqual(value, v) || (r !== null && r.fail("const", pointer, () => `${problem}, got ${preview(v)}`, params));
  },
};
