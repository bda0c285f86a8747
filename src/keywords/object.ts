import { isPlainObject } from "../json-value";
import type { Keyword, SchemaSite } from "../keyword";
import { checkChild, type Check } from "../report";

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

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
        const name = names[i];
        // Own properties only: `toString` or `__proto__` inherited from
        // Object.prototype is not a property of the arguments (SPEC §4).
        if (!Object.hasOwn(v, name) || checkChild(checks[i], v[name], name, r)) continue;
        if (r === null) return false;
        ok = false;
      }
      return ok;
    };
  },
};

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
      for (const name of names) {
        if (Object.hasOwn(v, name)) continue;
        if (r === null) return false;
        ok = r.fail("required", pointer, "missing (required)", name);
      }
      return ok;
    };
  },
};

const MAX_LISTED_NAMES = 12;

function allowedNames(site: SchemaSite): string[] {
  return isPlainObject(site.schema.properties) ? Object.keys(site.schema.properties) : [];
}

function unexpectedProblem(allowed: readonly string[]): string {
  if (allowed.length === 0) return "unexpected property; no properties are allowed here";
  const listed = allowed.slice(0, MAX_LISTED_NAMES).join(", ");
  return `unexpected property; allowed: ${listed}${allowed.length > MAX_LISTED_NAMES ? ", …" : ""}`;
}

/**
 * `additionalProperties`, and its alias `additional_properties` (SPEC §3),
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
      const allowed = allowedNames(site);
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
        for (const key of Object.keys(v)) {
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
