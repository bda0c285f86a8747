import { readFileSync } from "node:fs";
import { locateJsonError } from "../runtime/json-syntax";
import { CliError } from "./command";
import { foreignEncoding } from "./encoding";

/** How a file is named in messages. */
function shown(file: string): string {
  return file === "-" ? "stdin" : file;
}

/** Reads a whole file ("-" for stdin) as UTF-8 text; a failure names the file, and UTF-16 or UTF-32 text (see foreignEncoding) is one. */
export function readText(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file === "-" ? 0 : file);
  } catch (error) {
    throw new CliError(`${shown(file)}: cannot read (${systemReason(error)})`);
  }
  const problem = foreignEncoding(bytes);
  if (problem !== null) throw new CliError(`${shown(file)}: ${problem}`);
  return bytes.toString("utf8");
}

/** "no such file or directory" from "ENOENT: no such file or directory, open 'x'". */
export function systemReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^[A-Z]+: /, "").replace(/, \w+ '.*'$/, "");
}

/** Text without a leading byte-order mark, which some Windows tools write at the start of UTF-8 files. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Reads and parses a JSON file; a failure names the file, and for bad JSON the line and column. */
export function readJson(file: string): unknown {
  const text = withoutBom(readText(file));
  try {
    return JSON.parse(text);
  } catch {
    const { line, column, reason } = locateJsonError(text);
    throw new CliError(`${shown(file)}:${line}:${column}: not JSON (${reason})`);
  }
}
