import { compilePcre2, MATCH, NO_MATCH, type CompiledPattern } from "./native";
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
  // An unanchored pattern is tried at every start position; the callout at
  // the start of each attempt lets the addon bound the time of a long scan
  // (native/matcher.h). An anchored one makes a single attempt.
  const source = translation.source.startsWith("^") ? translation.source : `(?C1)${translation.source}`;
  const compiled = compilePcre2(source);
  if ("error" in compiled) {
    // Valid ECMAScript inside the subset that PCRE2 still cannot compile
    // (nesting too deep, program too large): refused, never approximated.
    return new PatternError(
      "unsupported_capability",
      `pattern ${JSON.stringify(pattern)} cannot be compiled by the regex engine: ${compiled.error}`,
    );
  }
  return compiled;
}
