import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { compileSchema } from "../../../src/compile/compile-schema";
import { generateFastCheck } from "../../../src/validate/check-generator";
import { generateExplainer } from "../../../src/validate/explainer";
import {
  Catalog,
  compile,
  guardClient,
  guardToolHandler,
  validate,
  validateSchema,
  violation,
  type Options,
  type Result,
  type Validator,
} from "../../../src/index";
import { findNonJson } from "../../../src/runtime/json-value";
import type { CompileOptions } from "../../../src/compile/keyword";
import { readOptions } from "../../../src/api/options";
import { isBlank } from "../../../src/runtime/present";
import { HOT_AFTER_CALLS } from "../../../src/validate/validator";
import { anyValue, key, rootSchemaArbitrary, schemaArbitrary } from "../../support/arbitraries";
import { explained } from "../../support/explained";
import { testSeed } from "../../support/random";
import { outOfWork } from "../../support/work-limit";
import { pass, startPass } from "../../../src/runtime/pass";
import { pathOf } from "../../support/issues";

const present = { presentRequired: true } as const;
const extended = { presentRequired: true, profile: "extended" } as const;

/** A validator that has turned hot: 0 fails both passes, so after HOT_AFTER_CALLS calls each runs generated code. */
function hot(schema: unknown, options: Options): Validator {
  const validator = compile(schema, options);
  for (let i = 0; i < HOT_AFTER_CALLS; i++) validator.validate(0);
  return validator;
}

/**
 * The result of `args`, which the closures (a fresh validator) and the
 * generated code (a hot one) must agree on.
 */
function both(schema: unknown, args: unknown, options: Options): Result {
  const closures = compile(schema, options).validate(args);
  expect(hot(schema, options).validate(args)).toStrictEqual(closures);
  return closures;
}

const missing = (...names: string[]) => ({
  ok: false,
  kind: "validation",
  message: `invalid arguments: ${names.map((name) => `${name}: missing (required)`).join("; ")}`,
  issues: names.map((name) => ({
    kind: "validation",
    instancePath: `/${name}`,
    path: pathOf(`/${name}`),
    schemaPath: "/required",
    keyword: "required",
    params: { missingProperty: name },
    message: `${name}: missing (required)`,
  })),
});

const weather = {
  type: "object",
  properties: {
    city: { type: "string" },
    units: { type: "string", enum: ["metric", "imperial"] },
    days: { type: "integer", minimum: 1 },
  },
  required: ["city", "units"],
};

/** White space as ECMAScript's `\s` has it: every kind, alone and mixed. */
const WHITE_SPACE = [
  " ",
  "\t",
  "\n",
  "\v",
  "\f",
  "\r",
  "\u00a0",
  "\u1680",
  "\u2000",
  "\u2005",
  "\u200a",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u3000",
  "\ufeff",
  " \t\r\n\u3000\ufeff ",
];

