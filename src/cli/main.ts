#!/usr/bin/env node
import { bench } from "./bench";
import { check } from "./check";
import { CliError, EXIT_INPUT, type Command } from "./command";
import { validate } from "./validate";

const COMMANDS: readonly Command[] = [check, validate, bench];

const USAGE = `Usage: tool-input-schema <command> [options]

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(10)}${command.summary}`).join("\n")}

Run tool-input-schema <command> --help for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (name === undefined) throw new CliError("no command given (check, validate or bench; see --help)");
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined) throw new CliError(`unknown command ${JSON.stringify(name)} (check, validate or bench; see --help)`);
  return command.run(rest);
}

// A reader that goes away (| head) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Every error is one line: an unexpected one too, without its stack.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`tool-input-schema: ${message.split("\n")[0]}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : EXIT_INPUT;
  },
);
