import { Lru } from "../runtime/lru";
import type { Profile } from "../runtime/types";
import { compileProgram, dropPattern, type CompiledPattern, type EngineChoice } from "./native";
import { pcre2Source } from "./pcre2-source";
import { encodeProgram, MAX_PROGRAM_SIZE, programSize } from "./program";
import { parsePattern, PatternError, type Node } from "./syntax";

/**
 * Instructions the patterns of one schema may write out together (about
 * 12 bytes each once compiled), whichever engine searches them: checked
 * before a pattern is compiled.
 */
export const MAX_SCHEMA_INSTRUCTIONS = 1_000_000;

/**
 * Work the proofs of one schema's patterns may take together (native/proof.h
 * counts it; about 10 ns a unit, so about 40 ms): four patterns at the
 * bound of one, or thousands of real ones (which take 100 to 25,000 each).
 * A pattern whose proof would pass what its schema has left is refused for
 * that schema; which engine runs a pattern never depends on it.
 */
export const MAX_SCHEMA_PROOF_WORK = 4_194_304;

/** Longest accepted pattern, in UTF-8 bytes. */
export const MAX_PATTERN_BYTES = 1024;

/**
 * Compiled patterns kept for reuse, one per profile and pattern: at most
 * this many, holding at most PATTERN_CACHE_BYTES of native memory together.
 * Catalogs repeat the same few patterns. A pattern that leaves the cache
 * has its native memory (DFA states, program, PCRE2 code) freed at once,
 * not when the collector finds it, which a loop that never yields to the
 * event loop would wait for; a validator that still holds it compiles it
 * again when it next searches it.
 */
const PATTERN_CACHE_SIZE = 2048;
export const PATTERN_CACHE_BYTES = 64 * 2 ** 20;
const cache = new Lru<string, CompiledPattern | PatternError>(PATTERN_CACHE_SIZE, {
  maxWeight: PATTERN_CACHE_BYTES,
  weigh: (entry) => (entry instanceof PatternError ? 0 : entry.bytes),
  evicted: (entry) => {
    if (!(entry instanceof PatternError)) dropPattern(entry);
  },
});

/** Why a schema's patterns are refused when together they pass MAX_SCHEMA_INSTRUCTIONS or MAX_SCHEMA_PROOF_WORK. */
export const NO_ROOM = `the schema's patterns would write out more than ${MAX_SCHEMA_INSTRUCTIONS} instructions together`;
export const NO_PROOF_ROOM = `proving which engine may run the schema's patterns would take more than ${MAX_SCHEMA_PROOF_WORK} units of work together`;

/**
 * The patterns of one schema, compiled within its share (src/compile/bounds.ts):
 * MAX_SCHEMA_INSTRUCTIONS written out and MAX_SCHEMA_PROOF_WORK spent
 * proving, together. Whether the schema has room for a pattern depends on
 * the schema alone, never on what the cache holds: a cached pattern charges
 * what compiling it cost.
 */
export class SchemaPatterns {
  private readonly bySource = new Map<string, CompiledPattern | PatternError>();
  private instructions = 0;
  private proofWork = 0;
  /** Memory the schema's compiled patterns hold. */
  bytes = 0;

  constructor(private readonly profile: Profile) {}

  /** The compiled patterns by their source, as the schema uses them. */
  get compiled(): ReadonlyMap<string, CompiledPattern | PatternError> {
    return this.bySource;
  }

  /** What the schema's patterns have taken of its share so far. */
  get charged(): { instructions: number; proofWork: number } {
    return { instructions: this.instructions, proofWork: this.proofWork };
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
    const compiled = compileCached(pattern, this.profile, { instructions: MAX_SCHEMA_INSTRUCTIONS - this.instructions, proofWork: MAX_SCHEMA_PROOF_WORK - this.proofWork });
    // The share is spent: the proofs of the patterns after this one, refused
    // too, stop at once rather than each spending what is left.
    if (compiled instanceof NoRoom && compiled.message === NO_PROOF_ROOM) this.proofWork = MAX_SCHEMA_PROOF_WORK;
    if (compiled instanceof PatternError) return compiled;
    this.instructions += compiled.size;
    this.proofWork += compiled.proofWork;
    this.bytes += compiled.bytes;
    return compiled;
  }
}

/** Compiles a pattern as a schema of its own would: for tests and tools that look at one pattern. */
export function compilePattern(pattern: string, profile: Profile = "core"): CompiledPattern | PatternError {
  return new SchemaPatterns(profile).compile(pattern);
}

/** Compiles a pattern for one engine, whatever the proof says, uncached: for tests that compare the engines. */
export function compilePatternFor(pattern: string, profile: Profile, engine: Exclude<EngineChoice, "proof">): CompiledPattern | PatternError {
  return tooLong(pattern) ?? build(pattern, profile, UNBOUNDED, engine);
}

/** What a schema has left of its share. */
interface Room {
  instructions: number;
  proofWork: number;
}

const UNBOUNDED: Room = { instructions: Infinity, proofWork: Infinity };

/** A pattern from the cache, or compiled and cached, if it fits the room its schema has left. */
function compileCached(pattern: string, profile: Profile, room: Room): CompiledPattern | PatternError {
  // "core:" and "extended:" are prefix-free, so no two (profile, pattern) pairs share a key.
  const key = `${profile}:${pattern}`;
  const cached = cache.get(key);
  if (cached !== undefined) {
    if (cached instanceof PatternError) return cached;
    if (cached.size > room.instructions) return noRoom(NO_ROOM);
    return cached.proofWork > room.proofWork ? noRoom(NO_PROOF_ROOM) : cached;
  }
  const built = build(pattern, profile, room, "proof");
  // A pattern refused for its schema's room says nothing to other schemas.
  if (!(built instanceof NoRoom)) cache.set(key, built);
  return built;
}

/** A pattern whose program does not fit the room its schema has left: refused for that schema, not cached. */
class NoRoom extends PatternError {}

function noRoom(message: string): NoRoom {
  return new NoRoom("unsupported_capability", message);
}

function tooLong(pattern: string): PatternError | null {
  const bytes = Buffer.byteLength(pattern, "utf8");
  if (bytes <= MAX_PATTERN_BYTES) return null;
  return new PatternError("validation", `pattern is ${bytes} UTF-8 bytes long; at most ${MAX_PATTERN_BYTES} are allowed`);
}

function build(pattern: string, profile: Profile, room: Room, choice: EngineChoice): CompiledPattern | PatternError {
  let root: Node;
  try {
    root = parsePattern(pattern, profile);
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  // The bound holds for every pattern, whichever engine runs it.
  const size = programSize(root);
  if (size > MAX_PROGRAM_SIZE) {
    return new PatternError(
      "unsupported_capability",
      `pattern ${JSON.stringify(pattern)} expands to more than ${MAX_PROGRAM_SIZE} instructions once its counted repeats are written out`,
    );
  }
  if (size > room.instructions) return noRoom(NO_ROOM);
  const rewrite = () => {
    const again = parsePattern(pattern, profile);
    return { words: encodeProgram(again), source: pcre2Source(again) };
  };
  const compiled = compileProgram(encodeProgram(root), pcre2Source(root), choice, room.proofWork, rewrite);
  if ("error" in compiled) {
    // Only memory running out gets here: the encoding is always well formed.
    return new PatternError("unsupported_capability", `pattern ${JSON.stringify(pattern)} cannot be compiled: ${compiled.error}`);
  }
  return "test" in compiled ? compiled : noRoom(NO_PROOF_ROOM);
}
