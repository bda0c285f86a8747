import { describe, expect, it } from "vitest";
import { codePointLength, hasAtLeastCodePoints } from "../src/code-points";
import { jsonEqual } from "../src/json-equal";
import { findNonJson, shapeOf } from "../src/json-value";
import { Lru } from "../src/lru";
import { either, jsonTextHint, oneLine, preview } from "../src/messages";
import { readablePath, toPointer } from "../src/paths";

describe("code points", () => {
  it.each([
    ["", 0],
    ["abc", 3],
    ["😀", 1],
    ["a😀b", 3],
    ["\ud800", 1],
    ["\ude00\ud83d", 2],
    ["\ud83d\ude00\ud83d", 2],
  ])("%j has %i", (s, n) => {
    expect(codePointLength(s)).toBe(n);
    expect(hasAtLeastCodePoints(s, n)).toBe(true);
    expect(hasAtLeastCodePoints(s, n + 1)).toBe(false);
  });
});

describe("jsonEqual", () => {
  it("follows SPEC §5", () => {
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1.0, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEqual(1n, 1)).toBe(true);
    expect(jsonEqual(0, -0)).toBe(true);
    expect(jsonEqual(true, 1)).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(jsonEqual("a", "A")).toBe(false);
  });
});

describe("findNonJson and shapeOf", () => {
  it("finds the first non-JSON value with its path", () => {
    expect(findNonJson({ a: [1, { b: 2n }, { c: undefined }] })).toEqual({ path: ["a", 2, "c"], problem: "got undefined (not a JSON value)" });
    expect(findNonJson({ a: "x", b: [null, true, 1.5] })).toBeNull();
    expect(findNonJson([[[]]], 2)).toEqual({ path: [0, 0], problem: "nests deeper than 2 levels" });
  });

  it("names shapes as a model reads them", () => {
    expect([{}, [], "", 1, 1n, true, null].map(shapeOf)).toEqual(["an object", "a list", "a string", "a number", "a number", "a boolean", "nothing"]);
  });
});

describe("paths", () => {
  it("renders JSON Pointers and readable paths", () => {
    expect(toPointer([])).toBe("");
    expect(toPointer(["a/b", 0, "~x"])).toBe("/a~1b/0/~0x");
    expect(readablePath([])).toBe("arguments");
    expect(readablePath(["edits", 0, "new_string"])).toBe("edits[0].new_string");
    expect(readablePath([0, "$ok", "not ok", ""])).toBe('[0].$ok["not ok"][""]');
  });
});

describe("message helpers", () => {
  it("joins, previews and escapes", () => {
    expect(either([])).toBe("");
    expect(either(["a"])).toBe("a");
    expect(either(["a", "b", "a"])).toBe("a or b");
    expect(either(["a", "b", "c"])).toBe("a, b or c");
    expect(preview("x".repeat(70))).toBe(`"${"x".repeat(58)}…`);
    expect(preview(12n)).toBe("12");
    expect(oneLine("a\nb\u2028")).toBe("a\\u000ab\\u2028");
    expect(oneLine("plain")).toBe("plain");
  });

  it("hints only when the string parses as the expected shape", () => {
    expect(jsonTextHint("[1]", ["array"])).toBe("; send the list itself, not JSON text");
    expect(jsonTextHint('{"a":1}', ["object", "null"])).toBe("; send the object itself, not JSON text");
    expect(jsonTextHint("[1]", ["object"])).toBe("");
    expect(jsonTextHint("[1", ["array"])).toBe("");
    expect(jsonTextHint(1, ["array"])).toBe("");
  });
});

describe("Lru", () => {
  it("forgets the least recently used entry", () => {
    const lru = new Lru<string, number>(2);
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.get("a")).toBe(1);
    lru.set("c", 3);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe(1);
  });
});
