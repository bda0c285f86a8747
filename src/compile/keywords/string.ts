import { hasAtLeastCodePoints, hasAtMostCodePoints } from "../../runtime/code-points";
import { countKeyword, isString, type Keyword } from "../keyword";
import { count, preview } from "../../explain/messages";
import { oneLine } from "../../runtime/one-line";
import { PatternError } from "../../pattern/syntax";

/**
 * `minLength` and `maxLength` (extended profile), in code points. A string
 * has between length/2 and length code points, so most strings are decided
 * without counting.
 */
function lengthBound(name: "minLength" | "maxLength", holds: (s: string, bound: number) => boolean): Keyword {
  const words = name === "minLength" ? "at least" : "at most";
  return countKeyword(name, "string", { holds }, (bound) => {
    const expected = `must be ${words} ${count(bound, "character")} long`;
    return { problem: (v: string) => `${expected}, got ${preview(v)}`, params: { limit: bound } };
  });
}

export const minLengthKeyword = lengthBound("minLength", hasAtLeastCodePoints);
export const maxLengthKeyword = lengthBound("maxLength", hasAtMostCodePoints);

/** A pattern the string must match, searched by the pattern engines under the work limit. */
export const patternKeyword: Keyword = {
  name: "pattern",
  applies: "string",
  assert(value, site) {
    if (!isString(value)) {
      site.problem("pattern", "must be a string");
      return null;
    }
    const compiled = site.pattern(value);
    if (compiled instanceof PatternError) {
      site.problem("pattern", compiled.message, compiled.kind);
      return null;
    }
    const problem = `must match the pattern ${oneLine(value)}`;
    const words = { problem: (v: string) => `${problem}, got ${preview(v)}`, params: { pattern: value } };
    return (o) => o.search(compiled, value, words);
  },
};
