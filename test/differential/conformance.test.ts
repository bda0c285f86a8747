import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile, validateSchema } from "../../src/index";
import { HOT_AFTER_CALLS } from "../../src/validate/validator";
import { SUPPORTED, type Support } from "../support/conformance-support";

/**
 * The official JSON-Schema-Test-Suite (draft 2020-12), from the copy in
 * test/conformance-suite/ (its README says which commit). Which groups each
 * profile supports is written in test/support/conformance-support.ts. Each
 * case is wrapped under an object root:
 * {"type":"object","properties":{"v":S},"required":["v"]}.
 */
interface Group {
  file: string;
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

const SUITE = path.join(__dirname, "..", "conformance-suite", "tests", "draft2020-12");
const files = readdirSync(SUITE, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".json"))
  .sort();
const groups: Group[] = files.flatMap((file) =>
  (JSON.parse(readFileSync(path.join(SUITE, file), "utf8")) as Omit<Group, "file">[]).map((group) => ({
    ...group,
    file,
  })),
);

const wrap = (schema: unknown) => ({ type: "object", properties: { v: schema }, required: ["v"] });
const name = (group: Group) => `${group.file}: ${group.description}`;
const support = (group: Group): Support | undefined => SUPPORTED[group.file]?.[group.description];

// Every place draft 2020-12 has subschemas: a single one, a list, or a map of them.
const ONE = [
  "items",
  "additionalProperties",
  "not",
  "propertyNames",
  "contains",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "additionalItems",
  "contentSchema",
];
const LIST = ["prefixItems", "allOf", "anyOf", "oneOf", "items"];
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The case's schema with its JSON-Pointer `$ref`s (`#`, `#/…`) rebased under
 * the wrapping: `#` would otherwise mean the wrapper. Only `$ref`s at
 * subschema places change; a `$ref` inside a value (an `enum` choice) stays.
 * The core profile refuses `$ref`, so this matters to the extended profile.
 */
function rebase(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = { ...schema };
  if (typeof out.$ref === "string" && (out.$ref === "#" || out.$ref.startsWith("#/")))
    out.$ref = `#/properties/v${out.$ref.slice(1)}`;
  for (const key of ONE) if (key in out && !Array.isArray(out[key])) out[key] = rebase(out[key]);
  for (const key of LIST) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(rebase);
  for (const key of MAP) {
    const members = out[key];
    if (isObject(members))
      out[key] = Object.fromEntries(Object.entries(members).map(([member, sub]) => [member, rebase(sub)]));
  }
  return out;
}

describe("the copied suite and the table of supported groups", () => {
  it("holds the suite's draft 2020-12 files and the optional ones the subset touches", () => {
    expect(files.filter((file) => file.startsWith("optional"))).toEqual([
      "optional/bignum.json",
      "optional/ecmascript-regex.json",
      "optional/float-overflow.json",
      "optional/no-schema.json",
      "optional/non-bmp-regex.json",
    ]);
    expect({
      files: files.length,
      groups: groups.length,
      tests: groups.reduce((sum, group) => sum + group.tests.length, 0),
    }).toEqual({
      files: 51,
      groups: 414,
      tests: 1398,
    });
  });

  it("names only groups the suite has, each once", () => {
    const names = new Set(groups.map(name));
    expect(names.size).toBe(groups.length);
    const listed = Object.entries(SUPPORTED).flatMap(([file, described]) =>
      Object.keys(described).map((description) => `${file}: ${description}`),
    );
    expect(listed.filter((group) => !names.has(group))).toEqual([]);
  });
});

const PROFILES = [
  {
    profile: "core",
    supports: (group: Group) => support(group) === "core",
    schemaOf: (group: Group) => group.schema,
    groups: 118,
    tests: 499,
  },
  {
    profile: "extended",
    supports: (group: Group) => support(group) !== undefined,
    schemaOf: (group: Group) => rebase(group.schema),
    groups: 228,
    tests: 906,
  },
] as const;

describe.each(PROFILES)(
  "JSON-Schema-Test-Suite 2020-12, profile $profile",
  ({ profile, supports, schemaOf, groups: groupCount, tests: testCount }) => {
    const options = { profile };
    const supported = groups.filter(supports);
    const unsupported = groups.filter((group) => !supports(group));

    it(`supports ${groupCount} groups, ${testCount} tests`, () => {
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
            expect({ test: test.description, answers }).toEqual({
              test: test.description,
              answers: [test.valid, test.valid],
            });
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
  },
);
