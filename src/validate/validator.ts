import { parseArguments } from "./json-arguments";
import { findNonJson, MAX_DEPTH } from "../runtime/json-value";
import { prototypeListsKeys } from "../runtime/own-keys";
import type { CompiledSchema } from "../compile/compile-schema";
import { closureFastCheck, type FastCheck, type Given } from "./check-generator";
import type { Explainer } from "./explainer";
import {
  budgetFailure,
  failure,
  issueAt,
  limitIssue,
  stackFailure,
  unreadable,
  VALID,
  workFailure,
} from "../explain/failure";
import { EngineLimit } from "../pattern/native";
import {
  BudgetSpent,
  charge,
  endValidation,
  startPass,
  startValidation,
  widenSearchWork,
  WorkSpent,
} from "../runtime/pass";
import { pathTo, Report, type Check } from "../explain/report";
import { describeThrown, isThrown } from "../runtime/thrown";
import type { Issue, Result, StandardProps, Validator } from "../runtime/types";
import { schemaForTarget } from "../compile/json-schema-target";
import { standardProps, standardResult } from "./standard-schema";

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
    closures: Pass,
    private generate: (() => Pass | null) | null,
  ) {
    this.check = closures;
  }

  /** The pass to run for this call. */
  next(): Pass {
    if (this.callsUntilHot > 0 && --this.callsUntilHot === 0) this.heat();
    return this.check;
  }

  /** Generates the code now (compile's `eager`), so that no call pays for it. */
  heat(): void {
    this.callsUntilHot = 0;
    if (this.generate === null) return;
    try {
      this.check = this.generate() ?? this.check;
    } catch {
      // Code generation can be disallowed (--disallow-code-generation-from-strings):
      // the closures then stay the fast check.
    }
    this.generate = null;
  }
}

/**
 * A compiled tool schema. Validating never looks at the schema again: it
 * runs the fast check (no report; at first the closures after a JSON walk,
 * generated code once the validator is hot), and only when that fails runs
 * the JSON walk and the closures with a report to collect the issues.
 * Arguments given as JSON text have a fast check of their own, which skips
 * the input-domain tests that parsed JSON cannot fail.
 *
 * A check that cannot finish throws (WorkSpent and BudgetSpent from
 * src/runtime/pass.ts, EngineLimit from src/pattern/native.ts), and nothing
 * between the thrower and this class catches it: a composition's capture
 * catches only its own signal (src/explain/report.ts). So an
 * execution_failure ends the whole call, through `not`, `oneOf` and `anyOf`,
 * and is never read as "this branch did not match"; this class alone turns
 * it into a failure (src/explain/failure.ts says what it reads).
 */
/**
 * Lets go of a collected validator's patterns (src/pattern/compile-pattern.ts,
 * SchemaPatterns), for validators their owner never released (those compile()
 * hands out): what only they held is freed once the event loop turns after
 * the collection.
 */
const heldPatterns = new FinalizationRegistry<() => void>((release) => release());

export class CompiledValidator implements Validator {
  // One field a tier, not a record of them: with many validators in use,
  // each object a call reads is a likely cache miss.
  private readonly fastAny: HotTier<FastCheck>;
  private readonly fastParsed: HotTier<FastCheck>;
  private readonly explainer: HotTier<Explainer>;
  #standard: StandardProps<Record<string, unknown>> | null = null;

  /** Native memory held by the schema's compiled patterns. */
  readonly patternBytes: number;
  /** The compiled patterns by their source, as both tiers search them. */
  readonly patterns: CompiledSchema["patterns"];
  /** How many subschemas were compiled: what the validator's closures and generated code grow with (the validate() cache weighs by it). */
  readonly subschemas: number;
  /** Whether some `$ref` targets are decided once per value (the report then tracks places). */
  private readonly remembers: boolean;
  private released = false;

  constructor(
    check: Check,
    compiled: CompiledSchema,
    generate: { fast: (given: Given) => FastCheck | null; explainer: () => Explainer | null } | null,
    private readonly timeBudgetMs: number | null,
    /** The schema's JSON text, for its JSON Schema by target; null for a schema without one (src/api/own-json.ts), or a validator never handed out. */
    private readonly text: string | null,
    eager = false,
  ) {
    this.patternBytes = compiled.patternBytes;
    this.patterns = compiled.patterns;
    this.releasePatterns = compiled.release;
    if (compiled.patterns.size > 0) heldPatterns.register(this, compiled.release, this);
    this.subschemas = compiled.subschemas;
    this.remembers = compiled.remembered.size > 0;
    this.fastAny = new HotTier<FastCheck>(closureFastCheck(check, "any"), generate && (() => generate.fast("any")));
    this.fastParsed = new HotTier<FastCheck>(
      closureFastCheck(check, "parsed"),
      generate && (() => generate.fast("parsed")),
    );
    this.explainer = new HotTier<Explainer>(check, generate && generate.explainer);
    if (eager) for (const tier of [this.fastAny, this.fastParsed, this.explainer]) tier.heat();
  }

