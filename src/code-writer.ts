import { compileFunction } from "vm";

/**
 * A process run with --disallow-code-generation-from-strings keeps its
 * closures (README, "Compile once, validate many"): vm.compileFunction is not
 * held to the flag, so the host's choice is read from new Function.
 */
export const codeGenerationAllowed = (() => {
  try {
    new Function("");
    return true;
  } catch {
    return false;
  }
})();

/** Name lists up to this long are tested with `===` chains and `switch` cases; longer ones with a Set. */
export const MAX_SWITCH_NAMES = 24;

/** Code that counts `units` of work (src/work.ts), reading the counter the writer passes as `work`. */
export const chargeCode = (units: string) => `if ((work.spent += ${units}) > work.limit) overrun();\n`;

/**
 * What generated code is written with: values it refers to by name
 * (closures, patterns, sets, helpers), fresh variable names, and the
 * function that turns the text into a function.
 */
export class CodeWriter {
  readonly names: string[];
  readonly values: unknown[];
  private variables = 0;

  constructor(helpers: Record<string, unknown>) {
    this.names = Object.keys(helpers);
    this.values = Object.values(helpers);
  }

  /** A name for `value` in the generated code. */
  constant(value: unknown): string {
    this.names.push(`k${this.values.length}`);
    this.values.push(value);
    return this.names[this.names.length - 1];
  }

  variable(): string {
    return `x${++this.variables}`;
  }

  /** True when the string in `v` is one of `strings`: `===` for a few, a Set for many. */
  oneOfStrings(v: string, strings: readonly string[]): string {
    if (strings.length > MAX_SWITCH_NAMES) return `${this.constant(new Set(strings))}.has(${v})`;
    return strings.length === 0 ? "false" : strings.map((choice) => `${v} === ${JSON.stringify(choice)}`).join(" || ");
  }

  /**
   * The function `source` returns, given the names. vm.compileFunction, not
   * new Function: V8 keeps what new Function compiles in its eval cache,
   * keyed by the source, for as long as the process runs (about 270 KB for
   * each 300-property schema, validator or not).
   */
  build<T>(source: string): T {
    return compileFunction(source, this.names)(...this.values) as T;
  }
}
