import { measureArguments, type ArgumentSize } from "./argument-size";

/**
 * One validation and its passes, in one place. A validation starts with
 * startValidation and ends with endValidation (src/validate/validator.ts is
 * the one caller of both); each pass over the arguments in it (the fast
 * check, then, for a failure, the explaining pass) starts with startPass.
 * What lasts a validation: the arguments, their measured size, the time
 * budget's deadline and the pattern searches' allowance. What lasts a pass:
 * the work spent, and every memo (their answers are tagged with the pass's
 * generation and never read in another).
 *
 * Validation is synchronous, so one validation runs per thread at a time;
 * a validation started inside another (a getter that validates) takes the
 * state over, and the outer call then fails closed (its batch of searches
 * is no longer its own: src/pattern/native.ts).
 *
 * Two allowances are counted, in two units, because their costs differ: the
 * work of the keywords (a subschema applied to a value, an item walked, a
 * path step written: `spent` against `limit`), and the work of the pattern
 * searches, which the addon counts for itself in its own units (a unit is
 * four UTF-16 units read or four proven PCRE2 steps: searchSpent() against
 * searchAllowed(), counted where the addon reads them: searchCounter).
 */

/**
 * Keyword work: a pass may spend BASE_WORK units, and past that
 * WORK_PER_VALUE units for each value in the arguments and READS_PER_STRING
 * whole reads of each string (workLimit), never more than MAX_WORK; beyond
 * that it fails (execution_failure), the same way on any machine. A unit is
 * a subschema's keyword applied to one value, one item or key that a
 * keyword walks, or a step of a problem's path written out.
 *
 * Tool calls stay far below the bound: a call of a few thousand values
 * through a schema of a few hundred subschemas spends well under BASE_WORK,
 * and a schema would have to apply more than WORK_PER_VALUE keywords to
 * each value of large arguments to reach it. At up to 50 ns a step,
 * MAX_WORK is about 1.7 s.
 */
export const BASE_WORK = 2 ** 21;
export const WORK_PER_VALUE = 128;
/** Whole reads of each of the arguments' strings that the limit pays for, beyond the values' allowance. */
export const READS_PER_STRING = 4;
export const MAX_WORK = 2 ** 25;
/** Characters a unit of keyword work reads where a keyword reads a string a character at a time (src/runtime/work-costs.ts). */
export const CHARACTERS_PER_STEP = 16;

/**
 * Search work (docs/patterns.md, "The work limit"): the searches of a pass
 * may spend SEARCH_BASE_WORK units, and once one needs more, the pass runs
 * again with SEARCH_WORK_PER_UNIT more for each UTF-16 unit of the
 * arguments' strings, never more than SEARCH_MAX_WORK.
 */
export const SEARCH_BASE_WORK = 2 ** 21;
export const SEARCH_WORK_PER_UNIT = 16;
export const SEARCH_MAX_WORK = 2 ** 22;

/**
 * Past this many values every limit that grows with the arguments is at its
 * most (BASE_WORK + WORK_PER_VALUE × this is MAX_WORK), so measuring stops
 * there (src/runtime/argument-size.ts).
 */
export const MEASURED_VALUES = (MAX_WORK - BASE_WORK) / WORK_PER_VALUE;

/**
 * Where the current pass's search work is counted: memory the addon reads
 * and writes as it searches, whose slots name what the searches may spend,
 * what they have spent, and the pass's generation (by which the addon knows
 * a new validation). src/pattern/native.ts hands the addon's over as it
 * loads (useSearchCounter); until then, an array of its own. Kept there,
 * a search hands nothing over and copies nothing back: about a twentieth of a
 * pattern-heavy call went to that when it was kept here.
 */
const searchCounter = { work: new Float64Array(3), allowed: 0, spent: 1, generation: 2 };
searchCounter.work[searchCounter.allowed] = SEARCH_BASE_WORK;

/** The addon's counter and its slots: search work is counted there from now on. */
export function useSearchCounter(work: Float64Array, slots: { allowed: number; spent: number; pass: number }): void {
  const { allowed, spent } = searchCounter;
  work[slots.allowed] = searchCounter.work[allowed];
  work[slots.spent] = searchCounter.work[spent];
  work[slots.pass] = pass.generation;
  Object.assign(searchCounter, { work, allowed: slots.allowed, spent: slots.spent, generation: slots.pass });
}

/** The search work this pass has spent. */
export function searchSpent(): number {
  return searchCounter.work[searchCounter.spent];
}

/** The search work this pass may spend. */
export function searchAllowed(): number {
  return searchCounter.work[searchCounter.allowed];
}

