import { isObject } from "../assertion";
import { ownValue } from "../../runtime/own-value";
import { sizeBound, valueKeyword, type Claims, type Keyword, type SchemaSite } from "../keyword";
import { treeSize } from "../weight";
import { preview, shortName } from "../../explain/messages";
import { keysOf } from "../../runtime/own-keys";
import { isArguments, isBlank } from "../../runtime/present";
import { acceptAll, checkChild, type Check, type Report } from "../../explain/report";
import { isPlainObject, isSchema, lengthOf } from "../../runtime/shape";
import { charge } from "../../runtime/pass";
import type { Params } from "../../explain/params";

type JsonObject = Record<string, unknown>;

export { isObject };

export const propertiesKeyword: Keyword = {
  name: "properties",
  applies: "object",
  subschemas: "byName",
  weight: (value) => (isPlainObject(value) ? Object.keys(value).length : 0),
  claims: (value) => ({ names: isPlainObject(value) ? Object.keys(value) : [], test: null, words: null }),
  compile(value, site) {
    if (!isPlainObject(value)) {
      site.problem("properties", "must be an object whose values are schemas");
      return null;
    }
    const names = Object.keys(value);
    // A loop, not a closure over `site`: the check below would keep the site alive with it.
    const checks: Check[] = [];
    for (const name of names) checks.push(site.subschema(value[name], "properties", name));
    const { rootRequired } = site;
    if (rootRequired !== null) return presentProperties(names, checks, rootRequired);
    return (v, r) => {
      if (!isObject(v)) return true;
      let ok = true;
      for (let i = 0; i < names.length; i++) {
        const child = ownValue(v, names[i]);
        if (child === undefined || checkChild(checks[i], child, names[i], r)) continue;
        if (r === null) return false;
        ok = false;
      }
      return ok;
    };
  },
};

/**
 * `properties` under presentRequired: a blank property of the arguments
 * object (src/runtime/present.ts) that the root always requires
 * (CompiledSchema.rootRequired) is not checked against its subschema either,
 * as if it were absent: its one problem is the `required` one. Only while
 * explaining: that required list fails the call whatever else holds, so the
 * fast check's answer is no either way, and it reads what the generated
 * fast check reads.
 */
function presentProperties(
  names: readonly string[],
  checks: readonly Check[],
  rootRequired: ReadonlySet<string>,
): Check {
  return (v, r) => {
    if (!isObject(v)) return true;
    const skipBlank = r !== null && isArguments(v);
    let ok = true;
    for (let i = 0; i < names.length; i++) {
      const child = ownValue(v, names[i]);
      const check = checks[i];
      // A `true` subschema has nothing to skip (and src/validate/explainer.ts writes no code for it).
      if (
        child === undefined ||
        (skipBlank && check !== acceptAll && rootRequired.has(names[i]) && isBlank(child)) ||
        checkChild(check, child, names[i], r)
      )
        continue;
      if (r === null) return false;
      ok = false;
    }
    return ok;
  };
}

/** The problem of a required property that is absent. */
const MISSING = "missing (required)";

export const requiredKeyword: Keyword = {
  name: "required",
  applies: "object",
  list: true,
  weight: (value) => (Array.isArray(value) ? lengthOf(value) : 0),
  // The list as compiled (the copy the keyword read), never read again from the schema: a getter may answer otherwise now.
  requires: (value) =>
    !Array.isArray(value)
      ? []
      : value.every((name) => typeof name === "string")
        ? value
        : value.filter((name): name is string => typeof name === "string"),
  assert(value, site) {
    if (!Array.isArray(value) || !value.every((name) => typeof name === "string")) {
      site.problem("required", "must be a list of property names");
      return null;
    }
    if (new Set(value).size !== value.length) {
      site.problem("required", "must not list a property name twice");
      return null;
    }
    if (value.length === 0) return null;
    const names = value as string[];
    // Ajv's params of each missing property, made once per listed name.
    const words = { problem: MISSING, params: names.map((name) => ({ missingProperty: name })) };
    return (o) => o.present(names, words);
  },
};

const MAX_LISTED_NAMES = 12;

/** The problem of a property that `additionalProperties: false` refuses, given what its siblings claim. */
export function unexpectedProblem({ names, words }: Claims): string {
  if (names.length === 0 && words === null) return "unexpected property; no properties are allowed here";
  const listed = names.slice(0, MAX_LISTED_NAMES).map(shortName);
  if (names.length > MAX_LISTED_NAMES) listed.push("…");
  if (words !== null) listed.push(words);
  return `unexpected property; allowed: ${listed.join(", ")}`;
}

/**
 * `additionalProperties`, and its alias `additional_properties` (not both),
 * applied to every own property that `properties` does not name.
 */