describe("presentRequired: a required property of the arguments object", () => {
  it("is missing when it holds the empty string, with the words and the place of an absent key, in both profiles", () => {
    for (const options of [present, extended]) {
      expect(both(weather, { city: "", units: "metric" }, options)).toStrictEqual(missing("city"));
      expect(both(weather, { units: "metric" }, options)).toStrictEqual(missing("city"));
      expect(violation(weather, { city: "", units: "metric" }, options)).toBe(
        "invalid arguments: city: missing (required)",
      );
    }
  });

  it("is missing when it holds white space only, of every kind ECMAScript's \\s matches", () => {
    for (const options of [present, extended]) {
      for (const blank of WHITE_SPACE)
        expect(both(weather, { city: blank, units: "metric" }, options)).toStrictEqual(missing("city"));
    }
  });

  it("is present when it holds any other character, invisible ones included", () => {
    // U+200B ZERO WIDTH SPACE and U+180E MONGOLIAN VOWEL SEPARATOR are no \s; a lone surrogate is a character too.
    for (const options of [present, extended]) {
      for (const city of ["x", " x ", "\u200b", "\u180e", "\ud800", "😀", "0"])
        expect(both(weather, { city, units: "metric" }, options)).toStrictEqual({ ok: true });
    }
  });

  it("is missing when it holds null: its one problem, not the type's on top", () => {
    expect(both(weather, { city: null, units: "metric" }, present)).toStrictEqual(missing("city"));
    expect(both(weather, { city: null, units: "metric" }, extended)).toStrictEqual(missing("city"));
    // Without the option, null is a value of the wrong type.
    expect(both(weather, { city: null, units: "metric" }, {})).toMatchObject({
      message: "invalid arguments: city: expected a string, got null",
    });
  });

  it("is present when it holds 0, false, [] or {}", () => {
    const anything = { type: "object", properties: { value: {} }, required: ["value"] };
    for (const options of [present, extended]) {
      for (const value of [0, false, [], {}, -0, 0n, [""], { a: "" }])
        expect(both(anything, { value }, options)).toStrictEqual({ ok: true });
    }
    // Where the schema asks for a string, they are present values of the wrong type.
    expect(both(weather, { city: 0, units: false }, present)).toMatchObject({
      message:
        "invalid arguments: city: expected a string, got a number (0); units: expected a string, got a boolean (false)",
    });
    expect(both(weather, { city: [], units: {} }, present)).toMatchObject({
      message: "invalid arguments: city: expected a string, got a list; units: expected a string, got an object",
    });
  });

  it("gives one problem per property, blank or absent, in the order required lists them", () => {
    const schema = { ...weather, required: ["city", "units", "days"] };
    expect(both(schema, { city: " ", units: null }, present)).toStrictEqual(missing("city", "units", "days"));
    expect(both(schema, { units: "", days: 2 }, present)).toStrictEqual(missing("city", "units"));
  });

  it("answers exactly as if the key were absent, whatever else its subschema asks", () => {
    const schema = {
      type: "object",
      properties: { city: { type: "string", minLength: 2, pattern: "^[A-Z]" }, note: { type: "string" } },
      required: ["city", "token"],
      additionalProperties: { type: "string", minLength: 8 },
    };
    for (const blank of ["", "  ", "\u3000", null]) {
      for (const rest of [{}, { note: 1 }, { extra: "short" }]) {
        const absent = both(schema, { token: "12345678", ...rest }, present);
        expect(both(schema, { city: blank, token: "12345678", ...rest }, present)).toStrictEqual(absent);
        expect(both(schema, { city: "Lisbon", token: blank, ...rest }, present)).toStrictEqual(
          both(schema, { city: "Lisbon", ...rest }, present),
        );
      }
    }
    expect(both(schema, { city: " ", token: null }, present)).toStrictEqual(missing("city", "token"));
    // A property additionalProperties: false refuses is absent too when blank.
    const closed = { type: "object", properties: {}, required: ["id"], additionalProperties: false };
    expect(both(closed, { id: "" }, present)).toStrictEqual(missing("id"));
    expect(both(closed, { id: "1" }, present)).toMatchObject({
      message: "invalid arguments: id: unexpected property; no properties are allowed here",
    });
  });

  it("is unchanged below the root: a nested required list asks for the key alone", () => {
    const schema = {
      type: "object",
      properties: {
        place: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        stops: { type: "array", items: { type: "object", required: ["name"] } },
      },
      required: ["place"],
    };
    expect(both(schema, { place: { city: "" }, stops: [{ name: " " }, { name: null }] }, present)).toStrictEqual({
      ok: true,
    });
    expect(both(schema, { place: { city: null } }, present)).toMatchObject({
      message: "invalid arguments: place.city: expected a string, got null",
    });
    expect(both(schema, { place: {}, stops: [{}] }, present)).toMatchObject({
      message: "invalid arguments: place.city: missing (required); stops[0].name: missing (required)",
    });
    // The root's own required property is held to the rule; its value is then not looked into.
    expect(both(schema, { place: null }, present)).toStrictEqual(missing("place"));
  });

  it("is off by default: a blank value is a value", () => {
    for (const options of [{}, { presentRequired: false }, { profile: "extended" as const }]) {
      expect(both(weather, { city: "", units: "metric" }, options)).toStrictEqual({ ok: true });
      expect(both(weather, { city: " \t", units: "metric" }, options)).toStrictEqual({ ok: true });
    }
  });

  it("holds for arguments given as JSON text", () => {
    const validator = hot(weather, present);
    expect(validator.validateJson('{"city": " ", "units": "metric"}')).toStrictEqual(missing("city"));
    expect(compile(weather, present).validateJson('{"city": null, "units": "imperial"}')).toStrictEqual(
      missing("city"),
    );
    expect(validator.validateJson('{"city": "Porto", "units": "imperial"}')).toStrictEqual({ ok: true });
  });
});