/**
 * The current validation. Generated code reads it as a constant object
 * (chargeCode); everything else through the functions below.
 */
export const pass = {
  /** The arguments of the current validation (undefined between validations): the object presentRequired's rule applies to. */
  args: undefined as unknown,
  /** Their size, once a limit asked for it (most validations never do). */
  size: null as ArgumentSize | null,
  /** Counts the passes of this thread: memos tagged with another generation are stale, and the addon knows a new pass by it. */
  generation: 0,
  /** Keyword work spent in this pass, and its limit: BASE_WORK until `sized`, then workLimit. */
  spent: 0,
  limit: BASE_WORK,
  sized: false,
  /** Whether the searches may spend more than SEARCH_BASE_WORK (searchCounter holds their work). */
  searchWidened: false,
  /** The time budget (`timeBudgetMs`), or null; and when it runs out (performance.now()), or Infinity without one. */
  budgetMs: null as number | null,
  deadline: Infinity,
};

/** Thrown once a pass has spent its keyword work; the validation then fails. */
export class WorkSpent {
  constructor(
    readonly limit: number,
    /** The arguments' size, as far as it was measured. */
    readonly size: ArgumentSize,
  ) {}
}

/** Thrown once a validation's time budget is spent; it aborts the validation. */
export class BudgetSpent {
  constructor(readonly budgetMs: number) {}
}

/** Memo maps filled in the current validation: emptied when it ends, so they hold no arguments after the call. */
const filled: Map<unknown, unknown>[] = [];

/** What a validation keeps of its own: everything but the generation, which only counts up, and its search work. */
type ValidationState = Omit<typeof pass, "generation"> & { searchSpent: number; searchAllowed: number };

/** The states of validations that another started inside runs in (a getter or proxy in their arguments that validates), innermost last. */
const outers: ValidationState[] = [];
/** How many validations are running: more than one only while such a getter or proxy validates. */
let running = 0;
/** Tasks put off until no validation runs: freeing what a running one may still search. */
const putOff: (() => void)[] = [];

/** Runs `task` now when no validation runs, else once the outermost one has ended. */
export function whenNoValidationRuns(task: () => void): void {
  if (running === 0) task();
  else putOff.push(task);
}

/**
 * Starts a validation of `args`, with a time budget for its pattern
 * searches (`timeBudgetMs`, null for none). The work limit bounds each
 * search; the budget bounds their sum, for arguments that carry many
 * strings each just under that limit.
 *
 * A validation started while another runs keeps the other's state aside
 * until it ends, so the other goes on with its own arguments, counters and
 * deadline. Whatever can throw (the clock, the copy) runs before anything
 * changes, so a start that throws leaves the state as it was.
 */
export function startValidation(args: unknown, budgetMs: number | null): void {
  const deadline = budgetMs === null ? Infinity : performance.now() + budgetMs;
  const { work, allowed } = searchCounter;
  if (running > 0) {
    const { generation: _counted, ...outer } = pass;
    outers.push({ ...outer, searchSpent: searchSpent(), searchAllowed: searchAllowed() });
  }
  running++;
  pass.args = args;
  pass.size = null;
  work[allowed] = SEARCH_BASE_WORK;
  pass.searchWidened = false;
  pass.budgetMs = budgetMs;
  pass.deadline = deadline;
}

/** Starts a pass of the current validation: nothing spent, nothing remembered, the base keyword allowance. */
export function startPass(): void {
  const { work, spent, generation } = searchCounter;
  work[generation] = ++pass.generation;
  pass.spent = 0;
  pass.limit = BASE_WORK;
  pass.sized = false;
  work[spent] = 0;
}

/**
 * Ends the validation: it lets go of the arguments and of every answer
 * remembered for them. A validation it ran inside gets its state back, in a
 * new generation: the memos and per-pass state this one filled, or found
 * current, are never taken for that one's (their answers are about other
 * arguments).
 */
export function endValidation(): void {
  const outer = running > 1 ? outers[outers.length - 1] : undefined;
  if (outer !== undefined) {
    // Assignments only, no call until the state is back: a call can run out
    // of stack (a getter that validates at every depth), and a restore cut
    // short would leave the outer validation with this one's arguments.
    pass.args = outer.args;
    pass.size = outer.size;
    pass.spent = outer.spent;
    pass.limit = outer.limit;
    pass.sized = outer.sized;
    searchCounter.work[searchCounter.spent] = outer.searchSpent;
    searchCounter.work[searchCounter.allowed] = outer.searchAllowed;
    pass.searchWidened = outer.searchWidened;
    pass.budgetMs = outer.budgetMs;
    pass.deadline = outer.deadline;
    searchCounter.work[searchCounter.generation] = ++pass.generation;
    outers.length--;
  } else {
    pass.args = undefined;
    pass.size = null;
  }
  running = running > 0 ? running - 1 : 0;
  if (running === 0 && putOff.length > 0) for (const task of putOff.splice(0)) task();
  if (filled.length === 0) return; // most validations: setting the length costs a call into the runtime
  for (const answers of filled) answers.clear();
  filled.length = 0;
}

