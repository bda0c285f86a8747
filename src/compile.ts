import { isPlainObject, MAX_DEPTH } from "./json-value";
import type { CompileOptions, SchemaSite } from "./keyword";
import { KEYWORDS } from "./keywords";
import { lenientTypeGate } from "./lenient";
import { escapePointerSegment, type PathSegment } from "./paths";
import { acceptAll, type Check } from "./report";
import type { ErrorKind, Issue } from "./types";
import { parseTypeNames } from "./keywords/type";

export interface CompiledSchema {
  /** Present when `issues` is empty. */
  check: Check | null;
  /** Every problem of the schema, in document order. */
  issues: Issue[];
}

/**
 * Checks a whole tool schema and builds its validator in one pass. Every
 * subschema is checked, reached by the arguments or not (SPEC §2).
 */
export function compileSchema(schema: unknown, options: CompileOptions): CompiledSchema {
  const issues: Issue[] = [];
  const record = (pointer: string, keyword: string, message: string, kind: ErrorKind) => {
    issues.push({ kind, instancePath: "", schemaPath: pointer, keyword, message: `#${pointer}: ${message}` });
  };
  if (!isPlainObject(schema) || schema.type !== "object") {
    const where = isPlainObject(schema) ? "/type" : "";
    record(where, "type", 'the root schema must be an object with "type": "object"', "validation");
  }
  const check = compileNode(schema, "", 0, options, record);
  return { check: issues.length === 0 ? check : null, issues };
}

type RecordProblem = (pointer: string, keyword: string, message: string, kind: ErrorKind) => void;

function compileNode(schema: unknown, pointer: string, depth: number, options: CompileOptions, record: RecordProblem): Check {
  if (schema === true) return acceptAll;
  if (schema === false) return rejectAll(pointer);
  if (!isPlainObject(schema)) {
    record(pointer, "schema", "a schema must be an object or a boolean", "validation");
    return acceptAll;
  }
  if (depth >= MAX_DEPTH) {
    record(pointer, "schema", `the schema nests deeper than ${MAX_DEPTH} levels`, "validation");
    return acceptAll;
  }
  const site: SchemaSite = {
    schema,
    options,
    pointer: (...segments: PathSegment[]) => pointer + segments.map((s) => "/" + escapePointerSegment(s)).join(""),
    problem: (keyword, message, kind = "validation", ...segments) =>
      record(site.pointer(keyword, ...segments), keyword, message, kind),
    subschema: (value, ...segments) => compileNode(value, site.pointer(...segments), depth + 1, options, record),
  };
  let typeCheck: Check | null = null;
  const checks: Check[] = [];
  for (const name of Object.keys(schema)) {
    const keyword = KEYWORDS.get(name);
    if (keyword === undefined) {
      site.problem(name, `keyword ${JSON.stringify(name)} is not supported`, "unsupported_capability");
      continue;
    }
    const check = keyword.compile(schema[name], site);
    if (check === null) continue;
    if (name === "type") typeCheck = check;
    else checks.push(check);
  }
  const rest = all(checks);
  if (typeCheck === null) return rest;
  // A value of the wrong type gets one problem, not one per keyword.
  const types = parseTypeNames(schema.type);
  if (options.lenientScalars && types !== null) return lenientTypeGate(types, typeCheck, rest);
  const gate = typeCheck;
  return (value, report) => gate(value, report) && rest(value, report);
}

function all(checks: Check[]): Check {
  if (checks.length === 0) return acceptAll;
  if (checks.length === 1) return checks[0];
  return (value, report) => {
    let ok = true;
    for (const check of checks) {
      if (!check(value, report)) {
        if (report === null) return false;
        ok = false;
      }
    }
    return ok;
  };
}

function rejectAll(pointer: string): Check {
  return (_value, report) => report !== null && report.fail("false", pointer, "no value is allowed here");
}
