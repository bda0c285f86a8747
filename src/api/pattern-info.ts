// patternInfo: which engine runs a pattern, and why. index.ts re-exports it;
// `check --patterns` lists them for every pattern of a schema.
import { compileSchema } from "../compile/compile-schema";
import type { CompileOptions } from "../compile/keyword";
import { readOptions } from "./options";
import { compilePattern } from "../pattern/compile-pattern";
import type { Engine } from "../pattern/native";
import { PatternError } from "../pattern/syntax";
import type { Failure, Options } from "../runtime/types";
import { failure, unplacedIssue } from "../explain/failure";

/** An accepted pattern's engine, and why PCRE2 does not run it (null when it does). */
export interface PatternInfo {
  ok: true;
  engine: Engine;
  reason: string | null;
}

/**
 * Which engine searches `pattern` under `options.profile` (docs/patterns.md, "How a
 * pattern runs"): PCRE2 when its backtracking search is proven linear, else
 * the package's DFA; the failure a schema holding it would get when it is
 * refused. Never throws.
 */
export function patternInfo(pattern: unknown, options?: Options): PatternInfo | Failure {
  const read = readOptions(options);
  if (typeof read === "string") return patternRefusal("validation", `invalid options: ${read}`, "options");
  if (typeof pattern !== "string") return patternRefusal("validation", "#/pattern: must be a string", "pattern");
  const compiled = compilePattern(pattern, read.profile);
  if (compiled instanceof PatternError)
    return patternRefusal(compiled.kind, `#/pattern: ${compiled.message}`, "pattern");
  return { ok: true, engine: compiled.engine, reason: compiled.reason };
}

function patternRefusal(kind: Failure["kind"], message: string, keyword: string): Failure {
  return failure([unplacedIssue(kind, keyword === "pattern" ? "/pattern" : "", keyword, message)], true);
}

/** The patterns a schema's validator searches, each once, with its engine (refused ones are the schema's issues). */
export function enginesOf(
  schema: unknown,
  options: CompileOptions,
): { pattern: string; engine: Engine; reason: string | null }[] {
  const found: { pattern: string; engine: Engine; reason: string | null }[] = [];
  let compiled;
  try {
    compiled = compileSchema(schema, options);
  } catch {
    // A schema that cannot be read has no patterns to list; check says why.
    return found;
  }
  for (const [pattern, entry] of compiled.patterns) {
    if (!(entry instanceof PatternError)) found.push({ pattern, engine: entry.engine, reason: entry.reason });
  }
  // Nothing searches them here.
  compiled.release();
  return found;
}
