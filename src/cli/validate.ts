import { parseArgs } from "node:util";
import { validate as validateCall } from "../api/entry-points";
import { bulkImport } from "./bulk-import";
import { CliError, COMMON_FLAGS, compileOptions, parseCommandLine, type Command } from "./command";
import { readJson } from "./read-json";
import { parseShard } from "./shard";

const USAGE = `Usage: tool-input-schema validate --schema <schema.json> [<args.json> | -]
       tool-input-schema validate --catalog <catalog.json> --calls <calls.jsonl> [--summary [--json]] [--workers N] [--shard K/N]

One call: validates the arguments in <args.json> (or stdin, given "-" or
nothing) against the schema and prints "ok" or the model-facing message.

Bulk import: <catalog.json> holds a tools/list result or a list of tools;
<calls.jsonl> holds one call record per line ("-" for stdin), read by its
shape: MCP tools/call params { "name", "arguments" } or their JSON-RPC
request; an OpenAI Chat Completions tool call, message with "tool_calls" or
response; an OpenAI Responses "function_call" item or response; an
Anthropic "tool_use" block or message; a Gemini "functionCall" part, content
or response. Arguments kept as JSON text (OpenAI's) are parsed as
validateJson parses them; absent MCP arguments are {} (null is a value,
which an object schema refuses). A line may hold several calls: each is
checked and counted. Writes one JSON result per call, in input order:
{ "line", "name", "ok", ... } ("call": its place on a line of several) with
the kind, message and issues of a failure, or { "line", "error" } for a line
that is not UTF-8, not JSON or holds no call, and why; a record of no shape,
or whose arguments sit under a name its shape lacks, is such a line, never
read as {}. A bad line is counted and never stops the run. A tool whose
schema is refused stays in the catalog: its calls fail with the schema's
kind and issues. With stderr on a terminal (and stdout not, or --summary),
stderr shows a progress bar.

--shard K/N takes the lines that begin in the K-th of N equal byte ranges of
the calls file (K from 1 to N), numbered as in the whole file: the outputs of
shards 1 to N, one after the other, are the output of the whole file. Merge
their --summary --json outputs with tool-input-schema merge-summaries.

Options:
  --schema <file>          the schema for one call
  --catalog <file>         the tools for a bulk import
  --calls <file>           the calls for a bulk import (JSON Lines)
  --summary                print counts per kind and per tool, the first failed
                           call with its message and the first bad line with its
                           reason, instead of one line per call
  --workers <N>            spread the calls over N worker threads (default: 1, on the main thread)
  --shard <K/N>            only the K-th of N shards of the calls file (a regular file)
  --profile core|extended  the keyword table (default: core)
  --lenient-scalars        accept "2" for 2, "true" for true, and 2 or true for a string
  --present-required       a required property of the arguments object is
                           missing when it holds null or only white space
  --json                   one call: the whole result as JSON; bulk import: the summary as JSON
  --help                   this text

Exit status: 0 every call valid, 1 some call failed (or a line was bad), 2 a
file cannot be read or is not JSON, or a wrong option.`;

const FLAGS = {
  ...COMMON_FLAGS,
  schema: { type: "string" },
  catalog: { type: "string" },
  calls: { type: "string" },
  summary: { type: "boolean" },
  workers: { type: "string" },
  shard: { type: "string" },
  json: { type: "boolean" },
} as const;

function workerCount(text: string | undefined): number {
  if (text === undefined) return 1;
  const count = Number(text);
  if (!/^[0-9]+$/.test(text) || count < 1 || count > 256)
    throw new CliError(`--workers must be a whole number from 1 to 256, got ${JSON.stringify(text)}`);
  return count;
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine("validate", () =>
    parseArgs({ args: argv, options: FLAGS, allowPositionals: true }),
  );
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const options = compileOptions(values);

  if (values.catalog !== undefined || values.calls !== undefined) {
    if (values.catalog === undefined || values.calls === undefined)
      throw new CliError("validate: a bulk import needs both --catalog and --calls");
    if (values.schema !== undefined || positionals.length > 0)
      throw new CliError("validate: --catalog takes no --schema and no arguments file");
    const workers = workerCount(values.workers);
    const shard = values.shard === undefined ? null : parseShard(values.shard);
    if (shard !== null && values.calls === "-")
      throw new CliError("validate: --shard needs --calls to be a file, not stdin");
    // Without --summary, --json changes nothing: the results are JSON Lines either way.
    const [summary, json] = [values.summary === true, values.json === true];
    return bulkImport({ catalogFile: values.catalog, callsFile: values.calls, summary, json, shard, workers, options });
  }

  if (values.schema === undefined)
    throw new CliError("validate: give --schema, or --catalog and --calls (see validate --help)");
  if (positionals.length > 1) throw new CliError("validate: one arguments file at most");
  if (values.summary || values.workers !== undefined || values.shard !== undefined) {
    throw new CliError("validate: --summary, --workers and --shard go with --catalog");
  }
  const schema = readJson(values.schema);
  const args = readJson(positionals[0] ?? "-");
  const result = validateCall(schema, args, options);
  process.stdout.write((values.json ? JSON.stringify(result) : result.ok ? "ok" : result.message) + "\n");
  return result.ok ? 0 : 1;
}

export const validateCommand: Command = {
  name: "validate",
  summary: "validate one call, or bulk-import stored calls",
  usage: USAGE,
  run,
};
