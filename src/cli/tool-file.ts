import { basename } from "node:path";
import { isPlainObject } from "../json-value";
import { readDescriptors, readToolList, type EntryProblem, type ToolEntry } from "../tool-list";

export interface FileTools {
  tools: ToolEntry[];
  problems: EntryProblem[];
}

/**
 * The tools in a file given to the command line: a `tools/list` result or a
 * list of tools (anything `Catalog.publish` takes), one tool descriptor, or
 * else one schema, which is named after the file.
 */
export function toolsInFile(value: unknown, file: string): FileTools {
  const list = readToolList(value);
  if (list.ok) return list;
  const isTool = isPlainObject(value) && typeof value.name === "string";
  return readDescriptors(isTool ? [value] : [{ name: basename(file), inputSchema: value }]);
}
