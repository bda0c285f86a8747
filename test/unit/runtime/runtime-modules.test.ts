import { describe, expect, it } from "vitest";
import { codePointLength, hasAtLeastCodePoints, hasAtMostCodePoints } from "../../../src/runtime/code-points";
import { Decimal, decimalNumber, isMultipleOf } from "../../../src/runtime/decimal";
import { jsonEqual, jsonKey } from "../../../src/runtime/json-equal";
import { findNonJson } from "../../../src/runtime/json-value";
import { Lru } from "../../../src/runtime/lru";
import { preview, shapeOf } from "../../../src/explain/messages";
import { readablePath, toPointer } from "../../../src/runtime/paths";

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

describe("length bounds in code points", () => {
  it("answer as counting does, for every string of up to 5 units of pairs, lone surrogates and letters", () => {
    const units = ["a", "\uD83D\uDE00", "\uD83D", "\uDE00"];
    let strings = [""];
    for (let round = 0; round < 5; round++)
      strings = [...new Set([...strings, ...strings.flatMap((s) => units.map((u) => s + u))])].filter(
        (s) => s.length <= 5,
      );
    for (const s of strings)
      for (let bound = 0; bound <= 6; bound++) {
        expect(hasAtLeastCodePoints(s, bound), `${JSON.stringify(s)} >= ${bound}`).toBe(codePointLength(s) >= bound);
        expect(hasAtMostCodePoints(s, bound), `${JSON.stringify(s)} <= ${bound}`).toBe(codePointLength(s) <= bound);
      }
  });
});

