import { Lru } from "../runtime/lru";
import type { Profile } from "../runtime/types";
import { compileProgram, holdPattern, releasePattern, type CompiledPattern, type EngineChoice } from "./native";
import { oneBytePcre2Source, pcre2Source } from "./pcre2-source";
import { encodeProgram, MAX_PROGRAM_SIZE, programSize } from "./program";
import { parsePattern, PatternError, type Node } from "./syntax";

/**
 * What compiling one schema may cost, its subschemas, their keywords, the
 * values of its lists and choices and its patterns together, in units of
 * an instruction written out: each is charged before it is compiled, and
 * the compile stops at the first that does not fit. A pattern costs its
 * instructions, and PATTERN_COMPILE_UNITS and SOURCE_BYTE_UNITS a UTF-8
 * byte of its source more, what parsing, writing, proving and compiling it
 * takes whatever it writes out (measured in CPU time: 0.11 µs an
 * instruction of a 100,000 instruction pattern, 100 to 220 µs for a pattern
 * of a few bytes, which PCRE2 compiles twice, for one-byte subjects and for
 * the others, 0.3 µs a byte of a class of 300 scattered code points);
 * a subschema SUBSCHEMA_COMPILE_UNITS and KEYWORD_COMPILE_UNITS a field of
 * it, a value VALUE_COMPILE_UNITS (0.3 to 0.6 µs an item of a long `enum` or
 * `required`). A subschema and its keywords cost what the most expensive
 * shapes take in a cold process, collection included, not the cheapest
 * (CPU time on a loaded two-core machine, bench/compile-share.mjs): 13 to
 * 15 µs a subschema of one `type` under `allOf` or `properties`, but 55 to
 * 95 µs an object branch of `anyOf`, `oneOf` or `allOf` with `properties`
 * and `required` or `enum`, or one reached by a `$ref` (2 or 3 subschemas
 * and 3 to 5 keywords). So compiling a schema the preflight accepts takes
 * at most about 0.25 s of CPU in a cold process
 * (docs/bounds.md, "Compiled patterns").
 */
export const MAX_SCHEMA_COMPILE_UNITS = 1_000_000;
export const PATTERN_COMPILE_UNITS = 800;
export const SOURCE_BYTE_UNITS = 2;
export const SUBSCHEMA_COMPILE_UNITS = 48;
export const KEYWORD_COMPILE_UNITS = 64;
export const VALUE_COMPILE_UNITS = 4;

/**
 * Memory the compiled patterns of one schema may hold together (their
 * `bytes`: programs, class tables, PCRE2's code and JIT code, and their
 * objects), checked as each is compiled: a validator holds its patterns
 * for as long as it lives.
 */
export const MAX_SCHEMA_PATTERN_BYTES = 16 * 2 ** 20;

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
 * this many, holding at most PATTERN_CACHE_BYTES together (their `bytes`).
 * Catalogs repeat the same few patterns. The cache holds each pattern it
 * keeps, as each compiled schema holds those it searches
 * (src/pattern/native.ts, holdPattern): one that leaves the cache stays
 * compiled for the validators that hold it, and is freed at once when no
 * one does.
 */
const PATTERN_CACHE_SIZE = 2048;
export const PATTERN_CACHE_BYTES = 64 * 2 ** 20;
const cache = new Lru<string, CompiledPattern | PatternError>(PATTERN_CACHE_SIZE, {
  maxWeight: PATTERN_CACHE_BYTES,
  weigh: (entry) => (entry instanceof PatternError ? 0 : entry.bytes),
  evicted: (entry) => {
    if (!(entry instanceof PatternError)) releasePattern(entry);
  },
});

/** Why a schema is refused when compiling it passes MAX_SCHEMA_COMPILE_UNITS, or its patterns MAX_SCHEMA_PATTERN_BYTES or MAX_SCHEMA_PROOF_WORK. */
export const NO_ROOM = `compiling the schema would cost more than ${MAX_SCHEMA_COMPILE_UNITS} units (a subschema ${SUBSCHEMA_COMPILE_UNITS} and ${KEYWORD_COMPILE_UNITS} a keyword; a value of its lists and choices ${VALUE_COMPILE_UNITS}; a pattern an instruction written out, ${PATTERN_COMPILE_UNITS} more and ${SOURCE_BYTE_UNITS} a byte of its source)`;
export const NO_MEMORY_ROOM = `the schema's compiled patterns would hold more than ${MAX_SCHEMA_PATTERN_BYTES} bytes together`;
export const NO_PROOF_ROOM = `proving which engine may run the schema's patterns would take more than ${MAX_SCHEMA_PROOF_WORK} units of work together`;

/** What compiling `pattern`, `size` instructions once written out, costs against MAX_SCHEMA_COMPILE_UNITS. */
export function compileUnits(pattern: string, size: number): number {
  return size + PATTERN_COMPILE_UNITS + SOURCE_BYTE_UNITS * Buffer.byteLength(pattern, "utf8");
}

/**
 * The patterns of one schema, compiled within its share (src/compile/bounds.ts):
 * MAX_SCHEMA_COMPILE_UNITS of compiling (the schema's subschemas and values
 * included, see spend), MAX_SCHEMA_PATTERN_BYTES held and
 * MAX_SCHEMA_PROOF_WORK spent proving, together. Whether the schema has room
 * for a pattern depends on the schema alone, never on what the cache holds:
 * a cached pattern charges what compiling it cost. It holds each pattern it
 * compiled until release().
 */
