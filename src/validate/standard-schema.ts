import type { StandardSchemaV1 } from "@standard-schema/spec";
import { readablePath } from "../runtime/paths";
import type { Issue, Result, StandardProps } from "../runtime/types";

/** The vendor name a validator's `"~standard"` gives. */
export const VENDOR = "tool-input-schema";

/**
 * An issue as Standard Schema says it: its problem and its path. The
 * frameworks write the path themselves in front of the message (the MCP
 * SDK as `edits.0.new_string: …`, the AI SDK as the issue's JSON), so the
 * message leaves out the readable path that `Issue.message` starts with:
 * the text a model reads names the place once (docs/frameworks.md, "What
 * the model reads"). An issue about the whole arguments has no path, and
 * keeps its message whole (`arguments: expected an object, got null`).
 */
export function standardIssue({ message, path }: Issue): StandardSchemaV1.Issue {
  if (path.length === 0) return { message };
  const place = `${readablePath(path)}: `;
  return { message: message.startsWith(place) ? message.slice(place.length) : message, path };
}

/** A Standard Schema result of a validation of `value`. */
export function standardResult<T>(value: unknown, result: Result): StandardSchemaV1.Result<T> {
  return result.ok ? { value: value as T } : { issues: result.issues.map(standardIssue) };
}

/**
 * A validator's `"~standard"`, frozen (it is shared by whoever reads it):
 * `check` gives the Standard Schema result of a value, `schemaFor` the JSON
 * Schema for a target, or throws.
 */
export function standardProps<T>(
  check: (value: unknown) => StandardSchemaV1.Result<T>,
  schemaFor: (target: unknown) => Record<string, unknown>,
): StandardProps<T> {
  const convert = (options?: { target?: unknown }) => schemaFor(options?.target);
  return Object.freeze({
    version: 1,
    vendor: VENDOR,
    validate: (value: unknown) => check(value),
    jsonSchema: Object.freeze({ input: convert, output: convert }),
  });
}