describe("presentRequired with lenient scalars", () => {
  const schema = {
    type: "object",
    properties: { count: { type: "integer" }, name: { type: "string" }, on: { type: "boolean" } },
    required: ["count", "name", "on"],
  };
  const lenient = { presentRequired: true, lenientScalars: true } as const;

  it("combines: a scalar's string form and a number where a string is asked for are present values", () => {
    expect(both(schema, { count: "2", name: 0, on: "false" }, lenient)).toStrictEqual({ ok: true });
    expect(both(schema, { count: 0, name: false, on: false }, lenient)).toStrictEqual({ ok: true });
  });

  it("a blank string is missing, not a lenient number that fails to parse", () => {
    expect(both(schema, { count: " ", name: "", on: true }, lenient)).toStrictEqual(missing("count", "name"));
    expect(both(schema, { count: null, name: "x", on: "\t" }, lenient)).toStrictEqual(missing("count", "on"));
    expect(validate(schema, { count: " ", name: "", on: true }, { lenientScalars: true })).toMatchObject({
      message: 'invalid arguments: count: expected an integer, got a string (" ")',
    });
  });
});

describe("presentRequired at the root of the extended profile", () => {
  it("applies to a required list of a root-level allOf branch: it reads the arguments object's properties", () => {
    const schema = {
      type: "object",
      properties: { city: { type: "string", minLength: 2 } },
      allOf: [{ required: ["city"] }],
    };
    const result = both(schema, { city: " " }, extended);
    expect(result).toStrictEqual({
      ok: false,
      kind: "validation",
      message: "invalid arguments: city: missing (required)",
      issues: [
        {
          kind: "validation",
          instancePath: "/city",
          path: ["city"],
          schemaPath: "/allOf/0/required",
          keyword: "required",
          params: { missingProperty: "city" },
          message: "city: missing (required)",
        },
      ],
    });
    expect(both(schema, { city: "Faro" }, extended)).toStrictEqual({ ok: true });
  });

  it("applies to a root-level $ref target where it meets the arguments object, and not where the same target meets a nested one", () => {
    const schema = {
      type: "object",
      $ref: "#/$defs/place",
      $defs: {
        place: {
          type: "object",
          properties: { city: { type: "string" }, home: { $ref: "#/$defs/place" } },
          required: ["city"],
        },
      },
    };
    expect(both(schema, { city: "", home: { city: "" } }, extended)).toStrictEqual({
      ok: false,
      kind: "validation",
      message: "invalid arguments: city: missing (required)",
      issues: [
        {
          kind: "validation",
          instancePath: "/city",
          path: ["city"],
          schemaPath: "/$defs/place/required",
          keyword: "required",
          params: { missingProperty: "city" },
          message: "city: missing (required)",
        },
      ],
    });
    expect(both(schema, { city: "Braga", home: { city: " ", home: { city: "" } } }, extended)).toStrictEqual({
      ok: true,
    });
    expect(both(schema, { city: "Braga", home: { city: null } }, extended)).toMatchObject({
      message: "invalid arguments: home.city: expected a string, got null",
    });
  });

  it("decides anyOf and oneOf branches by the same reading: a blank property is no match for a branch that requires it", () => {
    const anyOf = {
      type: "object",
      properties: { city: { type: "string" }, zip: { type: "string", minLength: 4 } },
      anyOf: [{ required: ["city"] }, { required: ["zip"] }],
    };
    expect(both(anyOf, { city: "", zip: "1000" }, present)).toStrictEqual({ ok: true });
    // zip is required by a branch only: where it is not needed, its value is still checked.
    expect(both(anyOf, { city: "Lagos", zip: " " }, present)).toMatchObject({
      message: 'invalid arguments: zip: must be at least 4 characters long, got " "',
    });
    expect(both(anyOf, { city: " ", zip: null }, present)).toMatchObject({
      message:
        "invalid arguments: zip: expected a string, got null; arguments: does not match any of the 2 allowed forms; closest (form 1): city: missing (required)",
    });
    const oneOf = { type: "object", oneOf: [{ required: ["city"] }, { required: ["zip"] }] };
    expect(both(oneOf, { city: "Lagos", zip: "" }, present)).toStrictEqual({ ok: true });
    expect(both(oneOf, { city: "Lagos", zip: "" }, {})).toMatchObject({
      message:
        "invalid arguments: arguments: matches more than one of the allowed forms (forms 1, 2); it must match exactly one",
    });
  });

  it("reads not's required list the same way: a blank property is absent", () => {
    const schema = { type: "object", not: { required: ["debug"] } };
    expect(both(schema, { debug: "" }, present)).toStrictEqual({ ok: true });
    expect(both(schema, { debug: "" }, {})).toMatchObject({
      message: "invalid arguments: arguments: matches a form that is not allowed here",
    });
    expect(both(schema, { debug: "on" }, present)).toMatchObject({
      message: "invalid arguments: arguments: matches a form that is not allowed here",
    });
  });

  it("leaves dependentRequired to the keys: it is no required list", () => {
    const schema = { type: "object", dependentRequired: { from: ["to"] } };
    expect(both(schema, { from: "", to: "" }, extended)).toStrictEqual({ ok: true });
    expect(both(schema, { from: "" }, extended)).toMatchObject({
      message: "invalid arguments: to: missing (required when from is present)",
    });
  });
});

