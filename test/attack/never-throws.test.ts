import { beforeAll, describe, expect, it } from "vitest";
import {
  Catalog,
  compile,
  guardClient,
  guardToolHandler,
  SchemaError,
  validate,
  validateSchema,
  violation,
  type GuardedClient,
  type McpClient,
  type Result,
} from "../../src/index";
import { oneIssueFailure } from "../support/issues";

// Every documented entry point, given values that throw when they are read:
// each returns its result (compile throws SchemaError or TypeError, as
// documented), and the message says what was thrown.

const TRAPS = [
  "apply",
  "construct",
  "defineProperty",
  "deleteProperty",
  "get",
  "getOwnPropertyDescriptor",
  "getPrototypeOf",
  "has",
  "isExtensible",
  "ownKeys",
  "preventExtensions",
  "set",
  "setPrototypeOf",
];

function throwingProxy(thrown: unknown): object {
  const trap = () => {
    throw thrown;
  };
  return new Proxy({}, Object.fromEntries(TRAPS.map((name) => [name, trap])));
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function throwingGetter(key: string, thrown: unknown, rest: object = {}): object {
  return Object.defineProperty({ ...rest }, key, {
    enumerable: true,
    get() {
      throw thrown;
    },
  });
}

const UNPRINTABLE = "a value that cannot be shown as text was thrown";

/** What is thrown, and how a message gives it. */
const THROWN: { name: string; value: unknown; reason: string; isProxy?: true }[] = [
  { name: "an Error", value: new Error("boom"), reason: "boom" },
  { name: "a TypeError of two lines", value: new TypeError("first line\nsecond line"), reason: "first line" },
  { name: "an Error with a tab", value: new Error("a\tb"), reason: "a\\u0009b" },
  { name: "a number", value: 1, reason: "1" },
  { name: "a string of 1,000 characters", value: "x".repeat(1000), reason: `${"x".repeat(199)}…` },
  { name: "null", value: null, reason: "null" },
  { name: "undefined", value: undefined, reason: "undefined" },
  { name: "a symbol", value: Symbol("s"), reason: "Symbol(s)" },
  { name: "a null-prototype object", value: Object.create(null), reason: UNPRINTABLE },
  {
    name: "an Error whose message getter throws",
    value: Object.defineProperty(new Error(), "message", {
      get() {
        throw 2;
      },
    }),
    reason: UNPRINTABLE,
  },
  {
    name: "an object whose toString, valueOf and Symbol.toPrimitive throw",
    value: {
      toString: () => {
        throw 3;
      },
      valueOf: () => {
        throw 4;
      },
      [Symbol.toPrimitive]: () => {
        throw 5;
      },
    },
    reason: UNPRINTABLE,
  },
  { name: "a proxy whose every trap throws", value: throwingProxy(6), reason: UNPRINTABLE, isProxy: true },
  { name: "a revoked proxy", value: revokedProxy(), reason: UNPRINTABLE, isProxy: true },
];

type Row = [label: string, value: unknown, reason: string];

/**
 * Each thrown value, thrown by a getter on `key` and by a proxy whose every
 * trap throws; and a revoked proxy, whose reason is the engine's.
 */
function hostile(key: string, revokedReason: string, thrown = THROWN): Row[] {
  return [
    ...thrown.flatMap(({ name, value, reason }): Row[] => [
      [`a getter that throws ${name}`, throwingGetter(key, value), reason],
      [`a proxy whose every trap throws ${name}`, throwingProxy(value), reason],
    ]),
    ["a revoked proxy", revokedProxy(), revokedReason],
  ];
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

const tool = { type: "object", properties: { path: { type: "string" } } };

function schemaFailure(reason: string): Result {
  return oneIssueFailure("schema", `#: the schema could not be read (${reason})`, { lead: "invalid schema: " });
}

function argumentsFailure(reason: string): Result {
  return oneIssueFailure("type", `arguments: could not be read (${reason})`);
}

function optionsFailure(problem: string): Result {
  return oneIssueFailure("options", `invalid options: ${problem}`, { lead: "" });
}

/** A failure as a ToolFailure holds it: without `ok`. */
function toolFailure(result: Result) {
  if (result.ok) throw new Error("expected a failure");
  const { kind, message, issues } = result;
  return { kind, message, issues };
}

function messageOf(result: Result): string {
  if (result.ok) throw new Error("expected a failure");
  return result.message;
}

function refusal(text: string) {
  return { content: [{ type: "text", text }], isError: true };
}

/** A connected client as far as guardClient goes: one tool, and calls answered with "sent". */
function fakeClient(): McpClient {
  return {
    listTools: async () => ({ tools: [{ name: "read", inputSchema: tool }] }),
    callTool: async () => "sent",
    setNotificationHandler: () => undefined,
  };
}

const IS_ARRAY_REVOKED = "Cannot perform 'IsArray' on a proxy that has been revoked";

describe("a schema that throws when read", () => {
  const rows = hostile("type", IS_ARRAY_REVOKED);

  it.each(rows)(
    "%s: validate, violation and validateSchema return the failure, every time",
    (_label, schema, reason) => {
      const failure = schemaFailure(reason);
      expect(validate(schema, {})).toEqual(failure);
      expect(validate(schema, {})).toEqual(failure);
      expect(violation(schema, {})).toBe(messageOf(failure));
      expect(validateSchema(schema)).toEqual(failure);
    },
  );

  it.each(rows)("%s: compile throws SchemaError", (_label, schema, reason) => {
    const error = thrownBy(() => compile(schema));
    expect(error).toBeInstanceOf(SchemaError);
    expect(error).toMatchObject(toolFailure(schemaFailure(reason)));
  });

  it.each(rows)("%s: Catalog.publish refuses the tool, or in passthrough its calls", (_label, schema, reason) => {
    const failure = schemaFailure(reason);
    const catalog = new Catalog();
    expect(catalog.publish([{ name: "t", inputSchema: schema }])).toEqual({
      ok: false,
      message: "not published: 1 of 1 tool refused (t)",
      failures: [{ index: 0, name: "t", ...toolFailure(failure) }],
    });
    expect(catalog.publish([{ name: "t", inputSchema: schema }], { mode: "passthrough" })).toMatchObject({
      ok: true,
      tools: 1,
      refused: [{ index: 0, name: "t" }],
    });
    // The call gets the schema's kind and issues, told that the fault is the schema's.
    const refusedCall = failure.ok
      ? failure
      : {
          ...failure,
          message: `tool "t" cannot be called: the fault is in its schema, not in this call, and retrying will not help (${failure.message})`,
        };
    expect(catalog.validate("t", {})).toEqual(refusedCall);
    expect(catalog.refused()).toEqual([{ index: 0, name: "t", ...toolFailure(failure) }]);
  });
});

describe("arguments that throw when read", () => {
  const rows = hostile("path", IS_ARRAY_REVOKED, THROWN);
  const validator = compile(tool);
  const catalog = new Catalog();
  catalog.publish([{ name: "t", inputSchema: tool }]);

  it.each(rows)(
    "%s: validate, violation, validator.validate and Catalog.validate return the failure",
    (_label, args, reason) => {
      const failure = argumentsFailure(reason);
      expect(validate(tool, args)).toEqual(failure);
      expect(violation(tool, args)).toBe(messageOf(failure));
      expect(validator.validate(args)).toEqual(failure);
      expect(catalog.validate("t", args)).toEqual(failure);
    },
  );
});

describe("options that throw when read", () => {
  const rows = hostile("profile", "Cannot perform 'ownKeys' on a proxy that has been revoked");

  it.each(rows)("%s: validate, violation and validateSchema return the failure", (_label, options, reason) => {
    const failure = optionsFailure(`options could not be read (${reason})`);
    expect(validate(tool, {}, options as never)).toEqual(failure);
    expect(violation(tool, {}, options as never)).toBe(messageOf(failure));
    expect(validateSchema(tool, options as never)).toEqual(failure);
  });

  it.each(rows)("%s: compile, Catalog.publish and guardClient throw TypeError", async (_label, options, reason) => {
    const expected = { constructor: TypeError, message: `tool-input-schema: options could not be read (${reason})` };
    expect(thrownBy(() => compile(tool, options as never))).toMatchObject(expected);
    const catalog = new Catalog();
    catalog.publish([{ name: "kept", inputSchema: tool }]);
    expect(thrownBy(() => catalog.publish([], options as never))).toMatchObject(expected);
    expect(catalog.names()).toEqual(["kept"]);
    expect(await guardClient(fakeClient(), options as never).catch((error: unknown) => error)).toMatchObject(expected);
  });
});

describe("a tool list that throws when read", () => {
  const lists = hostile("tools", IS_ARRAY_REVOKED);
  const descriptors = hostile("name", IS_ARRAY_REVOKED).map(([label, descriptor, reason]): Row => [
    `[${label}]`,
    [descriptor],
    reason,
  ]);

  it.each([...lists, ...descriptors])(
    "%s: Catalog.publish returns the failure and changes nothing",
    (_label, tools, reason) => {
      const catalog = new Catalog();
      catalog.publish([{ name: "kept", inputSchema: tool }]);
      const failure = {
        ok: false,
        message: `not published: the tool list could not be read (${reason})`,
        failures: [],
      };
      expect(catalog.publish(tools)).toEqual(failure);
      expect(catalog.publish(tools, { mode: "passthrough" })).toEqual(failure);
      expect(catalog.names()).toEqual(["kept"]);
    },
  );
});

describe("a tools/call request that throws when read", () => {
  const catalog = new Catalog();
  catalog.publish([{ name: "read", inputSchema: tool }]);
  const handler = guardToolHandler(catalog, () => "ran");
  let guard: GuardedClient<McpClient>;
  beforeAll(async () => {
    guard = await guardClient(fakeClient());
  });

  it.each(hostile("params", "Cannot perform 'get' on a proxy that has been revoked"))(
    "%s as the request: guardToolHandler refuses it",
    async (_label, request, reason) => {
      expect(await handler(request as never, undefined)).toEqual(
        refusal(`the tool call could not be read (${reason})`),
      );
    },
  );

  it.each(hostile("name", "Cannot perform 'get' on a proxy that has been revoked"))(
    "%s as the params: guardToolHandler and guardClient's callTool refuse it",
    async (_label, params, reason) => {
      const refused = refusal(`the tool call could not be read (${reason})`);
      expect(await handler({ params } as never, undefined)).toEqual(refused);
      expect(await guard.callTool(params as never)).toEqual(refused);
    },
  );

  it.each(
    THROWN.map(({ name, value, reason }): Row => [name, throwingGetter("arguments", value, { name: "read" }), reason]),
  )(
    "params whose arguments getter throws %s: guardToolHandler and guardClient's callTool refuse them",
    async (_label, params, reason) => {
      const refused = refusal(`the tool call could not be read (${reason})`);
      expect(await handler({ params } as never, undefined)).toEqual(refused);
      expect(await guard.callTool(params as never)).toEqual(refused);
    },
  );
});

describe("other hostile values", () => {
  it("frozen schemas, arguments and options are read, never changed", () => {
    const frozen = Object.freeze({
      type: "object",
      properties: Object.freeze({ path: Object.freeze({ type: "string" }) }),
    });
    const options = Object.freeze({ profile: "extended" as const });
    expect(validate(frozen, Object.freeze({ path: "a" }), options)).toEqual({ ok: true });
    expect(validate(frozen, Object.freeze({ path: 1 }), options)).toMatchObject({
      ok: false,
      message: "invalid arguments: path: expected a string, got a number (1)",
    });
    const catalog = new Catalog();
    expect(catalog.publish(Object.freeze([Object.freeze({ name: "t", inputSchema: frozen })]), options)).toEqual({
      ok: true,
      tools: 1,
      refused: [],
    });
  });

  it("values whose toString, valueOf and Symbol.toPrimitive throw are data", () => {
    const fail = () => {
      throw 1;
    };
    const value = { toString: fail, valueOf: fail, [Symbol.toPrimitive]: fail };
    expect(violation({ type: "object", ...value }, {})).toBe(
      'unsupported schema: #/toString: keyword "toString" is not supported; #/valueOf: keyword "valueOf" is not supported',
    );
    expect(violation(tool, { path: value })).toBe(
      "invalid arguments: path.toString: got a function (not a JSON value)",
    );
    expect(violation(tool, {}, value as never)).toBe('invalid options: unknown option "toString"');
    const catalog = new Catalog();
    catalog.publish([{ name: "t", inputSchema: tool }]);
    expect(catalog.validate(value, {})).toMatchObject({
      ok: false,
      message: "tool name: expected a string, got an object",
    });
    expect(catalog.publish([{ name: value, inputSchema: tool }])).toMatchObject({
      ok: false,
      message: "not published: 1 of 1 tool refused (tools[0])",
    });
  });

  it("a tool name that is a proxy whose traps throw, or a revoked one", () => {
    const catalog = new Catalog();
    catalog.publish([{ name: "t", inputSchema: tool }]);
    for (const name of [throwingProxy(new Error("boom")), revokedProxy()]) {
      expect(catalog.validate(name, {})).toMatchObject({
        ok: false,
        message: "tool name: expected a string, got a value that cannot be read",
      });
    }
  });

  it("an option with a huge name is named in 60 characters", () => {
    const options = { ["x".repeat(100_000)]: true } as never;
    expect(validate(tool, {}, options)).toEqual(optionsFailure(`unknown option "${"x".repeat(58)}…`));
  });

  it("options that are not an object, a revoked function proxy included", () => {
    const { proxy, revoke } = Proxy.revocable(() => undefined, {});
    revoke();
    expect(validate(tool, {}, proxy as never)).toEqual(optionsFailure("options must be an object"));
    expect(thrownBy(() => compile(tool, 1 as never))).toMatchObject({
      constructor: TypeError,
      message: "tool-input-schema: options must be an object",
    });
  });
});
