import { describe, expect, it } from "vitest";
import { compilePattern } from "../../../src/pattern/compile-pattern";
import { MATCH, NO_MATCH } from "../../../src/pattern/native";
import { startSearches } from "../../support/searches";
import { MAX_PROGRAM_SIZE, programSize } from "../../../src/pattern/program";
import { DOT, MAX_CODE_POINT } from "../../../src/pattern/sets";
import { BOUNDARY, END, NOT_BOUNDARY, parsePattern, PatternError, START, type Node } from "../../../src/pattern/syntax";
import type { Profile } from "../../../src/runtime/types";

function refusal(pattern: string, profile: Profile = "core"): { kind: string; message: string } {
  try {
    parsePattern(pattern, profile);
  } catch (error) {
    if (error instanceof PatternError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(pattern)}`);
}

const set = (...ranges: [number, number][]): Node => ({ kind: "set", ranges });
const char = (c: string): Node => set([c.codePointAt(0)!, c.codePointAt(0)!]);
const sequence = (...items: Node[]): Node => ({ kind: "sequence", items });
const alternation = (...items: Node[]): Node => ({ kind: "alternation", items });
const repeat = (item: Node, min: number, max: number): Node => ({ kind: "repeat", item, min, max });
const assertion = (which: number): Node => ({ kind: "assertion", assertion: which }) as Node;
const nested = (depth: number) => `${"(".repeat(depth)}a${")".repeat(depth)}`;

describe("parsePattern", () => {
  it.each<[string, Node]>([
    [
      "^[a-z0-9-]+$",
      sequence(assertion(START), repeat(set([0x2d, 0x2d], [0x30, 0x39], [0x61, 0x7a]), 1, Infinity), assertion(END)),
    ],
    ["a.b", sequence(char("a"), { kind: "set", ranges: DOT }, char("b"))],
    // Groups are only their contents; lazy and greedy repeats match the same strings.
    ["(ab|c)*?", repeat(alternation(sequence(char("a"), char("b")), char("c")), 0, Infinity)],
    ["(?:x){2,5}", repeat(char("x"), 2, 5)],
    ["x{3,}", repeat(char("x"), 3, Infinity)],
    ["a{1}", char("a")],
    ["a{0}b", char("b")],
    ["[]", set()],
    ["[^]", set([0, MAX_CODE_POINT])],
    ["[^\\]a]", set([0, 0x5c], [0x5e, 0x60], [0x62, MAX_CODE_POINT])],
    ["\\.\\-\\_\\:\\/\\@", sequence(char("."), char("-"), char("_"), char(":"), char("/"), char("@"))],
    ["😀+", repeat(char("😀"), 1, Infinity)],
    ["[😀-😂]", set([0x1f600, 0x1f602])],
    ["\ud800", char("\ud800")],
    ["", sequence()],
    ["(?:)", sequence()],
    ["a|", alternation(char("a"), sequence())],
    ["((((a))))", char("a")],
    // Valid ECMAScript classes that only look like POSIX ones: '[', ':' and letters.
    ["[[:a:]", set([0x3a, 0x3a], [0x5b, 0x5b], [0x61, 0x61])],
    ["[[:alpha:]", set([0x3a, 0x3a], [0x5b, 0x5b], [0x61, 0x61], [0x68, 0x68], [0x6c, 0x6c], [0x70, 0x70])],
  ])("reads %j as its syntax tree", (pattern, tree) => {
    expect(parsePattern(pattern)).toEqual(tree);
    expect(parsePattern(pattern, "extended")).toEqual(tree);
  });

  it.each<[string, Node]>([
    ["\\d+", repeat(set([0x30, 0x39]), 1, Infinity)],
    ["\\u{1F600}", char("😀")],
    // A pair written as two \u escapes is one code point; a lone half stays one.
    ["\\ud83d\\ude00", char("😀")],
    ["\\ud83d\\u0041", sequence(char("\ud83d"), char("A"))],
    ["\\0", char("\0")],
    ["\\b", assertion(BOUNDARY)],
    // V8 also tries the position between the halves of a pair, where \B holds: any astral character matches.
    ["\\B", alternation(assertion(NOT_BOUNDARY), set([0x10000, MAX_CODE_POINT]))],
  ])("reads %j with the extended profile", (pattern, tree) => {
    expect(parsePattern(pattern, "extended")).toEqual(tree);
  });

  it("takes the POSIX-looking classes as ECMAScript does: a class of '[', ':' and letters", () => {
    const tests = (pattern: string, subject: string) => {
      const compiled = compilePattern(pattern);
      if (compiled instanceof PatternError) throw new Error(compiled.message);
      startSearches(subject);
      return compiled.test(subject);
    };
    expect(tests("^[[:alpha:]$", ":")).toBe(MATCH);
    expect(tests("^[[:alpha:]$", "h")).toBe(MATCH);
    expect(tests("^[[:alpha:]$", "b")).toBe(NO_MATCH);
    expect(new RegExp("^[[:alpha:]$", "u").test(":")).toBe(true);
  });

  it("accepts groups nested as deeply as the 1,024-byte pattern limit allows", () => {
    expect(parsePattern(nested(511))).toEqual(char("a"));
    expect(compilePattern(nested(511))).not.toBeInstanceOf(PatternError);
    expect(compilePattern(nested(512))).toEqual(
      new PatternError("validation", "pattern is 1025 UTF-8 bytes long; at most 1024 are allowed"),
    );
  });

  it.each([
    [
      "\\d",
      'pattern "\\\\d" uses the escape \'\\d\' (letter and digit escapes), which is outside the portable pattern subset; profile: "extended" supports it',
    ],
    [
      "[\\w]",
      'pattern "[\\\\w]" uses the escape \'\\w\' in a class (letter and digit escapes), which is outside the portable pattern subset; profile: "extended" supports it',
    ],
    [
      "\\u0041",
      'pattern "\\\\u0041" uses the escape \'\\u\' (letter and digit escapes), which is outside the portable pattern subset; profile: "extended" supports it',
    ],
    [
      "\\b",
      'pattern "\\\\b" uses the escape \'\\b\' (letter and digit escapes), which is outside the portable pattern subset; profile: "extended" supports it',
    ],
    [
      "\\0",
      'pattern "\\\\0" uses the escape \'\\0\' (letter and digit escapes), which is outside the portable pattern subset; profile: "extended" supports it',
    ],
    [
      "(a)\\1",
      "pattern \"(a)\\\\1\" uses the escape '\\1' (letter and digit escapes), which is outside the portable pattern subset",
    ],
    [
      "\\p{L}",
      "pattern \"\\\\p{L}\" uses the escape '\\p' (letter and digit escapes), which is outside the portable pattern subset",
    ],
    [
      "\\cA",
      "pattern \"\\\\cA\" uses the escape '\\c' (letter and digit escapes), which is outside the portable pattern subset",
    ],
    ["(?=a)", "pattern \"(?=a)\" uses a lookahead '(?=' / '(?!', which is outside the portable pattern subset"],
    ["(?!a)", "pattern \"(?!a)\" uses a lookahead '(?=' / '(?!', which is outside the portable pattern subset"],
    ["(?<=a)b", "pattern \"(?<=a)b\" uses a lookbehind '(?<=' / '(?<!', which is outside the portable pattern subset"],
    ["(?<!a)b", "pattern \"(?<!a)b\" uses a lookbehind '(?<=' / '(?<!', which is outside the portable pattern subset"],
    ["(?<n>a)", "pattern \"(?<n>a)\" uses a named group '(?<name>', which is outside the portable pattern subset"],
    ["(?<$n>a)", "pattern \"(?<$n>a)\" uses a named group '(?<name>', which is outside the portable pattern subset"],
    ["(?i:a)", "pattern \"(?i:a)\" uses a modifier group '(?i:', which is outside the portable pattern subset"],
    ["(?i)a", "pattern \"(?i)a\" uses a modifier group '(?i)', which is outside the portable pattern subset"],
    ["(?-s:a)", "pattern \"(?-s:a)\" uses a modifier group '(?-s:', which is outside the portable pattern subset"],
    [
      "(?ims-x:a)",
      "pattern \"(?ims-x:a)\" uses a modifier group '(?ims-x:', which is outside the portable pattern subset",
    ],
    [
      "(?=a)(?<n>b)",
      "pattern \"(?=a)(?<n>b)\" uses a lookahead '(?=' / '(?!', which is outside the portable pattern subset",
    ],
    ["(*UTF)a", "pattern \"(*UTF)a\" uses a PCRE verb '(*...)', which is outside the portable pattern subset"],
    ["(*ACCEPT)", "pattern \"(*ACCEPT)\" uses a PCRE verb '(*...)', which is outside the portable pattern subset"],
    [
      "(*LIMIT_MATCH=9)a",
      "pattern \"(*LIMIT_MATCH=9)a\" uses a PCRE verb '(*...)', which is outside the portable pattern subset",
    ],
    ["a++", 'pattern "a++" uses a possessive quantifier, which is outside the portable pattern subset'],
    ["a{2}+", 'pattern "a{2}+" uses a possessive quantifier, which is outside the portable pattern subset'],
    // ECMAScript would read a class of '[', ':' and letters, then a lone ']': PCRE's POSIX class is what was meant.
    [
      "[[:alpha:]]",
      "pattern \"[[:alpha:]]\" uses a POSIX class '[:name:]', which is outside the portable pattern subset",
    ],
    [
      "[[:alpha:]x]",
      "pattern \"[[:alpha:]x]\" uses a POSIX class '[:name:]', which is outside the portable pattern subset",
    ],
    ["a{70000}", 'pattern "a{70000}" uses a repeat count above 65535, which is outside the portable pattern subset'],
    ["a{65536}", 'pattern "a{65536}" uses a repeat count above 65535, which is outside the portable pattern subset'],
  ])("refuses %j as unsupported_capability (core)", (pattern, message) => {
    expect(refusal(pattern)).toEqual({ kind: "unsupported_capability", message });
  });

  it("names the extended profile only in the core profile's refusals", () => {
    expect(refusal("\\p{L}", "extended").message).toBe(refusal("\\p{L}").message);
    expect(refusal("[\\b]", "extended")).toEqual({
      kind: "unsupported_capability",
      message: "pattern \"[\\\\b]\" uses '\\b' inside a class, which is outside the portable pattern subset",
    });
    expect(refusal("[\\b]")).toEqual({
      kind: "unsupported_capability",
      message:
        "pattern \"[\\\\b]\" uses the escape '\\b' in a class (letter and digit escapes), which is outside the portable pattern subset",
    });
    // A pattern the extended profile refuses for another reason gets no hint.
    expect(refusal("\\d(?=a)").message).toBe(
      "pattern \"\\\\d(?=a)\" uses the escape '\\d' (letter and digit escapes), which is outside the portable pattern subset",
    );
  });

  it.each([
    ["(", "missing ')' at offset 1"],
    ["(?:", "missing ')' at offset 3"],
    ["😀(", "missing ')' at offset 3"],
    ["a)", "unmatched ')' at offset 1"],
    ["*a", "nothing to repeat at offset 0"],
    ["a**", "nothing to repeat at offset 2"],
    ["^*", "nothing to repeat at offset 1"],
    ["a{2}{3}", "nothing to repeat at offset 4"],
    ["{", "lone quantifier brackets at offset 0"],
    ["a{,3}", "incomplete quantifier at offset 1"],
    ["}", "lone quantifier brackets at offset 0"],
    ["]", "lone ']' at offset 0"],
    ["[a]]", "lone ']' at offset 3"],
    ["[z-a]", "range out of order in character class at offset 4"],
    ["a{3,2}", "numbers out of order in {} quantifier at offset 1"],
    ["[a", "missing ']' at offset 2"],
    ["\\", "\\ at end of pattern at offset 1"],
    ["\\ ", "invalid escape of ' ' at offset 1"],
    ["😀\\é", "invalid escape of U+00E9 at offset 3"],
    // Group openers that are nothing in ECMAScript, nor a feature of another flavour we could name.
    ["(?", "invalid group at offset 1"],
    ["(?)", "invalid group at offset 1"],
    ["(?#x)", "invalid group at offset 1"],
    ["(?<1>a)", "invalid group at offset 1"],
    ["(?<", "invalid group at offset 1"],
    ["(?q:a)", "invalid group at offset 1"],
    ["(?P<n>a)", "invalid group at offset 1"],
    ["(?>a)", "invalid group at offset 1"],
    ["(*)", "nothing to repeat at offset 1"],
    ["(*1)", "nothing to repeat at offset 1"],
    // Openers of other flavours' groups that do not parse there either.
    ["(?<a", "invalid group at offset 1"],
    ["(?<=a", "missing ')' at offset 5"],
    ["(?=a))", "unmatched ')' at offset 5"],
    ["(?i:a", "missing ')' at offset 5"],
    ["(*A:", "nothing to repeat at offset 1"],
    ["(*ACCEPT)(", "missing ')' at offset 10"],
  ])("calls %j malformed (validation): %s", (pattern, reason) => {
    const expected = {
      kind: "validation",
      message: `pattern ${JSON.stringify(pattern)} is not a valid ECMAScript regular expression (u flag): ${reason}`,
    };
    expect(refusal(pattern)).toEqual(expected);
    expect(refusal(pattern, "extended")).toEqual(expected);
  });

  it.each([
    ["\\x4", "invalid escape at offset 3"],
    ["\\u12", "invalid escape at offset 4"],
    ["\\u{}", "invalid Unicode escape at offset 3"],
    ["\\u{110000}", "invalid Unicode escape at offset 8"],
    ["[\\d-z]", "a class escape cannot bound a range at offset 5"],
    ["[a-\\d]", "a class escape cannot bound a range at offset 5"],
  ])("calls %j malformed with the extended profile: %s", (pattern, reason) => {
    expect(refusal(pattern, "extended")).toEqual({
      kind: "validation",
      message: `pattern ${JSON.stringify(pattern)} is not a valid ECMAScript regular expression (u flag): ${reason}`,
    });
  });
});

describe("the expansion bound", () => {
  const expands = (pattern: string) =>
    new PatternError(
      "unsupported_capability",
      `pattern ${JSON.stringify(pattern)} expands to more than ${MAX_PROGRAM_SIZE} instructions once its counted repeats are written out`,
    );

  it("counts every copy of a counted repeat, single characters included", () => {
    expect(MAX_PROGRAM_SIZE).toBe(100_000);
    // (?:a|bc) is 5 instructions (SPLIT, CHAR, JUMP, CHAR, CHAR); ACCEPT ends the program.
    expect(programSize(parsePattern("((?:a|bc){100}){300}"))).toBe(150_001);
    expect(programSize(parsePattern("a{0,65535}"))).toBe(131_071);
    expect(programSize(parsePattern("a{65535}"))).toBe(65_536);
    expect(programSize(parsePattern("(a{1000}){10}"))).toBe(10_001);
    expect(programSize(parsePattern("(?:ab|c)*"))).toBe(8);
  });

  it.each([
    "((?:a|bc){100}){300}",
    "a{0,65535}",
    "^a{0,65535}$",
    "(a{1000}){100}",
    "(a{1000}){1000}",
    "[a-z]{50000}b{50000}",
  ])("refuses %j through compilePattern", (pattern) => {
    expect(compilePattern(pattern)).toEqual(expands(pattern));
    expect(compilePattern(pattern, "extended")).toEqual(expands(pattern));
  });

  it("compiles patterns at the bound, and answers with them", () => {
    for (const pattern of ["a{65535}", "(a{1000}){10}", "[a-z]{50000}b{49998}"]) {
      expect(compilePattern(pattern)).not.toBeInstanceOf(PatternError);
    }
    const compiled = compilePattern("(a{1000}){10}");
    if (compiled instanceof PatternError) throw new Error(compiled.message);
    startSearches(`${"a".repeat(999)}b`);
    expect(compiled.test(`${"a".repeat(999)}b`)).toBe(NO_MATCH);
  });
});
