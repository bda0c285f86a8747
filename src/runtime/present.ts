import { pass } from "./pass";
import { chargeRead } from "./work-costs";

/**
 * The `presentRequired` option (docs/contract.md, "Present values"). A tool
 * defined by data fills a template from its arguments (`GET
 * /weather?city={{city}}`): `{ "city": "" }` has the key JSON Schema's
 * `required` asks for, and the request goes out with nothing in it. With the
 * option, at the arguments object, a property that a `required` list names
 * is missing when it holds null or a string of white space only, exactly as
 * if the key were absent. Nested objects keep JSON Schema's rule (the key
 * alone): below the root, `""` can be a legitimate value.
 */

/**
 * Whether `value` is the arguments object itself. A `$ref` target may apply
 * both to it and to objects nested in it, so the closures ask at each call;
 * an object nested in the arguments is never the arguments themselves (that
 * would be a cycle, which nests past the depth bound and is no JSON).
 */
export function isArguments(value: unknown): boolean {
  return value === pass.args;
}

/** Any character but ECMAScript's WhiteSpace and LineTerminator (what `\s` matches: U+0009–000D, U+0020, U+00A0, U+1680, U+2000–200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF). */
const NOT_WHITE_SPACE = /\S/;

/**
 * Whether `value` is null or a string with no character but white space.
 * The search reads the string up to its first other character, counted as
 * a read of that many characters (src/runtime/work-costs.ts): a string of ten million
 * spaces costs what counting its code points would. Any other value (`0`,
 * `false`, `[]`, `{}`, a number a lenient scalar string stands for) is
 * present.
 */
export function isBlank(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== "string") return false;
  const first = value.search(NOT_WHITE_SPACE);
  chargeRead(first < 0 ? value.length : first);
  return first < 0;
}
