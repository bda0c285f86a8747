// The validators under comparison, each behind the same two calls:
// compile(schema) → compiled, and the answer of one compiled validation.
import { createRequire } from "module";
import path from "path";

const require = createRequire(import.meta.url);

/** Our build: lib/ of this checkout, or another one (BENCH_LIB=/other/lib/index.js) to compare two builds. */
export const oursPath = process.env.BENCH_LIB
  ? path.resolve(process.env.BENCH_LIB)
  : require.resolve("../lib/index.js");
export const ours = require(oursPath);
// Ajv as `bench` sets it up, from this checkout's lib/.
const ajvSetUp = require("../lib/cli/bench-ajv.js");
const { Validator: CfValidator } = require("@cfworker/json-schema");

export const versions = {
  ajv: require("ajv/package.json").version,
  cfworker: require("@cfworker/json-schema/package.json").version,
};

/** RE2 (node-re2) when installed, else null: it builds from source for minutes, so it is optional. */
export const RE2 = (() => {
  try {
    const resolved = require.resolve("re2");
    const re2 = require(resolved);
    versions.re2 = require(require.resolve("re2/package.json")).version;
    return re2;
  } catch {
    return null;
  }
})();

/**
 * An Ajv 2020-12 instance as a gateway would configure it (src/cli/bench-ajv.ts:
 * `strict: false`, formats not asserted, the draft-07 meta-schema added, because
 * MCP servers built on zod declare `"$schema": "…draft-07/schema#"`), with RE2
 * for its patterns when `re2`.
 */
export function newAjv({ allErrors = false, re2 = false } = {}) {
  return ajvSetUp.newAjv({ allErrors, regExp: re2 ? RE2 : undefined });
}

/** @cfworker/json-schema, 2020-12, stopping at the first error. It has no switch for `format`: known formats are asserted. */
export function newCfworker(schema) {
  return new CfValidator(schema, "2020-12", true);
}

/**
 * A function telling why each validator refuses a schema, or null when all
 * accept it. One Ajv instance serves every check (its meta-schema compiles
 * once); each schema is removed again after compiling.
 */
export function refusalCheck() {
  const ajv = newAjv();
  return (schema, options) => {
    const why = {};
    const preflight = ours.validateSchema(schema, options);
    if (!preflight.ok) why.ours = preflight.message;
    const copy = structuredClone(schema);
    try {
      ajv.compile(copy);
    } catch (error) {
      why.ajv = error.message;
    }
    ajv.removeSchema(copy);
    try {
      newCfworker(structuredClone(schema));
    } catch (error) {
      why.cfworker = error.message;
    }
    return Object.keys(why).length === 0 ? null : why;
  };
}

/** "Touching every value once": the floor any validator pays to look at the arguments. */
export function walk(value) {
  if (typeof value !== "object" || value === null) return 1;
  let n = 1;
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) n += walk(value[i]);
  else for (const key in value) n += walk(value[key]);
  return n;
}
