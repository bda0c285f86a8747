import { escapePointerSegment } from "../runtime/paths";
import { isPlainObject } from "../runtime/shape";
import { pointerTokens, resolveRef, stepFrom, type Position } from "./ref-target";
import { placementOf } from "./keywords";

/**
 * The JSON Schema a validator enforces, written for a target dialect: what
 * Standard JSON Schema's `jsonSchema.input({ target })` gives a framework
 * to send a provider (docs/frameworks.md, "Standard Schema"). The validator
 * reads schemas with 2020-12 semantics, and two targets can say exactly the
 * same: "draft-2020-12", and "draft-07" once a few keywords are spelled as
 * draft-07 spells them. Any other target throws, as the Standard JSON
 * Schema spec asks of a target a library cannot honour.
 */
export const JSON_SCHEMA_TARGETS = {
  "draft-2020-12": "https://json-schema.org/draft/2020-12/schema",
  "draft-07": "http://json-schema.org/draft-07/schema#",
} as const;

export type JsonSchemaTarget = keyof typeof JSON_SCHEMA_TARGETS;

/** Keywords that assert nothing: beside them, draft-07's `$ref` (which ignores its siblings) means what 2020-12's does. */
const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "definitions",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "format",
  "contentEncoding",
  "contentMediaType",
]);

const isAnnotation = (key: string) => ANNOTATIONS.has(key) || key.startsWith("x-");

/**
 * The name `key` of the schema object `schema` has in `target`. The alias
 * `additional_properties` is the package's own: both targets write
 * `additionalProperties`. draft-07 calls `$defs` `definitions`, writes
 * `prefixItems` as a list in `items` and the `items` beside it as
 * `additionalItems`, and `dependentRequired` as `dependencies`; 2020-12
 * calls draft-07's `definitions` `$defs`.
 */
function nameIn(target: JsonSchemaTarget, schema: Record<string, unknown>, key: string): string {
  if (key === "additional_properties") return "additionalProperties";
  if (target === "draft-2020-12") return key === "definitions" ? "$defs" : key;
  if (key === "$defs") return "definitions";
  if (key === "prefixItems") return "items";
  if (key === "items" && Object.hasOwn(schema, "prefixItems")) return "additionalItems";
  if (key === "dependentRequired") return "dependencies";
  return key;
}

/** Thrown for a schema that `target` cannot say exactly. */
function inexact(target: JsonSchemaTarget, why: string): Error {
  return new Error(`tool-input-schema: the schema cannot be written as ${target} exactly: ${why}`);
}

/** Sets an own property, "__proto__" included (assignment would set the prototype). */
function put(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Characters a URI fragment holds as they are (RFC 3986); every other one is percent-encoded. */
const FRAGMENT_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;

class TargetWriter {
  constructor(
    private readonly target: JsonSchemaTarget,
    /** The validator's schema: a copy of its own, parsed from its text. */
    private readonly document: unknown,
  ) {}

  /** `value`, found at `position`: a schema object has its keywords renamed, and its subschemas and `$ref` written for the target. */
  value(value: unknown, position: Position): unknown {
    if (position === "other" || !isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const child = value[key];
      const written =
        position === "container"
          ? this.value(child, "schema")
          : key === "$ref"
            ? this.ref(child as string)
            : this.listOrValue(child, stepFrom(position, key, placementOf));
      const name = position === "container" ? key : nameIn(this.target, value, key);
      if (Object.hasOwn(out, name)) put(out, name, this.merged(out[name], written));
      else put(out, name, written);
    }
    return position === "schema" ? this.refBeside(out) : out;
  }

  /** A list of subschemas (`allOf`, `prefixItems`, …) item by item, anything else as `value` does. */
  private listOrValue(child: unknown, position: Position): unknown {
    return position === "container" && Array.isArray(child)
      ? child.map((item) => this.value(item, "schema"))
      : this.value(child, position);
  }

  /** `$defs` and `definitions` side by side become one object of definitions, when their names differ. */
  private merged(first: unknown, second: unknown): Record<string, unknown> {
    const merged = { ...(first as Record<string, unknown>) };
    for (const key of Object.keys(second as Record<string, unknown>)) {
      if (Object.hasOwn(merged, key))
        throw inexact(this.target, `"$defs" and "definitions" both define ${JSON.stringify(key)}`);
      put(merged, key, (second as Record<string, unknown>)[key]);
    }
    return merged;
  }

  /**
   * draft-07 ignores the siblings of `$ref`, which 2020-12 applies: beside
   * any keyword that asserts, the `$ref` moves into `allOf` (after its
   * branches, so no pointer into them changes).
   */
  private refBeside(schema: Record<string, unknown>): Record<string, unknown> {
    if (this.target !== "draft-07" || !Object.hasOwn(schema, "$ref")) return schema;
    const keys = Object.keys(schema);
    if (keys.every((key) => key === "$ref" || isAnnotation(key))) return schema;
    const out: Record<string, unknown> = {};
    for (const key of keys) if (key !== "$ref") put(out, key, schema[key]);
    out.allOf = [...((schema.allOf as unknown[] | undefined) ?? []), { $ref: schema.$ref }];
    return out;
  }

  /** A `$ref`, pointing where its target is written in the target's spelling (unchanged when nothing on the way is renamed). */
  private ref(ref: string): string {
    const resolved = resolveRef(this.document, ref, placementOf);
    // The validator compiled this schema, so every $ref resolves.
    if (!("pointer" in resolved)) throw inexact(this.target, resolved.message);
    const tokens = pointerTokens(resolved.pointer);
    let value = this.document;
    let position: Position = "schema";
    let renamed = false;
    const written = tokens.map((token) => {
      const name = position === "schema" ? nameIn(this.target, value as Record<string, unknown>, token) : token;
      renamed ||= name !== token;
      value = (value as Record<string, unknown>)[token];
      position = stepFrom(position, token, placementOf);
      return name;
    });
    if (!renamed) return ref;
    let fragment = "#";
    for (const token of written) {
      fragment += "/";
      for (const character of escapePointerSegment(token)) {
        if (FRAGMENT_CHARACTER.test(character)) fragment += character;
        else if (character.length === 1 && character >= "\ud800" && character <= "\udfff")
          throw inexact(this.target, `a $ref would have to name a lone surrogate`);
        else fragment += encodeURIComponent(character);
      }
    }
    return fragment;
  }
}

/** `target` if it is one of the two; else throws, naming them. */
export function readTarget(target: unknown): JsonSchemaTarget {
  if (typeof target === "string" && Object.hasOwn(JSON_SCHEMA_TARGETS, target)) return target as JsonSchemaTarget;
  const named = typeof target === "string" ? JSON.stringify(target) : String(target);
  throw new Error(
    `tool-input-schema: no JSON Schema for the target ${named}: the targets it writes exactly are "draft-2020-12" and "draft-07"`,
  );
}

/**
 * The validator's schema (its JSON text) written for `target`, a copy of
 * its own each time: a framework may change what it gets (the AI SDK adds
 * `additionalProperties: false` in place). A root `$schema` names the
 * target's dialect. Throws for another target, and for a schema the target
 * cannot say exactly.
 */
export function schemaForTarget(text: string, target: unknown): Record<string, unknown> {
  const dialect = readTarget(target);
  const document = JSON.parse(text);
  const schema = new TargetWriter(dialect, document).value(document, "schema") as Record<string, unknown>;
  if (Object.hasOwn(schema, "$schema")) schema.$schema = JSON_SCHEMA_TARGETS[dialect];
  return schema;
}