export class SchemaPatterns {
  private readonly bySource = new Map<string, CompiledPattern | PatternError>();
  private units = 0;
  private proofWork = 0;
  private released = false;
  /** Memory the schema's compiled patterns hold. */
  bytes = 0;

  constructor(private readonly profile: Profile) {}

  /** The compiled patterns by their source, as the schema uses them. */
  get compiled(): ReadonlyMap<string, CompiledPattern | PatternError> {
    return this.bySource;
  }

  /** What the schema's patterns have taken of its share so far. */
  get charged(): { units: number; bytes: number; proofWork: number } {
    return { units: this.units, bytes: this.bytes, proofWork: this.proofWork };
  }

  /** Lets go of the schema's patterns, once: those no one else holds are freed (src/pattern/native.ts). */
  release(): void {
    if (this.released) return;
    this.released = true;
    for (const compiled of this.bySource.values()) if (!(compiled instanceof PatternError)) releasePattern(compiled);
  }

  /**
   * Charges `units` of compiling the rest of the schema (a subschema, its
   * keywords, values) to the share; false once the share is spent, and the
   * compile stops. A pattern refused for want of room spends it all.
   */
  spend(units: number): boolean {
    this.units += units;
    return this.units <= MAX_SCHEMA_COMPILE_UNITS;
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
    const compiled = compileCached(pattern, this.profile, {
      units: MAX_SCHEMA_COMPILE_UNITS - this.units,
      proofWork: MAX_SCHEMA_PROOF_WORK - this.proofWork,
    });
    // The share is spent: the proofs of the patterns after this one, refused
    // too, stop at once rather than each spending what is left.
    if (compiled instanceof NoRoom && compiled.message === NO_PROOF_ROOM) this.proofWork = MAX_SCHEMA_PROOF_WORK;
    if (compiled instanceof NoRoom && compiled.message === NO_ROOM) this.units = MAX_SCHEMA_COMPILE_UNITS;
    if (compiled instanceof PatternError) return compiled;
    if (this.bytes + compiled.bytes > MAX_SCHEMA_PATTERN_BYTES) return noRoom(NO_MEMORY_ROOM);
    this.units += compileUnits(pattern, compiled.size);
    this.proofWork += compiled.proofWork;
    this.bytes += compiled.bytes;
    holdPattern(compiled);
    return compiled;
  }
}

/**
 * Compiles a pattern as a schema of its own would, held by the cache alone:
 * for tests and tools that look at one pattern.
 */
export function compilePattern(pattern: string, profile: Profile = "core"): CompiledPattern | PatternError {
  return tooLong(pattern) ?? compileCached(pattern, profile, ALONE);
}

/** Compiles a pattern for one engine, whatever the proof says, uncached: for tests that compare the engines. */
export function compilePatternFor(
  pattern: string,
  profile: Profile,
  engine: Exclude<EngineChoice, "proof">,
): CompiledPattern | PatternError {
  return tooLong(pattern) ?? build(pattern, profile, UNBOUNDED, engine);
}

/** What a schema has left of its share. */
interface Room {
  units: number;
  proofWork: number;
}

const UNBOUNDED: Room = { units: Infinity, proofWork: Infinity };
const ALONE: Room = { units: MAX_SCHEMA_COMPILE_UNITS, proofWork: MAX_SCHEMA_PROOF_WORK };

/** A pattern from the cache, or compiled and cached, if it fits the room its schema has left. */
function compileCached(pattern: string, profile: Profile, room: Room): CompiledPattern | PatternError {
  // "core:" and "extended:" are prefix-free, so no two (profile, pattern) pairs share a key.
  const key = `${profile}:${pattern}`;
  const cached = cache.get(key);
  if (cached !== undefined) {
    if (cached instanceof PatternError) return cached;
    if (compileUnits(pattern, cached.size) > room.units) return noRoom(NO_ROOM);
    return cached.proofWork > room.proofWork ? noRoom(NO_PROOF_ROOM) : cached;
  }
  const built = build(pattern, profile, room, "proof");
  // A pattern refused for its schema's room says nothing to other schemas.
  if (built instanceof NoRoom) return built;
  if (!(built instanceof PatternError)) holdPattern(built);
  cache.set(key, built);
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
  return new PatternError(
    "validation",
    `pattern is ${bytes} UTF-8 bytes long; at most ${MAX_PATTERN_BYTES} are allowed`,
  );
}

function build(pattern: string, profile: Profile, room: Room, choice: EngineChoice): CompiledPattern | PatternError {
  // Known before parsing: a schema whose share is spent refuses the rest at once.
  if (compileUnits(pattern, 0) > room.units) return noRoom(NO_ROOM);
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
  if (compileUnits(pattern, size) > room.units) return noRoom(NO_ROOM);
  const compiled = compileProgram(
    encodeProgram(root),
    pcre2Source(root),
    choice,
    room.proofWork,
    oneBytePcre2Source(root),
  );
  if ("error" in compiled) {
    // Only memory running out gets here: the encoding is always well formed.
    return new PatternError(
      "unsupported_capability",
      `pattern ${JSON.stringify(pattern)} cannot be compiled: ${compiled.error}`,
    );
  }
  return "test" in compiled ? compiled : noRoom(NO_PROOF_ROOM);
}
