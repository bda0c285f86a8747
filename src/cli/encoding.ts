// Files that are not UTF-8 at all. JSON text starts with an ASCII character,
// so a NUL byte among its first two bytes, or a UTF-16 or UTF-32 byte-order
// mark, shows the whole file is in another encoding (RFC 4627, section 3):
// named at once, instead of as JSON that goes wrong at its first character.

/** Bytes enough to tell the encoding. */
export const ENCODING_HEAD = 4;

/**
 * "UTF-16 text (starts with FF FE); convert to UTF-8" for a file whose first
 * bytes show UTF-16 or UTF-32, or null for anything else (UTF-8, with or
 * without its byte-order mark, is read as such).
 */
export function foreignEncoding(head: Uint8Array): string | null {
  const [a, b, c, d] = [head[0], head[1], head[2], head[3]];
  let encoding: string;
  let shown: number;
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) [encoding, shown] = ["UTF-32", 4];
  else if (a === 0 && b === 0 && c === 0xfe && d === 0xff) [encoding, shown] = ["UTF-32", 4];
  else if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) [encoding, shown] = ["UTF-16", 2];
  else if (head.length >= 4 && a !== 0 && b === 0 && c === 0 && d === 0) [encoding, shown] = ["UTF-32", 4];
  else if (head.length >= 4 && a === 0 && b === 0 && c === 0 && d !== 0) [encoding, shown] = ["UTF-32", 4];
  else if (head.length >= 2 && (a === 0) !== (b === 0)) [encoding, shown] = ["UTF-16", 2];
  else return null;
  const bytes = [...head.subarray(0, shown)].map((byte) => byte.toString(16).toUpperCase().padStart(2, "0")).join(" ");
  return `${encoding} text (starts with ${bytes}); convert to UTF-8`;
}

/** A file whose first bytes show it is not UTF-8 (see foreignEncoding). */
export class ForeignEncoding extends Error {}
