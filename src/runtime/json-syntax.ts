/** Where JSON text stops being JSON: 1-based line and column, and what was expected there. */
export interface JsonSyntaxError {
  line: number;
  column: number;
  reason: string;
}

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const STRING_RUN = /[^"\\\u0000-\u001f]*/y;
const ESCAPE = /["\\/bfnrt]|u[0-9a-fA-F]{4}/y;
const LITERAL = /true|false|null/y;

/** The reason given where JSON text holds a byte-order mark (U+FEFF) outside a string. */
export const BOM_REASON = "a byte-order mark";

/**
 * Finds where JSON.parse gave up. Node 20's messages do not always carry a
 * position ("Unexpected token '}', ... is not valid JSON"), so the text is
 * scanned again with the JSON grammar, without recursion (any depth is fine).
 * Only called on text JSON.parse refused.
 */
export function locateJsonError(text: string): JsonSyntaxError {
  let at = 0;
  const closers: string[] = [];
  const skip = (): void => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.test(text);
    at = WHITESPACE.lastIndex;
  };
  const token = (pattern: RegExp): boolean => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  const fail = (reason: string): JsonSyntaxError => {
    const before = text.slice(0, at);
    const line = before.split("\n").length;
    const column = at - before.lastIndexOf("\n");
    // U+FEFF is invisible where text is shown: named, rather than "expected a value" at a place that looks right.
    if (text.charCodeAt(at) === 0xfeff) return { line, column, reason: BOM_REASON };
    return { line, column, reason: at >= text.length ? `unexpected end of input, ${reason}` : reason };
  };
  /** A string, from its opening quote. */
  const string = (): JsonSyntaxError | null => {
    at++;
    for (;;) {
      token(STRING_RUN);
      if (text[at] === '"') {
        at++;
        return null;
      }
      if (at >= text.length) return fail("expected '\"'");
      if (text[at] !== "\\") return fail("a control character in a string (write it as an escape such as \\n)");
      at++;
      if (!token(ESCAPE)) return fail('a bad escape (expected one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
    }
  };
  /** A property name and its colon. */
  const key = (): JsonSyntaxError | null => {
    skip();
    if (text[at] !== '"') return fail("expected a property name in double quotes");
    const problem = string();
    if (problem) return problem;
    skip();
    if (text[at] !== ":") return fail("expected ':'");
    at++;
    return null;
  };

  for (;;) {
    // A value.
    skip();
    const opener = text[at];
    if (opener === "{" || opener === "[") {
      at++;
      skip();
      const closer = opener === "{" ? "}" : "]";
      if (text[at] === closer) {
        at++;
      } else {
        closers.push(closer);
        if (closer === "}") {
          const problem = key();
          if (problem) return problem;
        }
        continue;
      }
    } else if (opener === '"') {
      const problem = string();
      if (problem) return problem;
    } else if (!token(NUMBER) && !token(LITERAL)) {
      return fail("expected a value");
    }
    // After a value: close containers until a comma asks for the next value.
    for (;;) {
      skip();
      const closer = closers[closers.length - 1];
      if (closer === undefined) {
        // JSON.parse refused the text, so something is left over here.
        return fail("expected the end of the input");
      }
      if (text[at] === closer) {
        at++;
        closers.pop();
        continue;
      }
      if (text[at] !== ",") return fail(`expected ',' or '${closer}'`);
      at++;
      if (closer === "}") {
        const problem = key();
        if (problem) return problem;
      }
      break;
    }
  }
}
