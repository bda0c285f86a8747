import { compilePcre2, engine, MATCH, NO_MATCH, type CompiledPattern } from "./native";
import { linearMatcher } from "./pattern-linear";
import { Lru } from "./lru";
import { PatternError, translatePattern, type Translation } from "./pattern-translate";
import type { Profile } from "./types";

/** Longest accepted pattern, in UTF-8 bytes (SPEC §6). */
export const MAX_PATTERN_BYTES = 1024;

/** Distinct patterns kept compiled; catalogs repeat the same few patterns. */
const CACHE_SIZE = 2048;
const cache = new Lru<string, CompiledPattern | PatternError>(CACHE_SIZE);

/**
 * Thrown while validating when PCRE2 runs out of its fixed work limit (or
 * another engine resource). It aborts the whole validation, so it is never
 * read as "this branch did not match" (SPEC §2).
 */
export class EngineLimit {
  constructor(
    readonly schemaPath: string,
    readonly pattern: string,
  ) {}
}

/** Compiles a schema `pattern` for a profile, or says why it is refused. */
export function compilePattern(pattern: string, profile: Profile = "core"): CompiledPattern | PatternError {
  const key = profile === "core" ? pattern : `extended:${pattern}`;
  let compiled = cache.get(key);
  if (compiled === undefined) {
    compiled = build(pattern, profile);
    cache.set(key, compiled);
  }
  return compiled;
}

function build(pattern: string, profile: Profile): CompiledPattern | PatternError {
  const bytes = Buffer.byteLength(pattern, "utf8");
  if (bytes > MAX_PATTERN_BYTES) {
    return new PatternError("validation", `pattern is ${bytes} UTF-8 bytes long; at most ${MAX_PATTERN_BYTES} are allowed`);
  }
  let translation: Translation;
  try {
    translation = translatePattern(pattern, profile);
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  // Plain anchored sequences skip the crossing into the addon altogether.
  const linear = linearMatcher(translation.steps);
  if (linear !== null) return { test: (subject) => (linear(subject) ? MATCH : NO_MATCH) };
  const compiled = compilePcre2(translation.source);
  if ("error" in compiled) {
    // Valid ECMAScript inside the subset that PCRE2 still cannot compile
    // (nesting too deep, program too large): refused, never approximated.
    return new PatternError(
      "unsupported_capability",
      `pattern ${JSON.stringify(pattern)} cannot be compiled by the regex engine: ${compiled.error}`,
    );
  }
  return withTimedScans(compiled, translation.source);
}

/**
 * An unanchored pattern is tried at every start position. For subjects long
 * enough for that to cost (engine.timedSubject), a second compilation with a
 * callout at the start of each attempt lets the addon bound the match's time
 * (native/matcher.h); shorter subjects keep the plain one, which is faster.
 * (An anchored pattern makes one attempt, so its callout runs once.) UTF-16
 * length is at least the code point count, so no long subject is missed.
 */
function withTimedScans(plain: CompiledPattern, source: string): CompiledPattern {
  let timed: CompiledPattern | undefined;
  return {
    test(subject) {
      if (subject.length <= engine.timedSubject) return plain.test(subject);
      if (timed === undefined) {
        const compiled = compilePcre2(`(?C1)${source}`);
        timed = "error" in compiled ? plain : compiled;
      }
      return timed.test(subject);
    },
  };
}
