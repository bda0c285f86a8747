import type { CompileOptions } from "./keyword";
import { preview } from "./messages";
import { describeThrown } from "./thrown";

const KNOWN = new Set(["lenientScalars", "profile", "timeBudgetMs"]);

/**
 * The caller's options as a plain object, each own property read once (`{}`
 * when there are none), or why they cannot be: not an object, or a getter or
 * proxy that throws. Options are checked and used from this copy, so each
 * getter runs once.
 */
export function copyOptions(options: unknown): Record<string, unknown> | string {
  if (options === undefined) return {};
  if (typeof options !== "object" || options === null) return "options must be an object";
  try {
    return { ...(options as Record<string, unknown>) };
  } catch (error) {
    return `options could not be read (${describeThrown(error)})`;
  }
}

/** Checks the caller's options; returns the normalized ones or a reason they are bad. Never throws. */
export function readOptions(options: unknown): CompileOptions | string {
  if (options === undefined) return DEFAULTS;
  const copy = copyOptions(options);
  if (typeof copy === "string") return copy;
  for (const key of Object.keys(copy)) {
    if (!KNOWN.has(key)) return `unknown option ${preview(key)}`;
  }
  const { lenientScalars = false, profile = "core", timeBudgetMs } = copy;
  if (typeof lenientScalars !== "boolean") return "options.lenientScalars must be a boolean";
  if (profile !== "core" && profile !== "extended") return 'options.profile must be "core" or "extended"';
  if (timeBudgetMs !== undefined && !(typeof timeBudgetMs === "number" && timeBudgetMs > 0 && Number.isFinite(timeBudgetMs))) {
    return "options.timeBudgetMs must be a positive number of milliseconds";
  }
  return { lenientScalars, profile, timeBudgetMs: timeBudgetMs ?? null };
}

const DEFAULTS: CompileOptions = Object.freeze({ lenientScalars: false, profile: "core", timeBudgetMs: null });

/** Bad options, for the functions that throw for them (`compile`, `Catalog.publish`, `guardClient`). */
export function optionsError(problem: string): TypeError {
  return new TypeError(`tool-input-schema: ${problem}`);
}

/** A short, stable key for normalized options: validators compiled with equal keys are interchangeable. */
export function optionsKey(options: CompileOptions): string {
  return `${options.profile}:${options.lenientScalars}:${options.timeBudgetMs ?? ""}`;
}
