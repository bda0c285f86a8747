import { oneLine } from "./one-line";

/** A thrown value's text is the thrower's and may be of any size: reasons keep this many characters. */
const REASON_LENGTH = 200;

/** What a value that cannot be turned into text is called. */
const UNPRINTABLE = "a value that cannot be shown as text was thrown";

/**
 * `thrown instanceof kind`, for a value that may be a proxy whose traps
 * throw (or a revoked one, which throws from any trap): never throws.
 */
export function isThrown<T>(thrown: unknown, kind: abstract new (...args: never[]) => T): thrown is T {
  try {
    return thrown instanceof kind;
  } catch {
    return false;
  }
}

/**
 * One line saying what was thrown, for a failure's message: the first line
 * of an Error's message, any other value as String() gives it. Never throws:
 * reading a thrown value runs its code (a message getter, toString, a proxy's
 * traps), and any of that may throw in turn.
 */
export function describeThrown(thrown: unknown): string {
  let text: string;
  try {
    text = String(thrown instanceof Error ? thrown.message : thrown);
  } catch {
    return UNPRINTABLE;
  }
  const line = text.split("\n", 1)[0];
  return oneLine(line.length <= REASON_LENGTH ? line : `${line.slice(0, REASON_LENGTH - 1)}…`);
}
