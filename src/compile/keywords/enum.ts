import { findNonJson, MAX_DEPTH } from "../../runtime/json-value";
import { jsonEqual, LONG_STRING, memberOf } from "../../runtime/json-equal";
import { chargeComparison, COMPARED_PER_STEP } from "../../runtime/work-costs";
import type { Test } from "../assertion";
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

/** A string too short for comparing it to be charged (src/runtime/work-costs.ts). */
const isShortString = (value: unknown) => typeof value === "string" && value.length < COMPARED_PER_STEP;

interface Choices {
  readonly list: readonly unknown[];
  /** The closures' test (memberOf), which charges as src/runtime/json-equal.ts says. */
  readonly member: (value: unknown) => boolean;
}

/**
 * One of the choices. Written, charged as memberOf charges: a string found
 * among the choices is compared whole once. Choices shorter together than
 * a comparison step are compared inline; longer ones looked up in a Set,
 * where `===` would compare the value with every choice of its length.
 * Other choices, and strings V8 hashes by their length alone, go to memberOf.
 */
const ONE_OF: Test<unknown, Choices> = {
  holds: (v, { member }) => member(v),
  code(w, v, { list, member }) {
    if (!list.every((choice) => typeof choice === "string" && choice.length < LONG_STRING))
      return `${w.constant(member)}(${v})`;
    const strings = list as string[];
    if (strings.reduce((length, choice) => length + choice.length, 0) < COMPARED_PER_STEP)
      return w.oneOfStrings(v, strings);
    const found = `${w.constant(new Set(strings))}.has(${v})`;
    return strings.every(isShortString) ? found : `(${found} && (${w.constant(chargeComparison)}(${v}.length), true))`;
  },
};

/**
 * Equal to one JSON value. Written: a string, boolean or null equals only
 * itself; numbers and structures need jsonEqual. A long string is passed as
 * a value, not written into the code, and a value of its length is compared
 * unit by unit, charged as jsonEqual charges (json-equal.ts sameString).
 */
const EQUAL: Test<unknown, unknown> = {
  holds: (v, value) => jsonEqual(value, v),
  code(w, v, value) {
    if (typeof value === "boolean" || value === null) return `${v} === ${String(value)}`;
    if (typeof value !== "string") return `${w.constant(jsonEqual)}(${w.constant(value)}, ${v})`;
    if (isShortString(value)) return `${v} === ${JSON.stringify(value)}`;
    const charged = `(typeof ${v} !== "string" || ${v}.length !== ${value.length} || (${w.constant(chargeComparison)}(${value.length}), true))`;
    return `(${charged} && ${v} === ${w.constant(value)})`;
  },
};

export const enumKeyword: Keyword = {
  name: "enum",
  list: true,
  weight: (value) => (Array.isArray(value) ? choicesWeight(value) : 0),
  assert(value, site) {
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
    const list = [...value];
    const problem =
      list.length === 0
        ? "no value is allowed here (the list of choices is empty)"
        : `must be one of ${choicesText(list)}`;
    const choices: Choices = { list, member: memberOf(list) };
    const words = {
      problem: (v: unknown) => `${problem}, got ${preview(v)}`,
      params: once(() => ({ allowedValues: frozenCopy(list) })),
    };
    return (o) => o.require(ONE_OF, choices, words);
  },
};

/** One JSON value the value must equal (extended profile): a one-choice `enum`. */
export const constKeyword: Keyword = {
  name: "const",
  weight: (value) => (isStructure(value) ? treeSize(value) : 0),
  assert(value, site) {
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
    const problem = `must be ${preview(value)}`;
    const words = {
      problem: (v: unknown) => `${problem}, got ${preview(v)}`,
      params: once(() => ({ allowedValue: frozenCopy(value) })),
    };
    return (o) => o.require(EQUAL, value, words);
  },
};
