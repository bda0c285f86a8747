// What a failure may cost in text: names from the schema are cut in
// messages, and the issues under long property names stop at a bound.
import { describe, expect, it } from "vitest";
import { validate, type Issue } from "../../src/index";
import { MAX_ISSUE_TEXT } from "../../src/explain/failure";

describe("names from the schema in messages", () => {
  const long = "n".repeat(1_000_000);
  const cut = `${"n".repeat(59)}…`;

  it("are cut to 60 characters where additionalProperties lists the allowed ones", () => {
    const result = validate(
      { type: "object", properties: { [`${long}1`]: {}, short: {} }, additionalProperties: false },
      { x: 1 },
    );
    expect(result).toMatchObject({
      ok: false,
      message: `invalid arguments: x: unexpected property; allowed: ${cut}, short`,
    });
  });

  it("are cut to 60 characters where dependentRequired names its key", () => {
    const names = Array.from({ length: 1000 }, (_, i) => `m${i}`);
    const result = validate(
      { type: "object", dependentRequired: { [long]: names } },
      { [long]: 1 },
      { profile: "extended" },
    );
    expect(result).toMatchObject({ ok: false, kind: "validation" });
    const issues = (result as { issues: Issue[] }).issues;
    expect(issues[0].message).toBe(`m0: missing (required when ${cut} is present)`);
    expect((result as { message: string }).message.length).toBeLessThan(1000);
    // Ajv's params name the key whole: each issue would write out its megabyte, so the text bound keeps the first alone.
    expect(issues.map((issue) => issue.params.property === long && issue.params.missingProperty)).toEqual(["m0"]);
  });
});

describe("problems deep under long property names", () => {
  it("keep issues up to 1 MiB of text together and count the rest exactly", () => {
    let schema: Record<string, unknown> = { additionalProperties: { type: "string" } };
    for (let i = 0; i < 20; i++) schema = { additionalProperties: schema };
    const leaf = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    let args: Record<string, unknown> = leaf;
    for (let i = 0; i < 20; i++) args = { [String.fromCharCode(97 + i).repeat(10_000)]: args };
    const result = validate({ ...schema, type: "object" }, args);
    expect(result).toMatchObject({ ok: false, kind: "validation" });
    const { issues, message } = result as {
      issues: { instancePath: string; schemaPath: string; message: string }[];
      message: string;
    };
    const text = issues.map((issue) => issue.instancePath.length + issue.schemaPath.length + issue.message.length);
    // Each issue holds its 200,000-character pointer: a few are kept, not 100.
    expect(issues.length).toBeGreaterThan(1);
    expect(issues.length).toBeLessThan(10);
    expect(text.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(MAX_ISSUE_TEXT);
    expect(
      message.endsWith(
        `k${issues.length - 1}: expected a string, got a number (${issues.length - 1}) (and ${100 - issues.length} more problems)`,
      ),
    ).toBe(true);
  });
});
