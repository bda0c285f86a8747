import { isUtf8 } from "node:buffer";
import { ENCODING_HEAD, ForeignEncoding, foreignEncoding } from "./encoding";

// The lines of a calls file, split as bytes: 0x0A never occurs inside a UTF-8
// sequence, so a line is whole before it is decoded, and a line whose bytes
// are not UTF-8 is reported instead of being read with U+FFFD in it.

/** A line's text, or why it has none. */
export type LineText = string | { error: string };

/** Consecutive lines: `firstLine` is the number of the first in the whole file (from 1). */
export interface LineBatch {
  firstLine: number;
  lines: LineText[];
  /** Bytes of the file read so far, from its start. */
  position: number;
}

/**
 * The lines whose first byte lies in [start, end), the byte range of a shard
 * (0 and Infinity for the whole file). A line begins at 0 or after "\n", so a
 * line that starts before `start` belongs to the shard before, and the last
 * line taken may end past `end`. `bytes` reads the file from its start: the
 * lines before `start` are only counted, so that line numbers stay those of
 * the whole file. A byte-order mark at the start of the file is not part of
 * line 1. A file that starts as UTF-16 or UTF-32 text throws ForeignEncoding
 * before any line is read.
 */
export async function* readLines(
  given: AsyncIterable<Buffer> | Iterable<Buffer>,
  start: number,
  end: number,
  batchLines: number,
): AsyncGenerator<LineBatch> {
  const bytes = checkedStart(given);
  let lineStart = 0;
  let lineNumber = 1;
  // The bytes of a line that goes on in the next chunk: kept as pieces and joined once, so a long line costs linear time.
  let pieces: Buffer[] = [];
  let batch: LineBatch = { firstLine: 0, lines: [], position: 0 };
  let offset = 0;
  const take = (line: Buffer): void => {
    if (batch.lines.length === 0) batch.firstLine = lineNumber;
    batch.lines.push(decode(lineStart === 0 ? withoutBom(line) : line));
  };

  for await (const chunk of bytes) {
    let from = 0;
    while (lineStart < end) {
      const newline = chunk.indexOf(0x0a, from);
      if (newline === -1) {
        if (lineStart >= start && from < chunk.length) pieces.push(chunk.subarray(from));
        break;
      }
      if (lineStart >= start) {
        const tail = chunk.subarray(from, newline);
        take(pieces.length === 0 ? tail : Buffer.concat([...pieces, tail]));
        pieces = [];
      }
      lineNumber++;
      lineStart = offset + newline + 1;
      from = newline + 1;
      if (batch.lines.length === batchLines) {
        batch.position = offset + from;
        yield batch;
        batch = { firstLine: 0, lines: [], position: 0 };
      }
    }
    offset += chunk.length;
    // Returning ends the caller's loop over the stream, which closes the file.
    if (lineStart >= end) break;
  }
  // A last line without "\n" ends with the file.
  if (lineStart < end && lineStart < offset && lineStart >= start)
    take(pieces.length === 1 ? pieces[0] : Buffer.concat(pieces));
  batch.position = offset;
  if (batch.lines.length > 0) yield batch;
}

/** The bytes as given, once their first ones show no UTF-16 or UTF-32 (which would make every line a bad one). */
async function* checkedStart(bytes: AsyncIterable<Buffer> | Iterable<Buffer>): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of bytes) {
    if (head === null) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < ENCODING_HEAD) continue;
    check(head);
    yield head;
    head = null;
  }
  if (head !== null && head.length > 0) {
    check(head);
    yield head;
  }
}

function check(head: Buffer): void {
  const problem = foreignEncoding(head);
  if (problem !== null) throw new ForeignEncoding(problem);
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function withoutBom(line: Buffer): Buffer {
  return line.subarray(0, 3).equals(BOM) ? line.subarray(3) : line;
}

function decode(line: Buffer): LineText {
  if (isUtf8(line)) return line.toString("utf8");
  const at = invalidAt(line);
  return { error: `not UTF-8 at byte ${at + 1} (0x${line[at].toString(16).toUpperCase().padStart(2, "0")})` };
}

/** Where the first byte sequence that is not UTF-8 begins in `bytes`, which isUtf8 refused. */
function invalidAt(bytes: Buffer): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at];
    // The length the lead byte announces; isUtf8 then judges the sequence (continuations, overlong forms, surrogates, the top).
    const length = lead < 0x80 ? 1 : lead < 0xc2 ? 0 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf5 ? 4 : 0;
    if (length === 0 || !isUtf8(bytes.subarray(at, at + length))) return at;
    at += length;
  }
  return at;
}
