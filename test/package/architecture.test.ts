import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layers of src/ (docs/architecture.md, "Layers"): a folder imports only
 * from folders below it, and no two files import each other, directly or
 * around a circle. Type-only imports count too: they are dependencies a
 * reader has to follow.
 */
const LAYERS: Record<string, number> = {
  runtime: 0,
  pattern: 1,
  explain: 1,
  compile: 2,
  validate: 3,
  api: 4,
  cli: 5,
  "index.ts": 6,
};

const SRC = path.join(__dirname, "..", "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith(".ts") ? [full] : [];
  });
}

const files = sourceFiles(SRC).map((file) => path.relative(SRC, file));

/** The src/ files a file imports, by their paths relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), "utf8");
  return [...text.matchAll(/^(?:import|export)[^;]*? from "(\.[^"]+)";/gm)].map(([, specifier]) => {
    const target = path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), specifier));
    return files.includes(`${target}.ts`) ? `${target}.ts` : `${target}/index.ts`;
  });
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));
const folderOf = (file: string) => file.split("/")[0];

describe("the layers of src/", () => {
  it("has at most eight entries, each a layer", () => {
    const entries = readdirSync(SRC);
    expect(entries.length).toBeLessThanOrEqual(8);
    expect(entries.filter((entry) => !(entry in LAYERS))).toEqual([]);
  });

  it("imports only files that exist", () => {
    const missing = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => !graph.has(target)).map((target) => `${file} -> ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it("imports from a lower layer or from its own folder, never upwards or sideways", () => {
    const wrong = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => folderOf(target) !== folderOf(file) && !(LAYERS[folderOf(target)] < LAYERS[folderOf(file)]))
        .map((target) => `${file} -> ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it("has no circle of imports between files", () => {
    // Depth-first search; a file met again while it is still open closes a circle.
    const state = new Map<string, "open" | "done">();
    const circles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        circles.push([...trail.slice(trail.indexOf(file)), file].join(" -> "));
        return;
      }
      state.set(file, "open");
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });
});
