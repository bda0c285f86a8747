import type { CompileOptions } from "./keyword";
import type { Options } from "./types";

const PROFILES = ["core", "extended"];

/** Normalized options are shared objects, one per combination, so they can key caches. */
const NORMALIZED = new Map<string, CompileOptions>();
for (const profile of ["core", "extended"] as const) {
  for (const lenientScalars of [false, true]) {
    NORMALIZED.set(`${profile}:${lenientScalars}`, Object.freeze({ profile, lenientScalars }));
  }
}

/** Checks the caller's options; returns the normalized ones or a reason they are bad. */
export function readOptions(options: Options | undefined): CompileOptions | string {
  if (options === undefined) return NORMALIZED.get("core:false")!;
  if (typeof options !== "object" || options === null) return "options must be an object";
  for (const key of Object.keys(options)) {
    if (key !== "lenientScalars" && key !== "profile") return `unknown option ${JSON.stringify(key)}`;
  }
  const { lenientScalars = false, profile = "core" } = options;
  if (typeof lenientScalars !== "boolean") return "options.lenientScalars must be a boolean";
  if (!PROFILES.includes(profile)) return 'options.profile must be "core" or "extended"';
  return NORMALIZED.get(`${profile}:${lenientScalars}`)!;
}

/** A short, stable key for a normalized options object. */
export function optionsKey(options: CompileOptions): string {
  return `${options.profile}:${options.lenientScalars}`;
}
