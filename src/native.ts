// The only file that loads the native addon (STYLE.md 5). Patterns run in
// PCRE2's 32-bit library without UTF mode: subjects and sources are passed as
// code points, a lone surrogate being one character, as ECMAScript's `u` flag
// reads it. There is never a fallback to V8's RegExp.
import path from "path";

/** Outcome of one match: MATCH, NO_MATCH, or LIMIT (the work limit, JIT stack, or any other engine error). */
export const MATCH = 1, NO_MATCH = 0, LIMIT = -1;
export type MatchOutcome = typeof MATCH | typeof NO_MATCH | typeof LIMIT;
export interface CompiledPattern { test(subject: string): MatchOutcome }

interface Addon {
  /** A test function per pattern, or PCRE2's error with its offset in UTF-16 units of `source`. */
  compile(source: string): ((subject: string) => MatchOutcome) | { error: string; offset: number };
  pcre2Version: string;
  matchLimit: number;
  timedSubject: number;
  jit: boolean;
}

function load(): Addon {
  const root = path.join(__dirname, "..");
  try {
    return require("node-gyp-build")(root) as Addon;
  } catch (err) {
    const cause = (err instanceof Error ? err.message : String(err)).trim();
    throw new Error(
      `tool-input-schema: cannot load its native addon for ${process.platform}-${process.arch} ` +
        `(Node.js ${process.version}, ABI ${process.versions.modules}).\n` +
        `Cause: ${cause}\n` +
        "Fix: run `npm rebuild tool-input-schema` with a C++ toolchain, Python and " +
        "libpcre2-dev (Debian/Ubuntu) / pcre2-devel and pcre2-static (Fedora) / pcre2 (Homebrew) installed.",
      { cause: err },
    );
  }
}

const addon = load();

/** Compile a PCRE2 source (already translated to PCRE2 syntax by the TS layer). Returns the pattern, or a compile error. Never throws for a bad source. */
export function compilePcre2(source: string): CompiledPattern | { error: string; offset: number } {
  const compiled = addon.compile(source);
  return typeof compiled === "function" ? { test: compiled } : compiled;
}

/**
 * The engine's fixed limits: `matchLimit` backtracking steps per match, and
 * the subject length in code points above which an unanchored pattern's
 * match is bounded by time (native/matcher.h).
 */
export const engine: Readonly<{ pcre2Version: string; matchLimit: number; timedSubject: number; jit: boolean }> = Object.freeze({
  pcre2Version: addon.pcre2Version,
  matchLimit: addon.matchLimit,
  timedSubject: addon.timedSubject,
  jit: addon.jit,
});