describe("presentRequired as an option", () => {
  it("is checked like the others", () => {
    expect(() => compile(weather, { presentRequired: "yes" } as never)).toThrow(
      new TypeError("tool-input-schema: options.presentRequired must be a boolean"),
    );
    const bad = {
      ok: false,
      kind: "validation",
      message: "invalid options: options.presentRequired must be a boolean",
    };
    expect(validate(weather, {}, { presentRequired: 1 } as never)).toMatchObject(bad);
    expect(validateSchema(weather, { presentRequired: null } as never)).toMatchObject(bad);
    expect(validateSchema(weather, present)).toStrictEqual({ ok: true });
    expect(validateSchema({ type: "object", allOf: [{ required: ["a"] }] }, present)).toMatchObject({
      ok: false,
      kind: "unsupported_capability",
    });
  });

  it("keys the validators validate() keeps: the same schema answers by the options of each call", () => {
    const schema = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
    const text = JSON.stringify(schema);
    for (let i = 0; i < 3; i++) {
      expect(validate(schema, { q: "" })).toStrictEqual({ ok: true });
      expect(validate(schema, { q: "" }, present)).toStrictEqual(missing("q"));
      expect(validate(JSON.parse(text), { q: " " }, present)).toStrictEqual(missing("q"));
      expect(validate(JSON.parse(text), { q: " " })).toStrictEqual({ ok: true });
      expect(validate(schema, { q: "" }, { schemaKey: "present-test@1" })).toStrictEqual({ ok: true });
      expect(validate(schema, { q: "" }, { ...present, schemaKey: "present-test@1" })).toStrictEqual(missing("q"));
    }
  });
});

