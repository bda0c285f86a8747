import type { CompileOptions } from "../compile/keyword";
import { preview } from "../explain/messages";
import { describeThrown } from "../runtime/thrown";
import type { Profile } from "../runtime/types";

const KNOWN = new Set(["eager", "lenientScalars", "presentRequired", "profile", "timeBudgetMs"]);
/** What `validate()` and `violation()` take besides (see ReadCallOptions). */
const CALL_ONLY = new Set(["schemaKey"]);

/** The options of one `validate()` call: the compile options and the caller's key for the schema, if any. */
export interface ReadCallOptions {
  compile: CompileOptions;
  schemaKey: string | null;
}

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
  return typeof copy === "string" ? copy : readCopy(copy, KNOWN);
}

/** readOptions for `validate()`, which also takes `schemaKey`. */
export function readCallOptions(options: unknown): ReadCallOptions | string {
  if (options === undefined) return { compile: DEFAULTS, schemaKey: null };
  const copy = copyOptions(options);
  if (typeof copy === "string") return copy;
  const { schemaKey = null, ...rest } = copy;
  if (schemaKey !== null && typeof schemaKey !== "string") return "options.schemaKey must be a string";
  const compile = readCopy(rest, KNOWN);
  return typeof compile === "string" ? compile : { compile, schemaKey };
}

function readCopy(copy: Record<string, unknown>, known: ReadonlySet<string>): CompileOptions | string {
  for (const key of Object.keys(copy)) {
    if (known.has(key)) continue;
    return CALL_ONLY.has(key)
      ? `option ${preview(key)} is taken by validate() and violation() only`
      : `unknown option ${preview(key)}`;
  }
  const { eager = false, lenientScalars = false, presentRequired = false, profile = "core", timeBudgetMs } = copy;
  if (typeof eager !== "boolean") return "options.eager must be a boolean";
  if (typeof lenientScalars !== "boolean") return "options.lenientScalars must be a boolean";
  if (typeof presentRequired !== "boolean") return "options.presentRequired must be a boolean";
  if (profile !== "core" && profile !== "extended") return 'options.profile must be "core" or "extended"';
  if (
    timeBudgetMs !== undefined &&
    !(typeof timeBudgetMs === "number" && timeBudgetMs > 0 && Number.isFinite(timeBudgetMs))
  ) {
    return "options.timeBudgetMs must be a positive number of milliseconds";
  }
  return normalized(lenientScalars, presentRequired, profile, (timeBudgetMs as number | undefined) ?? null, eager);
}

// `eager` changes when code is generated, never an answer: validators that
// differ in it alone are interchangeable, so it is not part of the key.
function normalized(
  lenientScalars: boolean,
  presentRequired: boolean,
  profile: Profile,
  timeBudgetMs: number | null,
  eager: boolean,
): CompileOptions {
  return {
    lenientScalars,
    presentRequired,
    profile,
    timeBudgetMs,
    eager,
    key: `${profile}:${lenientScalars}:${presentRequired}:${timeBudgetMs ?? ""}`,
  };
}

const DEFAULTS: CompileOptions = Object.freeze(normalized(false, false, "core", null, false));

/** Bad options, for the functions that throw for them (`compile`, `Catalog.publish`, `guardClient`). */
export function optionsError(problem: string): TypeError {
  return new TypeError(`tool-input-schema: ${problem}`);
}
