import { describe, expect, it } from "vitest";
import { locateJsonError } from "../../../src/runtime/json-syntax";

/** JSON.parse must refuse the text, or locating an error in it means nothing. */
function locate(text: string) {
  expect(() => JSON.parse(text)).toThrow(SyntaxError);
  return locateJsonError(text);
}

describe("locateJsonError: where JSON text stops being JSON", () => {
  it("points at the token after which nothing valid can follow", () => {
    expect(locate('{"a":\n }')).toEqual({ line: 2, column: 2, reason: "expected a value" });
    expect(locate("[1,2,]")).toEqual({ line: 1, column: 6, reason: "expected a value" });
    expect(locate('{"a" 1}')).toEqual({ line: 1, column: 6, reason: "expected ':'" });
    expect(locate("{a:1}")).toEqual({ line: 1, column: 2, reason: "expected a property name in double quotes" });
    expect(locate('{"a":[1,{"b":2}}')).toEqual({ line: 1, column: 16, reason: "expected ',' or ']'" });
    expect(locate("[1] x")).toEqual({ line: 1, column: 5, reason: "expected the end of the input" });
    expect(locate("01")).toEqual({ line: 1, column: 2, reason: "expected the end of the input" });
    expect(locate("tru")).toEqual({ line: 1, column: 1, reason: "expected a value" });
  });

  it("says when the input ends too early", () => {
    expect(locate("")).toEqual({ line: 1, column: 1, reason: "unexpected end of input, expected a value" });
    expect(locate('{"a":1')).toEqual({ line: 1, column: 7, reason: "unexpected end of input, expected ',' or '}'" });
    expect(locate('{"a":"abc')).toEqual({ line: 1, column: 10, reason: "unexpected end of input, expected '\"'" });
  });

  it("finds control characters and bad escapes inside strings", () => {
    expect(locate('{"a":"x\ny"}')).toEqual({
      line: 1,
      column: 8,
      reason: "a control character in a string (write it as an escape such as \\n)",
    });
    expect(locate('["\\q"]')).toEqual({
      line: 1,
      column: 4,
      reason: 'a bad escape (expected one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)',
    });
    expect(locate('["\\u12"]')).toMatchObject({ column: 4 });
  });

  it("accepts every valid piece before the error, lone surrogates and escapes included", () => {
    expect(locate('[{"k":"\\ud800 \\u00e9 é \\"q\\" \\\\"},-1.5e+3,true,false,null,{}, [] ,x]')).toMatchObject({
      reason: "expected a value",
    });
  });

  it("names a byte-order mark outside a string, which no one sees where text is shown", () => {
    expect(locate('\uFEFF{"a":1}')).toEqual({ line: 1, column: 1, reason: "a byte-order mark" });
    expect(locate('{"a":1}\n\uFEFF')).toEqual({ line: 2, column: 1, reason: "a byte-order mark" });
    expect(locate("[1,\uFEFF2]")).toEqual({ line: 1, column: 4, reason: "a byte-order mark" });
    // Inside a string it is a character like any other.
    expect(locate('["\uFEFF",]')).toEqual({ line: 1, column: 6, reason: "expected a value" });
  });

  it("counts lines and columns in UTF-16 units, after CRLF too", () => {
    expect(locate('{\r\n  "é": 1,\r\n  "b" 2\r\n}')).toEqual({ line: 3, column: 7, reason: "expected ':'" });
  });

  it("scans any depth without recursion", () => {
    expect(locate("[".repeat(200_000))).toEqual({
      line: 1,
      column: 200_001,
      reason: "unexpected end of input, expected a value",
    });
    expect(locate("[".repeat(100_000) + "]".repeat(99_999) + "}")).toEqual({
      line: 1,
      column: 200_000,
      reason: "expected ',' or ']'",
    });
  });
});
