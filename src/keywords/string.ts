import { chargeBudget } from "../budget";
import { codePointLength, hasAtLeastCodePoints } from "../code-points";
import { isNonNegativeInteger, type Keyword } from "../keyword";
import { count, preview } from "../messages";
import { MATCH, NO_MATCH } from "../native";
import { compilePattern, EngineLimit } from "../pattern";
import { PatternError } from "../pattern-translate";

export const minLengthKeyword: Keyword = {
  name: "minLength",
  compile(value, site) {
    if (!isNonNegativeInteger(value)) {
      site.problem("minLength", "must be a non-negative integer");
      return null;
    }
    const pointer = site.pointer("minLength");
    const bound = `must be at least ${count(value, "character")} long`;
    return (v, r) => {
      if (typeof v !== "string" || hasAtLeastCodePoints(v, value)) return true;
      return r !== null && r.fail("minLength", pointer, `${bound}, got ${preview(v)}`);
    };
  },
};

/** At most `maxLength` code points (SPEC §9). */
export const maxLengthKeyword: Keyword = {
  name: "maxLength",
  compile(value, site) {
    if (!isNonNegativeInteger(value)) {
      site.problem("maxLength", "must be a non-negative integer");
      return null;
    }
    const pointer = site.pointer("maxLength");
    const bound = `must be at most ${count(value, "character")} long`;
    return (v, r) => {
      // A string has at most as many code points as UTF-16 units.
      if (typeof v !== "string" || v.length <= value || codePointLength(v) <= value) return true;
      return r !== null && r.fail("maxLength", pointer, `${bound}, got ${preview(v)}`);
    };
  },
};

export const patternKeyword: Keyword = {
  name: "pattern",
  compile(value, site) {
    if (typeof value !== "string") {
      site.problem("pattern", "must be a string");
      return null;
    }
    const compiled = compilePattern(value, site.options.profile);
    if (compiled instanceof PatternError) {
      site.problem("pattern", compiled.message, compiled.kind);
      return null;
    }
    const pointer = site.pointer("pattern");
    const limit = new EngineLimit(pointer, value);
    const problem = `must match the pattern ${value}`;
    return (v, r) => {
      if (typeof v !== "string") return true;
      const outcome = compiled.test(v);
      chargeBudget();
      if (outcome === MATCH) return true;
      if (outcome !== NO_MATCH) throw limit;
      return r !== null && r.fail("pattern", pointer, `${problem}, got ${preview(v)}`);
    };
  },
};
