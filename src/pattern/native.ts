// The only file that loads the native addon, where every pattern is
// searched: by PCRE2 (JIT) when a compile-time proof shows that its
// backtracking search is linear (native/proof.h), else by the package's
// lazily built DFA (native/dfa.h), with the work of both counted. Nothing is
// searched in TypeScript, and there is never a fallback to V8's RegExp.
// Searches cross one at a time: through the fast-call shim where it loads
// (src/pattern/fast-call.ts), the generated fast check searching as it goes
// (searchAtOnce); else through Node-API (CompiledPattern.test), the generated
// fast check queueing its searches to run together in one crossing
// (queueSearch, flushSearches).
import path from "path";
import { loadFastCall, type FastCallState, type FastSearch } from "./fast-call";
import {
  chargeBudget,
  pass,
  SEARCH_BASE_WORK,
  SEARCH_MAX_WORK,
  SEARCH_WORK_PER_UNIT,
  searchAllowed,
  searchSpent,
  useSearchCounter,
  whenNoValidationRuns,
} from "../runtime/pass";

/** Outcome of one search: MATCH, NO_MATCH, LIMIT (the work limit) or NO_MEMORY (an allocation failed). */
export const MATCH = 1,
  NO_MATCH = 0,
  LIMIT = -1,
  NO_MEMORY = -2;
export type MatchOutcome = typeof MATCH | typeof NO_MATCH | typeof LIMIT | typeof NO_MEMORY;

/** Which engine searches a pattern. */
export type Engine = "pcre2" | "dfa";

export interface CompiledPattern {
  test(subject: string): MatchOutcome;
  /** The addon's name for it in a batch and in a fast call. */
  readonly id: number;
  readonly engine: Engine;
  /** For PCRE2, the most steps its search takes at one position (the proof's k); 0 for the DFA. */
  readonly steps: number;
  /** Why PCRE2 does not run it (one short line), or null when it does. */
  readonly reason: string | null;
  /** What the proof cost (native/proof.h): instructions visited and transitions taken. */
  readonly proofWork: number;
  /**
   * Memory it holds besides its cached DFA states (which come on top, within
   * fixed bounds): the native program, its class tables, PCRE2's code and
   * JIT code, as the addon counts them, and PATTERN_OBJECT_BYTES for its
   * objects in JavaScript.
   */
  readonly bytes: number;
  /** Instructions its program wrote out: what compiling it cost. */
  readonly size: number;
  /** The addon's search function, which owns the native pattern. */
  readonly native: NativeSearch;
}

/** What the addon answers for a pattern whose native memory was freed (releasePattern): a search of it is an execution_failure. */
const DROPPED = -3;

/** What the fast call answers when the thread's environment is another instance's of the addon (native/fast-entry.h). */
const FOREIGN = -4;

/**
 * What a compiled pattern takes beyond what the addon counts for it (its
 * objects in JavaScript, the addon's function, wrap and Pattern, the
 * allocator's overhead), counted with it: measured at 2.2 to 2.5 KB, about
 * 1 KB of it on the JavaScript heap.
 */
export const PATTERN_OBJECT_BYTES = 3072;

/** A compiled pattern's own search function in the addon. */
type NativeSearch = (subject: string) => MatchOutcome | typeof DROPPED;

interface Addon {
  compile(
    words: Uint32Array,
    source: Uint32Array,
    choice: number,
    proofBudget: number,
    oneByteSource?: Uint8Array,
  ):
    | { proofWork: number; test?: undefined }
    | {
        test: NativeSearch;
        id: number;
        bytes: number;
        size: number;
        engine: Engine;
        steps: number;
        reason: string | null;
        proofWork: number;
      }
    | { error: string };
  /** Runs the first work[batchSize] searches of `jobs`, answering in work[batchAnswer]: -1 when all match, else 4 × the first other's index + its outcome + 2. */
  searchBatch(): void;
  /** Frees what a compiled pattern holds now; searching it then answers DROPPED. */
  drop(test: NativeSearch): void;
  /** The counter the addon shares, its slots named by `workSlots`: the current pass's search work, its number, and the batch. */
  work: Float64Array;
  workSlots: Readonly<Record<"allowed" | "spent" | "pass" | "batchSize" | "batchAnswer", number>>;
  /** [pcre2, dfa, pcre2 limits tripped, fast calls, slow callbacks]: the searches this thread has run. */
  searches(): Float64Array;
  /** The batch: its subjects' UTF-16 units, and per search [pattern id, first unit, length]. */
  units: Uint16Array;
  jobs: Uint32Array;
  readsPerUnit: number;
  /** Proven PCRE2 steps to a unit of work. */
  stepsPerUnit: number;
  maxSteps: number;
  pcre2Version: string;
  jit: boolean;
  /** The entry points the fast-call shim is given (native/fast-entry.h). */
  fastEntry: bigint;
  /** This instance's environment, as the fast call names it. */
  environmentToken: number;
}

