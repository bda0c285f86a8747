/** How often the progress line is redrawn. */
const INTERVAL_MS = 100;
const BAR_WIDTH = 24;

export interface Progress {
  /** Records and bytes done so far. */
  update(records: number, bytes: number): void;
  /** Clears the line. */
  done(): void;
}

const SILENT: Progress = { update() {}, done() {} };

/**
 * A one-line progress bar on stderr with records per second, only when stderr
 * is a terminal: piped or redirected output stays clean. `totalBytes` is null
 * when the size is unknown (stdin), and then there is no bar.
 */
export function progress(totalBytes: number | null, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return SILENT;
  const started = performance.now();
  let drawn = 0;
  return {
    update(records, bytes) {
      const now = performance.now();
      if (now - drawn < INTERVAL_MS) return;
      drawn = now;
      const rate = Math.round(records / ((now - started) / 1000));
      const counts = `${records.toLocaleString("en-US")} records  ${rate.toLocaleString("en-US")} records/s`;
      if (totalBytes === null || totalBytes === 0) {
        stream.write(`\r${counts}\x1b[K`);
        return;
      }
      const share = Math.min(1, bytes / totalBytes);
      const filled = Math.round(share * BAR_WIDTH);
      const bar = "█".repeat(filled) + "░".repeat(BAR_WIDTH - filled);
      stream.write(`\r${bar} ${String(Math.floor(share * 100)).padStart(3)}%  ${counts}\x1b[K`);
    },
    done() {
      if (drawn > 0) stream.write("\r\x1b[K");
    },
  };
}
