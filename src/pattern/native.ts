// The only file that loads the native addon. Patterns run there, in a lazily
// built DFA over code points (native/dfa.h), with their work counted; there
// is never a fallback to V8's RegExp.
import path from "path";

/** Outcome of one search: MATCH, NO_MATCH, LIMIT (the work limit) or NO_MEMORY (an allocation failed). */
export const MATCH = 1, NO_MATCH = 0, LIMIT = -1, NO_MEMORY = -2;
export type MatchOutcome = typeof MATCH | typeof NO_MATCH | typeof LIMIT | typeof NO_MEMORY;

export interface CompiledPattern {
  test(subject: string): MatchOutcome;
  /** Native memory the compiled program holds (its cached states come on top, within fixed bounds). */
  readonly bytes: number;
}

interface Addon {
  /** A search function per program (src/pattern/program.ts), or why the words were refused. */
  compile(words: Uint32Array): { test: (subject: string) => MatchOutcome; bytes: number } | { error: string };
  /** Drops a compiled program's cached states now. */
  forget(test: (subject: string) => MatchOutcome): void;
  /** [granted, spent, validation]: the work of the current validation and its number. */
  work: Float64Array;
  baseWork: number;
  workPerUnit: number;
  maxWork: number;
}

function load(): Addon {
  const root = path.join(__dirname, "..", "..");
  try {
    return require("node-gyp-build")(root) as Addon;
  } catch (err) {
    const cause = (err instanceof Error ? err.message : String(err)).trim();
    throw new Error(
      `tool-input-schema: cannot load its native addon for ${process.platform}-${process.arch} ` +
        `(Node.js ${process.version}, ABI ${process.versions.modules}).\n` +
        `Cause: ${cause}\n` +
        "Fix: run `npm rebuild tool-input-schema` with a C++ toolchain and Python installed.",
      { cause: err },
    );
  }
}

const addon = load();
const work = addon.work;

/** Compiles a program. Never throws for bad words: they come back as an error. */
export function compileProgram(words: Uint32Array): CompiledPattern | { error: string } {
  const compiled = addon.compile(words);
  if ("error" in compiled) return compiled;
  return { test: compiled.test, bytes: compiled.bytes };
}

/** Frees a compiled pattern's cached states now rather than when it is collected. */
export function forgetStates(pattern: CompiledPattern): void {
  addon.forget(pattern.test);
}

/**
 * Starts a validation's work allowance (native/dfa.h): every search of one
 * validation shares it, and what one of them built is free for the others.
 */
export function startWork(): void {
  work[0] = 0;
  work[1] = 0;
  work[2]++;
}

/** The work the current validation has spent so far (native/dfa.h counts it). */
export function workSpent(): number {
  return work[1];
}

/**
 * The counted work limit: a validation may spend `baseWork` units building
 * automaton states, plus `workPerUnit` for each UTF-16 unit of each string
 * it matches, and never more than `maxWork`.
 */
export const engine: Readonly<{ baseWork: number; workPerUnit: number; maxWork: number }> = Object.freeze({
  baseWork: addon.baseWork,
  workPerUnit: addon.workPerUnit,
  maxWork: addon.maxWork,
});
