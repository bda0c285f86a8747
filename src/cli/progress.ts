import { formatNumber } from "./numbers";

/** How often the progress line is redrawn. */
const INTERVAL_MS = 100;
const BAR_WIDTH = 24;

export interface Progress {
  /** Records and bytes done so far. */
  update(records: number, bytes: number): void;
  /** Clears the line. */
  done(): void;
}

const NO_PROGRESS: Progress = { update() {}, done() {} };

export interface ProgressOutput {
  /** Whether results go to stdout while the bar is shown (not only a summary at the end). */
  streamsResults: boolean;
  /** The streams; process.stderr and process.stdout unless testing. */
  stderr?: NodeJS.WriteStream;
  stdout?: NodeJS.WriteStream;
}

/**
 * A one-line progress bar on stderr with records per second, only when stderr
 * is a terminal: piped or redirected output stays clean. `totalBytes` is null
 * when the size is unknown (stdin), and then there is no bar.
 *
 * Nor is there one when the results stream to a terminal as well: the bar is
 * a line without its newline, so a result written after it would continue
 * that line, and clearing and redrawing it around every batch of results
 * scrolling past would only make it flicker. Results redirected to a file
 * (`> results.jsonl`), or only a summary, which is written once the bar is
 * cleared, leave the terminal to the bar.
 */
export function progress(
  totalBytes: number | null,
  { streamsResults, stderr = process.stderr, stdout = process.stdout }: ProgressOutput,
): Progress {
  if (!stderr.isTTY || (streamsResults && stdout.isTTY)) return NO_PROGRESS;
  const started = performance.now();
  // The first update draws at once, however soon after the start it comes.
  let drawnAt: number | null = null;
  return {
    update(records, bytes) {
      const now = performance.now();
      if (drawnAt !== null && now - drawnAt < INTERVAL_MS) return;
      drawnAt = now;
      const rate = Math.round(records / (Math.max(now - started, 1) / 1000));
      const counts = `${formatNumber(records)} records  ${formatNumber(rate)} records/s`;
      if (totalBytes === null || totalBytes === 0) {
        stderr.write(`\r${counts}\x1b[K`);
        return;
      }
      const share = Math.min(1, bytes / totalBytes);
      const filled = Math.round(share * BAR_WIDTH);
      const bar = "█".repeat(filled) + "░".repeat(BAR_WIDTH - filled);
      stderr.write(`\r${bar} ${String(Math.floor(share * 100)).padStart(3)}%  ${counts}\x1b[K`);
    },
    done() {
      if (drawnAt !== null) stderr.write("\r\x1b[K");
    },
  };
}
