import { MAX_CHAIN, MAX_SUBSCHEMAS } from "../bounds";
import type { Keyword, SchemaSite } from "../keyword";
import { either, typeWord } from "../../explain/messages";
import { every, type Check, type Report, type Run } from "../../explain/report";
import { NO_PARAMS } from "../../explain/params";

/** Ajv's params of a `oneOf` that no branch matches. */
const NO_MATCH = { passingSchemas: null };
import { valueAt } from "../ref-target";
import { declaredTypes, matchesType, wrongType } from "./type";
import { isPlainObject, lengthOf, ownFields, isSchema } from "../../runtime/shape";

/** How many of the closest branch's problems a composition message quotes. */
const QUOTED_PROBLEMS = 3;

/**
 * A failing branch's problems are counted up to this many: enough to find
 * the closest of the branches that nearly match and to quote it, while no
 * branch walks every wrong item of a long list. Branches with this many
 * problems or more tie, and the first of them is the closest.
 */
const COUNTED_PROBLEMS = 10;

type BranchKeyword = "oneOf" | "anyOf" | "allOf";

/** How a composition's branches decide (Keyword.decides). */
type Decides = NonNullable<Keyword["decides"]>;

/** A composition's check with a report, made from the checks of its branches. */
type Explaining = (checks: readonly Check[]) => (value: unknown, report: Report) => boolean;

/**
 * The closures' reading of Keyword.decides: the answer without a report,
 * branch by branch with the same short cuts the fast check writes from the
 * same field (src/validate/check-generator.ts), so neither tier has a way of
 * deciding of its own.
 */
const DECIDE: Record<Decides, (checks: readonly Check[]) => (value: unknown) => boolean> = {
  all: (checks) => (v) => checks.every((check) => check(v, null)),
  any: (checks) => (v) => checks.some((check) => check(v, null)),
  one: (checks) => (v) => {
    let matched = 0;
    for (const check of checks) if (check(v, null) && ++matched > 1) return false;
    return matched === 1;
  },
  none:
    ([check]) =>
    (v) =>
      !check(v, null),
};

/** The way each composition check was made, to make it again over other branch checks. */
const combined = new WeakMap<Check, (checks: readonly Check[]) => Check>();

/**
 * The check of a composition that decides as `decides` says, over the
 * branch `checks`: without a report as DECIDE reads it, with one as
 * `explaining` words it. Remembered, to be made again over other branches.
 */
function composed(decides: Decides, explaining: Explaining, checks: readonly Check[]): Check {
  const combine = (branches: readonly Check[]): Check => {
    const decide = DECIDE[decides](branches);
    const explain = explaining(branches);
    return (v, r) => (r === null ? decide(v) : explain(v, r));
  };
  const check = combine(checks);
  combined.set(check, combine);
  return check;
}

/**
 * The composition `check`, made again over `branches` (one for each of its
 * own, in order): src/validate/explainer.ts gives it branches written out, and
 * keeps how the composition decides and words its problem. Undefined for a
 * check that is no composition.
 */
export function withBranches(check: Check, branches: readonly Check[]): Check | undefined {
  return combined.get(check)?.(branches);
}

/** A composition keyword, whose closure decides as its description says. */
function composition(
  name: BranchKeyword | "not",
  decides: Decides,
  build: (
    value: unknown,
    site: SchemaSite,
    compose: (explaining: Explaining, checks: readonly Check[]) => Check,
  ) => Check | null,
): Keyword {
  return {
    name,
    subschemas: name === "not" ? "one" : "byIndex",
    sameValue: decides === "all" ? "all" : "some",
    decides,
    ...(name === "not" ? {} : { list: true as const }),
    compile: (value, site) => build(value, site, (explaining, checks) => composed(decides, explaining, checks)),
  };
}

/** Every branch run on `value`, each in a capture that counts up to COUNTED_PROBLEMS (every branch runs: the work counted must not depend on which matched first). */
function captureEach(checks: readonly Check[], value: unknown, report: Report): Run[] {
  const runs: Run[] = [];
  for (const check of checks) runs.push(report.capture(check, value, COUNTED_PROBLEMS));
  return runs;
}

function branches(name: BranchKeyword, value: unknown, site: SchemaSite): Check[] | null {
  if (!Array.isArray(value) || value.length === 0) {
    site.problem(name, "must be a non-empty list of schemas");
    return null;
  }
  return value.map((branch, i) => site.applicator(name, branch, i));
}

/** What a composition's problem says of its branches, worked out when it is compiled: every failed call that explains it reads them. */
interface Forms {
  /** The types each branch accepts (null where that is not known). */
  types: (string[] | null)[];
  /** Every type the branches name, when each branch's are known. */
  names: string[];
  /** The names in words: "a string or a list". */
  expected: string;
  /** "the allowed form", "any of the 3 allowed forms". */
  counted: string;
}

function formsOf(value: unknown, site: SchemaSite): Forms {
  const types = (value as unknown[]).map((branch) => acceptedTypes(branch, site));
  const names = types.includes(null) ? [] : (types as string[][]).flat();
  const counted = types.length === 1 ? "the allowed form" : `any of the ${types.length} allowed forms`;
  return { types, names, expected: either(names.map(typeWord)), counted };
}

