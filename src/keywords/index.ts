import type { Keyword } from "../keyword";
import { defaultKeyword, STRING_ANNOTATIONS } from "./annotations";
import { itemsKeyword, maxItemsKeyword, minItemsKeyword } from "./array";
import { anyOfKeyword, notKeyword, oneOfKeyword } from "./composition";
import { enumKeyword } from "./enum";
import { maximumKeyword, minimumKeyword } from "./number";
import { additionalPropertiesAliasKeyword, additionalPropertiesKeyword, propertiesKeyword, requiredKeyword } from "./object";
import { minLengthKeyword, patternKeyword } from "./string";
import { typeKeyword } from "./type";

/** The keyword table of SPEC §3: anything not here is unsupported_capability. */
export const KEYWORDS: ReadonlyMap<string, Keyword> = new Map(
  [
    typeKeyword,
    propertiesKeyword,
    requiredKeyword,
    additionalPropertiesKeyword,
    additionalPropertiesAliasKeyword,
    defaultKeyword,
    ...STRING_ANNOTATIONS,
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
  ].map((keyword) => [keyword.name, keyword]),
);
