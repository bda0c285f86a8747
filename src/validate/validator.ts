import { parseArguments } from "./json-arguments";
import { findNonJson, MAX_DEPTH, nestsWithin } from "../runtime/json-value";
import type { CompiledSchema } from "../compile/compile-schema";
import type { FastCheck, Given } from "./fast-check";
import type { Explainer } from "./explainer";
import { failure } from "../explain/messages";
import { oneLine } from "../runtime/one-line";
import { BudgetSpent, startBudget } from "../runtime/budget";
import { endMemo, startMemo } from "../compile/memo";
import { EngineLimit, startValidationPatterns, startWork, widenWork } from "../pattern/native";
import { endArguments, startArguments } from "../runtime/present";
import { issueAt, pathTo, Report, type Check } from "../explain/report";
import { describeThrown, isThrown } from "../runtime/thrown";
import { charge, endValidation, startValidation, startValidationWork, WorkSpent } from "../runtime/work";
import type { Issue, Result, Validator } from "../runtime/types";

const VALID: Result = Object.freeze({ ok: true });

/**
 * Calls a validator answers with its closures before it generates its fast
 * check (and failures it explains with them before it generates its
 * explaining pass). Generated code costs compile time and memory that only
 * pays off on a validator in use: a gateway that recompiles a catalog, or
 * `validate()` meeting a new schema on every call, never pays for schemas
 * used once.
 */
export const HOT_AFTER_CALLS = 8;

/** A pass over the arguments: the closures at first, generated code once it is hot. */
class HotTier<Pass> {
  private callsUntilHot = HOT_AFTER_CALLS;
  private check: Pass;

  constructor(
    readonly closures: Pass,
    private generate: (() => Pass | null) | null,
  ) {
    this.check = closures;
  }

  /** The pass to run for this call. */
  next(): Pass {
    if (this.callsUntilHot > 0 && --this.callsUntilHot === 0 && this.generate !== null) {
      try {
        this.check = this.generate() ?? this.check;
      } catch {
        // Code generation can be disallowed (--disallow-code-generation-from-strings):
        // the closures then stay the fast check.
      }
      this.generate = null;
    }
    return this.check;
  }
}

/**
 * A compiled tool schema. Validating never looks at the schema again: it
 * runs the fast check (no report; at first the closures after a JSON walk,
 * generated code once the validator is hot), and only when that fails runs
 * the JSON walk and the closures with a report to collect the issues.
 * Arguments given as JSON text have a fast check of their own, which skips
 * the input-domain tests that parsed JSON cannot fail.
 */
export class CompiledValidator implements Validator {
  private readonly fast: Record<Given, HotTier<FastCheck>>;
  private readonly explainer: HotTier<Explainer>;

  /** Native memory held by the schema's compiled patterns. */
  readonly patternBytes: number;
  /** The compiled patterns by their source, as both tiers search them. */
  readonly patterns: CompiledSchema["patterns"];
  /** How many subschemas were compiled: what the validator's closures and generated code grow with (the validate() cache weighs by it). */
  readonly subschemas: number;
  /** Whether some `$ref` targets are decided once per value (the report then tracks places). */
  private readonly remembers: boolean;

  constructor(
    check: Check,
    compiled: CompiledSchema,
    generate: { fast: (given: Given) => FastCheck | null; explainer: () => Explainer | null } | null,
    private readonly timeBudgetMs: number | null,
  ) {
    this.patternBytes = compiled.patternBytes;
    this.patterns = compiled.patterns;
    this.subschemas = compiled.subschemas;
    this.remembers = compiled.remembered.size > 0;
    this.fast = {
      any: new HotTier<FastCheck>((args) => findNonJson(args, MAX_DEPTH, charge) === null && check(args, null), generate && (() => generate.fast("any"))),
      parsed: new HotTier<FastCheck>((args) => nestsWithin(args, MAX_DEPTH, charge) && check(args, null), generate && (() => generate.fast("parsed"))),
    };
    this.explainer = new HotTier<Explainer>(check, generate && generate.explainer);
  }

  validate(args: unknown): Result {
    return this.run(args, this.fast.any);
  }

  validateJson(text: string): Result {
    const parsed = parseArguments(text);
    return "value" in parsed ? this.run(parsed.value, this.fast.parsed) : parsed;
  }

  private run(args: unknown, tier: HotTier<FastCheck>): Result {
    startBudget(this.timeBudgetMs);
    startValidation(args);
    startArguments(args);
    startValidationPatterns();
    const result = this.fastPass(args, tier) ?? this.explain(args);
    endValidation();
    endArguments();
    endMemo();
    return result;
  }

