import { basename } from "node:path";
import { readDescriptors, readToolList, type EntryProblem, type ToolEntry } from "../api/tool-list";
import { isPlainObject } from "../runtime/shape";

export interface FileTools {
  tools: ToolEntry[];
  problems: EntryProblem[];
}

/**
 * The tools in a file given to `check` or `bench`: a `tools/list` result or a
 * list of tools (anything `Catalog.publish` takes), one tool descriptor, or
 * else one schema, which is named after the file. (`validate --catalog` takes
 * only a list: its calls name their tools.)
 */
export function toolsInFile(value: unknown, file: string): FileTools {
  const list = readToolList(value);
  if (list.ok) return list;
  const isTool = isPlainObject(value) && typeof value.name === "string";
  return readDescriptors(isTool ? [value] : [{ name: basename(file), inputSchema: value }]);
}

/**
 * The tools and problems in the order of the file's list, so that a
 * duplicate comes after the first tool of its name. Each descriptor gave one
 * tool or one problem, and problems know their index: the tools fill the
 * other indices, in order.
 */
export function inFileOrder({ tools, problems }: FileTools): (ToolEntry | EntryProblem)[] {
  const entries: (ToolEntry | EntryProblem)[] = [];
  let tool = 0;
  let problem = 0;
  while (tool < tools.length || problem < problems.length) {
    entries.push(
      problem < problems.length && problems[problem].index === entries.length ? problems[problem++] : tools[tool++],
    );
  }
  return entries;
}
