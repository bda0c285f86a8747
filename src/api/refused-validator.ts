import { copyFailure } from "./copy-failure";
import { readTarget } from "../compile/json-schema-target";
import type { Failure, Result, StandardProps, Validator } from "../runtime/types";
import { standardProps } from "../validate/standard-schema";

/**
 * The validator of a tool whose schema the package refuses, published in
 * passthrough mode (docs/contract.md, "Boundaries": the descriptor is
 * registered unchanged, and every call to it fails before the tool runs).
 * It fails every call with the refusal, fail closed. Its Standard Schema
 * issue is that one message whole, which tells the model the fault is the
 * schema's; its Standard JSON Schema is the schema unchanged, for either
 * target, so that a framework still lists the tool (docs/frameworks.md).
 */
export class RefusedValidator implements Validator {
  #standard: StandardProps<Record<string, unknown>> | null = null;

  constructor(
    private readonly refusal: Failure,
    /** The schema's JSON text; null for a schema without one, whose JSON Schema then throws. */
    private readonly text: string | null,
  ) {}

  readonly validate = (_args: unknown): Result => copyFailure(this.refusal);

  readonly validateJson = (_text: string): Result => copyFailure(this.refusal);

  get "~standard"(): StandardProps<Record<string, unknown>> {
    return (this.#standard ??= standardProps(
      () => ({ issues: [{ message: this.refusal.message }] }),
      (target) => {
        readTarget(target);
        if (this.text === null)
          throw new Error(`tool-input-schema: this refused schema has no JSON text to list: ${this.refusal.message}`);
        return JSON.parse(this.text);
      },
    ));
  }
}
