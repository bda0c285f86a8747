import { locateJsonError } from "../runtime/json-syntax";
import { shapeOf } from "../explain/messages";
import type { Failure } from "../runtime/types";
import { failure, unplacedIssue } from "../explain/failure";

/**
 * Arguments given as JSON text (the OpenAI function-calling flow, stored
 * calls): the parsed value, or the failure a model can act on, with the line
 * and column where the text stops being JSON.
 */
export function parseArguments(text: unknown): { value: unknown } | Failure {
  if (typeof text !== "string") return jsonFailure(`expected JSON text (a string), got ${shapeOf(text)}`);
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    // JSON.parse runs out of stack only on text nested thousands deep.
    if (!(error instanceof SyntaxError))
      return jsonFailure("they nest too deeply to be read (the bound is 256 levels)");
    const { line, column, reason } = locateJsonError(text);
    return jsonFailure(`${reason} at line ${line} column ${column}`);
  }
}

function jsonFailure(problem: string): Failure {
  const message = `arguments are not valid JSON: ${problem}`;
  return failure([unplacedIssue("validation", "", "json", message)]);
}