  /** The fast check's answer: VALID, a failure that needs no explaining, or undefined when the explaining pass must say. */
  private fastPass(args: unknown, tier: HotTier<FastCheck>): Result | undefined {
    let fast = tier.next();
    for (;;) {
      startPass();
      try {
        // The fast check also answers for the JSON input domain, so only a
        // failure needs the separate walk that names a non-JSON value.
        if (fast(args)) return VALID;
      } catch (error) {
        if (isThrown(error, BudgetSpent)) return budgetFailure(error);
        if (isThrown(error, WorkSpent)) {
          // Generated code counts a whole region's work up front
          // (src/validate/fast-check.ts): never less than the closures spend on the same
          // value, sometimes more. So the closures decide a call it cannot
          // finish, and no answer depends on the tier. (The generated
          // explaining pass counts exactly what the closures count.)
          if (fast === tier.closures) return workFailure(error);
          fast = tier.closures;
          continue;
        }
        if (isWidened(error)) continue;
        // An exhausted pattern or a getter that throws: the passes below meet
        // it again in their own order and say which it was.
      }
      try {
        const nonJson = findNonJson(args, MAX_DEPTH, charge);
        return nonJson ? failure([issueAt(nonJson.path, "validation", "", "type", nonJson.problem)]) : undefined;
      } catch (error) {
        return isThrown(error, WorkSpent) ? workFailure(error) : unreadable(error);
      }
    }
  }

  private explain(args: unknown): Result {
    const explainer = this.explainer.next();
    for (;;) {
      const report = new Report(this.remembers);
      startPass();
      let issues: Issue[];
      try {
        explainer(args, report);
        issues = report.issues();
      } catch (error) {
        if (isThrown(error, BudgetSpent)) return budgetFailure(error);
        if (isThrown(error, WorkSpent)) return workFailure(error);
        if (isWidened(error)) continue;
        if (isThrown(error, EngineLimit)) return failure([limitIssue(error, report)]);
        if (isStackOverflow(error)) return stackFailure();
        return unreadable(error);
      }
      // The explaining pass (the closures, or code that finds what they find)
      // is the source of truth: when the fast check said no but it finds
      // nothing (an enumerable property on Object.prototype, which the fast
      // check's for…in sees and own-key reads do not), the call is valid.
      return issues.length === 0 && report.uncounted === 0 ? VALID : failure(issues, false, report.uncounted);
    }
  }
}

/**
 * A pattern ran out of the base work allowance: the validation gets its
 * full one, from the arguments' size, and the pass runs again (at most once
 * per validation).
 */
function isWidened(error: unknown): boolean {
  return isThrown(error, EngineLimit) && !error.outOfMemory && widenWork();
}

function limitIssue(limit: EngineLimit, report: Report): Issue {
  const pattern = oneLine(limit.pattern);
  const problem = limit.outOfMemory
    ? `checking the pattern ${pattern} ran out of memory; send a shorter value`
    : `checking the pattern ${pattern} took more than the regex engine's work limit; send a shorter or simpler value`;
  return issueAt(pathTo(report.here), "execution_failure", limit.schemaPath, "pattern", problem);
}

/** A pass starts with nothing spent and nothing remembered. */
function startPass(): void {
  startWork();
  startValidationWork();
  startMemo();
}

function workFailure(spent: WorkSpent): Result {
  const { values, complete } = spent.size;
  const problem = `checking them against this schema takes more than the work limit (${spent.limit} steps for ${complete ? "" : "more than "}${values} values); send fewer or smaller values`;
  return failure([issueAt([], "execution_failure", "", "schema", problem)]);
}

function budgetFailure(spent: BudgetSpent): Result {
  const problem = `checking their patterns took more than the time budget of ${spent.budgetMs} ms; send fewer or shorter values`;
  return failure([issueAt([], "execution_failure", "", "timeBudgetMs", problem)]);
}

/**
 * Recursion in the schema runs as recursion in JavaScript: a recursive
 * schema whose cycle takes many `$ref` steps, met by arguments nested close
 * to the depth bound, can need more stack than the process has. The call
 * then fails cleanly (docs/bounds.md).
 */
function isStackOverflow(error: unknown): boolean {
  return isThrown(error, RangeError) && describeThrown(error).includes("call stack");
}

function stackFailure(): Result {
  const problem = "checking them took more nested calls than the JavaScript stack allows; send arguments that nest less deeply";
  return failure([issueAt([], "execution_failure", "", "$ref", problem)]);
}

/** A getter or proxy in the arguments threw while being read. */
function unreadable(error: unknown): Result {
  return failure([issueAt([], "validation", "", "type", `could not be read (${describeThrown(error)})`)]);
}
