import type { Keyword } from "../keyword";
import type { Placement } from "../ref-target";
import type { Profile } from "../../runtime/types";
import { CORE_ANNOTATIONS, EXTENDED_ANNOTATIONS, isVendorExtension, vendorExtension } from "./annotations";
import { itemsKeyword, maxItemsKeyword, minItemsKeyword, prefixItemsKeyword, uniqueItemsKeyword } from "./array";
import { allOfKeyword, anyOfKeyword, notKeyword, oneOfKeyword } from "./composition";
import { constKeyword, enumKeyword } from "./enum";
import {
  exclusiveMaximumKeyword,
  exclusiveMinimumKeyword,
  maximumKeyword,
  minimumKeyword,
  multipleOfKeyword,
} from "./number";
import {
  additionalPropertiesAliasKeyword,
  additionalPropertiesKeyword,
  dependentRequiredKeyword,
  maxPropertiesKeyword,
  minPropertiesKeyword,
  propertiesKeyword,
  propertyNamesKeyword,
  requiredKeyword,
} from "./object";
import { defsKeyword, definitionsKeyword, refKeyword } from "./ref";
import { maxLengthKeyword, minLengthKeyword, patternKeyword } from "./string";
import { typeKeyword } from "./type";
import { patternPropertiesKeyword } from "./pattern-properties";

const table = (keywords: Keyword[]) => new Map(keywords.map((keyword) => [keyword.name, keyword]));

/** The keyword table of the default ("core") profile (docs/contract.md, "Keywords"). */
const CORE = table([
  typeKeyword,
  propertiesKeyword,
  requiredKeyword,
  additionalPropertiesKeyword,
  additionalPropertiesAliasKeyword,
  ...CORE_ANNOTATIONS,
  enumKeyword,
  minimumKeyword,
  maximumKeyword,
  minLengthKeyword,
  patternKeyword,
  itemsKeyword,
  minItemsKeyword,
  maxItemsKeyword,
  oneOfKeyword,
  anyOfKeyword,
  notKeyword,
]);

/** What `profile: "extended"` adds (docs/contract.md, "Keywords"). */
const EXTENDED = table([
  maxLengthKeyword,
  constKeyword,
  exclusiveMinimumKeyword,
  exclusiveMaximumKeyword,
  multipleOfKeyword,
  uniqueItemsKeyword,
  minPropertiesKeyword,
  maxPropertiesKeyword,
  propertyNamesKeyword,
  patternPropertiesKeyword,
  dependentRequiredKeyword,
  prefixItemsKeyword,
  allOfKeyword,
  defsKeyword,
  definitionsKeyword,
  refKeyword,
  ...EXTENDED_ANNOTATIONS,
]);

/**
 * The keyword `name` in `profile`, or why it is unsupported: anything not in
 * the profile's table is unsupported_capability, and the core profile says
 * when the extended one would take it.
 */
export function keywordFor(name: string, profile: Profile): Keyword | string {
  const keyword = CORE.get(name) ?? (profile === "extended" ? EXTENDED.get(name) : undefined);
  if (keyword) return keyword;
  if (isVendorExtension(name) && profile === "extended") return vendorExtension(name);
  const hint = EXTENDED.has(name) || isVendorExtension(name) ? ' (profile: "extended" supports it)' : "";
  return `keyword ${JSON.stringify(name)} is not supported${hint}`;
}

/**
 * Where the subschemas of keyword `name` stand, in either profile: what a
 * `$ref` may point into (src/compile/ref-target.ts). A keyword the profile
 * refuses refuses the schema anyway.
 */
export function placementOf(name: string): Placement | undefined {
  return keywordNamed(name)?.subschemas;
}

const LIST_VALUED = new Set([...CORE.values(), ...EXTENDED.values()].filter((k) => k.list).map((k) => k.name));

/** Whether keyword `name` (of either profile) takes a list, which compiling copies once (Keyword.list). */
export const isListValued = (name: string) => LIST_VALUED.has(name);

/** Every keyword name of both profiles (test/package/keyword-names.test.ts holds that no other file spells one). */
export function keywordNames(): string[] {
  return [...CORE.keys(), ...EXTENDED.keys()];
}

/** The keyword `name` of either profile, for what its description says whatever the profile (a keyword the profile refuses refuses the schema anyway). */
export function keywordNamed(name: string): Keyword | undefined {
  return CORE.get(name) ?? EXTENDED.get(name);
}
