import { startPass, startValidation, widenSearchWork } from "../../src/runtime/pass";

/**
 * Starts pattern searches as one validation pass of arguments holding
 * `subjects`, with the allowance such a validation ends up with: the base,
 * plus a share for each UTF-16 unit of the strings, up to the most a
 * validation may spend (src/runtime/pass.ts).
 */
export function startSearches(...subjects: string[]): void {
  startValidation(subjects, null);
  widenSearchWork();
  startPass();
}
