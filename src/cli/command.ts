import type { ParseArgsConfig } from "node:util";
import type { Profile } from "../runtime/types";

/** One command of the command line: its help text and what it does. */
export interface Command {
  name: string;
  /** One line for the overview. */
  summary: string;
  /** The whole `--help` text. */
  usage: string;
  /** Runs the command; resolves to the exit code. */
  run(argv: string[]): Promise<number>;
}

/** Exit code when an input cannot be read or the command line is wrong. */
export const EXIT_INPUT = 2;

/** A failure that ends the command: one line on stderr and the exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = EXIT_INPUT,
  ) {
    super(message);
  }
}

type Flags = NonNullable<ParseArgsConfig["options"]>;

/** The flags every command takes: `--help`, and those that choose how schemas compile. */
export const COMMON_FLAGS = {
  help: { type: "boolean" },
  profile: { type: "string" },
  "lenient-scalars": { type: "boolean" },
  "present-required": { type: "boolean" },
} as const satisfies Flags;

/** Runs node's parseArgs; a wrong argument is a CliError that points at `--help`. */
export function parseCommandLine<T>(command: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    // node's own advice ("To specify a positional argument starting with a '-', ...") is left out.
    const reason = (error instanceof Error ? error.message : String(error)).split(/\n|\. /)[0];
    throw new CliError(`${command}: ${reason} (see ${command} --help)`);
  }
}

/** `--profile`, `--lenient-scalars` and `--present-required` as compile options. */
export function compileOptions(values: {
  profile?: string | boolean;
  "lenient-scalars"?: string | boolean;
  "present-required"?: string | boolean;
}): {
  profile: Profile;
  lenientScalars: boolean;
  presentRequired: boolean;
} {
  const { profile = "core" } = values;
  if (profile !== "core" && profile !== "extended")
    throw new CliError(`--profile must be core or extended, got ${JSON.stringify(profile)}`);
  return {
    profile,
    lenientScalars: values["lenient-scalars"] === true,
    presentRequired: values["present-required"] === true,
  };
}
