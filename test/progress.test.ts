import { describe, expect, it } from "vitest";
import { progress } from "../src/cli/progress";

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
}

describe("progress", () => {
  it("draws a bar with the share done and records per second on a terminal, then clears it", () => {
    const terminal = stream(true);
    const bar = progress(1000, terminal.stream);
    bar.update(5000, 500);
    for (let i = 0; i < 1000; i++) bar.update(5000 + i, 500); // redrawn at most every 100 ms
    bar.done();
    expect(terminal.written.length).toBeLessThan(20);
    expect(terminal.written[0]).toMatch(/^\r█{12}░{12}  50% {2}5,000 records {2}[\d,]+ records\/s\x1b\[K$/);
    expect(terminal.written.at(-1)).toBe("\r\x1b[K");
  });

  it("shows only the counts when the size is unknown", () => {
    const terminal = stream(true);
    progress(null, terminal.stream).update(42, 100);
    expect(terminal.written[0]).toMatch(/^\r42 records {2}[\d,]+ records\/s\x1b\[K$/);
  });

  it("writes nothing when stderr is not a terminal", () => {
    const piped = stream(false);
    const bar = progress(1000, piped.stream);
    bar.update(5000, 500);
    bar.done();
    expect(piped.written).toEqual([]);
  });
});
