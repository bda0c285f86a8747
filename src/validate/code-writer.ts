import { compileFunction } from "vm";

/**
 * A process run with --disallow-code-generation-from-strings keeps its
 * closures (docs/architecture.md, "Compile once, validate many"): vm.compileFunction is not
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

/**
 * The longest generated source, in UTF-16 units. Source grows with the
 * schema (for the fast check, about 2 characters per character of schema
 * JSON for the median tool of the captured catalogs, 10 at most; the largest
 * writes 132 KB, for an 18 KB schema), and generating, compiling and first
 * running it stall the call that turns the validator hot (or compile, with
 * `eager`), about 0.1 s a MiB. A bound on source rather than on subschemas
 * also holds for long names and constants, which are written into the code.
 * 2 MiB is sixteen times the largest, and holds an object of 5,000 simple
 * properties (about 240 characters each), whose call would cost the
 * closures 1.4 ms where generated code takes 0.2 µs; a schema that would
 * write more stays on the closures, which give the same answers.
 */
export const MAX_GENERATED_SOURCE = 2_097_152;

/** Thrown by a writer once its source passes MAX_GENERATED_SOURCE. */
class TooMuchSource {}

/**
 * What generated code is written with: values it refers to by name
 * (closures, patterns, sets, helpers), fresh variable names, and the
 * function that turns the text into a function.
 */
export class CodeWriter {
  readonly names: string[];
  readonly values: unknown[];
  private variables = 0;
  /** Source written so far, each subschema's own text counted once (the code of its subschemas counts as theirs). */
  protected written = 0;
  /** The length of the code of the subschemas written into the current one so far. */
  private inner = 0;

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
   * The code `write` returns for one subschema, counted. Throws TooMuchSource
   * as soon as the source written passes MAX_GENERATED_SOURCE, so that
   * writing stops within one subschema's own text of the bound.
   */
  protected counted(write: () => string): string {
    const outer = this.inner;
    this.inner = 0;
    const code = write();
    this.written += code.length - this.inner;
    if (this.written > MAX_GENERATED_SOURCE) throw new TooMuchSource();
    this.inner = outer + code.length;
    return code;
  }

  /**
   * `code`, the part of one subschema's own text written so far (the names
   * of a long `required`, its listed properties), checked as it grows: on
   * its own past MAX_GENERATED_SOURCE, the whole source would be too, so
   * writing stops there rather than at the end of a subschema that lists
   * hundreds of thousands of names (250,000 required names wrote 22 MB of
   * source, which took 2.6 s of CPU, before it was refused).
   */
  protected growing(code: string): string {
    if (code.length > MAX_GENERATED_SOURCE) throw new TooMuchSource();
    return code;
  }

  /** What `write` returns, written beside the current subschema's code (a function of its own), not into it: it counts as its own. */
  protected beside<T>(write: () => T): T {
    const outer = this.inner;
    const written = write();
    this.inner = outer;
    return written;
  }

  /**
   * The function that the source `write` returns evaluates to, given the
   * names; null when the source is longer than MAX_GENERATED_SOURCE.
   * vm.compileFunction, not new Function: V8 keeps what new Function
   * compiles in its eval cache, keyed by the source, for as long as the
   * process runs (about 270 KB for each 300-property schema, validator or not).
   */
  build<T>(write: () => string): T | null {
    let source: string;
    try {
      source = write();
    } catch (error) {
      if (error instanceof TooMuchSource) return null;
      throw error;
    }
    return source.length > MAX_GENERATED_SOURCE ? null : (compileFunction(source, this.names)(...this.values) as T);
  }
}
