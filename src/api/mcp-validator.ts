import type { CompileOptions } from "../compile/keyword";
import { cachedValidator } from "./entry-points";
import { copyOptions, optionsError, readOptions } from "./options";
import type { Options } from "../runtime/types";

// The MCP SDKs' provider interface, `jsonSchemaValidator`, named
// structurally: the same in @modelcontextprotocol/sdk (1.x) and in
// @modelcontextprotocol/server and /client (2.x), none of which the
// package needs to load.

/** What a validator of the provider answers: the SDKs' `JsonSchemaValidatorResult`. */
export type McpValidationResult<T> =
  { valid: true; data: T; errorMessage: undefined } | { valid: false; data: undefined; errorMessage: string };

/** A validator of the provider: the SDKs' `JsonSchemaValidator`. */
export type McpValidator<T> = (input: unknown) => McpValidationResult<T>;

/**
 * The SDKs' `jsonSchemaValidator` provider, for the `jsonSchemaValidator`
 * option of `Client` and `Server` (docs/mcp.md, "The validator provider").
 * The SDK hands it every JSON Schema it validates against: tool output
 * schemas on the client, elicitation schemas on the server. It takes
 * `compile`'s options, with profile "extended" unless given: those schemas
 * come from zod and pydantic, with `title` on every node, `const` and
 * `$defs`, which the core profile refuses. Validators are compiled once and
 * kept in the cache `validate()` uses. Bad options throw a TypeError here;
 * nothing after does: a schema the package refuses gets a validator that
 * fails every input with the refusal's message (fail closed).
 */
export class ToolInputSchemaValidator {
  readonly #options: CompileOptions;

  constructor(options?: Options) {
    const given = copyOptions(options);
    if (typeof given === "string") throw optionsError(given);
    const read = readOptions({ profile: "extended", ...given });
    if (typeof read === "string") throw optionsError(read);
    this.#options = read;
  }

  /** The validator of `schema`: `data` is the input itself when it is valid, `errorMessage` the one-line message when not. Never throws. */
  readonly getValidator = <T>(schema: unknown): McpValidator<T> => {
    const compiled = cachedValidator(schema, this.#options);
    return (input) => {
      const result = "ok" in compiled ? compiled : compiled.validate(input);
      return result.ok
        ? { valid: true, data: input as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: result.message };
    };
  };
}
