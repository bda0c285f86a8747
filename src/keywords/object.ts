import { Decimal } from "../decimal";
import { isPlainObject } from "../json-value";
import { sizeBound, type Keyword } from "../keyword";
import { preview, shortName } from "../messages";
import { keysOf } from "../own-keys";
import { checkChild, type Check } from "../report";
import { charge } from "../work";

type JsonObject = Record<string, unknown>;

// A Decimal is the number a lenient scalar string spells, not an object.
export const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Decimal);

/**
 * Own properties only (README, "The JSON input domain"): `toString` or
 * `__proto__` inherited from Object.prototype is not a property of the
 * arguments, and neither is anything another part of the process added to
 * Object.prototype since (`Object.prototype.isAdmin = true`). Arguments hold
 * no `undefined` (they are checked to be JSON first), so a read that gives
 * undefined is an absent property; any other value is own unless the name
 * is on Object.prototype right now, which only then needs the slower test.
 */
export function ownValue(v: JsonObject, name: string): unknown {
  const value = v[name];
  return value === undefined || !(name in Object.prototype) || Object.hasOwn(v, name) ? value : undefined;
}

export const propertiesKeyword: Keyword = {
  name: "properties",
  compile(value, site) {
    if (!isPlainObject(value)) {
      site.problem("properties", "must be an object whose values are schemas");
      return null;
    }
    const names = Object.keys(value);
    const checks = names.map((name) => site.subschema(value[name], "properties", name));
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

/** The problem of a required property that is absent. */
export const MISSING = "missing (required)";

export const requiredKeyword: Keyword = {
  name: "required",
  compile(value, site) {
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
    const pointer = site.pointer("required");
    return (v, r) => {
      if (!isObject(v)) return true;
      let ok = true;
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        if (ownValue(v, name) !== undefined) continue;
        if (r === null) return false;
        ok = r.fail("required", pointer, MISSING, name);
      }
      return ok;
    };
  },
};

const MAX_LISTED_NAMES = 12;

/** The names `properties` lists in a schema object's own fields: what additionalProperties leaves alone. */
export function allowedNames(schema: Readonly<Record<string, unknown>>): string[] {
  return isPlainObject(schema.properties) ? Object.keys(schema.properties) : [];
}

/** The problem of a property that `additionalProperties: false` refuses. */
export function unexpectedProblem(allowed: readonly string[]): string {
  if (allowed.length === 0) return "unexpected property; no properties are allowed here";
  const listed = allowed.slice(0, MAX_LISTED_NAMES).map(shortName).join(", ");
  return `unexpected property; allowed: ${listed}${allowed.length > MAX_LISTED_NAMES ? ", …" : ""}`;
}

/**
 * `additionalProperties`, and its alias `additional_properties` (not both),
 * applied to every own property that `properties` does not name.
 */
function additionalProperties(name: string, alias: string): Keyword {
  return {
    name,
    compile(value, site) {
      if (name !== "additionalProperties" && Object.hasOwn(site.schema, alias)) {
        site.problem(name, `use ${alias} or ${name}, not both`);
        return null;
      }
      if (value === true) return null;
      const allowed = allowedNames(site.schema);
      const declared = new Set(allowed);
      const pointer = site.pointer(name);
      let each: Check;
      if (value === false) {
        const problem = unexpectedProblem(allowed);
        each = (_v, r) => r !== null && r.fail(name, pointer, problem);
      } else if (isPlainObject(value) || typeof value === "boolean") {
        each = site.subschema(value, name);
      } else {
        site.problem(name, "must be a boolean or a schema");
        return null;
      }
      return (v, r) => {
        if (!isObject(v)) return true;
        let ok = true;
        for (const key of keysOf(v)) {
          charge(1);
          if (declared.has(key) || checkChild(each, v[key], key, r)) continue;
          if (r === null) return false;
          ok = false;
        }
        return ok;
      };
    },
  };
}

export const additionalPropertiesKeyword = additionalProperties("additionalProperties", "additional_properties");
export const additionalPropertiesAliasKeyword = additionalProperties("additional_properties", "additionalProperties");

const propertyCount = (v: unknown) => (isObject(v) ? keysOf(v).length : null);
export const minPropertiesKeyword = sizeBound("minProperties", true, propertyCount, "property", "properties");
export const maxPropertiesKeyword = sizeBound("maxProperties", false, propertyCount, "property", "properties");

/** How many of a property name's problems its issue quotes. */
const QUOTED_NAME_PROBLEMS = 3;

/** A schema for every property name, as a string (extended profile). */
export const propertyNamesKeyword: Keyword = {
  name: "propertyNames",
  compile(value, site) {
    if (!isPlainObject(value) && typeof value !== "boolean") {
      site.problem("propertyNames", "must be a schema");
      return null;
    }
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
        ok = r.fail("propertyNames", pointer, () => `the property name ${preview(key)} is not allowed: ${problems}`, key);
      }
      return ok;
    };
  },
};

/** When a key is present, the names listed for it must be present too (extended profile). */
export const dependentRequiredKeyword: Keyword = {
  name: "dependentRequired",
  compile(value, site) {
    const bad = () => {
      site.problem("dependentRequired", "must be an object whose values are lists of distinct property names");
      return null;
    };
    if (!isPlainObject(value)) return bad();
    const rules: { key: string; names: string[]; problem: string }[] = [];
    for (const key of Object.keys(value)) {
      // Each list read once, as a counted copy (a proxy may claim any length).
      const given = value[key];
      const names = Array.isArray(given) ? site.list(given) : null;
      if (names === null || !names.every((name) => typeof name === "string") || new Set(names).size !== names.length) return bad();
      // Each rule's problem is written once, its key cut: a key may be megabytes long.
      if (names.length > 0) rules.push({ key, names: names as string[], problem: `missing (required when ${shortName(key)} is present)` });
    }
    const pointer = site.pointer("dependentRequired");
    return (v, r) => {
      if (!isObject(v)) return true;
      let ok = true;
      for (const { key, names, problem } of rules) {
        if (!Object.hasOwn(v, key)) continue;
        for (const name of names) {
          if (Object.hasOwn(v, name)) continue;
          if (r === null) return false;
          ok = r.fail("dependentRequired", pointer, problem, name);
        }
      }
      return ok;
    };
  },
};
