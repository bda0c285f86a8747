import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile, validateSchema } from "../src/index";

/**
 * The official JSON-Schema-Test-Suite (draft 2020-12), tagged by whether the
 * subset supports each group (../shared/conformance/README.md). Each case is
 * wrapped under an object root: {"type":"object","properties":{"v":S},"required":["v"]}.
 */
interface Group {
  file: string;
  description: string;
  schema: unknown;
  supported: boolean;
  tests: { description: string; data: unknown; valid: boolean }[];
}

const CORPUS = path.join(__dirname, "..", "..", "shared", "conformance", "jsts-2020-12.json");
const groups: Group[] = existsSync(CORPUS) ? JSON.parse(readFileSync(CORPUS, "utf8")) : [];

const wrap = (schema: unknown) => ({ type: "object", properties: { v: schema }, required: ["v"] });
const name = (group: Group) => `${group.file.replace("tests/draft2020-12/", "")}: ${group.description}`;

describe.skipIf(groups.length === 0)("JSON-Schema-Test-Suite 2020-12", () => {
  const supported = groups.filter((group) => group.supported);
  const unsupported = groups.filter((group) => !group.supported);

  it("has the tagged corpus", () => {
    expect(supported.length).toBe(118);
    expect(supported.reduce((sum, group) => sum + group.tests.length, 0)).toBe(499);
  });

  describe("supported groups pass exactly", () => {
    for (const group of supported) {
      it(name(group), () => {
        const validator = compile(wrap(group.schema));
        for (const test of group.tests) {
          const result = validator.validate({ v: test.data });
          expect({ test: test.description, ok: result.ok }).toEqual({ test: test.description, ok: test.valid });
        }
      });
    }
  });

  describe("unsupported groups are refused as schema errors", () => {
    for (const group of unsupported) {
      it(name(group), () => {
        const result = validateSchema(wrap(group.schema));
        expect(result.ok).toBe(false);
        expect(() => compile(wrap(group.schema))).toThrow();
      });
    }
  });
});

if (groups.length === 0) {
  console.log(`conformance: skipped, corpus not found at ${CORPUS}`);
}
