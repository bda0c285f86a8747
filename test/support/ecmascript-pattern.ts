import { forV8 } from "./v8-bugs";

/**
 * The pattern ECMAScript's `u` flag accepts for a schema pattern: each escaped
 * punctuation character that `u` refuses (`\-` outside a class, `\_`, `\:` …)
 * is written as the plain character (docs/contract.md, "Patterns"). Used only by tests, as the
 * oracle's input: the product never runs a pattern in V8.
 */
const SYNTAX = new Set("^$\\.*+?()[]{}|/");
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;

export function toEcmaScript(pattern: string): string {
  let out = "";
  let inClass = false;
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === "\\" && i + 1 < chars.length) {
      const next = chars[++i];
      const allowed = SYNTAX.has(next) || (inClass && next === "-") || !PUNCTUATION.test(next);
      out += allowed ? c + next : next;
      continue;
    }
    // With the `u` flag (and without `v`), `]` always closes a class and `[`
    // inside one is a literal.
    if (inClass && c === "]") inClass = false;
    else if (!inClass && c === "[") inClass = true;
    out += c;
  }
  return out;
}

/**
 * V8's answer, the oracle for every accepted pattern (docs/contract.md,
 * "Patterns"), with the V8 bugs of ./v8-bugs repaired where the running V8
 * has them.
 */
export function ecmaScriptTest(pattern: string, subject: string): boolean {
  return new RegExp(forV8(toEcmaScript(pattern)), "u").test(subject);
}
