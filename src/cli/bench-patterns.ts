// What each pattern of a catalog costs (docs/cli.md, "bench"): the engine
// that runs it, the searches of it that validating every call once runs, and
// one search timed on the subjects those calls gave it. Searches are seen
// where every search of a validator's closures goes, CompiledPattern.test:
// the calls run once on validators kept on their closures, whose patterns
// note each subject meanwhile.
import { build } from "../api/entry-points";
import type { CompileOptions } from "../compile/keyword";
import type { CompiledPattern } from "../pattern/native";
import { PatternError } from "../pattern/syntax";
import { endValidation, startPass, startValidation, widenSearchWork } from "../runtime/pass";
import { CompiledValidator } from "../validate/validator";
import type { BenchCall } from "./bench-calls";
import { figureOf, type PatternBench } from "./bench-results";
import { caseLoop, interleave } from "./measure";

/** Subjects kept per pattern to time its search on (its searches are all counted). */
const TIMED_SUBJECTS = 10_000;
const SAMPLE_MS = 5;
const WARMUP_MS = 30;

interface Seen {
  compiled: CompiledPattern;
  tools: Set<string>;
  searches: number;
  subjects: string[];
}

/** A tool whose calls are run: its schema, and its calls. */
export interface PatternUse {
  name: string;
  inputSchema: unknown;
  calls: readonly BenchCall[];
}

/**
 * Runs `run` while every search of `patterns` notes its subject in `seen`;
 * each pattern's own search function is put back afterwards.
 */
function noting(patterns: ReadonlyMap<string, CompiledPattern>, seen: Map<string, Seen>, run: () => void): void {
  const restore: (() => void)[] = [];
  try {
    for (const [source, compiled] of patterns) {
      const entry = seen.get(source)!;
      const own = Object.hasOwn(compiled, "test");
      const search = compiled.test;
      (compiled as { test: CompiledPattern["test"] }).test = (subject) => {
        entry.searches++;
        if (entry.subjects.length < TIMED_SUBJECTS) entry.subjects.push(subject);
        return search.call(compiled, subject);
      };
      restore.push(() => {
        if (own) (compiled as { test: CompiledPattern["test"] }).test = search;
        else delete (compiled as Partial<CompiledPattern>).test;
      });
    }
    run();
  } finally {
    for (const put of restore) put();
  }
}

/** The patterns of the tools' schemas, each once, with the searches the tools' calls run and what one costs. */
export function patternCosts(uses: readonly PatternUse[], options: CompileOptions, rounds: number): PatternBench[] {
  const seen = new Map<string, Seen>();
  for (const { name, inputSchema, calls } of uses) {
    const validator = build(inputSchema, options, false);
    if (!(validator instanceof CompiledValidator)) continue;
    const patterns = new Map<string, CompiledPattern>();
    for (const [source, compiled] of validator.patterns) {
      if (compiled instanceof PatternError) continue;
      patterns.set(source, compiled);
      let entry = seen.get(source);
      if (entry === undefined) seen.set(source, (entry = { compiled, tools: new Set(), searches: 0, subjects: [] }));
      entry.tools.add(name);
    }
    noting(patterns, seen, () => {
      for (const { args } of calls) "text" in args ? validator.validateJson(args.text) : validator.validate(args.value);
    });
  }
  const costs = [...seen].map(([pattern, entry]): PatternBench => ({
    pattern,
    engine: entry.compiled.engine,
    reason: entry.compiled.reason,
    tools: [...entry.tools],
    searches: entry.searches,
    perSearch: entry.subjects.length === 0 ? null : timeSearch(entry.compiled, entry.subjects, rounds),
  }));
  const total = (p: PatternBench) => (p.perSearch === null ? 0 : p.perSearch.ns.median * p.searches);
  return costs.sort((a, b) => total(b) - total(a) || b.searches - a.searches);
}

/**
 * One search of `compiled`, cycling through `subjects`: each in a pass of
 * its own, with the work allowance a validation of all of them would have
 * (so no search stops at the base allowance that a validation would widen).
 */
function timeSearch(compiled: CompiledPattern, subjects: string[], rounds: number): PatternBench["perSearch"] {
  startValidation(subjects, null);
  try {
    widenSearchWork();
    const run = caseLoop("startPass(); s += compiled.test(c);", subjects, { compiled, startPass });
    const [timing] = interleave([{ name: "search", run }], {
      rounds,
      sampleMs: SAMPLE_MS,
      warmupMs: WARMUP_MS,
      unit: subjects.length,
    });
    return figureOf(timing);
  } finally {
    endValidation();
  }
}
