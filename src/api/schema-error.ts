import type { ErrorKind, Failure, Issue } from "../runtime/types";

/** Thrown by `compile` for a schema that is malformed or unsupported. */
export class SchemaError extends Error {
  readonly kind: ErrorKind;
  readonly issues: Issue[];

  constructor(result: Failure) {
    super(result.message);
    this.name = "SchemaError";
    this.kind = result.kind;
    this.issues = result.issues;
  }
}
