/**
 * Which groups of the JSON-Schema-Test-Suite (draft 2020-12, the copy in
 * test/conformance-suite/) each profile supports: the one place that says so.
 * test/differential/conformance.test.ts runs every group of the copied files, wrapped under
 * an object root; a supported group's tests must all pass, and every other
 * group must be refused as a schema error.
 *
 * A group is listed under its file (relative to tests/draft2020-12/) and its
 * description, as the profile that first supports it: "core" groups are
 * supported by both profiles, "extended" ones by the extended profile only.
 * A group not listed is refused by both. A group is supported when its
 * wrapped schema is inside the profile's subset (docs/schemas.md):
 *   - every keyword reached through the applicators the profile has
 *     (core: properties, additionalProperties, items, oneOf, anyOf, not;
 *     extended adds prefixItems, allOf, propertyNames, $defs/definitions and
 *     $ref targets) is one the profile enforces or keeps as an annotation,
 *     with a value of the right shape (items not a list, non-empty oneOf and
 *     anyOf, string annotations; in extended also multipleOf > 0, a number
 *     for exclusiveMinimum, …);
 *   - no schema object has both oneOf and anyOf;
 *   - every pattern is in the profile's pattern subset (docs/patterns.md):
 *     no escape of a letter or digit in core (extended allows \d \D \w \W
 *     \s \S, \b \B outside classes, \t \n \v \f \r, \0, \xHH, \uHHHH,
 *     \u{...}), no (? group but (?:, no backreference, lookaround, \p or
 *     named group, no possessive or stacked quantifier, no count above 1000,
 *     no bare { } ], no [ && -- ~~ inside a class, no empty class, and it
 *     compiles with the u flag;
 *   - extended only: every $ref is "#" or "#/…", a JSON Pointer from the
 *     case's root (rebased under the wrapping: conformance.test.ts) that
 *     lands on a subschema, with no cycle of $ref and allOf/anyOf/oneOf/not
 *     that comes back without passing through properties, items, prefixItems,
 *     additionalProperties or propertyNames, and no $id anywhere (the
 *     wrapping puts the case's root below the document's); $ref is refused
 *     by the core profile.
 * Boolean subschemas below the root are supported. The optional files copied
 * are those the subset touches: ecmascript-regex, non-bmp-regex, bignum,
 * float-overflow and no-schema (format is an annotation and never asserted,
 * so optional/format/ is left out). Two notes on extended groups: the
 * float-overflow group expects 1e308 to be a multiple of 0.5, which the
 * exact decimal rule gives; the two high-precision exclusiveMaximum and
 * exclusiveMinimum groups of bignum.json read their bound and data as the
 * same double through JSON.parse, so they hold (false) without testing
 * precision.
 */
export type Support = "core" | "extended";

