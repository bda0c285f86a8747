// The fast-call shim (native/fast-call/): a V8 fast API function that
// searches from optimized JavaScript without crossing Node-API, reading a
// flat one-byte subject in place. It uses V8's C++ API, which Node.js keeps
// stable within a major only, so it is optional: it loads only in Node.js
// itself, on a V8 major whose fast-call layout was verified, from a file
// built for the running Node.js's NODE_MODULE_VERSION beside the addon.
// Anything else, or any failure to load it, leaves the searches on the
// addon's Node-API path, which gives the same answers and counts the same
// work (docs/patterns.md, "How a search reaches the addon"); patternEngine.fastCall says which.
import fs from "fs";
import path from "path";

/** V8 majors whose fast-call layout (native/fast-call/fast-api-layout.h) was checked: Node.js 20 (11.3), 22 (12.4) and 24 (13.6). */
export const VERIFIED_V8_MAJORS: readonly number[] = [11, 12, 13];

/** Set to "off" in the environment, it keeps the shim from loading (to compare the two paths, or to rule the shim out). */
export const SWITCH = "TOOL_INPUT_SCHEMA_FAST_CALL";

/** search(token, id, subject): the outcome of a search of the pattern with that id, for the addon instance the token names (native/fast-entry.h). */
export type FastSearch = (token: number, id: number, subject: string) => number;

/** Whether the fast call is on, and why (or why not), in one line. */
export interface FastCallState {
  readonly on: boolean;
  readonly why: string;
}

/** The shim's file for the running Node.js, beside the addon loaded from `addonPath`. */
export function shimPath(addonPath: string): string {
  return path.join(path.dirname(addonPath), "fast-call", `node-v${process.versions.modules}.shim`);
}

/** Loads the shim and hands it the addon's entry points: its search function, or null and why not. */
export function loadFastCall(addonPath: string, entry: bigint): { search: FastSearch | null; state: FastCallState } {
  const off = (why: string) => ({ search: null, state: { on: false, why } });
  if (process.env[SWITCH] === "off") return off(`turned off by ${SWITCH}=off`);
  if (process.release?.name !== "node") return off(`the runtime is ${String(process.release?.name)}, not Node.js`);
  const v8 = process.versions.v8;
  const major = Number.parseInt(v8, 10);
  if (!VERIFIED_V8_MAJORS.includes(major))
    return off(`V8 ${v8}'s fast-call layout was not verified (verified: ${VERIFIED_V8_MAJORS.join(", ")})`);
  const file = shimPath(addonPath);
  if (!fs.existsSync(file)) return off(`no fast-call shim was built for this Node.js (${path.basename(file)})`);
  const shim = { exports: {} as { install?: (entry: bigint) => unknown; v8Major?: unknown } };
  try {
    process.dlopen(shim, file);
  } catch (error) {
    return off(
      `its fast-call shim did not load: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    );
  }
  if (shim.exports.v8Major !== major)
    return off(`its fast-call shim was built for V8 ${String(shim.exports.v8Major)}, not ${major}`);
  const search = typeof shim.exports.install === "function" ? shim.exports.install(entry) : undefined;
  if (typeof search !== "function") return off("its fast-call shim refused the addon's entry points");
  return { search: search as FastSearch, state: { on: true, why: `V8 ${v8} fast API calls (${path.basename(file)})` } };
}
