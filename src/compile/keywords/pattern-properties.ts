import type { Keyword, SchemaSite } from "../keyword";
import { matches, type Claims } from "../assertion";
import { oneLine } from "../../runtime/one-line";
import { eachKey } from "../closure-ops";
import { checkChild, type Check } from "../../explain/report";
import { isPlainObject } from "../../runtime/shape";
import type { CompiledPattern } from "../../pattern/native";
import { PatternError } from "../../pattern/syntax";

const NAME = "patternProperties";

/** How many of the patterns a refused name's problem quotes. */
const QUOTED_PATTERNS = 3;

/** One pattern of the keyword, compiled (or refused), and where it stands. */
interface Entry<P> {
  readonly source: string;
  readonly pattern: P;
  readonly pointer: string;
}

/** The keyword's patterns, compiled within the schema's share (the same pattern is compiled once however often it is met). */
function compiledPatterns(value: Record<string, unknown>, site: SchemaSite): Entry<CompiledPattern | PatternError>[] {
  return Object.keys(value).map((source) => ({
    source,
    pattern: site.pattern(source),
    pointer: site.pointer(NAME, source),
  }));
}

const isCompiled = (entry: Entry<CompiledPattern | PatternError>): entry is Entry<CompiledPattern> =>
  !(entry.pattern instanceof PatternError);

/**
 * Whether a property name matches a pattern: searched as a subject by the
 * pattern engines, under the same work limit as any string (extended
 * profile).
 */
const named = (entry: Entry<CompiledPattern>, key: string) => matches(entry.pattern, entry.source, entry.pointer, key);

/**
 * Every own property whose name matches a pattern must match that
 * pattern's schema (each pattern that matches applies); `additionalProperties`
 * beside it leaves those names alone (Keyword.claims). Every own key is a
 * unit of work, as for `additionalProperties`, and each search counts its own.
 */
export const patternPropertiesKeyword: Keyword = {
  name: NAME,
  applies: "object",
  subschemas: "byName",
  claims(value, site): Claims {
    if (!isPlainObject(value)) return { names: [], test: null, words: null };
    const compiled = compiledPatterns(value, site).filter(isCompiled);
    const quoted = compiled.slice(0, QUOTED_PATTERNS).map((entry) => oneLine(entry.source));
    if (compiled.length > QUOTED_PATTERNS) quoted.push("…");
    return {
      names: [],
      test: (key) => compiled.some((entry) => named(entry, key)),
      words: `names matching ${quoted.join(" or ")}`,
    };
  },
  compile(value, site) {
    if (!isPlainObject(value)) {
      site.problem(NAME, "must be an object whose keys are patterns and whose values are schemas");
      return null;
    }
    const each: (Entry<CompiledPattern> & { check: Check })[] = [];
    for (const entry of compiledPatterns(value, site)) {
      const { pattern, source } = entry;
      if (pattern instanceof PatternError) site.problem(NAME, pattern.message, pattern.kind, source);
      const check = site.subschema(value[source], NAME, source);
      if (isCompiled(entry)) each.push({ ...entry, check });
    }
    return eachKey(
      site.rootRequired,
      () => false,
      (key, child, r) => {
        let ok = true;
        for (const entry of each) {
          if (!named(entry, key) || checkChild(entry.check, child, key, r)) continue;
          if (r === null) return false;
          ok = false;
        }
        return ok;
      },
    );
  },
};
