// Arguments given as JSON text: the answer is the one for the parsed value,
// and text that is not JSON says where it stops being JSON.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Catalog, compile } from "../../../src/index";
import { HOT_AFTER_CALLS } from "../../../src/validate/validator";
import { argsArbitrary, key, rootSchemaArbitrary } from "../../support/arbitraries";
import { oneIssueFailure } from "../../support/issues";

const notJson = (problem: string) => oneIssueFailure("json", `arguments are not valid JSON: ${problem}`);

describe("validateJson", () => {
  const validator = compile({
    type: "object",
    properties: { path: { type: "string" }, n: { type: "integer" } },
    required: ["path"],
    additionalProperties: false,
  });

  it("answers as validate does for the parsed value", () => {
    expect(validator.validateJson('{"path":"a","n":2}')).toEqual({ ok: true });
    expect(validator.validateJson('{"path":"a","n":2.5}')).toEqual(validator.validate({ path: "a", n: 2.5 }));
    expect(validator.validateJson('{"n":2,"__proto__":1}')).toEqual(
      validator.validate(JSON.parse('{"n":2,"__proto__":1}')),
    );
    expect(validator.validateJson('{"n":2,"__proto__":1}')).toMatchObject({
      ok: false,
      message: "invalid arguments: path: missing (required); __proto__: unexpected property; allowed: path, n",
    });
  });

  it("says where text stops being JSON, by line and column", () => {
    expect(validator.validateJson('{"path": }')).toEqual(notJson("expected a value at line 1 column 10"));
    expect(validator.validateJson('{\n  "path": "a",\n  "n": 2,\n}')).toEqual(
      notJson("expected a property name in double quotes at line 4 column 1"),
    );
    expect(validator.validateJson('{"path":"a"')).toEqual(
      notJson("unexpected end of input, expected ',' or '}' at line 1 column 12"),
    );
    expect(validator.validateJson('{"path":"a"} x')).toEqual(
      notJson("expected the end of the input at line 1 column 14"),
    );
    expect(validator.validateJson("")).toEqual(notJson("unexpected end of input, expected a value at line 1 column 1"));
    expect(validator.validateJson('\uFEFF{"path":"a"}')).toEqual(notJson("a byte-order mark at line 1 column 1"));
  });

  it("refuses what is not text, and text nested past the bound", () => {
    expect(validator.validateJson({ path: "a" } as unknown as string)).toEqual(
      notJson("expected JSON text (a string), got an object"),
    );
    const deep = validator.validateJson(`{"path":"a","n":${"[".repeat(300)}${"]".repeat(300)}}`);
    expect(deep).toMatchObject({
      ok: false,
      kind: "validation",
      message: expect.stringMatching(/: nests deeper than 256 levels$/),
    });
  });

  it("is on the catalog too", () => {
    const catalog = new Catalog();
    catalog.publish([{ name: "read", inputSchema: { type: "object", required: ["path"] } }]);
    expect(catalog.validateJson("read", '{"path":"a"}')).toEqual({ ok: true });
    expect(catalog.validateJson("read", "{}")).toMatchObject({
      ok: false,
      message: "invalid arguments: path: missing (required)",
    });
    expect(catalog.validateJson("write", "{}")).toMatchObject({
      ok: false,
      message: 'unknown tool "write"; the nearest known tools are "read"',
    });
  });

  it("agrees with validate on random schemas and JSON arguments, in both tiers", () => {
    const jsonArgs = argsArbitrary.filter((args) => {
      try {
        return JSON.stringify(JSON.parse(JSON.stringify(args))) === JSON.stringify(args);
      } catch {
        return false;
      }
    });
    fc.assert(
      fc.property(rootSchemaArbitrary(true, key), jsonArgs, (schema, args) => {
        let validator;
        try {
          validator = compile(schema);
        } catch {
          return;
        }
        const text = JSON.stringify(args);
        const parsed = JSON.parse(text);
        for (let call = 0; call <= HOT_AFTER_CALLS; call++)
          expect(validator.validateJson(text)).toEqual(validator.validate(parsed));
      }),
      { numRuns: 300 },
    );
  });
});
