import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keywordNames } from "../../src/compile/keywords";

/**
 * A keyword's meaning is written once, in its description under
 * src/compile/keywords/ (docs/architecture.md, "Keywords"): every other file
 * reaches a keyword through the registry (its description, or a field of it),
 * never by spelling its name. A string literal that spells a keyword's name
 * is what a second home of a keyword would need (`case "minItems"`,
 * `schema["required"]`), so none may stand outside the registry but those
 * listed here, each for a reason that is no keyword's meaning.
 */
const SRC = path.join(__dirname, "..", "..", "src");
const REGISTRY = "compile/keywords/";

const ALLOWED: Record<string, { names: string[]; why: string }> = {
  "compile/json-schema-target.ts": {
    names: [
      "$comment",
      "$defs",
      "$id",
      "$ref",
      "$schema",
      "additionalProperties",
      "additional_properties",
      "contentEncoding",
      "contentMediaType",
      "default",
      "definitions",
      "dependentRequired",
      "deprecated",
      "description",
      "examples",
      "format",
      "items",
      "prefixItems",
      "readOnly",
      "title",
      "writeOnly",
    ],
    why: "writes a schema in another dialect's spelling (draft-07 and 2020-12 name some keywords differently)",
  },
  "explain/failure.ts": {
    names: ["$ref", "pattern", "type"],
    why: "the keyword a failure no check raised is reported under (a stack overflow, an exhausted search, an unreadable value); explain/ lies below the registry",
  },
  "validate/validator.ts": {
    names: ["type"],
    why: "the keyword a value outside JSON is reported under, found by the JSON walk rather than by a keyword",
  },
  "api/pattern-info.ts": {
    names: ["pattern"],
    why: "patternInfo checks one pattern as if it were a schema's `pattern`, and reports it there",
  },
  "cli/bench.ts": {
    names: ["const", "default", "enum", "examples", "pattern"],
    why: "builds the benchmark's schemas as data",
  },
  "cli/bench-report.ts": { names: ["pattern"], why: "a report column of pattern searches" },
  "cli/bench-text.ts": { names: ["pattern"], why: "a report column of pattern searches" },
  "cli/call-shapes.ts": { names: ["type"], why: "the `type` field of a provider's call format, not a schema" },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** The string literals of a file's code (comments left out) that spell one of `names`. */
function spelled(file: string, names: ReadonlySet<string>): string[] {
  const code = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const found = new Set<string>();
  for (const [, , text] of code.matchAll(/(["'`])((?:\\.|(?!\1).)*)\1/g)) if (names.has(text)) found.add(text);
  return [...found].sort();
}

describe("keyword names", () => {
  const names = new Set(keywordNames());

  it("are listed by the registry, patternProperties among them", () => {
    expect(names.has("patternProperties")).toBe(true);
    expect(names.has("minItems")).toBe(true);
  });

  it("are spelled by no file under src/ outside the registry, but for the data uses listed", () => {
    const outside: Record<string, string[]> = {};
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join("/");
      if (relative.startsWith(REGISTRY)) continue;
      const found = spelled(file, names);
      if (found.length > 0) outside[relative] = found;
    }
    const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([file, { names }]) => [file, [...names].sort()]));
    expect(outside).toEqual(allowed);
  });

  it("reach the generated passes only through assertions: src/validate/ imports no keyword's description", () => {
    const imported: Record<string, string[]> = {};
    for (const file of sourceFiles(path.join(SRC, "validate"))) {
      const code = readFileSync(file, "utf8");
      for (const [, names, from] of code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
        if (!from.includes("compile/keywords")) continue;
        const keywords = names.split(",").filter((name) => /Keywords?\b/.test(name));
        if (keywords.length > 0) imported[path.basename(file)] = keywords.map((name) => name.trim());
      }
    }
    expect(imported).toEqual({});
  });
});
