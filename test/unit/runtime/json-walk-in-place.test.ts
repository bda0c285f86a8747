import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { findNonJson, isJsonListedInPlace } from "../../../src/runtime/json-value";
import { Random, testSeed } from "../../support/random";

/**
 * Generated code walks values with isJsonListedInPlace (for…in, `__proto__`
 * read first), the closures and the explaining pass with findNonJson
 * (Object.keys, Object.getPrototypeOf): for any value, the same answer,
 * and on JSON the same count of visits.
 */
const other = runInNewContext("({ object: () => ({ a: 1 }), list: () => [1, 2] })") as {
  object: () => object;
  list: () => unknown[];
};

class Point {
  x = 1;
}

const NON_JSON: (() => unknown)[] = [
  () => undefined,
  () => NaN,
  () => Infinity,
  () => () => 1,
  () => Symbol("s"),
  () => new Map(),
  () => new Date(0),
  () => new Point(),
  () => [1, , 3], // a hole
  () => Object.setPrototypeOf([1], null),
  () => Object.setPrototypeOf({ a: 1 }, Object.create(Object.prototype)),
  () => Object.defineProperty({}, "__proto__", { value: Object.prototype, enumerable: true }),
  () => new Proxy([1], { get: (target, key) => (key === "length" ? 2.5 : Reflect.get(target, key)) }),
];

function value(random: Random, depth: number, nonJson: boolean): unknown {
  if (nonJson && random.chance(0.08)) return random.pick(NON_JSON)();
  switch (random.int(0, depth > 5 ? 4 : 9)) {
    case 0:
      return random.pick(["", "a", "ü", "\u{1F600}"]);
    case 1:
      return random.pick([0, -1.5, 2 ** 53, 10n]);
    case 2:
      return random.chance(0.5);
    case 3:
      return null;
    case 4:
      return random.pick([other.object(), other.list(), Object.create(null)]);
    case 5:
    case 6:
      return Array.from({ length: random.int(0, 5) }, () => value(random, depth + 1, nonJson));
    default: {
      const object: Record<string, unknown> = random.chance(0.1) ? Object.create(null) : {};
      for (let i = random.int(0, 6); i > 0; i--)
        Object.defineProperty(object, random.pick(["a", "b", "0", "__proto__", "constructor", "x y"]), {
          value: value(random, depth + 1, nonJson),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return object;
    }
  }
}

function visits(walk: (count: (values: number) => void) => boolean): [boolean, number] {
  let counted = 0;
  const answer = walk((values) => {
    counted += values;
  });
  return [answer, counted];
}

describe("isJsonListedInPlace", () => {
  it("answers as findNonJson, and counts as it does on JSON, for 20,000 random values", () => {
    const random = new Random(testSeed(20261205));
    for (let i = 0; i < 20_000; i++) {
      const v = value(random, 0, i % 2 === 1);
      const depthLeft = random.pick([0, 1, 2, 3, 256]);
      const [json, jsonCount] = visits((count) => findNonJson(v, depthLeft, count) === null);
      const [inPlace, inPlaceCount] = visits((count) => isJsonListedInPlace(v, depthLeft, count));
      expect(inPlace, `value ${i} at depth ${depthLeft}`).toBe(json);
      if (json) expect(inPlaceCount, `value ${i}`).toBe(jsonCount);
    }
  });

  it("counts a large object's keys and a long list's items as findNonJson does", () => {
    const object = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]));
    const list = Array.from({ length: 3_000 }, (_, i) => ({ i }));
    for (const v of [object, list, { list, object }]) {
      expect(visits((count) => isJsonListedInPlace(v, 256, count))).toEqual(
        visits((count) => findNonJson(v, 256, count) === null),
      );
    }
  });

  it("counts a list's items before it reads them, a thousand and twenty-four at a time", () => {
    const claims = new Proxy([], {
      get: (_target, key) => (key === "length" ? 1e9 : key === "__proto__" ? Array.prototype : undefined),
    });
    const counts: number[] = [];
    expect(isJsonListedInPlace(claims, 256, (values) => counts.push(values))).toBe(false);
    expect(counts).toEqual([1024]);
  });
});
