import { MAX_SCHEMA_INSTRUCTIONS } from "../bounds";
import { Lru } from "../lru";
import type { Profile } from "../types";
import { compileProgram, forgetStates, type CompiledPattern } from "./native";
import { encodeProgram, MAX_PROGRAM_SIZE, programSize } from "./program";
import { parsePattern, PatternError, type Node } from "./syntax";

/** Longest accepted pattern, in UTF-8 bytes. */
export const MAX_PATTERN_BYTES = 1024;

/**
 * Compiled patterns kept for reuse: at most this many, holding at most
 * CACHE_BYTES of native memory together. Catalogs repeat the same few
 * patterns; a pattern that leaves the cache has its cached states freed at
 * once (its program goes when nothing holds it any more).
 */
const CACHE_SIZE = 2048;
export const CACHE_BYTES = 64 * 2 ** 20;
const cache = new Lru<string, CompiledPattern | PatternError>(CACHE_SIZE, {
  maxWeight: CACHE_BYTES,
  weigh: (entry) => (entry instanceof PatternError ? 0 : entry.bytes),
  evicted: (entry) => {
    if (!(entry instanceof PatternError)) forgetStates(entry);
  },
});

/**
 * Thrown while validating when a search runs out of the counted work limit
 * (or of memory). It aborts the whole validation, so it is never read as
 * "this branch did not match".
 */
export class EngineLimit {
  constructor(
    readonly schemaPath: string,
    readonly pattern: string,
    readonly outOfMemory = false,
  ) {}
}

/** A pattern whose program does not fit the room its schema has left: refused for that schema, not cached. */
class NoRoom extends PatternError {}

/**
 * Compiles a schema `pattern` for a profile, or says why it is refused. A
 * pattern not compiled yet is refused without compiling it when its program
 * would write out more than `room` instructions (the schema's share,
 * compile.ts).
 */
export function compilePattern(pattern: string, profile: Profile = "core", room = Infinity): CompiledPattern | PatternError {
  // "core:" and "extended:" are prefix-free, so no two (profile, pattern) pairs share a key.
  const key = `${profile}:${pattern}`;
  let compiled = cache.get(key);
  if (compiled === undefined) {
    compiled = build(pattern, profile, room);
    if (!(compiled instanceof NoRoom)) cache.set(key, compiled);
  }
  return compiled;
}

/** Why a schema's patterns are refused when together they pass MAX_SCHEMA_INSTRUCTIONS. */
export const NO_ROOM = `the schema's patterns would write out more than ${MAX_SCHEMA_INSTRUCTIONS} instructions together`;

function build(pattern: string, profile: Profile, room: number): CompiledPattern | PatternError {
  const bytes = Buffer.byteLength(pattern, "utf8");
  if (bytes > MAX_PATTERN_BYTES) {
    return new PatternError("validation", `pattern is ${bytes} UTF-8 bytes long; at most ${MAX_PATTERN_BYTES} are allowed`);
  }
  let root: Node;
  try {
    root = parsePattern(pattern, profile);
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  // The bound holds for every pattern, whichever matcher runs it.
  if (programSize(root) > MAX_PROGRAM_SIZE) {
    return new PatternError(
      "unsupported_capability",
      `pattern ${JSON.stringify(pattern)} expands to more than ${MAX_PROGRAM_SIZE} instructions once its counted repeats are written out`,
    );
  }
  const size = programSize(root);
  if (size > room) return new NoRoom("unsupported_capability", NO_ROOM);
  const compiled = compileProgram(encodeProgram(root));
  if ("error" in compiled) {
    // Only memory running out gets here: the encoding is always well formed.
    return new PatternError("unsupported_capability", `pattern ${JSON.stringify(pattern)} cannot be compiled: ${compiled.error}`);
  }
  return compiled;
}
