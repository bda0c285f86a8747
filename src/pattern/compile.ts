import { MAX_SCHEMA_INSTRUCTIONS, SCHEMA_TABLE_WORK } from "../bounds";
import { Lru } from "../lru";
import type { Profile } from "../types";
import { compileProgram, forgetStates, TABLE_WORK, type CompiledPattern } from "./native";
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

/** Why a schema's patterns are refused when together they pass MAX_SCHEMA_INSTRUCTIONS. */
export const NO_ROOM = `the schema's patterns would write out more than ${MAX_SCHEMA_INSTRUCTIONS} instructions together`;

/**
 * The patterns of one schema, compiled within its share (src/bounds.ts):
 * MAX_SCHEMA_INSTRUCTIONS written out, whichever way each is searched, and
 * SCHEMA_TABLE_WORK spent building tables. A pattern whose tables would cost
 * more than the share has left is searched by the lazy DFA instead, with the
 * same answers. Which way a pattern is searched, and so what validations are
 * charged, depends on the schema alone, never on what the cache holds: a
 * cached pattern charges the share what building it cost.
 */
export class SchemaPatterns {
  private readonly bySource = new Map<string, CompiledPattern | PatternError>();
  private instructions = 0;
  private tableWork = 0;
  /** Memory the schema's compiled patterns hold. */
  bytes = 0;

  constructor(private readonly profile: Profile) {}

  /** The compiled patterns by their source, as the schema uses them. */
  get compiled(): ReadonlyMap<string, CompiledPattern | PatternError> {
    return this.bySource;
  }

  /** What the schema's patterns have taken of its share so far. */
  get charged(): { instructions: number; tableWork: number } {
    return { instructions: this.instructions, tableWork: this.tableWork };
  }

  /** Compiles `pattern` for the schema (one object however often it appears), or says why it is refused. */
  compile(pattern: string): CompiledPattern | PatternError {
    // Before any map: V8 hashes a long string by its length alone.
    const overlong = tooLong(pattern);
    if (overlong !== null) return overlong;
    let compiled = this.bySource.get(pattern);
    if (compiled === undefined) {
      compiled = this.claim(pattern);
      this.bySource.set(pattern, compiled);
    }
    return compiled;
  }

  private claim(pattern: string): CompiledPattern | PatternError {
    const room = MAX_SCHEMA_INSTRUCTIONS - this.instructions;
    const { compiled, tableWork } = compileShared(pattern, this.profile, room, SCHEMA_TABLE_WORK - this.tableWork);
    if (compiled instanceof PatternError) return compiled;
    this.instructions += compiled.size;
    this.tableWork += tableWork;
    this.bytes += compiled.bytes;
    return compiled;
  }
}

/** Compiles a pattern as a schema of its own would: for tests and tools that look at one pattern. */
export function compilePattern(pattern: string, profile: Profile = "core"): CompiledPattern | PatternError {
  return new SchemaPatterns(profile).compile(pattern);
}

/**
 * A pattern from the cache, or compiled and cached, within the room its
 * schema has left: `room` instructions and `tableRoom` of table work. Says
 * what it charges the table room, the same whether it was cached or not:
 * the tables' cost when it gets them, else the cost of the attempt, cut at
 * the room.
 */
function compileShared(pattern: string, profile: Profile, room: number, tableRoom: number): { compiled: CompiledPattern | PatternError; tableWork: number } {
  // "core:" and "extended:" are prefix-free, so no two (profile, pattern) pairs share a key.
  const key = `${profile}:${pattern}`;
  // Without room for tables, a pattern left to the lazy DFA for that reason will do.
  const cached = cache.get(key) ?? (tableRoom === 0 ? cache.get(lazyKey(key)) : undefined);
  if (cached === undefined) {
    const built = build(pattern, profile, room, tableRoom);
    if (built instanceof PatternError) {
      if (!(built instanceof NoRoom)) cache.set(key, built);
      return { compiled: built, tableWork: 0 };
    }
    // An attempt the room cut short says nothing to schemas with more room.
    const cutShort = tableRoom < TABLE_WORK && built.tableWork !== null && built.tableWork >= tableRoom && !isTable(built);
    cache.set(cutShort ? lazyKey(key) : key, built);
    return { compiled: built, tableWork: built.tableWork ?? 0 };
  }
  if (cached instanceof PatternError) return { compiled: cached, tableWork: 0 };
  if (cached.size > room) return { compiled: new NoRoom("unsupported_capability", NO_ROOM), tableWork: 0 };
  const cost = cached.tableWork ?? 0;
  const tableWork = Math.min(cost, tableRoom);
  if (isTable(cached) && cost > tableRoom) return { compiled: lazyForm(pattern, profile, key), tableWork };
  return { compiled: cached, tableWork };
}

/** The cache's key for a pattern left to the lazy DFA by its schema's room: never `core:…` or `extended:…`. */
function lazyKey(key: string): string {
  return `lazy ${key}`;
}

function isTable(pattern: CompiledPattern): boolean {
  return pattern.native === undefined;
}

/** A pattern that has tables, left to the lazy DFA for a schema without room for them. */
function lazyForm(pattern: string, profile: Profile, key: string): CompiledPattern | PatternError {
  let lazy = cache.get(lazyKey(key));
  if (lazy === undefined) {
    // It compiled before: only memory running out can refuse it now.
    lazy = build(pattern, profile, Infinity, 0);
    cache.set(lazyKey(key), lazy);
  }
  return lazy;
}

function tooLong(pattern: string): PatternError | null {
  const bytes = Buffer.byteLength(pattern, "utf8");
  if (bytes <= MAX_PATTERN_BYTES) return null;
  return new PatternError("validation", `pattern is ${bytes} UTF-8 bytes long; at most ${MAX_PATTERN_BYTES} are allowed`);
}

function build(pattern: string, profile: Profile, room: number, tableRoom: number): CompiledPattern | PatternError {
  let root: Node;
  try {
    root = parsePattern(pattern, profile);
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  // The bound holds for every pattern, whichever matcher runs it.
  const size = programSize(root);
  if (size > MAX_PROGRAM_SIZE) {
    return new PatternError(
      "unsupported_capability",
      `pattern ${JSON.stringify(pattern)} expands to more than ${MAX_PROGRAM_SIZE} instructions once its counted repeats are written out`,
    );
  }
  if (size > room) return new NoRoom("unsupported_capability", NO_ROOM);
  const compiled = compileProgram(encodeProgram(root), tableRoom);
  if ("error" in compiled) {
    // Only memory running out gets here: the encoding is always well formed.
    return new PatternError("unsupported_capability", `pattern ${JSON.stringify(pattern)} cannot be compiled: ${compiled.error}`);
  }
  return compiled;
}