/** Marks the addon instance a copy of this module took, in require's cache. */
const TAKEN = Symbol.for("tool-input-schema.addon-taken");

/**
 * The addon, and the file it was loaded from: an instance of its own, never
 * one that another copy of this module took (the package loaded again after
 * its module cache was cleared, the addon left in it: require would give
 * the same instance). Each copy keeps a validation's search work, and
 * queues its batch, in its own instance's memory (src/runtime/pass.ts): on
 * a shared one, a validation of one copy run inside the other's (a getter
 * that validates) would take over the other's counter and answer the
 * other's queued searches with its own subjects.
 */
function load(): { addon: Addon; file: string } {
  const root = path.join(__dirname, "..", "..");
  try {
    const file = require("node-gyp-build").path(root) as string;
    let addon = require(file) as Addon & { [TAKEN]?: true };
    if (addon[TAKEN]) {
      const own = { exports: {} as Addon };
      process.dlopen(own, file);
      addon = own.exports;
    }
    addon[TAKEN] = true;
    return { addon, file };
  } catch (err) {
    const cause = (err instanceof Error ? err.message : String(err)).trim();
    throw new Error(
      `tool-input-schema: cannot load its native addon for ${process.platform}-${process.arch} ` +
        `(Node.js ${process.version}, ABI ${process.versions.modules}).\n` +
        `Cause: ${cause}\n` +
        "Fix: install a C++ toolchain and Python 3 (the addon builds with node-gyp; PCRE2 comes with the package), " +
        "then run `npm rebuild tool-input-schema`.",
      { cause: err },
    );
  }
}

const { addon, file: addonFile } = load();
const counter = addon.work;
const SLOT = addon.workSlots;
useSearchCounter(counter, SLOT);
const { search: fastSearch, state: fastCall } = loadFastCall(addonFile, addon.fastEntry);
const { readsPerUnit: READS_PER_UNIT, stepsPerUnit: STEPS_PER_UNIT, environmentToken: TOKEN } = addon;

/**
 * What a search through the fast call answers: searched through Node-API,
 * bound to this instance's environment, where it was FOREIGN (the shim did
 * not load, or it refused the search: the addon loaded twice in a thread,
 * the same file under two paths or again after its module cache was
 * cleared, shares the shim and the thread's environment pointer with its
 * other instance); a freed pattern is out of memory.
 */
function settled(outcome: number, pattern: CompiledPattern, subject: string): MatchOutcome {
  if (outcome === FOREIGN) outcome = pattern.native(subject);
  return outcome === DROPPED ? NO_MEMORY : (outcome as MatchOutcome);
}

/**
 * Whether searches take the fast call: the generated fast check then
 * searches as it goes (searchAtOnce) rather than queueing (queueSearch).
 */
export const searchesAtOnce = fastSearch !== null;

/**
 * The searches the addon has run in this thread, by engine; `pcre2Trips`
 * counts PCRE2 searches its own limits stopped, which the DFA then answered.
 * Of these, `fast` came through V8's fast call (a flat one-byte subject, from
 * optimized code) and `slow` through the fast-call function's ordinary
 * callback; the rest crossed Node-API.
 */
export interface Searches {
  pcre2: number;
  dfa: number;
  pcre2Trips: number;
  fast: number;
  slow: number;
}

/**
 * The pattern engines and the counted work limit (docs/patterns.md, "The work
 * limit"): a validation pass may spend `baseWork` units searching, plus
 * `workPerUnit` for each UTF-16 unit of the arguments' strings, and never
 * more than `maxWork`. Every search is charged one unit per `readsPerUnit`
 * code units of its subject; a DFA search also what it builds, a PCRE2
 * search its proven steps (at most `K` per position, 4 to a unit).
 */
export const engine: Readonly<{
  baseWork: number;
  workPerUnit: number;
  maxWork: number;
  readsPerUnit: number;
  K: number;
  pcre2Version: string;
  jit: boolean;
  fastCall: FastCallState;
  searches(): Searches;
}> = Object.freeze({
  baseWork: SEARCH_BASE_WORK,
  workPerUnit: SEARCH_WORK_PER_UNIT,
  maxWork: SEARCH_MAX_WORK,
  readsPerUnit: addon.readsPerUnit,
  K: addon.maxSteps,
  pcre2Version: addon.pcre2Version,
  jit: addon.jit,
  fastCall: Object.freeze({ ...fastCall }),
  searches(): Searches {
    const [pcre2, dfa, pcre2Trips, fast, slow] = addon.searches();
    return { pcre2, dfa, pcre2Trips, fast, slow };
  },
});

