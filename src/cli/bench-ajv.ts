// Ajv for the bench command's comparison. Ajv is a development dependency of
// this package, so an installed copy may not find it: then the comparison is
// left out and the report says why (docs/cli.md).
import { oneLine } from "../runtime/one-line";
import type { AjvComparison } from "./bench-results";
import { timed } from "./measure";

/** A schema compiled by Ajv: true or false, and the errors of the last call that failed. */
export type AjvCheck = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** The part of an Ajv 8 instance the comparison uses. */
export interface AjvInstance {
  compile(schema: unknown): AjvCheck;
  removeSchema(schema: unknown): unknown;
}

/** Two instances: stopping at the first error (as a gateway runs it), and with allErrors: true (as the package's benchmark compares failing calls). */
export interface AjvPair {
  firstError: AjvInstance;
  allErrors: AjvInstance;
}

/**
 * An Ajv 8 instance set up as a gateway would set it up, for `bench` and for
 * the repository's benchmark (bench/validators.mjs imports it from lib/):
 * `Ajv2020`, `strict: false` because tool schemas carry unknown annotations,
 * formats not asserted, and the draft-07 meta-schema added because many MCP
 * servers declare draft-07. `regExp` is another regular expression engine
 * (RE2) for its patterns.
 */
export function newAjv({ allErrors = false, regExp }: { allErrors?: boolean; regExp?: unknown } = {}): AjvInstance {
  const Ajv2020 = require("ajv/dist/2020").default;
  const ajv = new Ajv2020({
    strict: false,
    allErrors,
    validateFormats: false,
    ...(regExp === undefined ? {} : { code: { regExp } }),
  });
  ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-07.json"));
  return ajv;
}

/** Ajv 8 instances (newAjv), stopping at the first error and with allErrors: true; or why there are none. */
export function loadAjv(): { comparison: AjvComparison; ajv: AjvPair | null } {
  let version: string;
  try {
    version = String(require("ajv/package.json").version);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "MODULE_NOT_FOUND"
        ? "the ajv package is not installed where tool-input-schema can find it"
        : `ajv did not load: ${firstLine(error)}`;
    return { comparison: { loaded: false, reason }, ajv: null };
  }
  if (!version.startsWith("8."))
    return {
      comparison: { loaded: false, reason: `ajv ${version} is installed; the comparison needs Ajv 8` },
      ajv: null,
    };
  try {
    return {
      comparison: { loaded: true, version },
      ajv: { firstError: newAjv(), allErrors: newAjv({ allErrors: true }) },
    };
  } catch (error) {
    return { comparison: { loaded: false, reason: `ajv ${version} did not load: ${firstLine(error)}` }, ajv: null };
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return oneLine(message.split("\n")[0]).slice(0, 200);
}

/** Ajv's compiled check for a schema, or why Ajv refuses it. The schema is a copy, removed again, so two tools' `$id`s never clash. */
export function ajvCompile(ajv: AjvInstance, schema: unknown): { check: AjvCheck; micros: number } | { error: string } {
  const copy = structuredClone(schema);
  try {
    const { value: check, ns } = timed(() => ajv.compile(copy));
    return { check, micros: ns / 1000 };
  } catch (error) {
    return { error: firstLine(error) };
  } finally {
    try {
      ajv.removeSchema(copy);
    } catch {
      // A schema Ajv refused may not be there to remove.
    }
  }
}
