import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile, validateSchema } from "../src/index";
import { HOT_AFTER_CALLS } from "../src/validate/validator";

/**
 * The official JSON-Schema-Test-Suite (draft 2020-12), tagged by whether the
 * subset supports each group (../shared/conformance/README.md). Each case is
 * wrapped under an object root: {"type":"object","properties":{"v":S},"required":["v"]}.
 */
interface Group {
  file: string;
  description: string;
  schema: unknown;
  /** The schema with its `$ref`s rebased under the wrapping, where it has any. */
  extendedSchema?: unknown;
  supported: boolean;
  extendedSupported: boolean;
  tests: { description: string; data: unknown; valid: boolean }[];
}

const CORPUS = path.join(__dirname, "..", "..", "shared", "conformance", "jsts-2020-12.json");
const found = existsSync(CORPUS);
const groups: Group[] = found ? JSON.parse(readFileSync(CORPUS, "utf8")) : [];

const wrap = (schema: unknown) => ({ type: "object", properties: { v: schema }, required: ["v"] });
const name = (group: Group) => `${group.file.replace("tests/draft2020-12/", "")}: ${group.description}`;

const PROFILES = [
  { profile: "core", schemaOf: (group: Group) => group.schema, supported: (group: Group) => group.supported, groups: 118, tests: 499 },
  { profile: "extended", schemaOf: (group: Group) => group.extendedSchema ?? group.schema, supported: (group: Group) => group.extendedSupported, groups: 216, tests: 852 },
] as const;

describe.runIf(found).each(PROFILES)("JSON-Schema-Test-Suite 2020-12, profile $profile", ({ profile, schemaOf, supported: isSupported, groups: groupCount, tests: testCount }) => {
  const options = { profile };
  const supported = groups.filter(isSupported);
  const unsupported = groups.filter((group) => !isSupported(group));

  it("has the tagged corpus", () => {
    expect(supported.length).toBe(groupCount);
    expect(supported.reduce((sum, group) => sum + group.tests.length, 0)).toBe(testCount);
  });

  describe("supported groups pass exactly", () => {
    for (const group of supported) {
      it(name(group), () => {
        // A fresh validator answers with its closures; a hot one with its
        // generated code (validator.ts): both must give the suite's answers.
        const cold = compile(wrap(schemaOf(group)), options);
        const hot = compile(wrap(schemaOf(group)), options);
        for (let i = 0; i < HOT_AFTER_CALLS; i++) hot.validate({ v: group.tests[0].data });
        for (const test of group.tests) {
          const answers = [cold, hot].map((validator) => validator.validate({ v: test.data }).ok);
          expect({ test: test.description, answers }).toEqual({ test: test.description, answers: [test.valid, test.valid] });
        }
      });
    }
  });

  describe("unsupported groups are refused as schema errors", () => {
    for (const group of unsupported) {
      it(name(group), () => {
        const result = validateSchema(wrap(schemaOf(group)), options);
        expect(result.ok).toBe(false);
        expect(() => compile(wrap(schemaOf(group)), options)).toThrow();
      });
    }
  });
});

// A run without the corpus has not checked conformance. Under CI that is a
// failure, not a skip: a skipped suite reads as a green run. A checkout
// without ../shared/ beside it may skip, and the skipped test's name says why.
// (A corpus that is present but empty or short fails "has the tagged corpus".)
if (!found) {
  const missing = `the conformance corpus is missing: it was looked for at ${CORPUS}`;
  if (process.env.CI === "true") {
    it("JSON-Schema-Test-Suite 2020-12: the corpus is present", () => {
      expect.fail(`${missing} (CI=true: the suite must run)`);
    });
  } else {
    it.skip(`JSON-Schema-Test-Suite 2020-12: skipped outside CI, ${missing}`, () => {});
    console.log(`conformance: skipped, corpus not found at ${CORPUS}`);
  }
}
