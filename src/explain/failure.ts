import { describeThrown } from "../runtime/thrown";
import { oneLine } from "../runtime/one-line";
import type { BudgetSpent, WorkSpent } from "../runtime/pass";
import { readablePath, toPointer, type PathSegment } from "../runtime/paths";
import type { ErrorKind, Failure, Issue, Result } from "../runtime/types";
import { count } from "./messages";
import { NO_PARAMS, paramsText, type Params } from "./params";

/**
 * What a failure holds and says: its issues within their bounds, its kind,
 * its one-line message, and the issues of the calls that could not be
 * checked (execution_failure), in one place. The explaining pass collects
 * issues (report.ts); compiling collects a schema's (compile/compile-schema.ts);
 * both keep at most MAX_ISSUES and count the rest, and failure() applies the
 * text bound to what they kept.
 */

/**
 * A failure keeps at most this many issues; the rest are only counted, so an
 * array of a million wrong items costs a count, not a million objects.
 */
export const MAX_ISSUES = 100;

/** The result of a valid call, or of a schema that preflight accepts: frozen, so it is shared. */
export const VALID: Result = Object.freeze({ ok: true });

/** At most this many problems are spelled out in a message (SchemaGuard). */
export const MAX_REPORTED = 5;

/** An issue about the value at `path`. */
export function issueAt(
  path: readonly PathSegment[],
  kind: ErrorKind,
  schemaPath: string,
  keyword: string,
  problem: string,
  params: Params = NO_PARAMS,
): Issue {
  return {
    kind,
    instancePath: toPointer(path),
    path: [...path],
    schemaPath,
    keyword,
    params: { ...params },
    message: `${readablePath(path)}: ${problem}`,
  };
}

/** An issue about no value of the arguments: a schema's problem, the options', a tool's, JSON text's. */
export function unplacedIssue(kind: ErrorKind, schemaPath: string, keyword: string, message: string): Issue {
  return { kind, instancePath: "", path: [], schemaPath, keyword, params: {}, message };
}

const PREFIX: Record<ErrorKind, string> = {
  validation: "invalid arguments",
  unsupported_capability: "unsupported schema",
  execution_failure: "could not check the arguments",
};

function withOneLineMessage(issue: Issue): Issue {
  const message = oneLine(issue.message);
  return message === issue.message ? issue : { ...issue, message };
}

/**
 * The pointer is compared last: under a long property name every pointer is
 * long, while messages cut names short and tell most issues apart first.
 */
const sameIssue = (a: Issue, b: Issue) =>
  a.message === b.message &&
  a.keyword === b.keyword &&
  a.schemaPath === b.schemaPath &&
  a.instancePath === b.instancePath;

/**
 * The issues without repeats: a `$ref` target that two composition branches
 * share reports the same problem of the same value twice. A failure holds at
 * most 100 issues, and almost always a few: compared pairwise.
 */
function distinct(issues: Issue[]): Issue[] {
  for (let i = 1; i < issues.length; i++) {
    for (let j = 0; j < i; j++) {
      if (sameIssue(issues[i], issues[j]))
        return issues.filter((issue, k) => issues.findIndex((other) => sameIssue(issue, other)) === k);
    }
  }
  return issues;
}

/**
 * Characters that the issues of a failure may hold together (their pointers
 * and messages). Paths repeat the property names above a problem, so 100
 * problems deep under long names would hold 100 copies of megabytes of
 * names, and a host that writes the result out would write them all.
 */
export const MAX_ISSUE_TEXT = 1 << 20;

/**
 * The first issues, as many as hold at most MAX_ISSUE_TEXT characters
 * together, and always the first; the rest are only counted. The place
 * counts twice (its pointer, and its path of the same names), and so do the
 * params' values.
 */
function withinTextBound(issues: Issue[]): Issue[] {
  let text = 0;
  for (let i = 0; i < issues.length; i++) {
    const { instancePath, schemaPath, message, params } = issues[i];
    text += 2 * instancePath.length + schemaPath.length + message.length + paramsText(params);
    if (text > MAX_ISSUE_TEXT && i > 0) return issues.slice(0, i);
  }
  return issues;
}

/** The failure's kind: execution_failure over unsupported_capability over validation. */
function kindOf(issues: readonly Issue[]): ErrorKind {
  let kind: ErrorKind = "validation";
  for (const issue of issues) {
    if (issue.kind === "execution_failure") return issue.kind;
    if (issue.kind === "unsupported_capability") kind = issue.kind;
  }
  return kind;
}

/**
 * Builds the failure result with its one-line message: the first problems by
 * their readable paths, and how many more there were (`uncounted` problems
 * beyond the issues kept included). Written with loops: every failed call
 * comes here.
 */
export function failure(found: Issue[], schemaProblems = false, uncounted = 0): Failure {
  // Property names and patterns may hold line breaks; messages never do. A
  // problem with arguments is one line by construction (its pieces pass
  // through oneLine where they are made); one with a schema gets it here.
  const all = schemaProblems ? found.map(withOneLineMessage) : distinct(found);
  const issues = withinTextBound(all);
  const kind = kindOf(all);
  const prefix = schemaProblems && kind === "validation" ? "invalid schema" : PREFIX[kind];
  const shown = Math.min(issues.length, MAX_REPORTED);
  let message = `${prefix}: `;
  for (let i = 0; i < shown; i++) message += i === 0 ? issues[i].message : `; ${issues[i].message}`;
  const more = all.length + uncounted - shown;
  if (more > 0) message += ` (and ${count(more, "more problem")})`;
  return { ok: false, kind, message, issues };
}

/** A search ran out of the regex engine's work limit, or of memory, on the value at `path`. */
export function limitIssue(
  limit: { pattern: string; schemaPath: string; outOfMemory: boolean },
  path: readonly PathSegment[],
): Issue {
  const pattern = oneLine(limit.pattern);
  const problem = limit.outOfMemory
    ? `checking the pattern ${pattern} ran out of memory; send a shorter value`
    : `checking the pattern ${pattern} took more than the regex engine's work limit; send a shorter or simpler value`;
  return issueAt(path, "execution_failure", limit.schemaPath, "pattern", problem, { pattern: limit.pattern });
}

/** A pass spent its keyword work (src/runtime/pass.ts). */
export function workFailure(spent: WorkSpent): Result {
  const { values, complete } = spent.size;
  const problem = `checking them against this schema takes more than the work limit (${spent.limit} steps for ${complete ? "" : "more than "}${values} values); send fewer or smaller values`;
  return failure([issueAt([], "execution_failure", "", "schema", problem, { limit: spent.limit })]);
}

/** A validation spent its time budget (`timeBudgetMs`). */
export function budgetFailure(spent: BudgetSpent): Result {
  const problem = `checking their patterns took more than the time budget of ${spent.budgetMs} ms; send fewer or shorter values`;
  return failure([issueAt([], "execution_failure", "", "timeBudgetMs", problem, { limit: spent.budgetMs })]);
}

/**
 * Recursion in the schema runs as recursion in JavaScript: a recursive
 * schema whose cycle takes many `$ref` steps, met by arguments nested close
 * to the depth bound, can need more stack than the process has. The call
 * then fails cleanly (docs/bounds.md).
 */
export function stackFailure(): Result {
  const problem =
    "checking them took more nested calls than the JavaScript stack allows; send arguments that nest less deeply";
  return failure([issueAt([], "execution_failure", "", "$ref", problem)]);
}

/** A getter or proxy in the arguments threw while being read. */
export function unreadable(error: unknown): Result {
  return failure([issueAt([], "validation", "", "type", `could not be read (${describeThrown(error)})`)]);
}
