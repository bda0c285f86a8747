// A schema is read when it is compiled, and never again: the copy made at
// compile (bounded, never blown up), schemas that answer differently when
// read twice, schemas changed after compile.
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { Catalog, compile, validate, validateSchema } from "../../src/index";
import { MAX_SCHEMA_TEXT } from "../../src/compile/bounds";
import { ownJsonText, schemaText } from "../../src/api/own-json";
import { answers } from "../support/answers";

describe("the schema copy made at compile", () => {
  // One 1 MiB string at 300 places is 300 values, far under the bound on a
  // schema's values, and 1 MiB in memory. Its JSON text is 300 MiB, and the
  // copy parsed from it would hold 300 distinct strings, which the validator
  // would keep: six such tools in one Catalog.publish would abort a process
  // with a 2 GiB heap. Past MAX_SCHEMA_TEXT there is no copy.
  it("a schema that holds one long string at many places is not blown up into a copy of every place", () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const long = "x".repeat(2 ** 20);
    const schema = { type: "object", properties: { a: { enum: Array.from({ length: 300 }, () => long) } } };
    gc();
    const before = process.memoryUsage().heapUsed;
    const validator = compile(schema, { profile: "extended" });
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    expect(validator.validate({ a: long }).ok).toBe(true);
    // The schema itself is 1 MiB; its validator should not keep 300 times that.
    expect(kept).toBeLessThan(64 * 2 ** 20);
  });

  // 27 objects in memory, 2^26 subschemas written out: refused once compiling
  // them passes the schema's compile share. Its copy stops at MAX_SCHEMA_TEXT characters, long before the
  // bound on values (which it would reach after 10,000,000), and compiling
  // then reads the schema itself.
  it("a small DAG schema that is huge written out has no copy, and is refused at the compile share", () => {
    let node: unknown = { type: "string" };
    for (let i = 0; i < 26; i++) node = { anyOf: [node, node] };
    const schema = { type: "object", properties: { a: node } };
    let counted = 0;
    expect(ownJsonText(schema, (values) => (counted += values), MAX_SCHEMA_TEXT)).toBeUndefined();
    expect(counted).toBeLessThan(MAX_SCHEMA_TEXT);
    expect(schemaText(schema)).toBeUndefined();
    expect(validateSchema(schema)).toMatchObject({ ok: false, kind: "unsupported_capability" });
    expect(() => compile(schema)).toThrow(/compiling the schema would cost more than/);
  }, 30_000);

  // A schema holding a bigint has no JSON text, so it is compiled as it is.
  // Compiling reads the root's `required` twice: once for the keyword, once
  // for presentRequired's list of names whose blank values the explaining
  // pass skips. A getter that answers [] and then ["a"] makes the fast check
  // fail `{ a: " " }` on minLength, and the explaining pass skip that check.
  it("a schema read twice while compiling cannot make the explaining pass skip a value its required list never named", () => {
    const schema = () => {
      let reads = 0;
      const root: Record<string, unknown> = {
        type: "object",
        properties: { a: { type: "string", minLength: 5, default: 1n } },
      };
      Object.defineProperty(root, "required", { enumerable: true, get: () => (reads++ === 0 ? [] : ["a"]) });
      return root;
    };
    const validator = compile(schema(), { profile: "extended", presentRequired: true });
    expect(validator.validate({ a: "xy" }).ok).toBe(false);
    expect(answers(validator, () => ({ a: " " }))).toEqual(Array(12).fill(false));
    expect(validate(schema(), { a: " " }, { profile: "extended", presentRequired: true }).ok).toBe(false);
  });

  // resolveRef finds a non-enumerable own property (Object.hasOwn), which the
  // copy's JSON text leaves out: validateSchema, which checks the schema
  // itself, accepts what compile() (the copy) refuses.
  it("preflight and compile agree on a $ref to a non-enumerable property", () => {
    const schema = () => {
      const defs = {};
      Object.defineProperty(defs, "x", { value: { type: "string" }, enumerable: false });
      return { type: "object", $defs: defs, properties: { a: { $ref: "#/$defs/x" } } };
    };
    const preflight = validateSchema(schema(), { profile: "extended" }).ok;
    let compiled = true;
    try {
      compile(schema(), { profile: "extended" });
    } catch {
      compiled = false;
    }
    expect(compiled).toBe(preflight);
    const published = new Catalog().publish([{ name: "t", inputSchema: schema() }], { profile: "extended" });
    expect(published.ok).toBe(preflight);
  });
});

describe("compile once", () => {
  it("a validator turning hot does not read the schema again (a schema changed after compile changes nothing)", () => {
    const schema = {
      type: "object",
      required: ["city"] as string[],
      properties: { n: { type: "integer" } as Record<string, unknown> },
    };
    const validator = compile(schema);
    expect(validator.validate({ n: "x" }).ok).toBe(false);
    schema.required.pop();
    schema.properties.n.type = "string";
    for (let i = 0; i < 12; i++) expect(validator.validate({ n: "x" }).ok).toBe(false);
  });

  it("a published catalog does not read a tool's schema again when it turns hot", () => {
    const tools = { tools: [{ name: "t", inputSchema: { type: "object", required: ["city"] } }] };
    const catalog = new Catalog();
    expect(catalog.publish(tools).ok).toBe(true);
    tools.tools[0].inputSchema.required.length = 0;
    for (let i = 0; i < 12; i++) expect(catalog.validate("t", {}).ok).toBe(false);
  });

  it("a schema getter is read at compile time only", () => {
    let reads = 0;
    const schema = {
      type: "object",
      get required() {
        return reads++ === 0 ? ["city"] : [];
      },
    };
    const validator = compile(schema);
    for (let i = 0; i < 12; i++) expect(validator.validate({}).ok).toBe(false);
  });
});
