import { describe, expect, it } from "vitest";
import { ForeignEncoding, foreignEncoding } from "../../../src/cli/encoding";
import { readLines, type LineText } from "../../../src/cli/lines";

async function collect(bytes: Buffer, chunkSize: number, start = 0, end = Infinity, batchLines = 3) {
  async function* chunks() {
    for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
  }
  const lines: { line: number; text: LineText }[] = [];
  for await (const batch of readLines(chunks(), start, end, batchLines)) {
    expect(batch.lines.length).toBeLessThanOrEqual(batchLines);
    batch.lines.forEach((text, i) => lines.push({ line: batch.firstLine + i, text }));
  }
  return lines;
}

/** The lines that begin in [start, end), split and decoded another way: by a fatal TextDecoder over the whole line. */
function reference(bytes: Buffer, start: number, end: number) {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const lines: { line: number; text: LineText }[] = [];
  for (let lineStart = 0, line = 1; lineStart < bytes.length; line++) {
    const newline = bytes.indexOf(0x0a, lineStart);
    const stop = newline === -1 ? bytes.length : newline;
    if (lineStart >= start && lineStart < end) {
      let text: LineText;
      try {
        text = decoder.decode(bytes.subarray(lineStart, stop)).replace(lineStart === 0 ? /^\uFEFF/ : /$^/, "");
      } catch {
        text = { error: expect.stringMatching(/^not UTF-8 at byte \d+ \(0x[0-9A-F]{2}\)$/) as unknown as string };
      }
      lines.push({ line, text });
    }
    lineStart = stop + 1;
  }
  return lines;
}

const samples = {
  "a byte-order mark, CRLF, blank lines, multi-byte characters, bytes that are not UTF-8, no final newline":
    Buffer.concat([
      Buffer.from('\uFEFF{"a":"€"}\r\n\r\n\n😀x\n'),
      Buffer.from([0x61, 0xe9, 0x62, 0x0a, 0xe2, 0x82, 0x0a]),
      Buffer.from("\uFEFF\n中文\nend"),
    ]),
  "a final newline": Buffer.from("one\ntwo\n\nthree\n"),
  "a lone newline": Buffer.from("\n"),
  "no newline at all": Buffer.from("¡solo!"),
  "a mark split from its line by nothing else": Buffer.from("\uFEFF"),
};

describe("readLines", () => {
  for (const [name, bytes] of Object.entries(samples)) {
    it(`splits ${name} like a whole-file split, for every byte range and chunk size`, async () => {
      for (const chunkSize of [1, 2, 3, 7, bytes.length || 1]) {
        expect(await collect(bytes, chunkSize)).toEqual(reference(bytes, 0, Infinity));
        for (let start = 0; start <= bytes.length; start++) {
          for (let end = start; end <= bytes.length; end++) {
            expect({ start, end, chunkSize, lines: await collect(bytes, chunkSize, start, end) }).toEqual({
              start,
              end,
              chunkSize,
              lines: reference(bytes, start, end),
            });
          }
        }
      }
    });
  }

  it("gives each line to exactly one of any split into ranges", async () => {
    const bytes =
      samples[
        "a byte-order mark, CRLF, blank lines, multi-byte characters, bytes that are not UTF-8, no final newline"
      ];
    const whole = await collect(bytes, 4);
    for (const cuts of [[5], [13, 14], [1, 2, 3, 20, 21, 22]]) {
      const bounds = [0, ...cuts, bytes.length];
      const parts = [];
      for (let i = 1; i < bounds.length; i++) parts.push(...(await collect(bytes, 4, bounds[i - 1], bounds[i])));
      expect(parts).toEqual(whole);
    }
  });

  it("says at which byte of the line, and which byte, the text stops being UTF-8", async () => {
    const lines = [
      [0x61, 0xe9, 0x62], // Latin-1 é
      [0x61, 0x62, 0xe2, 0x82, 0x41], // a three-byte sequence cut short
      [0xc0, 0x80], // an overlong NUL
      [0x20, 0xed, 0xa0, 0x80], // a UTF-16 surrogate
      [0xe2, 0x82, 0xac, 0xf5, 0x80, 0x80, 0x80], // past U+10FFFF
      [0x80], // a continuation byte alone
      [0xf0, 0x9f, 0x98], // a four-byte sequence cut by the end of the line
    ];
    const bytes = Buffer.concat(lines.map((line) => Buffer.from([...line, 0x0a])));
    expect((await collect(bytes, 2)).map(({ text }) => text)).toEqual([
      { error: "not UTF-8 at byte 2 (0xE9)" },
      { error: "not UTF-8 at byte 3 (0xE2)" },
      { error: "not UTF-8 at byte 1 (0xC0)" },
      { error: "not UTF-8 at byte 2 (0xED)" },
      { error: "not UTF-8 at byte 4 (0xF5)" },
      { error: "not UTF-8 at byte 1 (0x80)" },
      { error: "not UTF-8 at byte 1 (0xF0)" },
    ]);
  });

  it("refuses UTF-16 and UTF-32 text before reading a line, naming the encoding and its first bytes", async () => {
    const text = '{"name":"a","arguments":{}}\n';
    const encoded: [Buffer, string][] = [
      [
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
        "UTF-16 text (starts with FF FE); convert to UTF-8",
      ],
      [Buffer.from(text, "utf16le"), "UTF-16 text (starts with 7B 00); convert to UTF-8"],
      [Buffer.from(text, "utf16le").swap16(), "UTF-16 text (starts with 00 7B); convert to UTF-8"],
      [
        Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]),
        "UTF-16 text (starts with FE FF); convert to UTF-8",
      ],
      [
        Buffer.concat([
          Buffer.from([0xff, 0xfe, 0, 0]),
          Buffer.from([...text].flatMap((c) => [c.charCodeAt(0), 0, 0, 0])),
        ]),
        "UTF-32 text (starts with FF FE 00 00); convert to UTF-8",
      ],
      [
        Buffer.from([...text].flatMap((c) => [c.charCodeAt(0), 0, 0, 0])),
        "UTF-32 text (starts with 7B 00 00 00); convert to UTF-8",
      ],
    ];
    for (const [bytes, message] of encoded) {
      expect(foreignEncoding(bytes)).toBe(message);
      for (const chunkSize of [1, 3, bytes.length]) {
        const error = await collect(bytes, chunkSize).catch((reason: unknown) => reason);
        expect(error).toBeInstanceOf(ForeignEncoding);
        expect(error).toMatchObject({ message });
      }
    }
    // UTF-8, with its mark or without, and files too short to tell, are read as lines.
    for (const utf8 of [text, `\uFEFF${text}`, "{", "", "\n\n"]) expect(foreignEncoding(Buffer.from(utf8))).toBeNull();
    expect(await collect(Buffer.from("{"), 1)).toEqual([{ line: 1, text: "{" }]);
  });
});
