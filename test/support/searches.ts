import { endValidation, startPass, startValidation, widenSearchWork } from "../../src/runtime/pass";

/**
 * Starts pattern searches as one validation pass of arguments holding
 * `subjects`, with the allowance such a validation ends up with: the base,
 * plus a share for each UTF-16 unit of the strings, up to the most a
 * validation may spend (src/runtime/pass.ts). The validation is ended at
 * once (the allowance and the pass stay as they are), so a validate() call
 * that follows is not taken for one running inside it.
 */
export function startSearches(...subjects: string[]): void {
  startValidation(subjects, null);
  widenSearchWork();
  startPass();
  endValidation();
}
