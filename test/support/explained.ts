import type { Explainer } from "../../src/validate/explainer";
import { Report } from "../../src/explain/report";
import { endValidation, pass, startPass, startValidation } from "../../src/runtime/pass";

/**
 * What one explaining pass over `args` found and spent, as the validator
 * runs it: a pass of its own, nothing remembered from another (hint parses,
 * keys). Compared between the closures and the generated explaining pass.
 */
export function explained(explain: Explainer, args: unknown) {
  startValidation(args, null);
  startPass();
  const report = new Report(true);
  try {
    explain(args, report);
  } catch (error) {
    return { thrown: String(error), spent: pass.spent };
  } finally {
    endValidation();
  }
  return { issues: report.issues(), uncounted: report.uncounted, spent: pass.spent, here: report.here };
}