  private readonly releasePatterns: () => void;

  /**
   * Lets go of its compiled patterns, for an owner that drops the validator
   * (the validate() cache, a catalog): those no one else holds are freed
   * once no validation runs. It must not be called again after. Validators
   * nobody releases let go when they are collected.
   */
  release(): void {
    if (this.released) return;
    this.released = true;
    heldPatterns.unregister(this);
    this.releasePatterns();
  }

  // Functions of the instance, not of the prototype: they work detached.
  readonly validate = (args: unknown): Result => this.run(args, this.fastAny);

  readonly validateJson = (text: string): Result => {
    const parsed = parseArguments(text);
    return "value" in parsed ? this.run(parsed.value, this.fastParsed) : parsed;
  };

  /** Standard Schema and Standard JSON Schema, made on first use. */
  get "~standard"(): StandardProps<Record<string, unknown>> {
    return (this.#standard ??= standardProps(
      (value) => standardResult(value, this.validate(value)),
      (target) => {
        if (this.text === null)
          throw new Error(
            "tool-input-schema: this schema has no JSON text to write as JSON Schema (it holds a bigint, or is over 4 MiB written out)",
          );
        return schemaForTarget(this.text, target);
      },
    ));
  }

  private run(args: unknown, tier: HotTier<FastCheck>): Result {
    startValidation(args, this.timeBudgetMs);
    try {
      return this.fastPass(args, tier) ?? this.explain(args);
    } finally {
      endValidation();
    }
  }

  /**
   * The fast check's answer: VALID, a failure that needs no explaining (its
   * time budget or its work spent), or undefined when the explaining pass
   * must say. Its closures and its generated code count the same work, by
   * the same rule, on arguments that pass (src/validate/check-generator.ts): so
   * whether such a call runs out does not depend on which ran, and the
   * first to run out decides. (On arguments that fail, the generated code
   * may count a region's work before the problem that the closures stop
   * at: a call that fails near the limit may fail for its work on one and
   * for its problem on the other, never pass.)
   */
  private fastPass(args: unknown, tier: HotTier<FastCheck>): Result | undefined {
    const fast = tier.next();
    for (;;) {
      startPass();
      try {
        // The fast check also answers for the JSON input domain, so only a
        // failure needs the separate walk that names a non-JSON value.
        return fast(args) ? VALID : undefined;
      } catch (error) {
        if (isThrown(error, BudgetSpent)) return budgetFailure(error);
        if (isWidened(error)) continue;
        // Work a generated check counted over names a getter added to
        // Object.prototype as it ran (for…in lists them) is the explaining
        // pass's to count again.
        if (isThrown(error, WorkSpent)) return prototypeListsKeys() ? undefined : workFailure(error);
        // An exhausted pattern or a getter that throws: the passes below meet
        // it again in their own order and say which it was.
        return undefined;
      }
    }
  }

  /** The walk that names a value that is not JSON: its failure, or undefined for JSON arguments. */
  private walk(args: unknown): Result | undefined {
    try {
      const nonJson = findNonJson(args, MAX_DEPTH, charge);
      return nonJson ? failure([issueAt(nonJson.path, "validation", "", "type", nonJson.problem)]) : undefined;
    } catch (error) {
      return isThrown(error, WorkSpent) ? workFailure(error) : unreadable(error);
    }
  }

  /**
   * The explaining pass, after a fast check that said no: the walk that
   * names a value outside JSON, then the call's problems. The walk and the
   * problems are one pass: they list an object's keys once
   * (src/runtime/own-keys.ts).
   */
  private explain(args: unknown): Result {
    const explainer = this.explainer.next();
    for (;;) {
      startPass();
      const nonJson = this.walk(args);
      if (nonJson !== undefined) return nonJson;
      const report = new Report(this.remembers);
      let issues: Issue[];
      try {
        explainer(args, report);
        issues = report.issues();
      } catch (error) {
        if (isThrown(error, BudgetSpent)) return budgetFailure(error);
        if (isThrown(error, WorkSpent)) return workFailure(error);
        if (isWidened(error)) continue;
        if (isThrown(error, EngineLimit)) return failure([limitIssue(error, pathTo(report.here))]);
        if (isStackOverflow(error)) return stackFailure();
        return unreadable(error);
      }
      // The explaining pass (the closures, or code that finds what they find)
      // is the source of truth: when the fast check said no but it finds
      // nothing (a getter in host-built arguments that answered otherwise
      // before), the call is valid.
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
  return isThrown(error, EngineLimit) && !error.outOfMemory && widenSearchWork();
}

/** The stack ran out (stackFailure says why that can happen). */
function isStackOverflow(error: unknown): boolean {
  return isThrown(error, RangeError) && describeThrown(error).includes("call stack");
}