function additionalProperties(name: string, alias: string): Keyword {
  return {
    name,
    applies: "object",
    subschemas: "one",
    compile(value, site) {
      if (name !== "additionalProperties" && Object.hasOwn(site.schema, alias)) {
        site.problem(name, `use ${alias} or ${name}, not both`);
        return null;
      }
      if (value === true) return null;
      const claims = site.claimed();
      const declared = new Set(claims.names);
      const claimed = claims.test ?? (() => false);
      const pointer = site.pointer(name);
      let each: Check;
      if (value === false) {
        const problem = unexpectedProblem(claims);
        // The refused name is the last step of the report's place: a check of the property's value.
        each = (_v, r) => r !== null && r.fail(name, pointer, problem, () => ({ additionalProperty: r.here.segment }));
      } else if (isSchema(value)) {
        each = site.subschema(value, name);
      } else {
        site.problem(name, "must be a boolean or a schema");
        return null;
      }
      return eachKey(
        site,
        (key) => declared.has(key) || claimed(key),
        (key, child, r) => checkChild(each, child, key, r),
      );
    },
  };
}

/**
 * A check over an object's own keys, a step each: a key `owned` answers for
 * is left alone, then a blank property of the arguments object that the
 * root always requires (absent, as for properties: presentProperties), and
 * `passes` answers for the rest (reporting into `r` when it is given).
 */
export function eachKey(
  site: SchemaSite,
  owned: (key: string) => boolean,
  passes: (key: string, value: unknown, r: Report | null) => boolean,
): Check {
  const { rootRequired } = site;
  return (v, r) => {
    if (!isObject(v)) return true;
    const skipBlank = rootRequired !== null && r !== null && isArguments(v);
    let ok = true;
    for (const key of keysOf(v)) {
      charge(1);
      if (owned(key) || (skipBlank && rootRequired.has(key) && isBlank(v[key])) || passes(key, v[key], r)) continue;
      if (r === null) return false;
      ok = false;
    }
    return ok;
  };
}

export const additionalPropertiesKeyword = additionalProperties("additionalProperties", "additional_properties");
export const additionalPropertiesAliasKeyword = additionalProperties("additional_properties", "additionalProperties");

const propertyCount = (v: JsonObject) => keysOf(v).length;
export const minPropertiesKeyword = sizeBound(
  "minProperties",
  "object",
  true,
  propertyCount,
  null,
  "property",
  "properties",
);
export const maxPropertiesKeyword = sizeBound(
  "maxProperties",
  "object",
  false,
  propertyCount,
  null,
  "property",
  "properties",
);

/** How many of a property name's problems its issue quotes. */
const QUOTED_NAME_PROBLEMS = 3;

/** A schema for every property name, as a string (extended profile). */
const propertyNames = valueKeyword("propertyNames", isSchema, "a schema", (value, site) => {
  const check = site.subschema(value, "propertyNames");
  const pointer = site.pointer("propertyNames");
  return (v, r) => {
    if (!isObject(v)) return true;
    let ok = true;
    for (const key of keysOf(v)) {
      charge(1);
      if (r === null) {
        if (!check(key, null)) return false;
        continue;
      }
      const run = r.capture(check, key, QUOTED_NAME_PROBLEMS);
      if (run.ok) continue;
      const problems = run.findings.map((finding) => r.problemOf(finding)).join("; ");
      ok = r.fail(
        "propertyNames",
        pointer,
        () => `the property name ${preview(key)} is not allowed: ${problems}`,
        () => ({ propertyName: key }),
        key,
      );
    }
    return ok;
  };
});

export const propertyNamesKeyword: Keyword = { ...propertyNames, applies: "object", subschemas: "one" };

/** When a key is present, the names listed for it must be present too (extended profile). */
export const dependentRequiredKeyword: Keyword = {
  name: "dependentRequired",
  applies: "object",
  weight: (value) => (isPlainObject(value) ? treeSize(value) : 0),
  compile(value, site) {
    const bad = () => {
      site.problem("dependentRequired", "must be an object whose values are lists of distinct property names");
      return null;
    };
    if (!isPlainObject(value)) return bad();
    const rules: { key: string; names: string[]; problem: string; params: Params[] }[] = [];
    for (const key of Object.keys(value)) {
      // Each list read once, as a counted copy (a proxy may claim any length).
      const given = value[key];
      const names = Array.isArray(given) ? site.list(given) : null;
      if (names === null || !names.every((name) => typeof name === "string") || new Set(names).size !== names.length)
        return bad();
      // Each rule's problem is written once, its key cut: a key may be megabytes long.
      if (names.length > 0) {
        const deps = (names as string[]).join(", ");
        const params = names.map((name) => ({ property: key, missingProperty: name, depsCount: names.length, deps }));
        rules.push({
          key,
          names: names as string[],
          problem: `missing (required when ${shortName(key)} is present)`,
          params,
        });
      }
    }
    const pointer = site.pointer("dependentRequired");
    return (v, r) => {
      if (!isObject(v)) return true;
      let ok = true;
      for (const { key, names, problem, params } of rules) {
        if (!Object.hasOwn(v, key)) continue;
        for (let i = 0; i < names.length; i++) {
          if (Object.hasOwn(v, names[i])) continue;
          if (r === null) return false;
          ok = r.fail("dependentRequired", pointer, problem, params[i], names[i]);
        }
      }
      return ok;
    };
  },
};
