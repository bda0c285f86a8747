// What a tool's calls cost (docs/cli.md, "bench"): calls that pass and calls
// that fail timed apart, each beside Ajv in interleaved rounds; the first
// call of a fresh validator and the call that generates its fast check; the
// pattern searches a call runs.
import { compile } from "../api/entry-points";
import { engine as patternEngine } from "../pattern/native";
import type { Options, Validator } from "../runtime/types";
import { HOT_AFTER_CALLS } from "../validate/validator";
import type { AjvCheck } from "./bench-ajv";
import type { BenchCall } from "./bench-calls";
import { figureOf, type FailingFigures, type FirstCalls, type ValidFigures } from "./bench-results";
import { caseLoop, interleave, pairedRatio, sink, spread, timed } from "./measure";

/**
 * Each sample takes about this long; before its rounds, each contestant runs
 * this long untimed (a failing call's explaining path takes V8 about 100 ms
 * of calls to optimize).
 */
export const SAMPLE_MS = 5;
export const WARMUP_MS = 120;

/** A call as the timing loops read it: its value, or its JSON text (then `value` is unused). */
interface Case {
  value: unknown;
  text: string | undefined;
}

const NOT_JSON = Symbol("not JSON");

/** JSON text parsed as Ajv's caller parses it, or NOT_JSON. */
function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/** Our call: JSON text through validateJson, as validate --calls checks it. */
const OURS =
  "const r = c.text === undefined ? target.validate(c.value) : target.validateJson(c.text); s += r.ok ? 1 : r.issues.length;";
/** Ajv's: JSON text parsed first (text that is no JSON fails, as it does for us). */
const AJV =
  "const v = c.text === undefined ? c.value : parse(c.text); s += v === NOT_JSON ? 1 : target(v) ? 1 : target.errors.length;";

/** A timing loop over `cases` (caseLoop), whose body may name `target`, `parse` and `NOT_JSON`. */
function loop(body: string, cases: readonly Case[], target: unknown): (n: number) => number {
  return caseLoop(body, cases, { target, parse, NOT_JSON });
}

function caseOf(call: BenchCall): Case {
  return "text" in call.args ? { value: undefined, text: call.args.text } : { value: call.args.value, text: undefined };
}

/** Ajv's checks of one tool's schema: stopping at the first error, and with allErrors: true. */
export interface AjvChecks {
  firstError: AjvCheck;
  allErrors: AjvCheck;
}

/** Ajv's answer for a call. */
function ajvPasses(check: AjvCheck, c: Case): boolean {
  const value = c.text === undefined ? c.value : parse(c.text);
  return value !== NOT_JSON && check(value);
}

export interface CallTimings {
  valid: ValidFigures | null;
  failing: FailingFigures | null;
  /** Calls Ajv answers otherwise, left out of both timings; 0 without Ajv. */
  ajvDisagrees: number;
}

/**
 * Times a tool's calls that pass and its calls that fail apart, ours beside
 * Ajv's, in `rounds` interleaved rounds. A call Ajv answers otherwise (a
 * keyword it reads differently, an option it does not have) is left out of
 * both sides and counted.
 */
export function timeCalls(
  validator: Validator,
  ajv: AjvChecks | null,
  calls: readonly BenchCall[],
  rounds: number,
): CallTimings {
  const passing: Case[] = [];
  const failing: Case[] = [];
  let ajvDisagrees = 0;
  for (const call of calls) {
    const c = caseOf(call);
    if (ajv !== null && ajvPasses(ajv.firstError, c) !== call.ok) ajvDisagrees++;
    else (call.ok ? passing : failing).push(c);
  }
  const settings = (cases: readonly Case[]) => ({
    rounds,
    sampleMs: SAMPLE_MS,
    warmupMs: WARMUP_MS,
    unit: cases.length,
  });

  let valid: ValidFigures | null = null;
  if (passing.length > 0) {
    const contestants = [{ name: "ours", run: loop(OURS, passing, validator) }];
    if (ajv !== null) contestants.push({ name: "ajv", run: loop(AJV, passing, ajv.firstError) });
    const [ours, theirs] = interleave(contestants, settings(passing));
    valid = {
      calls: passing.length,
      ours: figureOf(ours),
      ajv: theirs === undefined ? null : figureOf(theirs),
      ratio: theirs === undefined ? null : pairedRatio(ours.samples, theirs.samples),
      cpuRatio: theirs === undefined ? null : pairedRatio(ours.cpuSamples, theirs.cpuSamples),
    };
  }

  let failed: FailingFigures | null = null;
  if (failing.length > 0) {
    const contestants = [{ name: "ours", run: loop(OURS, failing, validator) }];
    if (ajv !== null)
      contestants.push(
        { name: "ajvAllErrors", run: loop(AJV, failing, ajv.allErrors) },
        { name: "ajvFirstError", run: loop(AJV, failing, ajv.firstError) },
      );
    const [ours, all, first] = interleave(contestants, settings(failing));
    failed = {
      calls: failing.length,
      ours: figureOf(ours),
      ajvAllErrors: all === undefined ? null : figureOf(all),
      ajvFirstError: first === undefined ? null : figureOf(first),
      ratioAllErrors: all === undefined ? null : pairedRatio(ours.samples, all.samples),
      ratioFirstError: first === undefined ? null : pairedRatio(ours.samples, first.samples),
    };
  }
  return { valid, failing: failed, ajvDisagrees };
}

/** One call, timed, in ns. */
function timedCall(validator: Validator, c: Case): number {
  const { value, ns } = timed(() =>
    c.text === undefined ? validator.validate(c.value) : validator.validateJson(c.text),
  );
  sink.value += value.ok ? 1 : 0;
  return ns;
}

/**
 * The first call of a freshly compiled validator, and the call that
 * generates its fast check (src/validate/validator.ts: the closures answer
 * the calls before it), each once per round on a validator compiled again
 * (untimed). Timed on the tool's first call that passes, or its first call
 * when none does.
 */
export function timeFirstCalls(
  schema: unknown,
  options: Options,
  calls: readonly BenchCall[],
  rounds: number,
): FirstCalls {
  const chosen = calls.find((call) => call.ok) ?? calls[0];
  const c = caseOf(chosen);
  const first: number[] = [];
  const generating: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const validator = compile(schema, options);
    first.push(timedCall(validator, c));
    for (let call = 2; call < HOT_AFTER_CALLS; call++) timedCall(validator, c);
    generating.push(timedCall(validator, c));
  }
  return { first: spread(first), generating: spread(generating), failing: !chosen.ok };
}

/** Pattern searches a call runs on `validator`, on average over `calls` (each run once, both passes of a failing call). */
export function searchesPerCall(validator: Validator, calls: readonly BenchCall[]): number | null {
  if (calls.length === 0) return null;
  const count = () => {
    const { pcre2, dfa } = patternEngine.searches();
    return pcre2 + dfa;
  };
  const before = count();
  for (const call of calls) timedCall(validator, caseOf(call));
  return (count() - before) / calls.length;
}
