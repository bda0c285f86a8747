import { describe, expect, it } from "vitest";
import { progress } from "../../../src/cli/progress";

function streams(stderrIsTTY: boolean, stdoutIsTTY = false) {
  const written: string[] = [];
  const stderr = { isTTY: stderrIsTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
  const stdout = { isTTY: stdoutIsTTY, write: () => true } as unknown as NodeJS.WriteStream;
  return { written, stderr, stdout };
}

describe("progress", () => {
  it("draws a bar with the share done and records per second on a terminal, then clears it", () => {
    const terminal = streams(true);
    const bar = progress(1000, { streamsResults: true, ...terminal });
    bar.update(5000, 500);
    for (let i = 0; i < 1000; i++) bar.update(5000 + i, 500); // redrawn at most every 100 ms
    bar.done();
    expect(terminal.written.length).toBeLessThan(20);
    expect(terminal.written[0]).toMatch(/^\r█{12}░{12}  50% {2}5,000 records {2}[\d,]+ records\/s\x1b\[K$/);
    expect(terminal.written.at(-1)).toBe("\r\x1b[K");
  });

  it("shows only the counts when the size is unknown", () => {
    const terminal = streams(true);
    progress(null, { streamsResults: true, ...terminal }).update(1234567, 100);
    expect(terminal.written[0]).toMatch(/^\r1,234,567 records {2}[\d,]+ records\/s\x1b\[K$/);
  });

  it("writes nothing when stderr is not a terminal", () => {
    const piped = streams(false);
    const bar = progress(1000, { streamsResults: false, ...piped });
    bar.update(5000, 500);
    bar.done();
    expect(piped.written).toEqual([]);
  });

  it("writes nothing while results stream to a terminal too, and draws when only a summary follows", () => {
    const both = streams(true, true);
    const streaming = progress(1000, { streamsResults: true, ...both });
    streaming.update(5000, 500);
    streaming.done();
    expect(both.written).toEqual([]);

    const summaryOnly = progress(1000, { streamsResults: false, ...both });
    summaryOnly.update(5000, 500);
    summaryOnly.done();
    expect(both.written).toEqual([expect.stringMatching(/^\r█{12}░{12}  50% {2}5,000 records /), "\r\x1b[K"]);
  });
});
