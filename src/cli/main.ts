#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { oneLine } from "../runtime/one-line";
import { CliError, EXIT_INPUT } from "./command";

// Nothing imported here loads the native addon: the commands are imported
// inside main(), so an addon that cannot load is one more error reported in
// one line, and --version answers without it.

async function main(argv: string[]): Promise<number> {
  if (argv[0] === "--version" || argv[0] === "-V") {
    const { version } = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
      version: string;
    };
    process.stdout.write(version + "\n");
    return 0;
  }
  const { runCommand } = await import("./commands");
  return runCommand(argv);
}

/**
 * An error's message in one line, without its stack. A message of several
 * lines (the addon's load error gives the cause and the fix on lines of their
 * own) has them joined; one that already names the program does not name it twice.
 */
function oneLineMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split(/\r?\n/).map((line) => line.trim());
  return oneLine(lines.filter((line) => line !== "").join(" ")).replace(/^tool-input-schema: /, "");
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
    process.stderr.write(`tool-input-schema: ${oneLineMessage(error)}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : EXIT_INPUT;
  },
);