/** Which engine compiling should choose: by the proof, or (tests only) one forced. */
const CHOICES = { proof: 0, pcre2: 1, dfa: 2 } as const;
export type EngineChoice = keyof typeof CHOICES;

/**
 * Compiles a program (src/pattern/program.ts) and its PCRE2 source
 * (src/pattern/pcre2-source.ts), proving within `proofBudget` (the work its
 * schema has left; past it, only what the proof spent comes back). Never
 * throws for bad words: they come back as an error. With `oneByteSource`,
 * PCRE2 also compiles the pattern for one-byte subjects, which it then
 * searches in place (oneBytePcre2Source).
 */
export function compileProgram(
  words: Uint32Array,
  source: Uint32Array,
  choice: EngineChoice = "proof",
  proofBudget = Infinity,
  oneByteSource?: Uint8Array,
): CompiledPattern | { error: string } | { proofWork: number } {
  const compiled = addon.compile(words, source, CHOICES[choice], proofBudget, oneByteSource);
  if ("error" in compiled || compiled.test === undefined) return compiled;
  const { id, engine, steps, reason, proofWork, size } = compiled;
  const native = compiled.test;
  const pattern = {
    test: search,
    id,
    engine,
    steps,
    reason,
    proofWork,
    bytes: compiled.bytes + PATTERN_OBJECT_BYTES,
    size,
    native,
  };
  function search(subject: string): MatchOutcome {
    // The addon refuses anything but a string, with a TypeError.
    return typeof subject === "string" ? searchCounted(pattern, subject) : (native(subject) as MatchOutcome);
  }
  return pattern;
}

/** One search of `pattern`, charged to the current pass: never a subject out of reach, and a freed pattern is out of memory. */
function searchCounted(pattern: CompiledPattern, subject: string): MatchOutcome {
  if (outOfReach(pattern, subject.length)) return LIMIT;
  const outcome = fastSearch !== null ? fastSearch(TOKEN, pattern.id, subject) : FOREIGN;
  return settled(outcome, pattern, subject);
}

/**
 * Subjects of at most this many UTF-16 units are searched without asking
 * outOfReach: copying one costs next to nothing, and the addon charges the
 * read and the proven steps before it searches, so one out of reach answers
 * LIMIT there as it would here (only a freed pattern, which no validator
 * searches, answers out of memory first).
 */
const SHORT_SUBJECT = 256;

/**
 * Whether a search of `length` UTF-16 units cannot fit in what the pass has
 * left: its read, and for PCRE2 its proven steps over the fewest code points
 * so many units can hold, are more than that. The addon would charge at
 * least as much before searching (it charges the read before it copies the
 * subject): answered here, a long subject is never copied, in any pass that
 * meets it. The charge is left as it is, since the pass ends here.
 */
function outOfReach(pattern: CompiledPattern, length: number): boolean {
  const read = Math.floor(length / READS_PER_UNIT);
  const steps =
    pattern.engine === "pcre2" ? Math.ceil((pattern.steps * (Math.ceil(length / 2) + 1)) / STEPS_PER_UNIT) : 0;
  return searchSpent() + read + steps > searchAllowed();
}

/**
 * Searches `pattern` on `subject` at once (through the fast call where it
 * loads): false when it does not match; throws EngineLimit when it ran out
 * of work. The generated fast check calls it for every search it does not
 * queue, so that V8 sees one fast-call target; the time budget is looked at
 * after each.
 */
export const searchAtOnce: (pattern: CompiledPattern, subject: string, site: SearchSite) => boolean = atOnce(
  fastSearch,
  TOKEN,
  pass,
);

/**
 * Makes searchAtOnce. Its common case (a short subject, searched through the
 * fast call, that matches, without a time budget) is one small function that
 * V8 inlines whole at nearly every site of a generated check, over the
 * closure's own constants (a module binding would be checked for its
 * temporal dead zone at every read); the search work is counted where the
 * addon reads it (src/runtime/pass.ts), so nothing is handed over. Anything
 * else is in calls it never makes then.
 */
function atOnce(search: FastSearch | null, token: number, current: typeof pass): typeof searchAtOnce {
  if (search === null) return (pattern, subject, site) => answeredAtOnce(searchCounted(pattern, subject), site);
  const short = SHORT_SUBJECT;
  const matched = MATCH;
  return (pattern, subject, site) => {
    if (subject.length > short) return answeredAtOnce(searchCounted(pattern, subject), site);
    const outcome = search(token, pattern.id, subject);
    if (outcome === matched && current.deadline === Infinity) return true;
    return answeredAtOnce(settled(outcome, pattern, subject), site);
  };
}

