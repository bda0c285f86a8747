import { describe, expect, it } from "vitest";
import { MAX_EXPANDED_SIZE, PatternError, translatePattern } from "../src/pattern-translate";

function refusal(pattern: string): { kind: string; message: string } {
  try {
    translatePattern(pattern);
  } catch (error) {
    if (error instanceof PatternError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(pattern)}`);
}

describe("translatePattern", () => {
  it.each([
    ["^[a-z0-9-]+$", "^[a-z0-9\\x{2D}]+\\z"],
    ["a.b", "a[^\\x{A}\\x{D}\\x{2028}\\x{2029}]b"],
    ["(ab|c)*?", "(?:ab|c)*?"],
    ["(?:x){2,5}", "(?:x){2,5}"],
    ["x{3,}", "x{3,}"],
    ["[]", "[^\\x{0}-\\x{10FFFF}]"],
    ["[^]", "[\\x{0}-\\x{10FFFF}]"],
    ["[^\\]a]", "[^\\x{5D}a]"],
    ["\\.\\-\\_\\:\\/\\@", "\\x{2E}\\x{2D}\\x{5F}\\x{3A}\\x{2F}\\x{40}"],
    ["😀+", "\\x{1F600}+"],
    ["[😀-😂]", "[\\x{1F600}-\\x{1F602}]"],
    ["\ud800", "\\x{D800}"],
    ["a{0}b", "b"],
    ["", ""],
    ["a|", "a|"],
  ])("translates %j to %j", (pattern, source) => {
    expect(translatePattern(pattern).source).toBe(source);
  });

  it.each([
    ["\\d", "pattern \"\\\\d\" uses the escape '\\d' (letter and digit escapes), which is outside the portable pattern subset; profile: \"extended\" supports it"],
    ["[\\w]", "pattern \"[\\\\w]\" uses the escape '\\w' in a class (letter and digit escapes), which is outside the portable pattern subset; profile: \"extended\" supports it"],
    ["(a)\\1", "pattern \"(a)\\\\1\" uses the escape '\\1' (letter and digit escapes), which is outside the portable pattern subset"],
    ["\\u0041", "pattern \"\\\\u0041\" uses the escape '\\u' (letter and digit escapes), which is outside the portable pattern subset; profile: \"extended\" supports it"],
    ["(?=a)", "pattern \"(?=a)\" uses a lookahead '(?=' / '(?!', which is outside the portable pattern subset"],
    ["(?<!a)b", "pattern \"(?<!a)b\" uses a lookbehind '(?<=' / '(?<!', which is outside the portable pattern subset"],
    ["(?<n>a)", "pattern \"(?<n>a)\" uses a named group '(?<name>', which is outside the portable pattern subset"],
    ["(?i)a", "pattern \"(?i)a\" uses a '(?...)' group other than '(?:', which is outside the portable pattern subset"],
    ["(*UTF)a", "pattern \"(*UTF)a\" uses a PCRE verb '(*...)', which is outside the portable pattern subset"],
    ["a++", "pattern \"a++\" uses a possessive quantifier, which is outside the portable pattern subset"],
    ["a{2}+", "pattern \"a{2}+\" uses a possessive quantifier, which is outside the portable pattern subset"],
    ["[[:alpha:]]", "pattern \"[[:alpha:]]\" uses a POSIX class '[:name:]', which is outside the portable pattern subset"],
    ["a{70000}", "pattern \"a{70000}\" uses a repeat count above 65535, which is outside the portable pattern subset"],
  ])("refuses %j as unsupported_capability", (pattern, message) => {
    expect(refusal(pattern)).toEqual({ kind: "unsupported_capability", message });
  });

  it("refuses a pattern whose counted repeats expand past the program bound", () => {
    expect(refusal("((?:a|b){100}){300}")).toEqual({
      kind: "unsupported_capability",
      message: `pattern "((?:a|b){100}){300}" expands to more than ${MAX_EXPANDED_SIZE} units once its counted repeats are expanded`,
    });
    expect(translatePattern("(a{1000}){10}").source).toBe("(?:a{1000}){10}");
  });

  it.each([
    ["(", "missing ')' at offset 1"],
    ["a)", "unmatched ')' at offset 1"],
    ["*a", "nothing to repeat at offset 0"],
    ["a**", "nothing to repeat at offset 2"],
    ["^*", "nothing to repeat at offset 1"],
    ["a{2}{3}", "nothing to repeat at offset 4"],
    ["{", "lone quantifier brackets at offset 0"],
    ["a{,3}", "incomplete quantifier at offset 1"],
    ["}", "lone quantifier brackets at offset 0"],
    ["]", "lone ']' at offset 0"],
    ["[z-a]", "range out of order in character class at offset 4"],
    ["a{3,2}", "numbers out of order in {} quantifier at offset 1"],
    ["[a", "missing ']' at offset 2"],
    ["\\", "\\ at end of pattern at offset 1"],
    ["\\ ", "invalid escape of ' ' at offset 1"],
    ["😀\\é", "invalid escape of U+00E9 at offset 3"],
  ])("calls %j malformed (validation): %s", (pattern, reason) => {
    expect(refusal(pattern)).toEqual({
      kind: "validation",
      message: `pattern ${JSON.stringify(pattern)} is not a valid ECMAScript regular expression (u flag): ${reason}`,
    });
  });
});
