import type { CompileOptions } from "./keyword";
import type { Options } from "./types";

const KNOWN = new Set(["lenientScalars", "profile", "timeBudgetMs"]);

/** Checks the caller's options; returns the normalized ones or a reason they are bad. */
export function readOptions(options: Options | undefined): CompileOptions | string {
  if (options === undefined) return DEFAULTS;
  if (typeof options !== "object" || options === null) return "options must be an object";
  for (const key of Object.keys(options)) {
    if (!KNOWN.has(key)) return `unknown option ${JSON.stringify(key)}`;
  }
  const { lenientScalars = false, profile = "core", timeBudgetMs } = options;
  if (typeof lenientScalars !== "boolean") return "options.lenientScalars must be a boolean";
  if (profile !== "core" && profile !== "extended") return 'options.profile must be "core" or "extended"';
  if (timeBudgetMs !== undefined && !(typeof timeBudgetMs === "number" && timeBudgetMs > 0 && Number.isFinite(timeBudgetMs))) {
    return "options.timeBudgetMs must be a positive number of milliseconds";
  }
  return { lenientScalars, profile, timeBudgetMs: timeBudgetMs ?? null };
}

const DEFAULTS: CompileOptions = Object.freeze({ lenientScalars: false, profile: "core", timeBudgetMs: null });

/** A short, stable key for normalized options: validators compiled with equal keys are interchangeable. */
export function optionsKey(options: CompileOptions): string {
  return `${options.profile}:${options.lenientScalars}:${options.timeBudgetMs ?? ""}`;
}