describe("jsonEqual", () => {
  it("follows the contract's equality (docs/contract.md, Equality)", () => {
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

describe("jsonKey", () => {
  const same = (a: unknown, b: unknown) => jsonKey(a) === jsonKey(b);

  it("is shared exactly by the values jsonEqual holds for", () => {
    expect(same({ a: [1, { b: null }], c: "x" }, { c: "x", a: [1.0, { b: null }] })).toBe(true);
    expect(same(1n, 1)).toBe(true);
    expect(same(0, -0)).toBe(true);
    expect(same(1e21, 10n ** 21n)).toBe(true);
    expect(same(true, 1)).toBe(false);
    expect(same("1", 1)).toBe(false);
    expect(same([], {})).toBe(false);
    expect(same([1, 2], [2, 1])).toBe(false);
    expect(same({ a: 1 }, { a: 1, b: 1 })).toBe(false);
    expect(same([[1]], [[1], []])).toBe(false);
  });

  it("stays short for long strings, big numbers and big lists, and tells them apart to the last character", () => {
    const long = "q".repeat(100_000);
    const keys = [
      long,
      `${long.slice(1)}r`,
      10n ** 5000n,
      10n ** 5000n + 1n,
      Array(50_000).fill(long.slice(0, 20)),
      { [long]: [long] },
    ].map(jsonKey);
    expect(Math.max(...keys.map((key) => key.length))).toBeLessThan(16);
    expect(new Set(keys).size).toBe(6);
    expect(jsonKey(long.slice(0))).toBe(keys[0]);
    expect(jsonKey({ [long]: [long] })).toBe(keys[5]);
    expect(jsonKey([...Array(49_999).fill(long.slice(0, 20)), long.slice(0, 19)])).not.toBe(keys[4]);
  });

  it("reads each list once however deeply lists nest", () => {
    let reads = 0;
    const counted = <T extends object>(target: T): T =>
      new Proxy(target, {
        get: (object, key) => (typeof key === "string" && /^\d+$/.test(key) && reads++, Reflect.get(object, key)),
      });
    const levels: unknown[][] = [counted(Array.from({ length: 1000 }, (_, i) => i))];
    for (let depth = 0; depth < 100; depth++) levels.unshift(counted([levels[0], depth]));
    // What uniqueItems asks at every level, outermost first.
    for (const level of levels) for (const item of level) jsonKey(item);
    // 1,200 items, each read once by the loop above and, but for the outermost two, once by jsonKey.
    expect(reads).toBe(1200 + 1198);
  });
});

describe("Decimal: exact decimals", () => {
  const exact = (text: string) => Decimal.parse(text);

  it("reads decimal text in normal form", () => {
    expect(["007.50", "-0.000", "1e+21", "1.5e-7", "-12.345", "100"].map((text) => String(exact(text)))).toEqual([
      "7.5",
      "0",
      "1000000000000000000000",
      "0.00000015",
      "-12.345",
      "100",
    ]);
  });

  it("compares exactly", () => {
    const sign = (a: string, b: string) => Math.sign(exact(a).compare(exact(b)));
    expect(sign("0.1000000000000000000001", "0.1")).toBe(1);
    expect(sign("-2", "-10")).toBe(1);
    expect(sign("-0.5", "0")).toBe(-1);
    expect(sign("0", "-0.00")).toBe(0);
    expect(sign("99.5", "100")).toBe(-1);
    expect(sign("1.25", "1.3")).toBe(-1);
    expect(sign("9007199254740993", "9007199254740992")).toBe(1);
  });

  it("is a number where the decimal the double prints is exactly the text's value", () => {
    expect(decimalNumber("2")).toBe(2);
    expect(decimalNumber("-2.50")).toBe(-2.5);
    expect(decimalNumber("100000000000000000000000")).toBe(1e23);
    expect(Object.is(decimalNumber("-0"), -0)).toBe(true);
    for (const text of [
      "9007199254740993",
      "0.1000000000000000000001",
      "1" + "0".repeat(400),
      "0." + "0".repeat(400) + "1",
    ]) {
      const value = decimalNumber(text);
      expect(value).toBeInstanceOf(Decimal);
      expect(String(value)).toBe(text);
    }
  });

  it("decides multipleOf on the printed decimals", () => {
    const cases: [number | bigint | Decimal, number, boolean][] = [
      [0.0075, 0.0001, true],
      [19.99, 0.01, true],
      [1e308, 0.5, true],
      [1e308, 0.123456789, false],
      [0.5, 0.25, true],
      [0.25, 0.5, false],
      [9007199254740993n, 2, false],
      [exact("1" + "0".repeat(20)), 1024, true],
      [exact("100000"), 1024, false],
      [exact("1" + "0".repeat(1_000_000)), 0.5, true],
      [exact("7".repeat(1_000_000)), 7, true],
      [exact("7".repeat(1_000_000)), 3, false],
      [exact("0.1000000000000000000001"), 1e-22, true],
      [exact("0.1000000000000000000001"), 0.1, false],
    ];
    expect(cases.map(([value, divisor]) => isMultipleOf(value, divisor))).toEqual(
      cases.map(([, , expected]) => expected),
    );
  });

  it("equals a number or bigint of the same value, and nothing else", () => {
    const big = decimalNumber("9007199254740993");
    expect(jsonEqual(9007199254740993n, big)).toBe(true);
    expect(jsonEqual(big, decimalNumber("9007199254740993.00"))).toBe(true);
    expect(jsonEqual(9007199254740992, big)).toBe(false);
    expect(jsonEqual(big, 9007199254740992)).toBe(false);
    expect(jsonEqual(0.1, decimalNumber("0.1000000000000000000001"))).toBe(false);
    expect(jsonEqual({}, big)).toBe(false);
    expect(jsonEqual(big, {})).toBe(false);
    expect(jsonEqual("9007199254740993", big)).toBe(false);
  });

  it("is a number in messages, written out", () => {
    const big = decimalNumber("-0.1000000000000000000001");
    expect([shapeOf(big), preview(big), JSON.stringify(big)]).toEqual([
      "a number",
      "-0.1000000000000000000001",
      undefined,
    ]);
  });
});

describe("findNonJson and shapeOf", () => {
  it("finds the first non-JSON value with its path", () => {
    expect(findNonJson({ a: [1, { b: 2n }, { c: undefined }] })).toEqual({
      path: ["a", 2, "c"],
      problem: "got undefined (not a JSON value)",
    });
    expect(findNonJson({ a: "x", b: [null, true, 1.5] })).toBeNull();
    expect(findNonJson([[[]]], 2)).toEqual({ path: [0, 0], problem: "nests deeper than 2 levels" });
  });

  it("names shapes as a model reads them", () => {
    expect([{}, [], "", 1, 1n, true, null].map(shapeOf)).toEqual([
      "an object",
      "a list",
      "a string",
      "a number",
      "a number",
      "a boolean",
      "null",
    ]);
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

  it("cuts a long property name in the readable path, never in the pointer", () => {
    const name = "n".repeat(1_000_000);
    expect(readablePath(["a", name])).toBe(`a["${"n".repeat(59)}"…]`);
    expect(toPointer(["a", name])).toBe(`/a/${name}`);
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

  it("forgets the oldest entries once the weights pass their bound, keeping the newest alone", () => {
    const evicted: number[] = [];
    const lru = new Lru<string, number>(10, { maxWeight: 10, weigh: (n) => n, evicted: (n) => evicted.push(n) });
    lru.set("a", 4);
    lru.set("b", 5);
    lru.set("c", 3);
    expect([lru.get("a"), lru.get("b"), lru.get("c")]).toEqual([undefined, 5, 3]);
    lru.set("d", 20);
    expect([lru.get("b"), lru.get("c"), lru.get("d")]).toEqual([undefined, undefined, 20]);
    expect(evicted).toEqual([4, 5, 3]);
  });

  it("gives an entry its owner marked used a second chance, once, and never forgets the newest for it", () => {
    const used = new Set<string>();
    const evicted: string[] = [];
    const spare = (value: string) => used.delete(value);
    const lru = new Lru<string, string>(2, {
      maxWeight: Infinity,
      weigh: () => 0,
      evicted: (value) => evicted.push(value),
      spare,
    });
    lru.set("a", "a");
    lru.set("b", "b");
    used.add("a");
    lru.set("c", "c");
    expect(evicted).toEqual(["b"]);
    // "a" went behind "c": "c" is the oldest now.
    lru.set("d", "d");
    expect(evicted).toEqual(["b", "c"]);
    used.add("a");
    used.add("d");
    lru.set("e", "e");
    expect(evicted).toEqual(["b", "c", "a"]);
    expect(used).toEqual(new Set());
    expect([lru.get("d"), lru.get("e")]).toEqual(["d", "e"]);
  });
});
