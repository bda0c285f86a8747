import { copyFailure } from "./copy-failure";
import type { Failure, Result, StandardProps, Validator } from "../runtime/types";
import { standardProps } from "../validate/standard-schema";

/**
 * The validator of a schema the package refuses, where a validator must be
 * given and nothing may throw (a passthrough catalog's tool, the MCP
 * validator provider): it fails every call with the refusal, fail closed.
 * Its Standard Schema issue is that one message whole, which tells the model
 * the fault is the schema's; its JSON Schema throws, since no target can
 * say what a refused schema means.
 */
export class RefusedValidator implements Validator {
  #standard: StandardProps<Record<string, unknown>> | null = null;

  constructor(private readonly refusal: Failure) {}

  readonly validate = (_args: unknown): Result => copyFailure(this.refusal);

  readonly validateJson = (_text: string): Result => copyFailure(this.refusal);

  get "~standard"(): StandardProps<Record<string, unknown>> {
    return (this.#standard ??= standardProps(
      () => ({ issues: [{ message: this.refusal.message }] }),
      () => {
        throw new Error(`tool-input-schema: a refused schema has no JSON Schema: ${this.refusal.message}`);
      },
    ));
  }
}
