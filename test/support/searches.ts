import { startValidationPatterns, startWork, widenWork } from "../../src/pattern/native";
import { startValidation } from "../../src/runtime/work";

/**
 * Starts pattern searches as one validation pass of arguments holding
 * `subjects`, with the allowance such a validation ends up with: the base,
 * plus a share for each UTF-16 unit of the strings, up to the most a
 * validation may spend (src/pattern/native.ts).
 */
export function startSearches(...subjects: string[]): void {
  startValidation(subjects);
  startValidationPatterns();
  widenWork();
  startWork();
}
