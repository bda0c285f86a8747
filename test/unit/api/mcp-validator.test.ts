import { describe, expect, it } from "vitest";
import { ToolInputSchemaValidator } from "../../../src/index";
import { cacheUse } from "../../../src/api/cache";

/*
 * The MCP SDKs' validator provider (src/api/mcp-validator.ts), on its own;
 * test/unit/api/frameworks.test.ts runs it inside the SDKs' clients.
 */

const forecast = {
  type: "object",
  title: "Forecast",
  properties: { temperature: { type: "number", title: "Temperature" } },
  required: ["temperature"],
};

describe("ToolInputSchemaValidator", () => {
  it("answers as the SDKs' providers do: the input itself when valid, the one-line message when not", () => {
    const check = new ToolInputSchemaValidator().getValidator<{ temperature: number }>(forecast);
    const input = { temperature: 3 };
    const valid = check(input);
    expect(valid).toEqual({ valid: true, data: input, errorMessage: undefined });
    expect(valid.data).toBe(input);
    expect(check({ temperature: "hot" })).toEqual({
      valid: false,
      data: undefined,
      errorMessage: 'invalid arguments: temperature: expected a number, got a string ("hot")',
    });
  });

  it('uses the extended profile unless told otherwise: output and elicitation schemas carry "title" on every node', () => {
    expect(new ToolInputSchemaValidator().getValidator(forecast)({ temperature: 1 })).toMatchObject({ valid: true });
    expect(new ToolInputSchemaValidator({ profile: "core" }).getValidator(forecast)({ temperature: 1 })).toEqual({
      valid: false,
      data: undefined,
      errorMessage:
        'unsupported schema: #/title: keyword "title" is not supported (profile: "extended" supports it); #/properties/temperature/title: keyword "title" is not supported (profile: "extended" supports it)',
    });
  });

  it("takes compile's other options", () => {
    expect(
      new ToolInputSchemaValidator({ lenientScalars: true }).getValidator(forecast)({ temperature: "3" }),
    ).toMatchObject({ valid: true });
  });

  it("fails every input of a schema it refuses with the refusal, and never throws, whatever the schema", () => {
    const hostile = [
      null,
      1,
      "schema",
      { type: "string" },
      { type: "object", if: {} },
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error("no keys");
          },
        },
      ),
    ];
    for (const schema of hostile) {
      const check = new ToolInputSchemaValidator().getValidator(schema);
      for (const input of [{}, null, { temperature: 1 }])
        expect(check(input)).toMatchObject({
          valid: false,
          data: undefined,
          errorMessage: expect.stringMatching(/^(invalid|unsupported) schema: /),
        });
    }
  });

  it("compiles a schema once: the SDK asks again on every tools/list", () => {
    const provider = new ToolInputSchemaValidator();
    const schema = { type: "object", properties: { unique: { const: "mcp-validator.test" } } };
    const before = cacheUse().schemas;
    provider.getValidator(schema);
    expect(cacheUse().schemas).toBe(before + 1);
    provider.getValidator(schema);
    provider.getValidator(JSON.parse(JSON.stringify(schema)));
    new ToolInputSchemaValidator().getValidator(schema);
    expect(cacheUse().schemas).toBe(before + 1);
  });

  it("throws a TypeError for bad options, at construction only", () => {
    expect(() => new ToolInputSchemaValidator({ profile: "all" } as never)).toThrow(TypeError);
    expect(() => new ToolInputSchemaValidator({ schemaKey: "k" } as never)).toThrow(TypeError);
  });

  it("works detached: the SDK may keep getValidator alone", () => {
    const { getValidator } = new ToolInputSchemaValidator();
    expect(getValidator(forecast)({ temperature: 2 })).toMatchObject({ valid: true });
  });
});
