// The only file that loads the native addon. Patterns run there, in a lazily
// built DFA over code points (native/dfa.h), with their work counted; there
// is never a fallback to V8's RegExp.
import path from "path";
import { argumentSize } from "../work";
import { tableMatcher, type Table } from "./table";

/** Outcome of one search: MATCH, NO_MATCH, LIMIT (the work limit) or NO_MEMORY (an allocation failed). */
export const MATCH = 1, NO_MATCH = 0, LIMIT = -1, NO_MEMORY = -2;
export type MatchOutcome = typeof MATCH | typeof NO_MATCH | typeof LIMIT | typeof NO_MEMORY;

export interface CompiledPattern {
  test(subject: string): MatchOutcome;
  /** Memory the compiled pattern holds besides itself: its tables, or its native program (whose cached states come on top, within fixed bounds). */
  readonly bytes: number;
  /** Instructions its program wrote out, whichever way it is searched: what compiling it cost. */
  readonly size: number;
  /**
   * Work the attempt to build its whole automaton spent (Dfa::Complete,
   * counted as searches count): what the tables cost for a pattern searched
   * in TypeScript, at most the allowance given for one left in the addon;
   * null when its program is too large for tables, so none was made.
   */
  readonly tableWork: number | null;
  /** The addon's search function, for a pattern that runs there. */
  readonly native?: (subject: string) => MatchOutcome;
}

interface Addon {
  /**
   * A search function per program (src/pattern/program.ts), the tables of
   * its whole automaton when it is small, or why the words were refused.
   */
  compile(
    words: Uint32Array,
    tableInstructions: number,
    tableStates: number,
    tableEntries: number,
    tableWork: number,
  ): ({ test: (subject: string) => MatchOutcome; bytes: number } | { table: Table }) & { size: number; tableWork?: number } | { error: string };
  /** Drops a compiled program's cached states now. */
  forget(test: (subject: string) => MatchOutcome): void;
  /** [allowed, spent, validation]: the work of the current validation and its number. */
  work: Float64Array;
  /** Code units a search reads for one unit of work. */
  readsPerUnit: number;
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

/**
 * The counted work limit (README, "The work limit"): a validation pass may
 * spend `baseWork` units reading strings and building automaton states, plus
 * `workPerUnit` for each UTF-16 unit of the arguments' strings, and never
 * more than `maxWork`. Reading costs one unit per `readsPerUnit` code units.
 */
export const engine: Readonly<{ baseWork: number; workPerUnit: number; maxWork: number; readsPerUnit: number }> = Object.freeze({
  baseWork: 2 ** 21,
  workPerUnit: 16,
  maxWork: 2 ** 22,
  readsPerUnit: addon.readsPerUnit,
});

/**
 * The current pass's work: what its searches may spend and have spent. The
 * addon's searches read and update them through its buffer; the TypeScript
 * ones here need not touch it.
 */
let allowed = engine.baseWork;
let spent = 0;
/** Whether `allowed` has its full size, from the arguments, for this validation. */
let full = false;

/** Starts a validation: its passes get the base allowance until one needs more. */
export function startValidationPatterns(): void {
  allowed = engine.baseWork;
  full = false;
}

/**
 * Starts a pass: every search of one pass shares its allowance, and what
 * one of them built is free for the others (native/dfa.h).
 */
export function startWork(): void {
  spent = 0;
  work[2]++;
}

/**
 * Gives the validation its full allowance, once a pass has run out of the
 * base one; true when the pass should run again with it. The full allowance
 * depends on the arguments alone, so a pass run with it answers the same
 * whatever order its searches run in (the closures' or the generated code's).
 */
export function widenWork(): boolean {
  if (full) return false;
  full = true;
  const size = argumentSize();
  // Arguments too large to measure whole get the most (src/work.ts, MEASURED_VALUES).
  allowed = size.complete ? Math.min(engine.baseWork + engine.workPerUnit * size.stringUnits, engine.maxWork) : engine.maxWork;
  return allowed > engine.baseWork;
}

/**
 * A pattern searched in TypeScript (src/pattern/table.ts, answering
 * `2 × read + found`): it builds nothing, so only its reading is charged, as
 * the addon charges it. LIMIT once the validation's allowance is spent.
 */
function chargedPattern(search: (subject: string) => number, bytes: number, size: number, tableWork: number | null): CompiledPattern {
  const shift = Math.log2(2 * engine.readsPerUnit);
  return {
    bytes,
    size,
    tableWork,
    test(subject) {
      const answer = search(subject);
      spent += answer >>> shift;
      if (spent > allowed) return LIMIT;
      return (answer & 1) === 1 ? MATCH : NO_MATCH;
    },
  };
}

/**
 * A program of at most this many instructions whose automaton has at most
 * TABLE_STATES states and TABLE_ENTRIES transitions, and costs at most
 * TABLE_WORK units to build, is built completely when compiled and searched
 * in TypeScript: no crossing into the addon per search, and no work but
 * reading. Past any of them it is left to the lazy DFA, which gives the
 * same answers.
 */
const TABLE_INSTRUCTIONS = 1024;
const TABLE_STATES = 256;
const TABLE_ENTRIES = 16_384;

/**
 * The counted work (Dfa::Complete, in a search's units) one pattern's tables
 * may cost to build: about 0.3 ms at 4 ns a unit. The patterns of real tool
 * schemas cost 50 to 21,000 (a host name with two `{0,61}` repeats is the
 * dearest); without this bound one pattern of 1,000 instructions could take
 * 16,384 closures of 1,000 instructions, 10 ms, abandoned at the end.
 */
export const TABLE_WORK = 65_536;

/**
 * Compiles a program: as tables when it is small enough and building them
 * costs at most `tableAllowance` (0 keeps it in the addon), else for the
 * addon's lazy DFA. Never throws for bad words: they come back as an error.
 */
export function compileProgram(words: Uint32Array, tableAllowance = TABLE_WORK): CompiledPattern | { error: string } {
  const compiled = addon.compile(words, TABLE_INSTRUCTIONS, TABLE_STATES, TABLE_ENTRIES, Math.min(tableAllowance, TABLE_WORK));
  if ("error" in compiled) return compiled;
  const tableWork = compiled.tableWork ?? null;
  if ("table" in compiled) {
    const matcher = tableMatcher(compiled.table);
    return chargedPattern(matcher.search, matcher.bytes, compiled.size, tableWork);
  }
  const { test } = compiled;
  const search = (subject: string): MatchOutcome => {
    // The addon refuses anything but a string, with a TypeError.
    if (typeof subject !== "string") return test(subject);
    work[0] = allowed;
    work[1] = spent;
    const outcome = test(subject);
    spent = work[1];
    return outcome;
  };
  return { test: search, bytes: compiled.bytes, size: compiled.size, tableWork, native: test };
}

/** Frees a compiled pattern's cached states now rather than when it is collected. */
export function forgetStates(pattern: CompiledPattern): void {
  if (pattern.native !== undefined) addon.forget(pattern.native);
}

/** The work the current validation has spent so far. */
export function workSpent(): number {
  return spent;
}