/** The current validation's arguments, measured on first use. */
export function argumentSize(): ArgumentSize {
  return (pass.size ??= measureArguments(pass.args, MEASURED_VALUES));
}

/**
 * Counts `units` of keyword work; throws WorkSpent past the limit. Written
 * so that a NaN count (a length a proxy claimed) is past it, never below it
 * forever.
 */
export function charge(units: number): void {
  if (!((pass.spent += units) <= pass.limit)) overrun();
}

/** charge() as generated code writes it, with `units` an expression; the code must have `pass` and `overrun` in scope. */
export const chargeCode = (units: string) => `if (!((pass.spent += ${units}) <= pass.limit)) overrun();\n`;

/**
 * Called when the spent work passes the limit. The first time, the limit
 * grows with the arguments' size (workLimit; measured now: most passes
 * never get here); past the grown limit, the pass is over.
 */
export function overrun(): void {
  if (!pass.sized) {
    pass.sized = true;
    pass.limit = workLimit(argumentSize());
    if (pass.spent <= pass.limit) return;
  }
  throw new WorkSpent(pass.limit, argumentSize());
}

/**
 * The keyword work a pass of arguments of `size` may spend; MAX_WORK for
 * arguments too large to measure whole.
 */
function workLimit(size: ArgumentSize): number {
  if (!size.complete) return MAX_WORK;
  return Math.min(
    BASE_WORK + WORK_PER_VALUE * size.values + Math.floor((READS_PER_STRING * size.stringUnits) / CHARACTERS_PER_STEP),
    MAX_WORK,
  );
}

/**
 * Gives the searches their full allowance, once a pass has run out of the
 * base one; true when the pass should run again with it (at most once per
 * validation). The full allowance depends on the arguments alone, so a
 * pass run with it answers the same whatever order its searches run in.
 */
export function widenSearchWork(): boolean {
  if (pass.searchWidened) return false;
  pass.searchWidened = true;
  const size = argumentSize();
  const allowed = size.complete
    ? Math.min(SEARCH_BASE_WORK + SEARCH_WORK_PER_UNIT * size.stringUnits, SEARCH_MAX_WORK)
    : SEARCH_MAX_WORK;
  searchCounter.work[searchCounter.allowed] = allowed;
  return allowed > SEARCH_BASE_WORK;
}

/** Called after each search: throws BudgetSpent once the time budget is spent. Without a budget it costs one comparison. */
export function chargeBudget(): void {
  if (pass.deadline !== Infinity && performance.now() > pass.deadline) throw new BudgetSpent(pass.budgetMs!);
}

/** A memo's map, for the current pass: emptied of earlier passes' answers when `seen` is stale, and listed to be emptied when the validation ends. */
export function memoFor<K, V>(answers: Map<K, V>, seen: number): number {
  if (seen === pass.generation) return seen;
  answers.clear();
  filled.push(answers as Map<unknown, unknown>);
  return pass.generation;
}

/**
 * State that lasts one pass (uniqueItems' ids, previews, listed keys): a
 * fresh one once a new pass has started. It is also dropped when the
 * current job ends, so nothing it holds outlives the call that made it.
 */
export class PerPass<T> {
  private seen = -1;
  private current: T | null = null;
  /** Whether a task to drop the state when the job ends is queued already. */
  private dropQueued = false;

  constructor(private readonly make: () => T) {}

  /** This pass's state, made on first use. */
  get(): T {
    if (this.seen !== pass.generation || this.current === null) {
      this.seen = pass.generation;
      this.current = this.make();
      // One task a job, however many passes it runs (queueing one costs
      // more than many a failed call): it drops whatever state is current
      // when the job ends. The task holds no state, so validations in a
      // loop that never yields keep only the last pass's.
      if (!this.dropQueued) {
        this.dropQueued = true;
        queueMicrotask(() => {
          this.dropQueued = false;
          this.current = null;
        });
      }
    }
    return this.current;
  }

  /** This pass's state if it was made, without making it. */
  made(): T | null {
    return this.seen === pass.generation ? this.current : null;
  }
}
