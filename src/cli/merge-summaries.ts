import { parseArgs } from "node:util";
import { CliError, parseCommandLine, type Command } from "./command";
import { readJson } from "./read-json";
import { mergeSummaries as merge, readSummary, summaryJson, summaryStatus, summaryText } from "./summary";

const USAGE = `Usage: tool-input-schema merge-summaries [--text] <summary.json>...

Adds up what validate --catalog ... --calls ... --summary --json printed: the
shards of one calls file (--shard 1/N to N/N, each once), or whole runs over
different files. Prints one summary in the same JSON shape, with "shard": null,
whose counts are those of one run over all the lines; "seconds" is the time
the runs took together.

Options:
  --text   print the summary as validate --summary does
  --help   this text

Exit status: 0 every call valid, 1 some call failed (or a line was bad), 2 a
file cannot be read or holds no summary, or a shard is missing or given twice.`;

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine("merge-summaries", () =>
    parseArgs({
      args: argv,
      options: { help: { type: "boolean" }, text: { type: "boolean" } },
      allowPositionals: true,
    }),
  );
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (positionals.length === 0) throw new CliError("merge-summaries: no file given (see merge-summaries --help)");
  const summaries = positionals.map((file) => readSummary(readJson(file), file));
  const merged = merge(summaries, positionals);
  process.stdout.write(values.text ? summaryText(merged) : summaryJson(merged));
  return summaryStatus(merged);
}

export const mergeSummariesCommand: Command = {
  name: "merge-summaries",
  summary: "add up the --summary --json outputs of shards",
  usage: USAGE,
  run,
};