const fitsType = (names: string[] | null, value: unknown) =>
  names === null || names.some((name) => matchesType(name, value));

const problemCount = (run: Run) => run.findings.length + run.uncounted;

/**
 * Why no branch matched, in one problem a model can act on: the shapes the
 * branches accept when the value fits none of them, otherwise the closest
 * branch (the fewest problems among those whose type fits, the first of
 * equals) and its problems.
 */
function noMatchProblem(forms: Forms, runs: Run[], value: unknown, report: Report): string {
  let best = -1;
  for (let i = 0; i < runs.length; i++) {
    if (fitsType(forms.types[i], value) && (best === -1 || problemCount(runs[i]) < problemCount(runs[best]))) best = i;
  }
  if (best === -1) return wrongType(forms.expected, forms.names, value);
  const { findings } = runs[best];
  let quoted = "";
  for (let i = 0; i < Math.min(findings.length, QUOTED_PROBLEMS); i++)
    quoted += (i === 0 ? "" : "; ") + report.problemOf(findings[i]);
  return `does not match ${forms.counted}; closest (form ${best + 1}): ${quoted}`;
}

/**
 * The types a branch can accept, for the "expected a string or a list"
 * message: its `type`, else what its `$ref` target or all of its own
 * `oneOf`/`anyOf` branches accept; null when that is not known. Each
 * subschema is searched once per compile (site.typeCache), so shared `$ref`
 * targets cost nothing the second time; a cycle reads as "not known".
 */
function acceptedTypes(schema: unknown, site: SchemaSite, depth = 0): string[] | null {
  const declared = declaredTypes(schema);
  // Past MAX_CHAIN steps the schema is refused anyway (compile-schema.ts).
  if (declared !== null || !isPlainObject(schema) || depth > MAX_CHAIN) return declared;
  const cached = site.typeCache.get(schema);
  if (cached !== undefined) return cached;
  if (site.typeCache.has(schema)) return null; // still being searched: a cycle
  site.typeCache.set(schema, undefined);
  const types = searchTypes(schema, site, depth);
  site.typeCache.set(schema, types);
  return types;
}

function searchTypes(given: Record<string, unknown>, site: SchemaSite, depth: number): string[] | null {
  const schema = ownFields(given);
  if (typeof schema.$ref === "string" && site.options.profile === "extended") {
    const target = site.resolve(schema.$ref);
    return "pointer" in target ? acceptedTypes(valueAt(site.document, target.pointer), site, depth + 1) : null;
  }
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : null;
  if (branches === null) return null;
  // Read once. More branches than a schema may hold subschemas are refused
  // anyway (src/compile/bounds.ts), and not read: the length may be a proxy's claim.
  const length = lengthOf(branches);
  if (length === 0 || length > MAX_SUBSCHEMAS) return null;
  const names = new Set<string>();
  for (let i = 0; i < length; i++) {
    const types = acceptedTypes(branches[i], site, depth + 1);
    if (types === null) return null;
    for (const name of types) names.add(name);
  }
  return [...names];
}

export const oneOfKeyword = composition("oneOf", "one", (value, site, compose) => {
  if (Object.hasOwn(site.schema, "anyOf")) {
    site.problem("oneOf", "oneOf and anyOf in the same schema object are not supported", "unsupported_capability");
  }
  const checks = branches("oneOf", value, site);
  if (checks === null) return null;
  const forms = formsOf(value, site);
  const pointer = site.pointer("oneOf");
  return compose(
    (checks) => (v, r) => {
      const runs = captureEach(checks, v, r);
      const matched: number[] = [];
      for (let i = 0; i < runs.length; i++) if (runs[i].ok) matched.push(i + 1);
      if (matched.length === 1) return true;
      if (matched.length === 0) return r.fail("oneOf", pointer, () => noMatchProblem(forms, runs, v, r), NO_MATCH);
      return r.fail(
        "oneOf",
        pointer,
        `matches more than one of the allowed forms (forms ${matched.join(", ")}); it must match exactly one`,
        () => ({ passingSchemas: matched.map((form) => form - 1) }),
      );
    },
    checks,
  );
});

export const anyOfKeyword = composition("anyOf", "any", (value, site, compose) => {
  const checks = branches("anyOf", value, site);
  if (checks === null) return null;
  const forms = formsOf(value, site);
  const pointer = site.pointer("anyOf");
  return compose(
    (checks) => (v, r) => {
      const runs = captureEach(checks, v, r);
      for (const run of runs) if (run.ok) return true;
      return r.fail("anyOf", pointer, () => noMatchProblem(forms, runs, v, r), NO_PARAMS);
    },
    checks,
  );
});

/** Every branch must match (extended profile); their problems are reported as they are. */
export const allOfKeyword = composition("allOf", "all", (value, site, compose) => {
  const checks = branches("allOf", value, site);
  return checks === null ? null : compose((checks) => every(checks), checks);
});

export const notKeyword = composition("not", "none", (value, site, compose) => {
  if (!isSchema(value)) {
    site.problem("not", "must be a schema");
    return null;
  }
  const pointer = site.pointer("not");
  return compose(
    ([check]) =>
      (v, r) =>
        !r.capture(check, v, 1).ok || r.fail("not", pointer, "matches a form that is not allowed here", NO_PARAMS),
    [site.applicator("not", value)],
  );
});
