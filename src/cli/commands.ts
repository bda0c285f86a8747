import { benchCommand } from "./bench";
import { checkCommand } from "./check";
import { CliError, type Command } from "./command";
import { mergeSummariesCommand } from "./merge-summaries";
import { validateCommand } from "./validate";

// The commands, and the overview that lists them. main.ts imports this file
// only once it knows a command is wanted: loading the commands loads the addon.

const COMMANDS: readonly Command[] = [checkCommand, validateCommand, mergeSummariesCommand, benchCommand];

const NAMES = `${COMMANDS.slice(0, -1)
  .map((command) => command.name)
  .join(", ")} or ${COMMANDS.at(-1)!.name}`;

const NAME_WIDTH = Math.max(...COMMANDS.map((command) => command.name.length)) + 2;

const USAGE = `Usage: tool-input-schema <command> [options]
       tool-input-schema --version

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(NAME_WIDTH)}${command.summary}`).join("\n")}

Run tool-input-schema <command> --help for a command's options.`;

/** Runs the command `argv` names; resolves to the exit code. */
export async function runCommand(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (name === undefined) throw new CliError(`no command given (${NAMES}; see --help)`);
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined) throw new CliError(`unknown command ${JSON.stringify(name)} (${NAMES}; see --help)`);
  return command.run(rest);
}