function answeredAtOnce(outcome: MatchOutcome, site: SearchSite): boolean {
  chargeBudget();
  return outcome === MATCH || answered(outcome, site);
}

/**
 * Who holds each compiled pattern: the pattern cache, and each compiled
 * schema that searches it (src/pattern/compile-pattern.ts). A pattern
 * nobody holds has what it holds in the addon freed at once, rather than
 * when it is collected, which a loop that never yields to the event loop
 * would wait for; while a validation runs, once none does.
 */
const holders = new WeakMap<CompiledPattern, number>();

export function holdPattern(pattern: CompiledPattern): void {
  holders.set(pattern, (holders.get(pattern) ?? 0) + 1);
}

export function releasePattern(pattern: CompiledPattern): void {
  const held = (holders.get(pattern) ?? 1) - 1;
  holders.set(pattern, held);
  if (held === 0) whenNoValidationRuns(() => freeUnheld(pattern));
}

function freeUnheld(pattern: CompiledPattern): void {
  if (holders.get(pattern) === 0) addon.drop(pattern.native);
}

/**
 * Thrown while validating when a search runs out of the counted work limit
 * (or of memory). It aborts the whole validation, so it is never read as
 * "this branch did not match".
 */
export class EngineLimit {
  constructor(
    readonly schemaPath: string,
    readonly pattern: string,
    readonly outOfMemory = false,
  ) {}
}

/** Where a queued search's pattern sits in the schema: what its EngineLimit names. */
export interface SearchSite {
  readonly schemaPath: string;
  readonly pattern: string;
}

/**
 * The batch (the addon's `units` and `jobs`). A subject longer than
 * QUEUED_UNITS is searched at once: one crossing is nothing beside reading
 * it, and copying it here unit by unit would cost more than the addon's copy.
 */
const QUEUED_UNITS = addon.units.length / 64;
const JOB_WORDS = 3;
const JOBS = addon.jobs.length / JOB_WORDS;
const units = addon.units;
const jobs = addon.jobs;
const sites: SearchSite[] = [];
let queued = 0;
let used = 0;
/** Whose batch this is: a validation started inside another (a getter that validates) takes it over. */
let batch = 0;

/** Starts the batch of a fast check; the number it gets back it gives flushSearches. */
export function startBatch(): number {
  queued = 0;
  used = 0;
  return ++batch;
}

/**
 * Queues a search of `pattern` on `subject`, to run at the next flush;
 * false when it ran at once (or the queue, full, was flushed) and did not
 * match. Throws EngineLimit when such a search ran out of work.
 */
export function queueSearch(pattern: CompiledPattern, subject: string, site: SearchSite): boolean {
  const length = subject.length;
  if (length > QUEUED_UNITS) {
    const outcome = pattern.test(subject);
    chargeBudget();
    return answered(outcome, site);
  }
  if ((queued === JOBS || used + length > units.length) && !runQueued()) return false;
  // UTF-16 units, as one loop without branches: the addon reads them as code points.
  const first = used;
  for (let i = 0; i < length; i++) units[first + i] = subject.charCodeAt(i);
  const job = JOB_WORDS * queued;
  jobs[job] = pattern.id;
  jobs[job + 1] = first;
  jobs[job + 2] = length;
  sites[queued++] = site;
  used = first + length;
  return true;
}

/**
 * Runs the queued searches of batch `owner` in one crossing: true when all
 * match. A batch another validation took over since it started says false,
 * so the explaining pass, which searches one at a time, decides.
 */
export function flushSearches(owner: number): boolean {
  return owner === batch && runQueued();
}

function runQueued(): boolean {
  const count = queued;
  queued = 0;
  used = 0;
  if (count === 0) return true;
  counter[SLOT.batchSize] = count;
  addon.searchBatch();
  const answer = counter[SLOT.batchAnswer];
  chargeBudget();
  if (answer === -1) return true;
  // -2, a batch the addon could not read, cannot happen; the explaining pass would decide.
  if (answer < 0) return false;
  return answered(((answer & 3) - 2) as MatchOutcome, sites[answer >>> 2]);
}

function answered(outcome: MatchOutcome, site: SearchSite): boolean {
  if (outcome === MATCH) return true;
  if (outcome === NO_MATCH) return false;
  throw new EngineLimit(site.schemaPath, site.pattern, outcome === NO_MEMORY);
}
