import type { Explainer } from "../../src/validate/explainer";
import { endMemo, startMemo } from "../../src/compile/memo";
import { endArguments, startArguments } from "../../src/runtime/present";
import { Report } from "../../src/explain/report";
import { endValidation, startValidation, startValidationWork, work } from "../../src/runtime/work";

/**
 * What one explaining pass over `args` found and spent, as the validator
 * runs it: a pass of its own, nothing remembered from another (hint parses,
 * keys). Compared between the closures and the generated explaining pass.
 */
export function explained(explain: Explainer, args: unknown) {
  startValidation(args);
  startArguments(args);
  startValidationWork();
  startMemo();
  const report = new Report(true);
  try {
    explain(args, report);
  } catch (error) {
    return { thrown: String(error), spent: work.spent };
  } finally {
    endValidation();
    endArguments();
    endMemo();
  }
  return { issues: report.issues(), uncounted: report.uncounted, spent: work.spent, here: report.here };
}