describe("presentRequired in catalogs and MCP guards", () => {
  const tools = [{ name: "weather", inputSchema: weather }];
  const refused = (text: string) => ({ content: [{ type: "text", text }], isError: true });

  it("applies to every tool of a catalog published with it", () => {
    const catalog = new Catalog();
    expect(catalog.publish(tools, present)).toEqual({ ok: true, tools: 1, refused: [] });
    expect(catalog.validate("weather", { city: "\u00a0", units: "metric" })).toStrictEqual(missing("city"));
    expect(catalog.validateJson("weather", '{"city": null, "units": ""}')).toStrictEqual(missing("city", "units"));
    expect(catalog.validate("weather", { city: "Évora", units: "metric" })).toStrictEqual({ ok: true });
    const plain = new Catalog();
    plain.publish(tools);
    expect(plain.validate("weather", { city: "", units: "metric" })).toStrictEqual({ ok: true });
    expect(() => new Catalog().publish(tools, { presentRequired: "on" } as never)).toThrow(
      new TypeError("tool-input-schema: options.presentRequired must be a boolean"),
    );
  });

  it("guardToolHandler refuses a blank required argument of a catalog published with it, and never runs the handler", async () => {
    const catalog = new Catalog();
    catalog.publish(tools, { ...present, mode: "passthrough" });
    const handler = vi.fn(() => ({ content: [] }));
    const guarded = guardToolHandler(catalog, handler);
    for (let i = 0; i < HOT_AFTER_CALLS + 2; i++) {
      expect(
        await guarded({ params: { name: "weather", arguments: { city: "  ", units: "metric" } } }, undefined),
      ).toEqual(refused("invalid arguments: city: missing (required)"));
    }
    expect(handler).not.toHaveBeenCalled();
    expect(
      await guarded({ params: { name: "weather", arguments: { city: "Beja", units: "metric" } } }, undefined),
    ).toEqual({ content: [] });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("guardClient takes the option and answers a blank required argument itself", async () => {
    const client = {
      listTools: vi.fn(async () => ({ tools })),
      callTool: vi.fn(async (_params: unknown) => ({ content: [{ type: "text", text: "sent" }] })),
      setNotificationHandler: vi.fn(),
    };
    const guarded = await guardClient(client, present);
    for (let i = 0; i < HOT_AFTER_CALLS + 2; i++) {
      expect(await guarded.callTool({ name: "weather", arguments: { city: "Sines", units: "" } })).toEqual(
        refused("invalid arguments: units: missing (required)"),
      );
    }
    expect(client.callTool).not.toHaveBeenCalled();
    expect(await guarded.callTool({ name: "weather", arguments: { city: "Sines", units: "metric" } })).toEqual({
      content: [{ type: "text", text: "sent" }],
    });
    const plain = await guardClient(client);
    expect(await plain.callTool({ name: "weather", arguments: { city: "", units: "metric" } })).toEqual({
      content: [{ type: "text", text: "sent" }],
    });
    expect(client.callTool).toHaveBeenCalledTimes(2);
  });
});

describe("the work of the emptiness test", () => {
  it("counts the characters it reads, as a read of a whole string is counted", () => {
    startPass();
    expect(isBlank(" ".repeat(10_000_000))).toBe(true);
    // Ten million characters, sixteen a step (src/runtime/work-costs.ts, CHARACTERS_PER_STEP).
    expect(pass.spent).toBe(625_000);
    startPass();
    expect(isBlank(`${" ".repeat(160)}x${" ".repeat(10_000_000)}`)).toBe(false);
    expect(pass.spent).toBe(10);
    startPass();
    expect([isBlank(null), isBlank(""), isBlank(0), isBlank(false), isBlank([]), isBlank({})]).toStrictEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(pass.spent).toBe(0);
  });

  it("a 10 MB string of spaces read by many required lists runs out of work on both tiers", () => {
    const branches = (n: number) => ({
      type: "object",
      anyOf: Array.from({ length: n }, (_, i) => ({ required: ["a"], minProperties: 0, description: `form ${i}` })),
    });
    const spaces = { a: " ".repeat(10_000_000) };
    const many = compile(branches(12), { ...extended });
    const few = compile(branches(2), { ...extended });
    // The first calls run the closures, the later ones the generated code.
    for (let i = 0; i < HOT_AFTER_CALLS + 2; i++) {
      expect(many.validate(spaces)).toEqual(outOfWork(spaces));
      expect(few.validate(spaces)).toMatchObject({
        ok: false,
        kind: "validation",
        message:
          "invalid arguments: arguments: does not match any of the 2 allowed forms; closest (form 1): a: missing (required)",
      });
    }
  });
});

describe("the generated code under presentRequired", () => {
  const options = readOptions(present) as CompileOptions;
  const extendedOptions = readOptions(extended) as CompileOptions;

  it("the fast check refuses a blank required property of the arguments object, at the root and in a function that meets it", () => {
    const fast = (schema: unknown, opts: CompileOptions) =>
      generateFastCheck(schema, opts, compileSchema(schema, opts), "any")!;
    const plain = fast(weather, options);
    expect(
      [
        { city: "", units: "metric" },
        { city: null, units: "metric" },
        { city: "x", units: "metric" },
        { city: 0, units: "metric" },
      ].map(plain),
    ).toStrictEqual([false, false, true, false]);
    const viaRef = {
      type: "object",
      $ref: "#/$defs/p",
      $defs: {
        p: { type: "object", properties: { c: { type: "string" }, n: { $ref: "#/$defs/p" } }, required: ["c"] },
      },
    };
    const byRef = fast(viaRef, extendedOptions);
    expect([{ c: " " }, { c: "x", n: { c: " " } }, { c: "x", n: { c: "x", n: {} } }].map(byRef)).toStrictEqual([
      false,
      true,
      false,
    ]);
    const viaBranch = { type: "object", anyOf: [{ required: ["a"] }, { required: ["b"] }] };
    expect(
      [
        { a: "", b: "\t" },
        { a: "", b: "x" },
      ].map(fast(viaBranch, options)),
    ).toStrictEqual([false, true]);
  });

  const isReadableJson = (value: unknown) => {
    try {
      return findNonJson(value) === null;
    } catch {
      return false;
    }
  };
  /** Arguments whose properties are often blank, null or the other present values that look empty. */
  const blankish = fc.constantFrom<unknown>(
    "",
    " ",
    "\t\n",
    "\u3000",
    "\ufeff",
    " ".repeat(40),
    null,
    0,
    false,
    [],
    {},
    "x",
  );
  const args = fc.dictionary(key, fc.oneof({ weight: 3, arbitrary: blankish }, { weight: 1, arbitrary: anyValue }), {
    maxKeys: 5,
  });

  /** Subschemas that apply to the arguments object itself: required lists beside properties. */
  const branch = fc.record(
    {
      required: fc.uniqueArray(key, { maxLength: 3 }),
      properties: fc.dictionary(key, schemaArbitrary(true, key, 2, true), { maxKeys: 2 }),
    },
    { requiredKeys: ["required"] },
  );
  /** Root schemas, some with root-level compositions or a `$ref` of such branches (extended profile, most of them). */
  const roots = fc
    .tuple(
      rootSchemaArbitrary(true, key, true),
      fc.option(
        fc.tuple(
          fc.constantFrom("allOf", "anyOf", "oneOf", "not", "$ref"),
          fc.array(branch, { minLength: 1, maxLength: 3 }),
        ),
        { nil: undefined },
      ),
    )
    .map(([root, applied]) => {
      if (applied === undefined) return root;
      const [keyword, branches] = applied;
      if (keyword === "not") return { ...(root as object), not: branches[0] };
      if (keyword === "$ref")
        return {
          ...(root as object),
          $ref: "#/$defs/d0",
          $defs: { d0: { ...branches[0], properties: { ...branches[0].properties, n: { $ref: "#/$defs/d0" } } } },
        };
      return { ...(root as object), [keyword]: branches };
    });

  it("gives the closures' results on random schemas and arguments, in both profiles", () => {
    fc.assert(
      fc.property(roots, fc.boolean(), fc.array(args, { minLength: 1, maxLength: 6 }), (schema, isExtended, calls) => {
        const opts: Options = isExtended ? extended : present;
        if (!validateSchema(schema, opts).ok) return;
        const warm = hot(schema, opts);
        for (const call of calls) expect(warm.validate(call)).toStrictEqual(compile(schema, opts).validate(call));
      }),
      { seed: testSeed(4545), numRuns: 400 },
    );
  });

  it("the explaining pass finds the closures' problems and counts their work, unit for unit", () => {
    fc.assert(
      fc.property(roots, fc.array(args, { minLength: 1, maxLength: 6 }), (schema, calls) => {
        const compiled = compileSchema(schema, extendedOptions);
        if (compiled.check === null) return;
        const generated = generateExplainer(schema, extendedOptions, compiled)!;
        for (const call of calls.filter(isReadableJson))
          expect(explained(generated, call)).toStrictEqual(explained(compiled.check, call));
      }),
      { seed: testSeed(4646), numRuns: 400 },
    );
  });
});
