import type { CompileOptions } from "./keyword";
import type { Options } from "./types";

const DEFAULTS: CompileOptions = Object.freeze({ lenientScalars: false });
const LENIENT: CompileOptions = Object.freeze({ lenientScalars: true });

/** Checks the caller's options; returns the normalized ones or a reason they are bad. */
export function readOptions(options: Options | undefined): CompileOptions | string {
  if (options === undefined) return DEFAULTS;
  if (typeof options !== "object" || options === null) return "options must be an object";
  for (const key of Object.keys(options)) {
    if (key !== "lenientScalars") return `unknown option ${JSON.stringify(key)}`;
  }
  const { lenientScalars } = options;
  if (lenientScalars !== undefined && typeof lenientScalars !== "boolean") return "options.lenientScalars must be a boolean";
  return lenientScalars ? LENIENT : DEFAULTS;
}

/** A short, stable key for a normalized options object. */
export function optionsKey(options: CompileOptions): string {
  return options.lenientScalars ? "L" : "-";
}
