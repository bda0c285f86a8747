import { CliError } from "./command";

/** `--shard K/N`: the K-th of N shards, K counted from 1 (docs/cli.md, "Shards"). */
export interface Shard {
  index: number;
  count: number;
}

export function parseShard(text: string): Shard {
  const match = /^([0-9]+)\/([0-9]+)$/.exec(text);
  const index = match === null ? NaN : Number(match[1]);
  const count = match === null ? NaN : Number(match[2]);
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(count) || index < 1 || index > count) {
    throw new CliError(
      `--shard must be K/N with whole numbers 1 <= K <= N (K counts from 1), got ${JSON.stringify(text)}`,
    );
  }
  return { index, count };
}

/**
 * The shard's bytes of a file of `size` bytes: [start, end). The N ranges
 * cover the file without overlap; a shard takes the lines that begin in its
 * range (see readLines), so every line is in exactly one shard.
 */
export function shardRange({ index, count }: Shard, size: number): { start: number; end: number } {
  // In BigInt: size * index may pass 2^53.
  const at = (k: number) => Number((BigInt(size) * BigInt(k)) / BigInt(count));
  return { start: at(index - 1), end: at(index) };
}
