import fc from "fast-check";

/**
 * fast-check arbitraries for the property tests: schemas inside and outside
 * the subset (every keyword also with malformed values), arguments inside and
 * outside the JSON input domain, and pattern text.
 */

/** Keys that are data, not prototype lookups (docs/contract.md, "The JSON input domain"), and keys a message must escape, among ordinary ones. */
export const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("a", "b", "path", "edits", "x-y", "") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
      "line\nbreak",
      "tab\there",
      "\u2028",
      "😀",
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: "binary" }) },
);

const TYPE_NAMES = ["object", "array", "string", "integer", "number", "boolean", "null"];

/** Pattern text from the subset's pieces and from what lies just outside it. */
export const patternText = fc
  .array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          "a",
          "b",
          "0",
          "é",
          "😀",
          "\ud800",
          " ",
          "-",
          ".",
          "^",
          "$",
          "|",
          "*",
          "+",
          "?",
          "{2}",
          "{1,3}",
          "{2,}",
          "*?",
        ),
      },
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          "(",
          ")",
          "(?:",
          "[",
          "]",
          "[^",
          "a-z",
          "\\.",
          "\\-",
          "\\/",
          "\\:",
          "\\\\",
          "[]",
          "[^]",
        ),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          "\\d",
          "\\w",
          "\\s",
          "\\S",
          "\\b",
          "\\B",
          "\\t",
          "\\n",
          "\\0",
          "\\x41",
          "\\u0041",
          "\\u{1F600}",
          "\\ud83d\\ude00",
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "(?=",
          "(?!",
          "(?<=",
          "(?<n>",
          "\\1",
          "\\k<n>",
          "\\p{L}",
          "(*ACCEPT)",
          "a++",
          "[[:alpha:]]",
          "{",
          "}",
          "{99999}",
          "\\",
          "\\ ",
          "\\é",
          "(?i)",
        ),
      },
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(""));

/** A value that is JSON, for places a schema keyword takes any JSON value. */
const json = fc.jsonValue({ maxDepth: 2 });

/** Values that are wrong for most keywords. */
const junk = fc.constantFrom<unknown>(
  null,
  -1,
  1.5,
  "x",
  [],
  {},
  [1, "a"],
  true,
  Number.NaN,
  Infinity,
  10n,
  new Date(0),
);

const nat = fc.oneof(fc.nat(5), fc.constantFrom<unknown>(-1, 1.5, "3", 1e309, 2 ** 53));
const num = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom<unknown>("1", 10n, Infinity),
);

/**
 * A random schema. `valid` keeps to well-formed values of the core subset
 * (and of the extended profile's keywords too with `extended`), still
 * without any promise that the arguments can pass; otherwise keyword names
 * come from both profiles and beyond, with malformed values mixed in.
 */
