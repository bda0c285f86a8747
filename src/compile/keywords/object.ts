import { isObject, type Claims, type NameProblem } from "../assertion";
import { sizeBound, type Keyword } from "../keyword";
import { treeSize } from "../weight";
import { preview, shortName } from "../../explain/messages";
import { keysOf } from "../../runtime/own-keys";
import { isPlainObject, isSchema, lengthOf } from "../../runtime/shape";
import type { Params } from "../../explain/params";

type JsonObject = Record<string, unknown>;

export const propertiesKeyword: Keyword = {
  name: "properties",
  applies: "object",
  subschemas: "byName",
  weight: (value) => (isPlainObject(value) ? Object.keys(value).length : 0),
  claims: (value) => ({ names: isPlainObject(value) ? Object.keys(value) : [], test: null, words: null }),
  assert(value, site) {
    if (!isPlainObject(value)) {
      site.problem("properties", "must be an object whose values are schemas");
      return null;
    }
    const names = Object.keys(value);
    for (const name of names) site.subschema(value[name], "properties", name);
    return (o) => o.listedProperties(names);
  },
};

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
function unexpectedProblem({ names, words }: Claims): string {
  if (names.length === 0 && words === null) return "unexpected property; no properties are allowed here";
  const listed = names.slice(0, MAX_LISTED_NAMES).map(shortName);
  if (names.length > MAX_LISTED_NAMES) listed.push("…");
  if (words !== null) listed.push(words);
  return `unexpected property; allowed: ${listed.join(", ")}`;
}

/**
 * `additionalProperties`, and its alias `additional_properties` (not both),
 * applied to every own property that its siblings do not claim
 * (Keyword.claims): each is checked against its schema, or, for `false`,
 * refused.
 */
function additionalProperties(name: string, alias: string): Keyword {
  return {
    name,
    applies: "object",
    subschemas: "one",
    assert(value, site) {
      if (name !== "additionalProperties" && Object.hasOwn(site.schema, alias)) {
        site.problem(name, `use ${alias} or ${name}, not both`);
        return null;
      }
      if (value === true) return null;
      const claims = site.claimed();
      if (value === false) {
        const refused = { problem: unexpectedProblem(claims), param: "additionalProperty" };
        return (o) => o.otherKeys(claims, refused);
      }
      if (!isSchema(value)) {
        site.problem(name, "must be a boolean or a schema");
        return null;
      }
      site.subschema(value, name);
      return (o) => o.otherKeys(claims, null);
    },
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

/** The words of a property name that fails its schema. */
const NAME_PROBLEM: NameProblem = {
  quoted: QUOTED_NAME_PROBLEMS,
  problem: (name, problems) => `the property name ${preview(name)} is not allowed: ${problems}`,
  params: (name) => ({ propertyName: name }),
};

/** A schema for every property name, as a string (extended profile). */
export const propertyNamesKeyword: Keyword = {
  name: "propertyNames",
  applies: "object",
  subschemas: "one",
  assert(value, site) {
    if (!isSchema(value)) {
      site.problem("propertyNames", "must be a schema");
      return null;
    }
    site.subschema(value, "propertyNames");
    return (o) => o.keyNames(NAME_PROBLEM);
  },
};

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
    const keys = Object.keys(value);
    // Each entry is a rule of its own to build, a keyword's cost: counting its list's names alone let
    // 125,000 entries of two names compile in 0.5 s of CPU.
    site.chargeRules(keys.length);
    for (const key of keys) {
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