export const SUPPORTED: Readonly<Record<string, Readonly<Record<string, Support>>>> = {
  "additionalProperties.json": {
    "additionalProperties with schema": "core",
    "additionalProperties can exist by itself": "core",
    "additionalProperties are allowed by default": "core",
    "additionalProperties does not look in applicators": "extended",
    "additionalProperties with null valued instance properties": "core",
    "additionalProperties with propertyNames": "extended",
    "additionalProperties being false does not allow other properties": "extended",
    "non-ASCII pattern with additionalProperties": "extended",
  },
  "allOf.json": {
    allOf: "extended",
    "allOf with base schema": "extended",
    "allOf simple types": "extended",
    "allOf with boolean schemas, all true": "extended",
    "allOf with boolean schemas, some false": "extended",
    "allOf with boolean schemas, all false": "extended",
    "allOf with one empty schema": "extended",
    "allOf with two empty schemas": "extended",
    "allOf with the first empty schema": "extended",
    "allOf with the last empty schema": "extended",
    "nested allOf, to check validation semantics": "extended",
  },
  "anyOf.json": {
    anyOf: "core",
    "anyOf with base schema": "extended",
    "anyOf with boolean schemas, all true": "core",
    "anyOf with boolean schemas, some true": "core",
    "anyOf with boolean schemas, all false": "core",
    "anyOf complex types": "core",
    "anyOf with one empty schema": "core",
    "nested anyOf, to check validation semantics": "core",
  },
  "boolean_schema.json": {
    "boolean schema 'true'": "core",
    "boolean schema 'false'": "core",
  },
  "const.json": {
    "const validation": "extended",
    "const with object": "extended",
    "const with array": "extended",
    "const with null": "extended",
    "const with false does not match 0": "extended",
    "const with true does not match 1": "extended",
    "const with [false] does not match [0]": "extended",
    "const with [true] does not match [1]": "extended",
    'const with {"a": false} does not match {"a": 0}': "extended",
    'const with {"a": true} does not match {"a": 1}': "extended",
    "const with 0 does not match other zero-like types": "extended",
    "const with 1 does not match true": "extended",
    "const with -2.0 matches integer and float types": "extended",
    "float and integers are equal up to 64-bit representation limits": "extended",
    "nul characters in strings": "extended",
    "characters with the same visual representation but different codepoint": "extended",
    "characters with the same visual representation, but different number of codepoints": "extended",
  },
  "content.json": {
    "validation of string-encoded content based on media type": "extended",
    "validation of binary string-encoding": "core",
    "validation of binary-encoded media type documents": "extended",
  },
  "default.json": {
    "invalid type for default": "core",
    "invalid string value for default": "core",
    "the default keyword does not do anything if the property is missing": "core",
  },
  "dependentRequired.json": {
    "single dependency": "extended",
    "empty dependents": "extended",
    "multiple dependents required": "extended",
    "dependencies with escaped characters": "extended",
  },
  "enum.json": {
    "simple enum validation": "core",
    "heterogeneous enum validation": "core",
    "heterogeneous enum-with-null validation": "core",
    "enums in properties": "core",
    "enum with escaped characters": "core",
    "enum with false does not match 0": "core",
    "enum with [false] does not match [0]": "core",
    "enum with true does not match 1": "core",
    "enum with [true] does not match [1]": "core",
    "enum with 0 does not match false": "core",
    "enum with [0] does not match [false]": "core",
    "enum with 1 does not match true": "core",
    "enum with [1] does not match [true]": "core",
    "nul characters in strings": "core",
    "empty enum": "core",
  },
  "exclusiveMaximum.json": {
    "exclusiveMaximum validation": "extended",
  },
  "exclusiveMinimum.json": {
    "exclusiveMinimum validation": "extended",
  },
  "format.json": {
    "email format": "core",
    "idn-email format": "core",
    "regex format": "core",
    "ipv4 format": "core",
    "ipv6 format": "core",
    "idn-hostname format": "core",
    "hostname format": "core",
    "date format": "core",
    "date-time format": "core",
    "time format": "core",
    "json-pointer format": "core",
    "relative-json-pointer format": "core",
    "iri format": "core",
    "iri-reference format": "core",
    "uri format": "core",
    "uri-reference format": "core",
    "uri-template format": "core",
    "uuid format": "core",
    "duration format": "core",
  },
  "infinite-loop-detection.json": {
    "evaluating the same schema location against the same data location twice is not a sign of an infinite loop":
      "extended",
  },
  "items.json": {
    "a schema given for items": "core",
    "items with boolean schema (true)": "core",
    "items with boolean schema (false)": "core",
    "items and subitems": "extended",
    "nested items": "core",
    "prefixItems with no additional items allowed": "extended",
    "items does not look in applicators, valid case": "extended",
    "prefixItems validation adjusts the starting index for items": "extended",
    "items with heterogeneous array": "extended",
    "items with null instance elements": "core",
  },
  "maxItems.json": {
    "maxItems validation": "core",
    "maxItems validation with a decimal": "core",
  },
  "maxLength.json": {
    "maxLength validation": "extended",
    "maxLength validation with a decimal": "extended",
  },
  "maxProperties.json": {
    "maxProperties validation": "extended",
    "maxProperties validation with a decimal": "extended",
    "maxProperties = 0 means the object is empty": "extended",
  },
  "maximum.json": {
    "maximum validation": "core",
    "maximum validation with unsigned integer": "core",
  },
  "minItems.json": {
    "minItems validation": "core",
    "minItems validation with a decimal": "core",
  },
  "minLength.json": {
    "minLength validation": "core",
    "minLength validation with a decimal": "core",
  },
  "minProperties.json": {
    "minProperties validation": "extended",
    "minProperties validation with a decimal": "extended",
  },
  "minimum.json": {
    "minimum validation": "core",
    "minimum validation with signed integer": "core",
  },
  "multipleOf.json": {
    "by int": "extended",
    "by number": "extended",
    "by small number": "extended",
    "float division = inf": "extended",
    "small multiple of large integer": "extended",
  },
  "not.json": {
    not: "core",
    "not multiple types": "core",
    "not more complex schema": "core",
    "forbidden property": "core",
    "forbid everything with empty schema": "core",
    "forbid everything with boolean schema true": "core",
    "allow everything with boolean schema false": "core",
    "double negation": "core",
  },
  "oneOf.json": {
    oneOf: "core",
    "oneOf with base schema": "extended",
    "oneOf with boolean schemas, all true": "core",
    "oneOf with boolean schemas, one true": "core",
    "oneOf with boolean schemas, more than one true": "core",
    "oneOf with boolean schemas, all false": "core",
    "oneOf complex types": "core",
    "oneOf with empty schema": "core",
    "oneOf with required": "core",
    "oneOf with missing optional property": "core",
    "nested oneOf, to check validation semantics": "core",
  },
  "pattern.json": {
    "pattern validation": "core",
    "pattern is not anchored": "core",
  },
  "prefixItems.json": {
    "a schema given for prefixItems": "extended",
    "prefixItems with boolean schemas": "extended",
    "additional items are allowed by default": "extended",
    "prefixItems with null instance elements": "extended",
  },
  "properties.json": {
    "object properties validation": "core",
    "properties with boolean schema": "core",
    "properties with escaped characters": "core",
    "properties with null valued instance properties": "core",
    "properties whose names are Javascript object property names": "core",
    "properties, patternProperties, additionalProperties interaction": "extended",
  },
  "patternProperties.json": {
    "patternProperties validates properties matching a regex": "extended",
    "multiple simultaneous patternProperties are validated": "extended",
    "regexes are not anchored by default and are case sensitive": "extended",
    "patternProperties with boolean schemas": "extended",
    "patternProperties with null valued instance properties": "extended",
  },
  "propertyNames.json": {
    "propertyNames validation": "extended",
    "propertyNames validation with pattern": "extended",
    "propertyNames with boolean schema true": "extended",
    "propertyNames with boolean schema false": "extended",
    "propertyNames with const": "extended",
    "propertyNames with enum": "extended",
  },
  "ref.json": {
    "root pointer ref": "extended",
    "relative pointer ref to object": "extended",
    "relative pointer ref to array": "extended",
    "escaped pointer ref": "extended",
    "nested refs": "extended",
    "ref applies alongside sibling keywords": "extended",
    "property named $ref that is not a reference": "core",
    "property named $ref, containing an actual $ref": "extended",
    "$ref to boolean schema true": "extended",
    "$ref to boolean schema false": "extended",
    "refs with quote": "extended",
    "naive replacement of $ref with its destination is not correct": "extended",
    "empty tokens in $ref json-pointer": "extended",
  },
  "required.json": {
    "required validation": "core",
    "required default validation": "core",
    "required with empty array": "core",
    "required with escaped characters": "core",
    "required properties whose names are Javascript object property names": "core",
  },
  "type.json": {
    "integer type matches integers": "core",
    "number type matches numbers": "core",
    "string type matches strings": "core",
    "object type matches objects": "core",
    "array type matches arrays": "core",
    "boolean type matches booleans": "core",
    "null type matches only the null object": "core",
    "multiple types can be specified in an array": "core",
    "type as array with one item": "core",
    "type: array or object": "core",
    "type: array, object or null": "core",
  },
  "uniqueItems.json": {
    "uniqueItems validation": "extended",
    "uniqueItems with an array of items": "extended",
    "uniqueItems with an array of items and additionalItems=false": "extended",
    "uniqueItems=false validation": "extended",
    "uniqueItems=false with an array of items": "extended",
    "uniqueItems=false with an array of items and additionalItems=false": "extended",
  },
  "vocabulary.json": {
    "ignore unrecognized optional vocabulary": "core",
  },
  "optional/ecmascript-regex.json": {
    "ECMA 262 regex $ does not match trailing newline": "core",
    "ECMA 262 regex converts \\t to horizontal tab": "extended",
    "ECMA 262 \\d matches ascii digits only": "extended",
    "ECMA 262 \\D matches everything but ascii digits": "extended",
    "ECMA 262 \\w matches ascii letters only": "extended",
    "ECMA 262 \\W matches everything but ascii letters": "extended",
    "ECMA 262 \\s matches whitespace": "extended",
    "ECMA 262 \\S matches everything but whitespace": "extended",
    "\\w in patterns matches [A-Za-z0-9_], not unicode letters": "extended",
    "pattern with ASCII ranges": "core",
    "\\d in pattern matches [0-9], not unicode digits": "extended",
    "\\w in patternProperties matches [A-Za-z0-9_], not unicode letters": "extended",
    "patternProperties with ASCII ranges": "extended",
    "\\d in patternProperties matches [0-9], not unicode digits": "extended",
  },
  "optional/non-bmp-regex.json": {
    "Proper UTF-16 surrogate pair handling: pattern": "core",
    "Proper UTF-16 surrogate pair handling: patternProperties": "extended",
  },
  "optional/bignum.json": {
    integer: "core",
    number: "core",
    string: "core",
    "maximum integer comparison": "core",
    "float comparison with high precision": "extended",
    "minimum integer comparison": "core",
    "float comparison with high precision on negative numbers": "extended",
  },
  "optional/float-overflow.json": {
    "all integers are multiples of 0.5, if overflow is handled": "extended",
  },
  "optional/no-schema.json": {
    "validation without $schema": "core",
  },
};