export function schemaArbitrary(valid: boolean, keys = key, maxDepth = 3, extended = false): fc.Arbitrary<unknown> {
  const { schema } = fc.letrec<{ schema: unknown }>((tie) => {
    const sub = tie("schema");
    const subs = fc.array(sub, { minLength: 1, maxLength: 3 });
    const core: Record<string, fc.Arbitrary<unknown>> = {
      type: fc.oneof(
        fc.constantFrom(...TYPE_NAMES),
        fc.uniqueArray(fc.constantFrom(...TYPE_NAMES), { minLength: 1, maxLength: 3 }),
      ),
      properties: fc.dictionary(keys, sub, { maxKeys: 3 }),
      required: fc.uniqueArray(keys, { maxLength: 3 }),
      additionalProperties: fc.oneof(fc.boolean(), sub),
      enum: fc.array(json, { minLength: 1, maxLength: 3 }),
      minimum: fc.integer({ min: -5, max: 5 }),
      maximum: fc.integer({ min: -5, max: 5 }),
      minLength: fc.nat(4),
      pattern: fc.constantFrom("^a", "b$", "^[a-z]+$", "😀", "^(a|b)*$", "\\.", "^$", "[^]"),
      items: sub,
      minItems: fc.nat(3),
      maxItems: fc.nat(3),
      oneOf: subs,
      anyOf: subs,
      not: sub,
      description: fc.string(),
      default: json,
    };
    const malformed: Record<string, fc.Arbitrary<unknown>> = {
      type: fc.oneof(fc.constantFrom("float", "any", "", ["string", "string"], []), junk),
      properties: junk,
      required: fc.oneof(fc.constant(["a", "a"]), junk),
      additionalProperties: junk,
      additional_properties: fc.oneof(fc.boolean(), sub),
      enum: fc.oneof(fc.constant([]), junk),
      minimum: num,
      maximum: num,
      minLength: nat,
      pattern: fc.oneof(patternText, junk, fc.constant("a".repeat(1100))),
      items: fc.oneof(subs, junk),
      minItems: nat,
      maxItems: nat,
      oneOf: fc.oneof(fc.constant([]), junk),
      anyOf: fc.oneof(fc.constant([]), junk),
      not: junk,
      description: junk,
      format: fc.oneof(fc.string(), junk),
      "x-mcp-header": fc.oneof(fc.string(), junk),
      // The extended profile's keywords, and keywords no profile supports.
      maxLength: nat,
      const: json,
      exclusiveMinimum: num,
      multipleOf: fc.oneof(fc.constantFrom(0.01, 3, 0, -1), junk),
      uniqueItems: fc.oneof(fc.boolean(), junk),
      minProperties: nat,
      propertyNames: sub,
      patternProperties: fc.oneof(fc.dictionary(fc.constantFrom("^a", "(?=a)", "a{2,1}"), sub, { maxKeys: 2 }), junk),
      dependentRequired: fc.oneof(fc.dictionary(keys, fc.uniqueArray(keys, { maxLength: 2 }), { maxKeys: 2 }), junk),
      prefixItems: fc.oneof(subs, junk),
      allOf: fc.oneof(subs, junk),
      $defs: fc.oneof(fc.dictionary(keys, sub, { maxKeys: 2 }), junk),
      $ref: fc.oneof(
        fc.constantFrom("#", "#/properties/a", "#/$defs/a", "#/nope", "other.json#", "#anchor", "#/%"),
        junk,
      ),
      title: fc.oneof(fc.string(), junk),
      examples: fc.oneof(fc.array(json, { maxLength: 2 }), junk),
      $id: fc.oneof(fc.string(), junk),
      if: sub,
      then: sub,
      $dynamicRef: fc.constant("#x"),
      unknownKeyword: json,
    };
    const wellFormedExtended: Record<string, fc.Arbitrary<unknown>> = {
      maxLength: fc.nat(4),
      const: json,
      exclusiveMinimum: fc.integer({ min: -5, max: 5 }),
      exclusiveMaximum: fc.integer({ min: -5, max: 5 }),
      multipleOf: fc.constantFrom(0.5, 2, 3),
      uniqueItems: fc.boolean(),
      minProperties: fc.nat(3),
      maxProperties: fc.nat(3),
      propertyNames: sub,
      patternProperties: fc.dictionary(fc.constantFrom("^a", "b$", "^(a|b)*$", "😀", ""), sub, { maxKeys: 2 }),
      dependentRequired: fc.dictionary(keys, fc.uniqueArray(keys, { maxLength: 2 }), { maxKeys: 2 }),
      prefixItems: subs,
      allOf: subs,
      $defs: fc.dictionary(fc.constantFrom("a", "b"), sub, { maxKeys: 2 }),
      $ref: fc.constantFrom("#", "#/$defs/a", "#/$defs/b", "#/properties/a"),
      additional_properties: fc.oneof(fc.boolean(), sub),
    };
    const table = !valid ? { ...core, ...malformed } : extended ? { ...core, ...wellFormedExtended } : core;
    const entry = fc.oneof(...Object.entries(table).map(([name, value]) => value.map((v) => [name, v] as const)));
    const object = fc.array(entry, { maxLength: 4 }).map((entries) => Object.fromEntries(entries));
    const leaves = valid ? fc.boolean() : fc.oneof(fc.boolean(), junk);
    return { schema: fc.oneof({ maxDepth, depthIdentifier: "schema" }, leaves, object) };
  });
  return schema;
}

/** A root schema (property names from `keys`): usually an object schema, sometimes anything at all. */
export function rootSchemaArbitrary(valid: boolean, keys = key, extended = false): fc.Arbitrary<unknown> {
  const body = schemaArbitrary(valid, keys, 3, extended);
  const objectRoot = fc
    .tuple(
      fc.dictionary(keys, body, { maxKeys: 4 }),
      fc.uniqueArray(keys, { maxLength: 2 }),
      fc.option(fc.oneof(fc.boolean(), body), { nil: undefined }),
    )
    .map(([properties, required, additionalProperties]) => ({
      type: "object",
      properties,
      required,
      ...(additionalProperties === undefined ? {} : { additionalProperties }),
    }));
  return valid ? objectRoot : fc.oneof({ weight: 4, arbitrary: objectRoot }, { weight: 1, arbitrary: body });
}

class Custom {
  field = 1;
}

/** Values outside the JSON input domain (docs/contract.md). */
const nonJson = fc.constantFrom<unknown>(
  undefined,
  Number.NaN,
  Infinity,
  -Infinity,
  Symbol("s"),
  () => 1,
  new Date(0),
  new Map([["a", 1]]),
  new Custom(),
  // eslint-disable-next-line no-sparse-arrays
  [1, , 3],
  Object.defineProperty({}, "a", {
    enumerable: true,
    get: () => {
      throw new Error("getter");
    },
  }),
  new Proxy(
    {},
    {
      ownKeys: () => {
        throw new Error("proxy");
      },
    },
  ),
);

/** JSON text where a list or an object belongs: a common model mistake. */
const jsonText = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value));

/** Long strings: ASCII, and astral characters with lone surrogates. */
const hugeString = fc.constantFrom("x".repeat(200_000), "😀\ud800".repeat(50_000));

/** A value inside or outside the JSON input domain, nested a little. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: hugeString },
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 2,
    arbitrary: fc.anything({
      maxDepth: 2,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withSparseArray: true,
      withObjectString: true,
      stringUnit: "binary",
    }),
  },
  { weight: 1, arbitrary: nonJson },
  { weight: 1, arbitrary: jsonText },
  { weight: 1, arbitrary: fc.array(nonJson, { maxLength: 2 }) },
);

/** Arguments: usually an object, whose values come from anyValue. */
export const argsArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(key, anyValue, { maxKeys: 4 }) },
  { weight: 1, arbitrary: anyValue },
);
