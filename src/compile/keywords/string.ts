import { hasAtLeastCodePoints, hasAtMostCodePoints } from "../../runtime/code-points";
import { countKeyword, isString, valueKeyword, type Keyword } from "../keyword";
import { count, preview } from "../../explain/messages";
import { oneLine } from "../../runtime/one-line";
import { EngineLimit, MATCH, NO_MATCH, NO_MEMORY } from "../../pattern/native";
import { PatternError } from "../../pattern/syntax";
import { chargeBudget } from "../../runtime/pass";

/**
 * `minLength` and `maxLength` (extended profile), in code points. A string
 * has between length/2 and length code points, so most strings are decided
 * without counting.
 */
function lengthBound(name: "minLength" | "maxLength", holds: (s: string, bound: number) => boolean): Keyword {
  const words = name === "minLength" ? "at least" : "at most";
  const keyword = countKeyword(name, (bound, pointer) => {
    const expected = `must be ${words} ${count(bound, "character")} long`;
    const params = { limit: bound };
    return (v, r) =>
      typeof v !== "string" ||
      holds(v, bound) ||
      (r !== null && r.fail(name, pointer, () => `${expected}, got ${preview(v)}`, params));
  });
  return { ...keyword, applies: "string" };
}

export const minLengthKeyword = lengthBound("minLength", hasAtLeastCodePoints);
export const maxLengthKeyword = lengthBound("maxLength", hasAtMostCodePoints);

const pattern = valueKeyword("pattern", isString, "a string", (value, site) => {
  const compiled = site.pattern(value);
  if (compiled instanceof PatternError) {
    site.problem("pattern", compiled.message, compiled.kind);
    return null;
  }
  const pointer = site.pointer("pattern");
  const problem = `must match the pattern ${oneLine(value)}`;
  const params = { pattern: value };
  return (v, r) => {
    if (typeof v !== "string") return true;
    const outcome = compiled.test(v);
    chargeBudget();
    if (outcome === MATCH) return true;
    if (outcome !== NO_MATCH) throw new EngineLimit(pointer, value, outcome === NO_MEMORY);
    return r !== null && r.fail("pattern", pointer, () => `${problem}, got ${preview(v)}`, params);
  };
});

export const patternKeyword: Keyword = { ...pattern, applies: "string" };
